import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IllegalMoveError, PgnError, QiengineError } from '../../src/core/errors.js';
import { Chess } from '../../src/chess/game.js';
import { Xiangqi } from '../../src/xiangqi/game.js';
import { iterateXiangqiPgn, readXiangqiPgn, writeXiangqiPgn } from '../../src/xiangqi/pgn.js';
import { START_FEN } from '../../src/xiangqi/fen.js';
import { rng } from '../helpers/data.js';

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

describe('reading xiangqi PGN', () => {
  const ICCS_GAME = [
    '[Game "Chinese Chess"]',
    '[Event "club night"]',
    '[Red "Lin"]',
    '[Black "Wu"]',
    '[Result "1-0"]',
    '[Format "ICCS"]',
    '',
    '{before the first move} 1. H2-E2 H9-G7 {the horse} 2. H0-G2 $1 I9-H9',
    '(2... B7-E7 3. I0-H0) 3. I0-H0 1-0',
    '',
  ].join('\n');

  it('reads tags, moves, comments, NAGs, variations and the result', () => {
    const [g, ...rest] = readXiangqiPgn(ICCS_GAME);
    expect(rest).toEqual([]);
    expect([...g!.tags.keys()]).toEqual(['Game', 'Event', 'Red', 'Black', 'Result', 'Format']);
    expect(g!.fen).toBe(START_FEN);
    expect(g!.comments).toEqual(['before the first move']);
    expect(g!.moves.map((n) => n.iccs)).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9', 'i0h0']);
    expect(g!.moves.map((n) => n.wxf)).toEqual(['C2.5', 'H8+7', 'H2+3', 'R9.8', 'R1.2']);
    expect(g!.moves[1]!.comments).toEqual(['the horse']);
    expect(g!.moves[2]!.nags).toEqual([1]);
    const v = g!.moves[3]!.variations;
    expect(v.map((line) => line.map((n) => n.iccs))).toEqual([['b7e7', 'i0h0']]);
    expect(g!.result).toBe('1-0');
    // Skipped variations leave the main line as it was.
    const skipped = readXiangqiPgn(ICCS_GAME, { variations: 'skip' })[0]!;
    expect(skipped.moves.map((n) => n.iccs)).toEqual(g!.moves.map((n) => n.iccs));
    expect(skipped.moves[3]!.variations).toEqual([]);
  });

  it('reads the same game in WXF and in Chinese (simplified, traditional, full-width digits)', () => {
    const wxf = readXiangqiPgn('[Format "WXF"]\n1. C2.5 H8+7 2. H2+3 R9.8 *')[0]!;
    const chinese = readXiangqiPgn('[Format "Chinese"]\n1. 炮二平五　马８进７ 2. 傌二進三 车9平8 *')[0]!;
    const coords = readXiangqiPgn('1.h2e2 h9g7 2.H0-G2 2...i9h9 *')[0]!;
    for (const g of [wxf, chinese, coords]) expect(g.moves.map((n) => n.iccs)).toEqual(['h2e2', 'h9g7', 'h0g2', 'i9h9']);
  });

  it('takes a number glued to a move, but not a WXF pawn move that looks like one', () => {
    // Red's pawn on its file 3 (g5) moves along to file 4 (f5): `33.4` in WXF's digit form.
    const fen = '3k5/9/9/9/6P2/9/9/9/9/4K4 w - - 0 1';
    const g = readXiangqiPgn(`[FEN "${fen}"]\n1.33.4 D9-D8 2. 44.3 *`)[0]!;
    expect(g.moves.map((n) => n.iccs)).toEqual(['g5f5', 'd9d8', 'f5g5']);
  });

  it('numbers from a FEN start and reads several games, one after another', () => {
    const text = '[FEN "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7"]\n7... H7-E7 8. H2-E2 *\n\n[Event "two"]\n1. C2.5 0-1\n';
    const games = [...iterateXiangqiPgn(text)];
    expect(games.map((g) => g.moves.map((n) => n.iccs))).toEqual([['h7e7', 'h2e2'], ['h2e2']]);
    expect(games.map((g) => g.result)).toEqual(['*', '0-1']);
    expect(games[0]!.fen).toContain(' b - - 0 7');
    expect(games[1]!.tags.get('Event')).toBe('two');
  });

  it('writes back what it reads, in each notation, variations and comments included', () => {
    const g = readXiangqiPgn(ICCS_GAME)[0]!;
    const iccs = writeXiangqiPgn(g);
    expect(iccs.split('\n').slice(-3)).toEqual(['{before the first move} 1. H2-E2 H9-G7 {the horse} 2. H0-G2 $1 I9-H9 (2... B7-E7', '3. I0-H0) 3. I0-H0 1-0', '']);
    for (const format of ['iccs', 'wxf', 'chinese'] as const) {
      const again = readXiangqiPgn(writeXiangqiPgn(g, { format }))[0]!;
      expect(again.moves).toEqual(g.moves);
      expect(again.comments).toEqual(g.comments);
      expect(again.result).toBe('1-0');
    }
  });

  it('names the game, line and token of a problem, with a typed error', () => {
    const fail = (text: string): PgnError => {
      try {
        readXiangqiPgn(text);
      } catch (e) {
        expect(e).toBeInstanceOf(PgnError);
        return e as PgnError;
      }
      throw new Error('no error');
    };
    const illegal = fail('1. C2.5 H8+7 *\n\n[Event "b"]\n1. H2-E2\nH2-E2 *');
    expect(illegal.message).toMatch(/game 2/);
    expect(illegal.message).toMatch(/line 5/);
    expect(illegal.message).toMatch(/H2-E2/);
    expect(fail('[Game "Chess"]\n1. e4 *').message).toMatch(/not a xiangqi game/);
    expect(fail('[FEN "9/9 w"]\n1. H2-E2 *').message).toMatch(/bad \[FEN\] tag/);
    expect(fail('1. H2-E2 {unclosed').message).toMatch(/unterminated comment/);
    expect(fail('1. C2.5 (H2-E2').message).toMatch(/not closed|no legal move|legal/);
  });
});

