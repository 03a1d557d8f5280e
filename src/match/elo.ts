/**
 * Match statistics: the score, the Elo difference it implies, and a 95% error margin from the
 * per-game score variance (wins, draws and losses each counted), mapped through the logistic
 * Elo curve; and a sequential test (SPRT) that lets a match stop once it has decided between
 * two Elo differences.
 */
import { UsageError } from '../core/errors.js';

export interface MatchScore {
  wins: number;
  draws: number;
  losses: number;
}

export interface EloEstimate {
  games: number;
  /** Points per game, 0..1. */
  score: number;
  /** Elo difference (positive: the first engine is stronger); ±Infinity at a 100% or 0% score. */
  elo: number;
  /** Half the width of the 95% confidence interval, in Elo. */
  margin: number;
  /** The 95% interval of the score itself. */
  scoreLow: number;
  scoreHigh: number;
}

/** The Elo difference for an expected score. */
export function eloFromScore(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  return 400 * Math.log10(p / (1 - p));
}

/**
 * The games, mean score per game and its per-game variance for `wins`, `draws` and `losses`
 * (counts, which need not be whole numbers); at least one must be above zero.
 */
function scoreMoments(wins: number, draws: number, losses: number): { n: number; p: number; variance: number } {
  const n = wins + draws + losses;
  const p = (wins + draws / 2) / n;
  return { n, p, variance: (wins * (1 - p) ** 2 + draws * (0.5 - p) ** 2 + losses * p ** 2) / n };
}

export function estimateElo(s: MatchScore): EloEstimate {
  if (s.wins + s.draws + s.losses === 0) return { games: 0, score: 0, elo: 0, margin: Infinity, scoreLow: 0, scoreHigh: 1 };
  const { n, p, variance } = scoreMoments(s.wins, s.draws, s.losses);
  const se = Math.sqrt(variance / n);
  const lo = Math.max(0, p - 1.96 * se);
  const hi = Math.min(1, p + 1.96 * se);
  const margin = (eloFromScore(Math.min(hi, 0.999)) - eloFromScore(Math.max(lo, 0.001))) / 2;
  return { games: n, score: p, elo: eloFromScore(p), margin, scoreLow: lo, scoreHigh: hi };
}

/**
 * A sequential probability ratio test between two hypotheses about the first engine's Elo
 * difference: H0, that it is `elo0`, and H1, that it is `elo1` (logistic Elo, `elo0 < elo1`).
 * A match can stop as soon as the evidence favours one of them at the chosen error rates:
 * `alpha` is the chance of accepting H1 when H0 holds, `beta` of accepting H0 when H1 holds.
 */
export interface SprtOptions {
  elo0: number;
  elo1: number;
  alpha: number;
  beta: number;
}

/** Where a test stands: its log-likelihood ratio, bounds, and verdict (undefined while open). */
export interface SprtState {
  llr: number;
  lower: number;
  upper: number;
  verdict: 'H0' | 'H1' | undefined;
}

/**
 * Below this many games no verdict is taken: the approximation behind {@link sprtLlr} needs a
 * variance estimate, and a handful of games (all wins, say) gives a meaningless one.
 */
export const SPRT_MIN_GAMES = 10;

/** The expected score for an Elo difference (the inverse of {@link eloFromScore}). */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

/**
 * The log-likelihood ratio of H1 against H0 for a score: the generalized SPRT in its normal
 * approximation over wins, draws and losses, n (s1 - s0) (2 s - s0 - s1) / (2 var), where s is
 * the score per game, var its per-game variance, and s0, s1 the hypotheses' expected scores. A
 * count of zero is taken as 0.001, so that a run of wins alone still has a variance (and the
 * ratio stays finite).
 */
export function sprtLlr(score: MatchScore, elo0: number, elo1: number): number {
  const { n, p: s, variance } = scoreMoments(Math.max(score.wins, 1e-3), Math.max(score.draws, 1e-3), Math.max(score.losses, 1e-3));
  const s0 = scoreFromElo(elo0);
  const s1 = scoreFromElo(elo1);
  return (n * (s1 - s0) * (2 * s - s0 - s1)) / (2 * variance);
}

/** The test's state after `score`: H1 is accepted above ln((1-beta)/alpha), H0 below ln(beta/(1-alpha)). */
export function sprtState(score: MatchScore, o: SprtOptions): SprtState {
  const llr = sprtLlr(score, o.elo0, o.elo1);
  const lower = Math.log(o.beta / (1 - o.alpha));
  const upper = Math.log((1 - o.beta) / o.alpha);
  const games = score.wins + score.draws + score.losses;
  const verdict = games < SPRT_MIN_GAMES ? undefined : llr >= upper ? 'H1' : llr <= lower ? 'H0' : undefined;
  return { llr, lower, upper, verdict };
}

/** The CLI's `--sprt ELO0,ELO1[,ALPHA,BETA]` (error rates 0.05 by default), checked. */
export function parseSprt(text: string): SprtOptions {
  const parts = text.split(',').map((x) => x.trim());
  const nums = parts.map(Number);
  if ((parts.length !== 2 && parts.length !== 4) || parts.some((x) => x === '') || nums.some((x) => !Number.isFinite(x))) {
    throw new UsageError('--sprt expects ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA (numbers)');
  }
  const [elo0, elo1, alpha = 0.05, beta = 0.05] = nums as [number, number, number?, number?];
  if (!(elo0 < elo1)) throw new UsageError('--sprt: ELO0 must be below ELO1');
  if (Math.abs(elo0) > 1000 || Math.abs(elo1) > 1000) throw new UsageError('--sprt: Elo bounds must lie within ±1000');
  if (!(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5)) throw new UsageError('--sprt: ALPHA and BETA must lie between 0 and 0.5');
  return { elo0, elo1, alpha, beta };
}
