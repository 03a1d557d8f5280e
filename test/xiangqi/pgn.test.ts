import { describe, expect, it } from 'vitest';
import { IllegalMoveError } from '../../src/core/errors.js';
import { Xiangqi } from '../../src/xiangqi/game.js';
import { writeXiangqiPgn } from '../../src/xiangqi/pgn.js';
import { START_FEN } from '../../src/xiangqi/fen.js';

describe('xiangqi PGN', () => {
  it('writes a game with the xiangqi tags first and ICCS moves, or WXF', () => {
    const g = new Xiangqi();
    g.tags.set('Event', 'club night');
    g.tags.set('Red', 'Lin');
    g.tags.set('Opening', 'central cannon');
    for (const m of ['h2e2', 'h9g7', 'h0g2', 'i9h9']) g.move(m);
    expect(g.pgn()).toBe(
      [
        '[Game "Chinese Chess"]',
        '[Event "club night"]',
        '[Site "?"]',
        '[Date "?"]',
        '[Round "?"]',
        '[Red "Lin"]',
        '[Black "?"]',
        '[Result "*"]',
        '[Format "ICCS"]',
        '[Opening "central cannon"]',
        '',
        '1. H2-E2 H9-G7 2. H0-G2 I9-H9 *',
        '',
      ].join('\n'),
    );
    expect(g.pgn({ format: 'wxf' }).trimEnd().split('\n').at(-1)).toBe('1. C2.5 H8+7 2. H2+3 R9.8 *');
    expect(g.pgn({ format: 'wxf' })).toContain('[Format "WXF"]');
    // The game is unchanged by writing it.
    expect(g.history()).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  });

  it('writes a start position of its own as a FEN tag, numbering from it, and the result of a mate', () => {
    const fen = '3k5/R8/9/9/9/9/9/9/1R7/4K4 w - - 0 30';
    const g = new Xiangqi(fen);
    g.move('b1b9');
    expect(g.isCheckmate()).toBe(true);
    const text = g.pgn();
    expect(text).toContain(`[FEN "${fen}"]`);
    expect(text).toContain('[Result "1-0"]');
    expect(text.trimEnd().split('\n').at(-1)).toBe('30. B1-B9 1-0');
    const blackFirst = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7';
    const black = writeXiangqiPgn({ tags: new Map(), fen: blackFirst, moves: [{ iccs: 'h7e7', comments: ['mirror'] }, { iccs: 'h2e2', comments: [] }], result: '*' });
    expect(black.trimEnd().split('\n').at(-1)).toBe('7... H7-E7 {mirror} 8. H2-E2 *');
  });

  it('refuses a move that is not legal where it stands', () => {
    const game = (iccs: string) => ({ tags: new Map<string, string>(), fen: START_FEN, moves: [{ iccs: 'h2e2', comments: [] }, { iccs, comments: [] }], result: '*' });
    expect(() => writeXiangqiPgn(game('h2e2'))).toThrow(IllegalMoveError);
    expect(() => writeXiangqiPgn(game('zz'))).toThrow(IllegalMoveError);
    expect(writeXiangqiPgn(game('h9g7'))).toContain('1. H2-E2 H9-G7 *');
  });
});
