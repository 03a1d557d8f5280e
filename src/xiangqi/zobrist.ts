/**
 * Xiangqi Zobrist words, bit-identical to XQWLight/ElephantEye.
 *
 * The RC4 key stream (empty key) fills the player entry first, then `table[type][square]` for
 * type 0..13 (outer) and square 0..255 (inner), three words each: key, lock0, lock1.
 * ElephantEye's BOOK.DAT is keyed by lock1, so these must match it exactly.
 *
 * For speed the tables are re-indexed by piece id (see pieces.ts): `KEY[id * 256 + sq]`.
 */
import { RC4 } from '../core/rc4.js';
import { toBigTable } from '../core/zobrist.js';
import { ZOBRIST_INDEX } from './pieces.js';

/** ElephantEye's raw tables: `[type * 256 + sq]`, type 0..13. */
export const RAW_KEY = new Int32Array(14 * 256);
export const RAW_LOCK0 = new Int32Array(14 * 256);
export const RAW_LOCK1 = new Int32Array(14 * 256);

const rc4 = new RC4();
export const PLAYER_KEY = rc4.nextWord();
export const PLAYER_LOCK0 = rc4.nextWord();
export const PLAYER_LOCK1 = rc4.nextWord();
for (let i = 0; i < 14 * 256; i++) {
  RAW_KEY[i] = rc4.nextWord();
  RAW_LOCK0[i] = rc4.nextWord();
  RAW_LOCK1[i] = rc4.nextWord();
}

/** Tables indexed by piece id: `[id * 256 + sq]`, ids 16..47. */
export const KEY = new Int32Array(48 * 256);
export const LOCK0 = new Int32Array(48 * 256);
export const LOCK1 = new Int32Array(48 * 256);
for (let id = 16; id < 48; id++) {
  const t = ZOBRIST_INDEX[id]!;
  for (let sq = 0; sq < 256; sq++) {
    KEY[id * 256 + sq] = RAW_KEY[t * 256 + sq]!;
    LOCK0[id * 256 + sq] = RAW_LOCK0[t * 256 + sq]!;
    LOCK1[id * 256 + sq] = RAW_LOCK1[t * 256 + sq]!;
  }
}

let bigTable: BigUint64Array | undefined;
/**
 * The 64-bit table `lock0 << 32 | key`, indexed `[type * 256 + sq]` (type 0..13), built on
 * first use: the engine never reads it, it is for callers who want the keys as `bigint`.
 */
export function xiangqiZobristTable(): BigUint64Array {
  bigTable ??= toBigTable(RAW_KEY, RAW_LOCK0);
  return bigTable;
}
