import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BookError, Chess, Engine, QiengineError, Xiangqi, bookChoices, bookGame, buildPolyglotBook, chooseBookMove, openBook } from '../../src/index.js';
import { rng, sharedData } from '../helpers/data.js';

const XIANGQI_BOOK = openBook('xiangqi', new Uint8Array(readFileSync(sharedData('eleeye-BOOK.DAT'))));
const CHESS_BOOK = openBook('chess', buildPolyglotBook([
  { moves: ['e4', 'e5'], result: '1-0' },
  { moves: ['d4', 'd5'], result: '1-0' },
  { moves: ['d4', 'Nf6'], result: '1/2-1/2' },
]));

describe('books for a game in progress', () => {
  it('opens the format of each game, and says which game a book is for', () => {
    expect(bookGame(XIANGQI_BOOK)).toBe('xiangqi');
    expect(bookGame(CHESS_BOOK)).toBe('chess');
    expect(() => openBook('chess', new Uint8Array(8))).toThrow(BookError);
  });

  it('lists the moves in protocol coordinates and human notation, from a spec or a game object', () => {
    expect(bookChoices(CHESS_BOOK, { game: 'chess' })).toEqual([
      { move: 'd2d4', human: 'd4', weight: 3, share: 3 / 5 },
      { move: 'e2e4', human: 'e4', weight: 2, share: 2 / 5 },
    ]);
    const game = new Chess();
    game.move('d4');
    expect(bookChoices(CHESS_BOOK, game).map((c) => [c.human, c.weight])).toEqual([['Nf6', 1], ['d5', 0]]);
    const xq = new Xiangqi();
    xq.move('h2e2');
    const fromGame = bookChoices(XIANGQI_BOOK, xq);
    expect(fromGame).toEqual(bookChoices(XIANGQI_BOOK, { game: 'xiangqi', moves: ['h2e2'] }));
    expect(fromGame[0]).toMatchObject({ move: 'h9g7', human: 'H8+7' });
  });

  it('weights a move 0 where it repeats a position of the game, and honours searchmoves and banmoves', () => {
    const book = openBook('chess', buildPolyglotBook([{ moves: ['Nf3', 'Nf6', 'Ng1', 'Ng8'] }]));
    expect(bookChoices(book, { game: 'chess', moves: ['g1f3', 'g8f6', 'f3g1'] })).toEqual([{ move: 'f6g8', human: 'Ng8', weight: 0, share: 0 }]);
    expect(chooseBookMove(book, { game: 'chess', moves: ['g1f3', 'g8f6', 'f3g1'] })).toBeNull();
    expect(bookChoices(CHESS_BOOK, { game: 'chess' }, { searchMoves: ['e2e4'] }).map((c) => c.move)).toEqual(['e2e4']);
    expect(bookChoices(CHESS_BOOK, { game: 'chess' }, { banMoves: ['d2d4'] }).map((c) => [c.move, c.share])).toEqual([['e2e4', 1]]);
    expect(chooseBookMove(CHESS_BOOK, { game: 'chess' }, { banMoves: ['d2d4', 'e2e4'] })).toBeNull();
  });

  it('chooses by weight with the dice given', () => {
    const rand = rng(3);
    let d4 = 0;
    for (let i = 0; i < 3000; i++) if (chooseBookMove(CHESS_BOOK, { game: 'chess' }, { random: rand })?.move === 'd2d4') d4++;
    expect(d4 / 3000).toBeGreaterThan(0.56);
    expect(d4 / 3000).toBeLessThan(0.64);
    expect(chooseBookMove(CHESS_BOOK, { game: 'chess' }, { random: () => 0.9 })?.move).toBe('e2e4');
  });

  it('refuses a book of the other game and a bad position', () => {
    expect(() => bookChoices(CHESS_BOOK, { game: 'xiangqi' })).toThrow(/Polyglot book is for chess, not xiangqi/);
    expect(() => bookChoices(XIANGQI_BOOK, new Chess())).toThrow(/ElephantEye book is for xiangqi, not chess/);
    expect(() => bookChoices(CHESS_BOOK, { game: 'chess', moves: ['e2e5'] })).toThrow(/illegal move/);
  });
});

describe("the Engine's book", () => {
  it('answers a position its book knows at once, with the heaviest reply as the ponder move', async () => {
    const engine = new Engine({ thread: 'inline', book: [CHESS_BOOK, XIANGQI_BOOK], random: () => 0 });
    try {
      const r = await engine.search({ game: 'chess' }, { depth: 3 });
      expect(r).toMatchObject({ bestMove: 'd2d4', ponderMove: 'g8f6', pv: ['d2d4', 'g8f6'], pvNotation: ['d4', 'Nf6'], nodes: 0, depth: 0, score: { cp: 0 } });
      expect(r.book).toEqual({ move: 'd2d4', human: 'd4', weight: 3, share: 3 / 5 });
      // The other game's book serves that game, in the notation asked for.
      const x = engine.searchSync({ game: 'xiangqi', moves: ['h2e2'] }, { depth: 3, notation: 'chinese' });
      expect(x.bestMove).toBe('h9g7');
      expect(x.pvNotation[0]).toBe('马８进７');
      expect(x.book?.human).toBe('H8+7');
    } finally {
      engine.close();
    }
  });

  it('searches where the book is silent, is told not to ask it, or is asked for analysis', async () => {
    const engine = new Engine({ thread: 'inline', book: CHESS_BOOK });
    try {
      // e4 e5: the book has nothing after it.
      const out = await engine.search({ game: 'chess', moves: ['e2e4', 'e7e5'] }, { depth: 2 });
      expect(out.book).toBeUndefined();
      expect(out.nodes).toBeGreaterThan(0);
      expect((await engine.search({ game: 'chess' }, { depth: 2, book: false })).book).toBeUndefined();
      expect(engine.searchSync({ game: 'chess' }, { depth: 2, multiPv: 2 }).lines).toHaveLength(2);
      const stop = new AbortController();
      setTimeout(() => stop.abort(), 50);
      expect((await engine.search({ game: 'chess' }, { signal: stop.signal })).book).toBeUndefined();
      // No xiangqi book: xiangqi searches.
      expect(engine.searchSync({ game: 'xiangqi' }, { depth: 1 }).nodes).toBeGreaterThan(0);
      // searchmoves and banmoves bind the book too.
      expect(engine.searchSync({ game: 'chess' }, { depth: 1, searchMoves: ['e2e4'] }).book?.move).toBe('e2e4');
      expect(engine.searchSync({ game: 'chess' }, { depth: 1, banMoves: ['d2d4', 'e2e4'] }).book).toBeUndefined();
      engine.setBook(null);
      expect(engine.searchSync({ game: 'chess' }, { depth: 1 }).book).toBeUndefined();
    } finally {
      engine.close();
    }
  });

  it('refuses two books for one game and leaves the books as they were', () => {
    const engine = new Engine({ thread: 'inline', book: CHESS_BOOK });
    expect(() => engine.setBook([CHESS_BOOK, CHESS_BOOK])).toThrow(/two opening books for chess/);
    expect(engine.searchSync({ game: 'chess' }, { depth: 1 }).book).toBeDefined();
    expect(() => new Engine({ book: [XIANGQI_BOOK, XIANGQI_BOOK] })).toThrow(QiengineError);
    engine.close();
  });

  it('still rejects a bad position before asking the book', async () => {
    const engine = new Engine({ thread: 'inline', book: CHESS_BOOK });
    await expect(engine.search({ game: 'chess', moves: ['e2e5'] })).rejects.toThrow(/illegal move/);
    engine.close();
  });
});
