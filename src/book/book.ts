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

/** A game to make a book from: its start (default the standard one), moves and result. */
export interface BookGame {
  fen?: string;
  /** The moves, in any notation the game reads (SAN or UCI; ICCS, WXF or Chinese). */
  moves: readonly string[];
  /** `1-0`, `0-1`, `1/2-1/2` or `*` (unknown: each move counts as a draw). */
  result?: string;
}

/** Options for making a book from games. */
export interface BuildBookOptions {
  /** Only the first this many plies of each game go in (default 30). */
  maxPly?: number;
  /** A position's move needs at least this many games to go in (default 1). */
  minGames?: number;
}

/** What making a book needs of a game: replay moves, and tell the position's key and side. */
export interface BookReplay<K> {
  /** The current position's key (the format's). */
  key(): K;
  /** The side to move: 0 (White, Red) or 1. */
  side(): number;
  /** Plays a move given as text; returns it in the format's 16-bit form. */
  play(text: string): number;
}

/**
 * Tallies games as Polyglot's `make-book` does: each move played in a position scores 2 for a
 * win of the side that played it, 1 for a draw (or an unknown result) and 0 for a loss, summed
 * over the games; the sums are the weights, scaled down together if the largest passes 65535.
 * Moves of fewer than `minGames` games are left out.
 */
export function tallyBookGames<K>(games: Iterable<BookGame>, replay: (g: BookGame) => BookReplay<K>, options: BuildBookOptions = {}): Array<{ key: K; move: number; weight: number }> {
  const maxPly = options.maxPly ?? 30;
  const minGames = options.minGames ?? 1;
  const stats = new Map<string, { key: K; move: number; score: number; games: number }>();
  for (const g of games) {
    const board = replay(g);
    const points = g.result === '1-0' ? [2, 0] : g.result === '0-1' ? [0, 2] : [1, 1];
    for (const text of g.moves.slice(0, maxPly)) {
      const key = board.key();
      const side = board.side();
      const move = board.play(text);
      const id = `${String(key)}:${move}`;
      const s = stats.get(id) ?? { key, move, score: 0, games: 0 };
      s.score += points[side]!;
      s.games++;
      stats.set(id, s);
    }
  }
  const kept = [...stats.values()].filter((s) => s.games >= minGames);
  const top = kept.reduce((t, s) => Math.max(t, s.score), 0);
  const weight = (score: number): number => (top > 0xffff ? Math.floor((score * 0xffff) / top) : score);
  return kept.map((s) => ({ key: s.key, move: s.move, weight: weight(s.score) }));
}
