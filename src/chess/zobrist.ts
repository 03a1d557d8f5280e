/**
 * Polyglot Zobrist keys, laid out for the hot path.
 *
 * The published 781 numbers are split into int32 halves and re-indexed by our piece code and
 * 0x88 square (`pc << 7 | sq`), so make/unmake XOR plain numbers and never touch BigInt.
 */
import { joinKey64, toBigTable } from '../core/zobrist.js';
import { BLACK_TAG, WHITE_TAG } from './board.js';
import { POLYGLOT_RANDOM_HEX } from './polyglot-random.js';

const RAW_LO = new Int32Array(781);
const RAW_HI = new Int32Array(781);
for (let i = 0; i < 781; i++) {
  const h = POLYGLOT_RANDOM_HEX[i]!;
  RAW_HI[i] = parseInt(h.slice(0, 8), 16) | 0;
  RAW_LO[i] = parseInt(h.slice(8), 16) | 0;
}

/** Piece-square key halves, indexed `pieceCode << 7 | sq`. */
export const PIECE_LO = new Int32Array(32 << 7);
export const PIECE_HI = new Int32Array(32 << 7);
for (let type = 1; type <= 6; type++) {
  for (const [tag, white] of [
    [WHITE_TAG, 1],
    [BLACK_TAG, 0],
  ] as const) {
    // Polyglot's piece kinds: black pawn 0, white pawn 1, black knight 2, ... white king 11.
    const kind = 2 * (type - 1) + white;
    for (let r = 0; r < 8; r++) {
      for (let f = 0; f < 8; f++) {
        const i = (((type | tag) << 7) | (r << 4) | f) >>> 0;
        PIECE_LO[i] = RAW_LO[kind * 64 + r * 8 + f]!;
        PIECE_HI[i] = RAW_HI[kind * 64 + r * 8 + f]!;
      }
    }
  }
}

/**
 * Castling key halves for every set of rights (0..15): the XOR of the keys of the rights in it,
 * so a change of rights costs one lookup of `old ^ new`.
 */
export const CASTLING_LO = new Int32Array(16);
export const CASTLING_HI = new Int32Array(16);
for (let set = 0; set < 16; set++) {
  for (let bit = 0; bit < 4; bit++) {
    if (set & (1 << bit)) {
      CASTLING_LO[set]! ^= RAW_LO[768 + bit]!;
      CASTLING_HI[set]! ^= RAW_HI[768 + bit]!;
    }
  }
}

/** En-passant file key halves, by file 0..7. */
export const EP_FILE_LO = RAW_LO.slice(772, 780);
export const EP_FILE_HI = RAW_HI.slice(772, 780);

/** The key halves for "white to move". */
export const WHITE_TO_MOVE_LO = RAW_LO[780]!;
export const WHITE_TO_MOVE_HI = RAW_HI[780]!;

/** The 781 Polyglot numbers as a `BigUint64Array`, in the specification's order. */
export function polyglotTable(): BigUint64Array {
  return toBigTable(RAW_LO, RAW_HI);
}

/** One Polyglot number as a `bigint`. */
export function polyglotRandom(i: number): bigint {
  return joinKey64(RAW_LO[i]!, RAW_HI[i]!);
}
