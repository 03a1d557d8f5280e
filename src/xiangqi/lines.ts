/**
 * Bit-rank and bit-file scans (ElephantEye's "bit-rank / bit-file" idea): the position keeps, for
 * each rank, a bit per occupied file and, for each file, a bit per occupied rank. For a point on
 * a line and the line's occupancy, these tables give the first and second occupied points
 * beyond it in each direction, which is where a rook and a cannon capture, where a rook's quiet
 * moves end, and what a king sees along its lines. Looking them up replaces walking the board
 * square by square.
 *
 * Layout: `RANK_SCAN[((x - 3) * 512 + ranksBits) * 4 + k]`, where `ranksBits` is the rank's
 * occupancy shifted so that bit 0 is file x = 3, and `FILE_SCAN[((y - 3) * 1024 + fileBits) *
 * 4 + k]` likewise. `k`: 0 the first occupied point toward higher coordinates, 1 the second, 2
 * the first toward lower coordinates, 3 the second. A value is the board coordinate (x 3..11
 * or y 3..12) of that point, or 0 when there is none.
 */
import { FILE_LEFT, FILE_RIGHT, RANK_BOTTOM, RANK_TOP } from './geometry.js';

export const SCAN_UP_FIRST = 0;
export const SCAN_UP_SECOND = 1;
export const SCAN_DOWN_FIRST = 2;
export const SCAN_DOWN_SECOND = 3;

/** The bits of a line's occupancy strictly between positions `a` and `b` (which differ). */
export function between(bits: number, a: number, b: number): number {
  return a < b ? bits & ((1 << b) - (2 << a)) : bits & ((1 << a) - (2 << b));
}

/**
 * How many pieces a line's occupancy holds strictly between positions `a` and `b`: 0, 1, 2, or
 * 3 for three or more (each `m & (m - 1)` clears the lowest bit).
 */
export function countBetween(bits: number, a: number, b: number): number {
  let m = between(bits, a, b);
  if (m === 0) return 0;
  m &= m - 1;
  if (m === 0) return 1;
  return (m & (m - 1)) === 0 ? 2 : 3;
}

const RANK_POINTS = FILE_RIGHT - FILE_LEFT + 1; // 9
const FILE_POINTS = RANK_BOTTOM - RANK_TOP + 1; // 10

export const RANK_SCAN = buildScan(RANK_POINTS, FILE_LEFT);
export const FILE_SCAN = buildScan(FILE_POINTS, RANK_TOP);

function buildScan(points: number, offset: number): Uint8Array {
  const masks = 1 << points;
  const t = new Uint8Array(points * masks * 4);
  for (let p = 0; p < points; p++) {
    for (let mask = 0; mask < masks; mask++) {
      const base = (p * masks + mask) * 4;
      let found = 0;
      for (let q = p + 1; q < points && found < 2; q++) {
        if ((mask >> q) & 1) t[base + found++] = q + offset;
      }
      found = 0;
      for (let q = p - 1; q >= 0 && found < 2; q--) {
        if ((mask >> q) & 1) t[base + 2 + found++] = q + offset;
      }
    }
  }
  return t;
}
