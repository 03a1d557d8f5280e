/**
 * 0x88 geometry and piece codes, precomputed at module load.
 *
 * A square is `rank * 16 + file` (a1 = 0, h8 = 0x77); `sq & 0x88` is non-zero exactly when a
 * step has left the board, which is the whole point of the layout: one AND replaces a bounds
 * check. The difference of two on-board squares (`to - from`, -119..119) identifies the line
 * between them uniquely, so one 240-entry table answers "which pieces could attack along this
 * line" and another gives the step to walk it.
 */

export const WHITE = 0;
export const BLACK = 1;

export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;

/** Colour tags: a piece code is `type | tag`. Empty squares hold 0. */
export const WHITE_TAG = 8;
export const BLACK_TAG = 16;

/** The tag of a side's pieces: 8 for white, 16 for black. */
export function colorTag(side: number): number {
  return 8 << side;
}

/** Move flags (the `flags` part of the core move encoding). Bits 0..2 hold a promotion type. */
export const FLAG_PROMOTION_MASK = 7;
export const FLAG_EN_PASSANT = 8;
export const FLAG_CASTLE = 16;
export const FLAG_DOUBLE_PUSH = 32;

/** Castling-right bits. */
export const WHITE_KINGSIDE = 1;
export const WHITE_QUEENSIDE = 2;
export const BLACK_KINGSIDE = 4;
export const BLACK_QUEENSIDE = 8;

/** The en-passant field when there is none. */
export const NO_SQUARE = 0x88;

/** Steps: diagonals first (bishops use 0..3), then orthogonals (rooks 4..7); queens and kings use all. */
export const DIRECTIONS = Int8Array.of(15, 17, -15, -17, 1, -1, 16, -16);
export const KNIGHT_STEPS = Int8Array.of(31, 33, 14, 18, -31, -33, -14, -18);

/** Line bits of {@link ATTACK_LINE}. */
export const DIAGONAL_LINE = 1;
export const STRAIGHT_LINE = 2;
export const KNIGHT_JUMP = 4;
export const KING_STEP = 8;

/** Which of the line bits a slider uses, by piece type. */
export const SLIDER_LINES = Uint8Array.of(0, 0, 0, DIAGONAL_LINE, STRAIGHT_LINE, DIAGONAL_LINE | STRAIGHT_LINE, 0, 0);

/** `ATTACK_LINE[to - from + 119]`: how a piece on `from` could reach `to` on an empty board. */
export const ATTACK_LINE = new Uint8Array(240);
/** `ATTACK_STEP[to - from + 119]`: the step from `from` towards `to` along that line. */
export const ATTACK_STEP = new Int8Array(240);

for (let from = 0; from < 128; from++) {
  if (from & 0x88) continue;
  for (let k = 0; k < 8; k++) {
    const d = DIRECTIONS[k]!;
    const bit = k < 4 ? DIAGONAL_LINE : STRAIGHT_LINE;
    for (let to = from + d, n = 1; (to & 0x88) === 0; to += d, n++) {
      const i = to - from + 119;
      ATTACK_LINE[i]! |= bit | (n === 1 ? KING_STEP : 0);
      ATTACK_STEP[i] = d;
    }
    const j = from + KNIGHT_STEPS[k]!;
    if ((j & 0x88) === 0) ATTACK_LINE[j - from + 119]! |= KNIGHT_JUMP;
  }
}

/**
 * `CASTLING_KEPT[sq]`: the rights that survive a move from or to `sq`. Moving a king or a rook
 * off its home square, or capturing on a rook's home square, clears the matching rights.
 */
export const CASTLING_KEPT = new Uint8Array(128).fill(15);
CASTLING_KEPT[0x04] = 15 & ~(WHITE_KINGSIDE | WHITE_QUEENSIDE);
CASTLING_KEPT[0x00] = 15 & ~WHITE_QUEENSIDE;
CASTLING_KEPT[0x07] = 15 & ~WHITE_KINGSIDE;
CASTLING_KEPT[0x74] = 15 & ~(BLACK_KINGSIDE | BLACK_QUEENSIDE);
CASTLING_KEPT[0x70] = 15 & ~BLACK_QUEENSIDE;
CASTLING_KEPT[0x77] = 15 & ~BLACK_KINGSIDE;

/** The square of file 0..7 and rank 0..7. */
export function squareAt(file: number, rank: number): number {
  return (rank << 4) | file;
}

/** `a1`..`h8`. */
export function squareName(sq: number): string {
  return String.fromCharCode(97 + (sq & 7)) + String.fromCharCode(49 + (sq >> 4));
}

/** Parses `a1`..`h8` (case-insensitive); returns -1 for anything else. */
export function parseSquare(name: string): number {
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const f = name.charCodeAt(0) | 0x20;
  const r = name.charCodeAt(1);
  if (f < 97 || f > 104 || r < 49 || r > 56) return -1;
  return ((r - 49) << 4) | (f - 97);
}

/** The 0..63 index (`rank * 8 + file`) used by Polyglot and most other formats. */
export function squareIndex64(sq: number): number {
  return ((sq >> 4) << 3) | (sq & 7);
}

/** Whether a square is light (a1 is dark). */
export function isLightSquare(sq: number): boolean {
  return (((sq >> 4) + (sq & 7)) & 1) === 1;
}

/** Piece letters by type, upper case (white). */
export const PIECE_LETTERS = ' PNBRQK';

export type ChessPieceName = 'pawn' | 'knight' | 'bishop' | 'rook' | 'queen' | 'king';
export const TYPE_NAMES: readonly ChessPieceName[] = ['pawn', 'pawn', 'knight', 'bishop', 'rook', 'queen', 'king'];

/** The FEN letter of a piece code. */
export function pieceLetter(pc: number): string {
  const l = PIECE_LETTERS[pc & 7]!;
  return pc & BLACK_TAG ? l.toLowerCase() : l;
}

/** The piece code of a FEN letter, or 0. */
export function pieceFromLetter(ch: string): number {
  const t = PIECE_LETTERS.indexOf(ch.toUpperCase());
  if (t <= 0 || ch.length !== 1) return 0;
  return t | (ch === ch.toUpperCase() ? WHITE_TAG : BLACK_TAG);
}
