/**
 * Match statistics: the score, the Elo difference it implies, and a 95% error margin from the
 * per-game score variance (wins, draws and losses each counted), mapped through the logistic
 * Elo curve.
 */

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

export function estimateElo(s: MatchScore): EloEstimate {
  const n = s.wins + s.draws + s.losses;
  if (n === 0) return { games: 0, score: 0, elo: 0, margin: Infinity, scoreLow: 0, scoreHigh: 1 };
  const p = (s.wins + s.draws / 2) / n;
  const variance = (s.wins * (1 - p) ** 2 + s.draws * (0.5 - p) ** 2 + s.losses * p ** 2) / n;
  const se = Math.sqrt(variance / n);
  const lo = Math.max(0, p - 1.96 * se);
  const hi = Math.min(1, p + 1.96 * se);
  const margin = (eloFromScore(Math.min(hi, 0.999)) - eloFromScore(Math.max(lo, 0.001))) / 2;
  return { games: n, score: p, elo: eloFromScore(p), margin, scoreLow: lo, scoreHigh: hi };
}
