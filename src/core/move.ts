/**
 * The integer move encoding shared by both games: `from | to << 8 | flags << 16`.
 *
 * Squares are board indices (0..255 for the 16x16 xiangqi board, 0..127 for 0x88 chess).
 * Flags are game-specific (promotion, castling, en passant); xiangqi uses none.
 * Zero is never a legal move (from and to would be equal), so it means "no move".
 */
export type Move = number;

/** The "no move" value. */
export const NO_MOVE = 0;

/** Encodes a move. */
export function encodeMove(from: number, to: number, flags = 0): Move {
  return from | (to << 8) | (flags << 16);
}

/** The origin square of a move. */
export function moveFrom(move: Move): number {
  return move & 0xff;
}

/** The destination square of a move. */
export function moveTo(move: Move): number {
  return (move >>> 8) & 0xff;
}

/** The game-specific flags of a move. */
export function moveFlags(move: Move): number {
  return move >>> 16;
}
