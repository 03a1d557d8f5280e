/**
 * Playing below full strength, as Stockfish's `Skill Level` does: a weaker level searches less
 * deep, looks at several best lines, and picks among them with a random push that favours
 * worse moves the lower the level. It makes the engine a fair opponent for people and weaker
 * bots; at the top level (20) nothing changes.
 */
import type { EngineLine, EngineResult } from './searcher.js';

/** The full-strength level; {@link SKILL_MIN} to it. */
export const SKILL_MAX = 20;
export const SKILL_MIN = 0;

/** Lines a weakened search looks at (at least). */
export const SKILL_LINES = 4;

/**
 * The deepest iteration a level searches: 1 + level, whole plies (Stockfish picks its move at
 * that depth). A level between two whole ones (from an Elo rating, see {@link skillForElo})
 * searches as deep as the lower one and picks with its own, finer weakness.
 */
export function skillDepth(level: number): number {
  return 1 + Math.floor(level);
}

/**
 * Where the levels stand on Stockfish 15.1's `UCI_Elo` scale, measured in chess at 100 ms a
 * move: a rating for each whole level, from one curve, 2000 - 1360 e^(-level / 5.8), fitted by
 * maximum likelihood to 720 games (bench/elo-ladder.mjs; rounded to 10): 640 against Stockfish
 * with `UCI_LimitStrength` at ratings from 1350 to 2100, and 80 of levels 0 and 1 against
 * level 3, below Stockfish's lowest rating (bench/RESULTS.md, "Playing strength by Elo").
 * Between two levels a rating maps to a level by a straight line. The curve is flat at the top
 * (levels 15 to 20 lie within 60 points), and full strength rates higher with more time a move.
 * Held out of the fit, qiengine at `UCI_Elo` E against Stockfish at E scored 48.8% at 1500 and
 * 48.8% at 1800 (40 games each).
 */
export const ELO_LEVELS: ReadonlyArray<readonly [level: number, elo: number]> = [
  [0, 640],
  [1, 860],
  [2, 1040],
  [3, 1190],
  [4, 1320],
  [5, 1430],
  [6, 1520],
  [7, 1590],
  [8, 1660],
  [9, 1710],
  [10, 1760],
  [11, 1800],
  [12, 1830],
  [13, 1860],
  [14, 1880],
  [15, 1900],
  [16, 1910],
  [17, 1930],
  [18, 1940],
  [19, 1950],
  [20, 1960],
];

/** The lowest rating the engine plays at: level 0's. */
export const ELO_MIN = ELO_LEVELS[0]![1];
/** The highest: full strength's (level 20), as measured at 100 ms a move. */
export const ELO_MAX = ELO_LEVELS[ELO_LEVELS.length - 1]![1];

/**
 * The level, whole or between two whole ones, that plays at about `elo` on the scale of
 * {@link ELO_LEVELS}: ratings below {@link ELO_MIN} play at level 0, above {@link ELO_MAX} at
 * full strength.
 */
export function skillForElo(elo: number): number {
  if (elo <= ELO_MIN) return SKILL_MIN;
  for (let i = 1; i < ELO_LEVELS.length; i++) {
    const [l1, e1] = ELO_LEVELS[i]!;
    if (elo < e1) {
      const [l0, e0] = ELO_LEVELS[i - 1]!;
      return l0 + ((l1 - l0) * (elo - e0)) / (e1 - e0);
    }
  }
  return SKILL_MAX;
}

/** A line's score on one scale for comparing: centipawns, mates far beyond any of them. */
function lineValue(l: EngineLine): number {
  if ('mate' in l.score) return l.score.mate > 0 ? 100_000 - l.score.mate : -100_000 - l.score.mate;
  return l.score.cp;
}

/**
 * The line a level plays among a search's lines (best first), by Stockfish's rule: each line's
 * score gets a push of `(weakness * (top - score) + delta * rand(weakness)) / 128`, with
 * weakness 120 - 2 x level and delta the spread of the scores, and the highest pushed score
 * wins. Stockfish caps delta at a pawn; here the cap shrinks with the level, a pawn at level 0
 * to nothing at 20, so that the random part fades as the level rises (bench/RESULTS.md,
 * "Playing strength by Elo"). A level between whole ones (see {@link skillForElo}) has a weakness
 * between theirs. The lower the level, the larger and more random the push towards worse
 * lines; a mate found is still played (the push cannot close a mate's distance to any score).
 */
export function pickSkillLine(lines: readonly EngineLine[], level: number, random: () => number): EngineLine | undefined {
  if (lines.length === 0) return undefined;
  const weakness = 120 - 2 * level;
  const top = lineValue(lines[0]!);
  const delta = Math.min(top - lineValue(lines[lines.length - 1]!), (100 * (SKILL_MAX - level)) / SKILL_MAX);
  let best: EngineLine | undefined;
  let bestPushed = -Infinity;
  for (const l of lines) {
    const v = lineValue(l);
    const push = (weakness * (top - v) + delta * Math.floor(random() * weakness)) / 128;
    if (v + push > bestPushed) {
      bestPushed = v + push;
      best = l;
    }
  }
  return best;
}

/**
 * A search's answer at a skill level: the picked line becomes the best move, ponder move,
 * score and line. `lines` keeps the first `multiPv` of the lines searched, best first.
 */
export function applySkill(r: EngineResult, level: number, random: () => number, multiPv: number): EngineResult {
  const pick = pickSkillLine(r.lines, level, random);
  if (pick === undefined || pick.pv.length === 0) return r;
  return {
    ...r,
    bestMove: pick.pv[0]!,
    ponderMove: pick.pv[1] ?? null,
    score: pick.score,
    pv: pick.pv,
    pvNotation: pick.pvNotation,
    lines: r.lines.slice(0, multiPv),
  };
}
