/**
 * A table's values. While a table is built and once it is read, each position has a code for
 * its side to move: 0 a draw, `WIN - n` won by mating in n plies, `-WIN + n` lost, mated in n
 * plies (0: mated, or stalemated in xiangqi, now), and {@link INVALID} for a numbering that is
 * no position. Codes order as results do: a greater code is better for the side to move.
 */

import { PROBE_MISS, PROBE_WIN } from '../core/game.js';

/** The code of a win in 0 plies; a win in n plies is `WIN - n` (the search's probe codes). */
export const WIN = PROBE_WIN;
/** A draw. */
export const DRAW = 0;
/** Mated (or, in xiangqi, stalemated) now. */
export const LOST_NOW = -WIN;
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

/** The plies to mate of a won or lost code (0 for a draw). */
export function codeDistance(code: number): number {
  return code === 0 ? 0 : WIN - Math.abs(code);
}

/** The code a move leading to a position of code `-code`'s mover gets one ply further up. */
export function oneFurther(code: number): number {
  return code > 0 ? code - 1 : code < 0 ? code + 1 : 0;
}

/** The result of a position as a probe tells it. */
export interface ProbeResult {
  /** For the side to move. */
  result: 'win' | 'loss' | 'draw';
  /** Plies to mate with best play (0 for a draw, and for a side already mated). */
  plies: number;
}

/** A code as a probe result. */
export function codeResult(code: number): ProbeResult {
  if (code === 0) return { result: 'draw', plies: 0 };
  return { result: code > 0 ? 'win' : 'loss', plies: codeDistance(code) };
}
