import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WDL_MODEL, winDrawLoss } from '../../src/index.js';

describe('win/draw/loss model', () => {
  it('sums to 1000, is symmetric in the score, and wins more as the score rises', () => {
    for (const game of ['chess', 'xiangqi'] as const) {
      fc.assert(
        fc.property(fc.integer({ min: -3000, max: 3000 }), (cp) => {
          const [w, d, l] = winDrawLoss(game, { cp });
          expect(w + d + l).toBe(1000);
          expect(Math.min(w, d, l)).toBeGreaterThanOrEqual(0);
          expect(winDrawLoss(game, { cp: -cp })).toEqual([l, d, w]);
          const [w2, , l2] = winDrawLoss(game, { cp: cp + 25 });
          expect(w2).toBeGreaterThanOrEqual(w);
          expect(l2).toBeLessThanOrEqual(l);
        }),
      );
    }
  });

  it('gives each game its own fitted numbers: an even score is mostly drawn in xiangqi, less so in chess', () => {
    expect(WDL_MODEL.xiangqi).toEqual({ a: 139, b: 185 });
    expect(winDrawLoss('xiangqi', { cp: 0 })).toEqual([321, 358, 321]);
    expect(winDrawLoss('chess', { cp: 0 })).toEqual([403, 194, 403]);
    // Six pawns' worth wins nine games in ten.
    expect(winDrawLoss('xiangqi', { cp: 600 })[0]).toBeGreaterThan(900);
  });

  it('a mate found is certain', () => {
    expect(winDrawLoss('chess', { mate: 3 })).toEqual([1000, 0, 0]);
    expect(winDrawLoss('xiangqi', { mate: -1 })).toEqual([0, 0, 1000]);
  });
});
