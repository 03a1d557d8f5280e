/**
 * Scores in UCCI's own form. UCCI reports a score as a bare number (`info depth 6 score 4 pv
 * ...`), with no `cp` or `mate` unit as UCI has; its engines, ElephantEye first, give mates on
 * ElephantEye's scale: 10000 less the plies to the mate, and 9900 for a win by the perpetual
 * rules, with every evaluation below 9800.
 */
import type { EngineScore } from '../engine/searcher.js';
import { BAN, WIN } from '../search/tt.js';

/** ElephantEye's MATE_VALUE: a mate in p plies scores UCCI_MATE - p. */
export const UCCI_MATE = 10000;
/** ElephantEye's BAN_VALUE: a win by the perpetual rules (check, chase). */
export const UCCI_BAN = UCCI_MATE - 100;
/** ElephantEye's WIN_VALUE: every evaluation lies below it. */
export const UCCI_WIN = UCCI_MATE - 200;

/**
 * A score as a UCCI engine reports it: centipawns as they are (within ±{@link UCCI_WIN}), a
 * perpetual verdict (the search's scores beyond ±WIN, up to ±BAN) as ±{@link UCCI_BAN} less
 * its distance below BAN, and a mate in N moves as
 * {@link UCCI_MATE} less its plies (2N - 1 to give it, 2N to take it).
 */
export function toUcciScore(s: EngineScore): number {
  if ('mate' in s) return s.mate > 0 ? UCCI_MATE - (2 * s.mate - 1) : -(UCCI_MATE - 2 * -s.mate);
  // A verdict keeps its distance below BAN, within ElephantEye's band (9800, 9900].
  if (Math.abs(s.cp) > WIN) return Math.sign(s.cp) * (UCCI_BAN - Math.min(BAN - Math.min(Math.abs(s.cp), BAN), 99));
  return Math.max(-(UCCI_WIN - 1), Math.min(UCCI_WIN - 1, s.cp));
}

/**
 * A UCCI engine's bare score read back: beyond ±{@link UCCI_BAN} a mate (its plies counted
 * from {@link UCCI_MATE}, in moves of the side that mates), anything else centipawns.
 */
export function fromUcciScore(value: number): EngineScore {
  if (Math.abs(value) <= UCCI_BAN) return { cp: value };
  const plies = UCCI_MATE - Math.abs(value);
  return { mate: value > 0 ? Math.ceil(plies / 2) : -Math.ceil(plies / 2) };
}
