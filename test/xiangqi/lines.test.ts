import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FILE_SCAN, RANK_SCAN, SCAN_DOWN_FIRST, SCAN_DOWN_SECOND, SCAN_UP_FIRST, SCAN_UP_SECOND } from '../../src/xiangqi/lines.js';

/** The first and second set bits beyond `p` in each direction, found by walking, as coordinates. */
function walk(mask: number, p: number, points: number, offset: number): number[] {
  const up = [];
  for (let q = p + 1; q < points; q++) if ((mask >> q) & 1) up.push(q + offset);
  const down = [];
  for (let q = p - 1; q >= 0; q--) if ((mask >> q) & 1) down.push(q + offset);
  return [up[0] ?? 0, up[1] ?? 0, down[0] ?? 0, down[1] ?? 0];
}

describe('line scans (bit-rank / bit-file tables)', () => {
  it('give the first and second occupied points beyond any point, in both directions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 511 }), (p, mask) => {
        const i = (p * 512 + mask) * 4;
        expect([RANK_SCAN[i + SCAN_UP_FIRST], RANK_SCAN[i + SCAN_UP_SECOND], RANK_SCAN[i + SCAN_DOWN_FIRST], RANK_SCAN[i + SCAN_DOWN_SECOND]]).toEqual(walk(mask, p, 9, 3));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 1023 }), (p, mask) => {
        const i = (p * 1024 + mask) * 4;
        expect([FILE_SCAN[i + SCAN_UP_FIRST], FILE_SCAN[i + SCAN_UP_SECOND], FILE_SCAN[i + SCAN_DOWN_FIRST], FILE_SCAN[i + SCAN_DOWN_SECOND]]).toEqual(walk(mask, p, 10, 3));
      }),
      { numRuns: 2000 },
    );
  });

  it('an empty line has nothing beyond any point; a full line has the neighbours', () => {
    expect(Array.from(RANK_SCAN.subarray((4 * 512 + 0) * 4, (4 * 512 + 0) * 4 + 4))).toEqual([0, 0, 0, 0]);
    // File x = 7 (the e-file) on a full rank: the neighbours are x = 8 and 6, then 9 and 5.
    expect(Array.from(RANK_SCAN.subarray((4 * 512 + 511) * 4, (4 * 512 + 511) * 4 + 4))).toEqual([8, 9, 6, 5]);
  });
});
