import { describe, expect, it } from 'vitest';
import { Chess, CHESS_START_FEN } from '../../src/index.js';
import { readPerftEpd } from '../helpers/data.js';

/** Counts above this are left to the bench (`node bench/chess-perft.mjs` runs every count in the file). */
const UNIT_TEST_LIMIT = 5_000_000;

describe('chess perft: chess-perftsuite.epd (every position; every depth up to 5M leaves)', () => {
  for (const [i, { fen, counts }] of readPerftEpd('chess-perftsuite.epd').entries()) {
    it(`#${i + 1} ${fen}`, () => {
      const game = new Chess(fen);
      const before = game.fen();
      const key = game.key();
      const checked = counts.filter(([, nodes]) => nodes <= UNIT_TEST_LIMIT);
      expect(checked.length).toBeGreaterThanOrEqual(3);
      for (const [depth, nodes] of checked) expect(game.perft(depth), `depth ${depth}`).toBe(nodes);
      // Perft leaves the position exactly as it was.
      expect(game.fen()).toBe(before);
      expect(game.key()).toBe(key);
    });
  }
});

describe('chess perft: special cases', () => {
  it('en passant that would expose the king along the rank is not legal', () => {
    const game = new Chess('8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1');
    expect(game.moves().sort()).toEqual(['a5a4', 'a5a6', 'a5b6', 'b5b6']);
    // Without the rook the capture is legal.
    expect(new Chess('8/8/8/KPp5/8/8/8/4k3 w - c6 0 1').moves()).toContain('b5c6');
  });
  it('en passant is legal when it captures the checking pawn, and a pinned pawn cannot take it', () => {
    expect(new Chess('8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1').moves()).toContain('e4d3');
    expect(new Chess('8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1').moves()).not.toContain('e4d3');
    expect(new Chess('8/1k6/8/8/3Pp3/8/6B1/4K3 b - d3 0 1').moves()).not.toContain('e4d3');
  });
  it('castling may not leave, cross or enter an attacked square', () => {
    const base = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
    expect(new Chess(base).moves()).toEqual(expect.arrayContaining(['e1g1', 'e1c1']));
    expect(new Chess('r3k2r/8/8/8/8/8/6r1/R3K2R w KQkq - 0 1').moves()).not.toContain('e1g1'); // g1 attacked
    expect(new Chess('r3k2r/8/8/8/8/8/3r4/R3K2R w KQkq - 0 1').moves()).not.toContain('e1c1'); // d1 attacked
    expect(new Chess('r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1').moves()).toContain('e1c1'); // only b1 attacked: allowed
    expect(new Chess('r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1').moves()).not.toContain('e1g1'); // in check
    expect(new Chess('r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1').moves()).not.toContain('e1c1'); // b1 occupied
  });
  it('all four promotions, with and without capture', () => {
    const moves = new Chess('1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1').moves();
    for (const p of 'qrbn') {
      expect(moves).toContain(`a7a8${p}`);
      expect(moves).toContain(`a7b8${p}`);
    }
  });
  it('divide lists each root move once and sums to the total (Kiwipete depth 3)', () => {
    const game = new Chess('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
    const div = game.perftDivide(3);
    expect(div.length).toBe(48);
    expect(new Set(div.map((d) => d.move)).size).toBe(48);
    expect(div.reduce((s, d) => s + d.nodes, 0)).toBe(97862);
    expect(div.find((d) => d.move === 'e1g1')?.nodes).toBe(2059);
  });
  it('start position depth 0..4', () => {
    const game = new Chess(CHESS_START_FEN);
    expect([0, 1, 2, 3, 4].map((d) => game.perft(d))).toEqual([1, 20, 400, 8902, 197281]);
  });
});
