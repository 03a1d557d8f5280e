import { describe, expect, it } from 'vitest';
import { Xiangqi, XIANGQI_START_FEN } from '../../src/index.js';
import { readPerftEpd } from '../helpers/data.js';

describe('xiangqi perft: xiangqi-perft-public.epd (every position, every depth in the file)', () => {
  for (const [i, { fen, counts }] of readPerftEpd('xiangqi-perft-public.epd').entries()) {
    it(`#${i + 1} ${fen}`, () => {
      const game = new Xiangqi(fen);
      for (const [depth, nodes] of counts) expect(game.perft(depth), `depth ${depth}`).toBe(nodes);
      expect(game.fen()).toBe(new Xiangqi(fen).fen()); // perft leaves the position as it was
    });
  }
});

// The two depth-5 walks count 137 M and 54 M leaves over their five depths. On a 2.50 GHz Xeon
// with the other core running another test file, the first took 62 s, past the 60 s default
// meant to catch hangs; they get five minutes, since a slow machine is not a wrong count.
const DEEP_PERFT_MS = 300_000;

describe('xiangqi perft: xiangqi-perft-known.md', () => {
  it('start position to depth 5', () => {
    const game = new Xiangqi(XIANGQI_START_FEN);
    expect([1, 2, 3, 4, 5].map((d) => game.perft(d))).toEqual([44, 1920, 79666, 3290240, 133312995]);
  }, DEEP_PERFT_MS);
  it('r1ba1a3/4kn3/... to depth 5', () => {
    const game = new Xiangqi('r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1');
    expect([1, 2, 3, 4, 5].map((d) => game.perft(d))).toEqual([38, 1128, 43929, 1339047, 53112976]);
  }, DEEP_PERFT_MS);
  it.each([
    ['1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1', [49, 2265, 100326, 4485547]],
    ['4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1', [13, 272, 3707, 92741]],
  ])('%s', (fen, expected) => {
    const game = new Xiangqi(fen);
    expect(expected.map((_, i) => game.perft(i + 1))).toEqual(expected);
  });
  it('checks and captures of the start position at depth 1-3 match the published table', () => {
    // Counts the leaves that are checks and captures, walking the tree with the game API.
    const game = new Xiangqi();
    const pos = game.position;
    const buf = new Int32Array(192 * 4);
    const walk = (depth: number, start: number, acc: { checks: number; captures: number }) => {
      const end = pos.generateLegal(buf, start);
      for (let i = start; i < end; i++) {
        const m = buf[i]!;
        if (depth === 1 && pos.board[(m >>> 8) & 0xff] !== 0) acc.captures++;
        pos.make(m);
        if (depth === 1) {
          if (pos.inCheck()) acc.checks++;
        } else walk(depth - 1, end, acc);
        pos.unmake();
      }
      return acc;
    };
    expect(walk(1, 0, { checks: 0, captures: 0 })).toEqual({ checks: 0, captures: 2 });
    expect(walk(2, 0, { checks: 0, captures: 0 })).toEqual({ checks: 6, captures: 72 });
    expect(walk(3, 0, { checks: 0, captures: 0 })).toEqual({ checks: 384, captures: 3159 });
  });
  it('divide sums to the total and lists each legal move once', () => {
    const game = new Xiangqi();
    const div = game.perftDivide(3);
    expect(div.reduce((s, e) => s + e.nodes, 0)).toBe(79666);
    expect(new Set(div.map((e) => e.move)).size).toBe(44);
    expect(div.find((e) => e.move === 'h2e2')).toBeDefined();
  });
});
