import { describe, expect, it } from 'vitest';
import { QiengineError } from '../../src/core/errors.js';
import { Engine } from '../../src/engine/engine.js';
import { readSuite, solveSuite } from '../../src/engine/suite.js';

// Inline and depth-limited: the same run on every machine.
const engine = (): Engine => new Engine({ thread: 'inline' });

const CHESS_SUITE = `# a comment, then a blank line

6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "back rank";
r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4 bm Qxf7#;
6k1/8/8/8/8/8/R7/1R4K1 w - - dm 2; id "two rooks";
rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - am f2f3 g2g4; id "no fools";
`;

describe('readSuite', () => {
  it('reads EPD lines: position, optional clocks, bm/am in any notation, dm and id', () => {
    const suite = readSuite(CHESS_SUITE, 'chess');
    expect(suite).toEqual([
      { id: 'back rank', fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', best: ['a1a8'], avoid: [] },
      { id: 'line 4', fen: 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4', best: ['f3f7'], avoid: [] },
      { id: 'two rooks', fen: '6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1', best: [], avoid: [], mate: 2 },
      { id: 'no fools', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', best: [], avoid: ['f2f3', 'g2g4'] },
    ]);
    // Xiangqi moves in ICCS, WXF or Chinese all come out in ICCS.
    const xq = readSuite('3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - bm R9=6 车八进九 b0b9; id "rooks"', 'xiangqi');
    expect(xq).toEqual([{ id: 'rooks', fen: '3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1', best: ['a1d1', 'b0b9', 'b0b9'], avoid: [] }]);
  });
  it('names the line of bad input: position, moves, operations, nothing to solve, no line at all', () => {
    const bad = (text: string, game: 'chess' | 'xiangqi' = 'chess'): string => {
      try {
        readSuite(text, game);
      } catch (e) {
        expect(e).toBeInstanceOf(QiengineError);
        return (e as Error).message;
      }
      throw new Error('no error');
    };
    expect(bad('\n6k1/8/8/8/8/8/8/R5K1 w - - bm Ra9;')).toMatch(/^suite line 2: /);
    expect(bad('6k1/8/8/8/8/8/8/R5K1 w - - bm Ke2;')).toMatch(/^suite line 1: /); // not legal
    expect(bad('6k1/8/8/8/8/8/8/R5K9 w - - bm Ra8;')).toMatch(/^suite line 1: invalid FEN/);
    expect(bad('6k1/8/8/8/8/8/8/R5K1 w - - id "x";')).toBe('suite line 1: no bm, am or dm operation: nothing to solve');
    expect(bad('6k1/8/8/8/8/8/8/R5K1 w - - dm two;')).toMatch(/^suite line 1: dm needs a number/);
    expect(bad('6k1/8/8/8/8/8/8/R5K1 w - - bm Ra8; id "open')).toMatch(/unterminated/);
    expect(bad('6k1/8 w')).toMatch(/four position fields/);
    expect(bad('# only a comment\n')).toBe('the suite holds no position');
    expect(bad('3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - bm R9=9', 'xiangqi')).toMatch(/^suite line 1: /);
  });
});

describe('solveSuite', () => {
  it('solves mates and avoids moves, and says where each was found', async () => {
    const e = engine();
    try {
      const seen: number[] = [];
      const report = await solveSuite(e, 'chess', readSuite(CHESS_SUITE, 'chess'), { depth: 5, onResult: (_r, done) => seen.push(done) });
      expect(seen).toEqual([1, 2, 3, 4]);
      expect(report.total).toBe(4);
      expect(report.results.map((r) => r.solved)).toEqual([true, true, true, true]);
      expect(report.solved).toBe(4);
      const [backRank, , rooks] = report.results;
      expect(backRank!.move).toBe('a1a8');
      expect(backRank!.moveNotation).toBe('Ra8#');
      expect(backRank!.score).toEqual({ mate: 1 });
      expect(backRank!.found!.depth).toBeGreaterThanOrEqual(1);
      expect(backRank!.found!.depth).toBeLessThanOrEqual(backRank!.depth);
      expect(rooks!.score).toEqual({ mate: 2 });
      expect(report.nodes).toBe(report.results.reduce((n, r) => n + r.nodes, 0));
    } finally {
      e.close();
    }
  });
  it('a move outside bm, or a mate slower than dm asks, is not solved; a xiangqi suite runs too', async () => {
    const e = engine();
    try {
      const wrong = readSuite('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Kf1;\n6k1/8/8/8/8/8/R7/1R4K1 w - - dm 1;', 'chess');
      const report = await solveSuite(e, 'chess', wrong, { depth: 4 });
      expect(report.results.map((r) => [r.solved, r.found])).toEqual([
        [false, null],
        [false, null],
      ]);
      expect(report.solved).toBe(0);
      const xq = await solveSuite(e, 'xiangqi', readSuite('3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - dm 2; id "rooks"', 'xiangqi'), { depth: 5 });
      expect(xq.results[0]!.solved).toBe(true);
      expect(xq.results[0]!.score).toEqual({ mate: 2 });
    } finally {
      e.close();
    }
  });
  it('an aborted run rejects with the signal\'s reason', async () => {
    const e = engine();
    try {
      const stop = new AbortController();
      stop.abort(new Error('enough'));
      await expect(solveSuite(e, 'chess', readSuite(CHESS_SUITE, 'chess'), { depth: 3, signal: stop.signal })).rejects.toThrow('enough');
    } finally {
      e.close();
    }
  });
});
