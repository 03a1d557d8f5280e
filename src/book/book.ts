/**
 * What the two opening-book formats share: a book move with its weight, and the weighted choice
 * among a position's moves. The formats themselves are in polyglot.ts (chess) and
 * elephanteye.ts (xiangqi).
 */
import { BookError } from '../core/errors.js';
import type { Move } from '../core/move.js';

/** One move a book holds for a position. */
export interface BookMove {
  /** The move, encoded for the game's position (see core/move.ts). */
  readonly move: Move;
  /** The book's weight for it: how often, or how well, it was played (0 means never chosen). */
  readonly weight: number;
  /** Its weight as a fraction of the position's total (0 when the total is 0). */
  readonly share: number;
}

/**
 * Picks one of a position's book moves, each with the chance its weight gives it; moves of
 * weight 0 are never picked. `random` returns a number in [0, 1) (default `Math.random`; pass a
 * seeded one for repeatable games).
 * @returns the move, or null when there is none with a weight above 0
 */
export function pickBookMove<T extends BookMove>(moves: readonly T[], random: () => number = Math.random): T | null {
  let total = 0;
  for (const m of moves) total += m.weight;
  if (total <= 0) return null;
  let r = random() * total;
  for (const m of moves) {
    if (m.weight <= 0) continue;
    r -= m.weight;
    if (r < 0) return m;
  }
  // Only reached through rounding when r lands on the total: the last move that can be picked.
  for (let i = moves.length - 1; i >= 0; i--) if (moves[i]!.weight > 0) return moves[i]!;
  return null;
}

/**
 * The first of `count` sorted records that is not below the target, by binary search:
 * `below(i)` says whether record i sorts before it.
 */
export function lowerBound(count: number, below: (i: number) => boolean): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (below(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Sorts book moves by weight, heaviest first; equal weights keep the book's order. */
export function byWeight<T extends BookMove>(moves: T[]): T[] {
  return moves.sort((a, b) => b.weight - a.weight);
}

/**
 * A book file's bytes as records: a view of them and their count, once the length has been
 * checked to be a whole number of `recordBytes`-byte records.
 * @throws {BookError} when it is not, or when `bytes` is not a Uint8Array
 */
export function recordView(format: BookError['format'], bytes: Uint8Array, recordBytes: number): { view: DataView; size: number } {
  if (!(bytes instanceof Uint8Array)) throw new BookError(format, -1, 'expected the file as a Uint8Array');
  if (bytes.byteLength % recordBytes !== 0) {
    throw new BookError(format, -1, `its length, ${bytes.byteLength} bytes, is not a whole number of ${recordBytes}-byte records`);
  }
  return { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), size: bytes.byteLength / recordBytes };
}
