/**
 * The 16x16 mailbox of ElephantEye/XQWLight, and every table move generation needs,
 * computed once at module load (this is what ElephantEye's pregen.cpp does).
 *
 * A square is `x + (y << 4)`. The playable area is x 3..11 (files a..i) and y 3..12, with
 * black at the top (y = 3 is the first FEN row) and red at the bottom. The margin of at least
 * two squares on every side lets a horse or elephant step off the board without wrapping.
 */

export const FILE_LEFT = 3;
export const FILE_RIGHT = 11;
export const RANK_TOP = 3;
export const RANK_BOTTOM = 12;

/** Square from board coordinates (x 0..15, y 0..15). */
export function squareAt(x: number, y: number): number {
  return x + (y << 4);
}

/** Board x (3..11) of a square. */
export function squareX(sq: number): number {
  return sq & 15;
}

/** Board y (3..12) of a square. */
export function squareY(sq: number): number {
  return sq >> 4;
}

/** ICCS file 0..8 (a..i). */
export function iccsFile(sq: number): number {
  return (sq & 15) - FILE_LEFT;
}

/** ICCS rank 0..9, red at rank 0. */
export function iccsRank(sq: number): number {
  return RANK_BOTTOM - (sq >> 4);
}

/** Square from ICCS file 0..8 and rank 0..9. */
export function squareFromIccs(file: number, rank: number): number {
  return squareAt(file + FILE_LEFT, RANK_BOTTOM - rank);
}

/** 1 on the 90 playable points. */
export const IN_BOARD = new Uint8Array(256);
/** 1 inside either palace. */
export const IN_PALACE = new Uint8Array(256);
/** The palace of each side: `PALACE_OF[side * 256 + sq]`. */
export const PALACE_OF = new Uint8Array(512);

for (let y = RANK_TOP; y <= RANK_BOTTOM; y++) {
  for (let x = FILE_LEFT; x <= FILE_RIGHT; x++) {
    const sq = squareAt(x, y);
    IN_BOARD[sq] = 1;
    if (x >= 6 && x <= 8) {
      if (y >= 10) {
        IN_PALACE[sq] = 1;
        PALACE_OF[sq] = 1; // red
      } else if (y <= 5) {
        IN_PALACE[sq] = 1;
        PALACE_OF[256 + sq] = 1; // black
      }
    }
  }
}

/** Points an advisor of each side can ever stand on (the palace corners and centre): `[side * 256 + sq]`. */
export const ADVISOR_POINTS = new Uint8Array(512);
/** Points an elephant of each side can ever stand on (seven per side): `[side * 256 + sq]`. */
export const ELEPHANT_POINTS = new Uint8Array(512);
for (const [x, y] of [[6, 12], [8, 12], [7, 11], [6, 10], [8, 10]] as const) {
  ADVISOR_POINTS[squareAt(x, y)] = 1;
  ADVISOR_POINTS[256 + squareAt(x, 15 - y)] = 1;
}
for (const [x, y] of [[5, 12], [9, 12], [3, 10], [7, 10], [11, 10], [5, 8], [9, 8]] as const) {
  ELEPHANT_POINTS[squareAt(x, y)] = 1;
  ELEPHANT_POINTS[256 + squareAt(x, 15 - y)] = 1;
}

/** Whether a pawn of `side` may stand on `sq`: never behind its start rank, and on its own half only on the five start files. */
export function pawnPointOk(sq: number, side: number): boolean {
  const y = sq >> 4;
  const x = sq & 15;
  const rank = side === 0 ? 12 - y : y - 3; // 0 = own back rank
  if (rank < 3) return false;
  if (rank <= 4) return (x - FILE_LEFT) % 2 === 0;
  return true;
}

/** Whether `sq` lies on `side`'s own half of the river (red: y 8..12, black: y 3..7). */
export function onOwnHalf(sq: number, side: number): boolean {
  return (sq & 0x80) !== side << 7;
}

/** The square one step forward for `side` (red moves up the board, towards y 3). */
export function forward(sq: number, side: number): number {
  return sq - 16 + (side << 5);
}

/** Mirror a square left-right (file a <-> i). */
export function mirrorSquare(sq: number): number {
  return squareAt(14 - squareX(sq), squareY(sq));
}

