import type { Move } from './move.js';

/**
 * The seam between a game and the generic search: the few calls a search needs from a position.
 *
 * One search instance sees one implementation, so every call site stays monomorphic.
 */
export interface GamePosition {
  /** 0 for the first player (red / white), 1 for the second. */
  readonly sideToMove: number;
  /** The low 32 bits of the position key. */
  readonly keyLo: number;
  /** The high 32 bits of the position key. */
  readonly keyHi: number;
  /** Plies made since the root position. */
  readonly ply: number;

  /**
   * Writes pseudo-legal moves into `buf` from index `from`, and returns the index after the
   * last one. With `capturesOnly`, only captures (and, for chess, promotions).
   */
  generate(buf: Int32Array, from: number, capturesOnly: boolean): number;
  /** Makes a pseudo-legal move. Returns false, with the position unchanged, if it was illegal. */
  make(move: Move): boolean;
  /** Takes back the last move made by `make`. */
  unmake(): void;
  /** Passes the turn (for null-move pruning). */
  makeNull(): void;
  /** Takes back `makeNull`. */
  unmakeNull(): void;
  /** Whether the side to move is in check. */
  inCheck(): boolean;
  /** A static score from the point of view of the side to move. */
  evaluate(): number;
}
