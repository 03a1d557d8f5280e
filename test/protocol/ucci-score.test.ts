import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromUcciScore, toUcciScore, UCCI_BAN, UCCI_MATE, UCCI_WIN } from '../../src/protocol/ucci-score.js';
import { BAN, WIN } from '../../src/search/tt.js';

describe("UCCI scores (ElephantEye's scale)", () => {
  it('gives centipawns as they are, mates as 10000 less their plies, perpetual verdicts near 9900', () => {
    expect(toUcciScore({ cp: 35 })).toBe(35);
    expect(toUcciScore({ cp: -120 })).toBe(-120);
    expect(toUcciScore({ mate: 1 })).toBe(UCCI_MATE - 1);
    expect(toUcciScore({ mate: 2 })).toBe(UCCI_MATE - 3);
    expect(toUcciScore({ mate: -2 })).toBe(-(UCCI_MATE - 4));
    expect(toUcciScore({ mate: 0 })).toBe(-UCCI_MATE);
    expect(toUcciScore({ cp: BAN })).toBe(UCCI_BAN);
    expect(toUcciScore({ cp: -BAN })).toBe(-UCCI_BAN);
    expect(toUcciScore({ cp: BAN - 3 })).toBe(UCCI_BAN - 3);
    // An evaluation never reaches the band of verdicts and mates.
    expect(toUcciScore({ cp: WIN - 1 })).toBe(UCCI_WIN - 1);
    expect(toUcciScore({ cp: -(WIN - 1) })).toBe(-(UCCI_WIN - 1));
  });

  it('reads them back: mates beyond 9900 in moves, everything else as centipawns', () => {
    // Mates up to 49 moves (99 plies, the search's longest line) stay above the verdicts' 9900.
    expect(fromUcciScore(4)).toEqual({ cp: 4 });
    expect(fromUcciScore(UCCI_BAN)).toEqual({ cp: UCCI_BAN });
    expect(fromUcciScore(UCCI_MATE - 1)).toEqual({ mate: 1 });
    expect(fromUcciScore(-(UCCI_MATE - 4))).toEqual({ mate: -2 });
    fc.assert(
      fc.property(fc.integer({ min: -49, max: 49 }), (n) => {
        if (n === 0) return;
        expect(fromUcciScore(toUcciScore({ mate: n }))).toEqual({ mate: n });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -(UCCI_WIN - 1), max: UCCI_WIN - 1 }), (cp) => {
        expect(fromUcciScore(toUcciScore({ cp }))).toEqual({ cp });
      }),
    );
  });
});
