/**
 * Piece identities on the xiangqi board.
 *
 * Like ElephantEye, the board holds a piece *id*, not just a type: red ids are 16..31, black
 * ids 32..47, and `pieceSquare[id]` gives each piece's square. Generation walks 16 ids instead
 * of scanning 90 points. Within a side the ids are laid out by type:
 * king 0, advisors 1-2, elephants 3-4, horses 5-6, rooks 7-8, cannons 9-10, pawns 11-15.
 * That layout also caps each kind at the number the game has.
 */

/** Piece types, numbered as ElephantEye numbers them (its Zobrist tables depend on it). */
export const KING = 0;
export const ADVISOR = 1;
export const ELEPHANT = 2;
export const HORSE = 3;
export const ROOK = 4;
export const CANNON = 5;
export const PAWN = 6;

export type PieceType = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Side numbers: red moves first. */
export const RED = 0;
export const BLACK = 1;

/** Board value of an off-board square. Its bit is neither side's tag, so one mask tests "own piece or edge". */
export const OFF_BOARD = 64;
/** The bit carried by every id of a side: 16 for red, 32 for black. */
export function sideTag(side: number): number {
  return 16 << side;
}

/** First id of each type within a side, and how many the game has. */
export const FIRST_ID = [0, 1, 3, 5, 7, 9, 11] as const;
export const COUNT = [1, 2, 2, 2, 2, 2, 5] as const;

/** Type of every id (0..63); 7 for "no piece". */
export const TYPE_OF = new Uint8Array(64).fill(7);
/** ElephantEye's table index of every id: red types 0..6, black 7..13. */
export const ZOBRIST_INDEX = new Uint8Array(64);
for (let side = 0; side < 2; side++) {
  for (let t = 0; t < 7; t++) {
    for (let k = 0; k < COUNT[t]!; k++) {
      const id = sideTag(side) + FIRST_ID[t]! + k;
      TYPE_OF[id] = t;
      ZOBRIST_INDEX[id] = side * 7 + t;
    }
  }
}

/**
 * Each id's unit in a position's material signature, which packs both sides' piece counts into
 * one integer: red's in bits 0-12, black's in bits 13-25, each side as advisors (2 bits),
 * elephants (2), horses (2), rooks (2), cannons (2) and pawns (3). Kings are not counted.
 */
export const SIGNATURE_UNIT = new Int32Array(64);
/** Where each type's count starts within a side's 13 bits of the signature (-1: not counted). */
export const SIGNATURE_SHIFT = [-1, 0, 2, 4, 6, 8, 10] as const;
/** The signature's bits per side. */
export const SIGNATURE_SIDE_BITS = 13;
/** How many pieces of `type` (not the king) of `side` a signature (material or river) counts. */
export function signatureCount(signature: number, side: number, type: number): number {
  return (signature >>> (SIGNATURE_SHIFT[type as 1] + side * SIGNATURE_SIDE_BITS)) & (type === PAWN ? 7 : 3);
}
for (let id = 16; id < 48; id++) {
  const shift = SIGNATURE_SHIFT[TYPE_OF[id] as 0];
  if (shift >= 0) SIGNATURE_UNIT[id] = 1 << (shift + (id >> 5) * SIGNATURE_SIDE_BITS);
}

/** FEN letters of each type (upper case for red). */
export const FEN_LETTERS = 'KABNRCP';
/** Accepted FEN letters, including the alternative spellings E (elephant) and H (horse). */
export function typeFromLetter(ch: string): number {
  switch (ch.toUpperCase()) {
    case 'K': return KING;
    case 'A': return ADVISOR;
    case 'B': case 'E': return ELEPHANT;
    case 'N': case 'H': return HORSE;
    case 'R': return ROOK;
    case 'C': return CANNON;
    case 'P': return PAWN;
    default: return -1;
  }
}

/** Side of an id (0 red, 1 black). */
export function sideOf(id: number): number {
  return id >> 5;
}

/** Public names of the piece types. */
export const TYPE_NAMES = ['king', 'advisor', 'elephant', 'horse', 'rook', 'cannon', 'pawn'] as const;
export type PieceName = (typeof TYPE_NAMES)[number];
export type Color = 'red' | 'black';