describe('Xiangqi.loadPgn', () => {
  it('loads the main line and tags of the first game, and keeps the game on an error', () => {
    const g = new Xiangqi();
    g.loadPgn('[Red "Lin"]\n1. 炮二平五 马８进７ (1... C8.5) 2. H2+3 *');
    expect(g.history()).toEqual(['h2e2', 'h9g7', 'h0g2']);
    expect(g.tags.get('Red')).toBe('Lin');
    const fen = g.fen();
    expect(() => g.loadPgn('1. H2-E2 H2-E2 *')).toThrow(PgnError);
    expect(() => g.loadPgn('')).toThrow(QiengineError);
    expect(g.fen()).toBe(fen);
    expect(g.history()).toEqual(['h2e2', 'h9g7', 'h0g2']);
    // What it writes, it loads again.
    const h = new Xiangqi();
    h.loadPgn(g.pgn({ format: 'chinese' }));
    expect(h.fen()).toBe(fen);
  });

  it('carries the history the repetition rules read', () => {
    const g = new Xiangqi();
    // The start position comes round a fourth time: the third repetition ends the game.
    g.loadPgn(`${'H0-G2 H9-G7 G2-H0 G7-H9 '.repeat(3)}*`);
    expect(g.history().length).toBe(12);
    expect(g.status()).toEqual({ over: true, reason: 'repetition', winner: null });
  });
});

describe('xiangqi PGN round trip (property)', () => {
  it('a random game written in any notation, with comments, reads back to the same moves and position', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constantFrom('iccs', 'wxf', 'chinese'), (seed, format) => {
        const rand = rng(seed);
        const g = new Xiangqi();
        const moves: Array<{ iccs: string; comments: string[] }> = [];
        for (let ply = 0; ply < 60 && !g.status().over; ply++) {
          const legal = g.moves();
          const iccs = legal[Math.floor(rand() * legal.length)]!;
          g.move(iccs);
          moves.push({ iccs, comments: rand() < 0.2 ? [`note ${ply}`] : [] });
        }
        const text = writeXiangqiPgn({ tags: new Map([['Event', 'prop']]), fen: START_FEN, moves, result: '*' }, { format });
        const back = readXiangqiPgn(text)[0]!;
        expect(back.moves.map((n) => n.iccs)).toEqual(moves.map((m) => m.iccs));
        expect(back.moves.map((n) => n.comments)).toEqual(moves.map((m) => m.comments));
        const h = new Xiangqi();
        h.loadPgn(text);
        expect(h.fen()).toBe(g.fen());
        expect(h.tags.get('Event')).toBe('prop');
      }),
      { numRuns: 40 },
    );
  });
});

describe('startFen', () => {
  it('is the position before the history, for either game, whatever has been played or taken back', () => {
    const fen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7';
    const x = new Xiangqi(fen);
    x.move('h7e7');
    x.move('h2e2');
    expect(x.startFen()).toBe(fen);
    expect(x.fen()).not.toBe(fen);
    x.undo();
    expect(x.startFen()).toBe(fen);
    const c = new Chess();
    c.move('e4');
    c.move('e5');
    expect(c.startFen()).toBe(new Chess().fen());
    c.load('4k3/8/8/8/8/8/8/4K2R w K - 3 40');
    c.move('O-O');
    expect(c.startFen()).toBe('4k3/8/8/8/8/8/8/4K2R w K - 3 40');
  });
});

describe('Xiangqi comments on positions', () => {
  it('keeps a PGN\'s comments through loadPgn and pgn(), and lets a GUI set, read and remove them', () => {
    const game = new Xiangqi();
    game.loadPgn('[Game "Chinese Chess"]\n\n{An opening} 1. H2-E2 {the central cannon} H7-G7 2. H0-G2 {guards the pawn} *');
    const comments = game.getComments();
    expect(comments.map((c) => c.comment)).toEqual(['An opening', 'the central cannon', 'guards the pawn']);
    expect(comments[0]!.fen).toBe(START_FEN);
    const text = game.pgn({ format: 'wxf' });
    expect(text).toContain('{An opening} 1. C2.5 {the central cannon} 1... C8.7 2. H2+3 {guards the pawn} *');
    const again = new Xiangqi();
    again.loadPgn(text);
    expect(again.getComments()).toEqual(comments);
    expect(game.removeComment()).toBe('guards the pawn');
    game.setComment('a solid reply');
    expect(game.clone().getComment()).toBe('a solid reply');
    game.undo();
    expect(game.getComments().map((c) => c.comment)).toEqual(['An opening', 'the central cannon']);
    game.load(START_FEN);
    expect(game.getComments()).toEqual([]);
  });
});