/** Mirror a square top-bottom (rank 0 <-> 9). */
export function flipSquare(sq: number): number {
  return squareAt(squareX(sq), 15 - squareY(sq));
}

// --- Precomputed step tables. Each lists up to N targets per square, 0-terminated
// (square 0 is off the board, so it can never be a real target).

const KING_STEPS = [-16, -1, 1, 16];
const ADVISOR_STEPS = [-17, -15, 15, 17];
const ELEPHANT_STEPS = [-34, -30, 30, 34];
/** Horse steps, each with the leg square that blocks it (one orthogonal step along the long side). */
const HORSE_STEPS = [-33, -31, -18, 14, -14, 18, 31, 33];
const HORSE_LEGS = [-16, -16, -1, -1, 1, 1, 16, 16];

/** King targets inside its palace: `KING_TO[sq * 4 + i]`. */
export const KING_TO = new Uint8Array(256 * 4);
/** Advisor targets inside its palace: `ADVISOR_TO[sq * 4 + i]`. */
export const ADVISOR_TO = new Uint8Array(256 * 4);
/** Elephant targets on its own half: `ELEPHANT_TO[sq * 4 + i]`, eye in `ELEPHANT_EYE`. */
export const ELEPHANT_TO = new Uint8Array(256 * 4);
export const ELEPHANT_EYE = new Uint8Array(256 * 4);
/** Horse targets on the board: `HORSE_TO[sq * 8 + i]`, leg in `HORSE_LEG`. */
export const HORSE_TO = new Uint8Array(256 * 8);
export const HORSE_LEG = new Uint8Array(256 * 8);
/** Pawn targets for each side: `PAWN_TO[(side * 256 + sq) * 4 + i]`. */
export const PAWN_TO = new Uint8Array(512 * 4);

for (let sq = 0; sq < 256; sq++) {
  if (!IN_BOARD[sq]) continue;
  let n = 0;
  for (const d of KING_STEPS) if (IN_PALACE[sq + d] && IN_PALACE[sq]) KING_TO[sq * 4 + n++] = sq + d;
  n = 0;
  for (const d of ADVISOR_STEPS) if (IN_PALACE[sq + d] && IN_PALACE[sq]) ADVISOR_TO[sq * 4 + n++] = sq + d;
  n = 0;
  for (const d of ELEPHANT_STEPS) {
    const to = sq + d;
    if (IN_BOARD[to] && (to & 0x80) === (sq & 0x80)) {
      ELEPHANT_TO[sq * 4 + n] = to;
      ELEPHANT_EYE[sq * 4 + n++] = sq + (d >> 1);
    }
  }
  n = 0;
  for (let i = 0; i < 8; i++) {
    const to = sq + HORSE_STEPS[i]!;
    if (IN_BOARD[to]) {
      HORSE_TO[sq * 8 + n] = to;
      HORSE_LEG[sq * 8 + n++] = sq + HORSE_LEGS[i]!;
    }
  }
  for (let side = 0; side < 2; side++) {
    n = 0;
    const base = (side * 256 + sq) * 4;
    const ahead = forward(sq, side);
    if (IN_BOARD[ahead]) PAWN_TO[base + n++] = ahead;
    if (!onOwnHalf(sq, side)) {
      if (IN_BOARD[sq - 1]) PAWN_TO[base + n++] = sq - 1;
      if (IN_BOARD[sq + 1]) PAWN_TO[base + n++] = sq + 1;
    }
  }
}

/**
 * `HORSE_LEG_BY_STEP[to - from + 256]`: for a horse step from `from` to `to`, the offset of its
 * leg from `from`; 0 when `to - from` is no horse step. Lets an attack test start from the few
 * horses on the board rather than from the eight points a horse could attack from.
 */
export const HORSE_LEG_BY_STEP = new Int8Array(512);
for (let i = 0; i < 8; i++) HORSE_LEG_BY_STEP[HORSE_STEPS[i]! + 256] = HORSE_LEGS[i]!;

/**
 * Classifies `sq - king + 256` for the legality shortcut: a move whose origin is a diagonal
 * neighbour of the king may unblock a horse check (horse legs against the king sit there).
 */
export const DIAGONAL_NEIGHBOUR = new Uint8Array(512);
for (const d of [-17, -15, 15, 17]) DIAGONAL_NEIGHBOUR[d + 256] = 1;
