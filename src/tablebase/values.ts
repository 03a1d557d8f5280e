/**
 * A table's values. While a table is built and once it is read, each position has a code for
 * its side to move: 0 a draw, `WIN - n` won by mating in n plies, `-WIN + n` lost, mated in n
 * plies (0: mated, or stalemated in xiangqi, now), {@link RULE_WIN} and {@link RULE_LOSS} for a
 * xiangqi result decided by the perpetual-check rule (no mate distance), and {@link INVALID}
 * for a numbering that is no position. Codes order as results do: a greater code is better for
 * the side to move (a mate, then a win by the rule, a draw, a loss by the rule, being mated).
 */

import { PROBE_MISS, PROBE_RULE_WIN, PROBE_WIN } from '../core/game.js';

/** The code of a win in 0 plies; a win in n plies is `WIN - n` (the search's probe codes). */
export const WIN = PROBE_WIN;
/** A draw. */
export const DRAW = 0;
/** Mated (or, in xiangqi, stalemated) now. */
export const LOST_NOW = -WIN;
/**
 * Won by xiangqi's perpetual-check rule: the other side can hold off mate only by checking on
 * every one of its moves from some point on, while this side need not check all the time, so
 * the repetition that follows loses for the checker. It has no distance: when the repetition
 * comes is the loser's choice. Every mate distance a table holds is far below 1,000 plies.
 */
export const RULE_WIN = PROBE_RULE_WIN;
/** Lost by the perpetual-check rule (see {@link RULE_WIN}). */
export const RULE_LOSS = -PROBE_RULE_WIN;
/** A numbering with no position behind it (and, to the search, a probe that found nothing). */
export const INVALID = PROBE_MISS;

/** Codes of every position of a table, by index. */
export type TableValues = Int16Array;

/** Whether a code is a result (not {@link INVALID} nor a value still being worked out). */
export function isDecided(code: number): boolean {
  return code >= -WIN && code <= WIN;
}

/** Whether a code is a win for the side to move. */
export function codeIsWin(code: number): boolean {
  return code > 0 && code <= WIN;
}

/** Whether a code is a result decided by the perpetual-check rule. */
export function isRuleCode(code: number): boolean {
  return code === RULE_WIN || code === RULE_LOSS;
}

/** The plies to mate of a won or lost code (0 for a draw and for a result by the rule). */
export function codeDistance(code: number): number {
  return code === 0 || isRuleCode(code) ? 0 : WIN - Math.abs(code);
}

/**
 * The code a move leading to a position of code `-code`'s mover gets one ply further up. A
 * result by the rule stays one: it has no distance to count.
 */
export function oneFurther(code: number): number {
  if (isRuleCode(code)) return code;
  return code > 0 ? code - 1 : code < 0 ? code + 1 : 0;
}

/** The result of a position as a probe tells it. */
export interface ProbeResult {
  /** For the side to move. */
  result: 'win' | 'loss' | 'draw';
  /**
   * Plies to mate with best play (0 for a draw, for a side already mated, and for a result by
   * the perpetual-check rule).
   */
  plies: number;
  /**
   * Xiangqi: the result comes from the perpetual-check rule, not a mate: the losing side can
   * hold off mate only by checking on every move, and the repetition loses for it.
   */
  byRule: boolean;
}

/** A code as a probe result. */
export function codeResult(code: number): ProbeResult {
  if (code === 0) return { result: 'draw', plies: 0, byRule: false };
  return { result: code > 0 ? 'win' : 'loss', plies: codeDistance(code), byRule: isRuleCode(code) };
}
