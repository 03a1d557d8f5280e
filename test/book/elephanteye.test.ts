import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookError, ElephantEyeBook, Xiangqi, buildElephantEyeBook, mirroredLock, writeElephantEyeBook, writeXiangqiFen, xiangqiFromFen } from '../../src/index.js';
import { sharedData } from '../helpers/data.js';
import { randomPlayout } from '../helpers/playout.js';

// ElephantEye's own book (LGPL data, read from ../shared and never shipped).
const BOOK_BYTES = new Uint8Array(readFileSync(sharedData('eleeye-BOOK.DAT')));

describe('ElephantEye books', () => {
  const book = ElephantEyeBook.fromBytes(BOOK_BYTES);

  it('opens BOOK.DAT and finds the start position by its lock', () => {
    expect(book.size).toBe(12081);
    const moves = book.moves(new Xiangqi());
    const byIccs = new Map(moves.map((m) => [m.iccs, m]));
    // The central cannon on either side is the book's first choice, at equal weight.
    expect(moves.slice(0, 2).map((m) => m.iccs).sort()).toEqual(['b2e2', 'h2e2']);
    expect(byIccs.get('h2e2')?.weight).toBe(byIccs.get('b2e2')?.weight);
    expect(byIccs.get('h2e2')?.wxf).toBe('C2.5');
    expect(byIccs.get('h2e2')?.chinese).toBe('炮二平五');
    expect(moves.every((m) => !m.mirrored)).toBe(true);
    expect(moves.reduce((s, m) => s + m.share, 0)).toBeCloseTo(1, 9);
    for (let i = 1; i < moves.length; i++) expect(moves[i]!.weight).toBeLessThanOrEqual(moves[i - 1]!.weight);
  });

  it('finds a position through its mirror, and mirrors the moves back', () => {
    const right = new Xiangqi();
    right.move('h2e2');
    const left = new Xiangqi();
    left.move('b2e2');
    const r = book.moves(right);
    const l = book.moves(left);
    expect(r.length).toBeGreaterThan(0);
    // The book holds one of the two; the other is found by mirroring.
    expect(r.every((m) => m.mirrored)).not.toBe(l.every((m) => m.mirrored));
    const mirror = (iccs: string): string => iccs.replace(/[a-i]/g, (f) => String.fromCharCode(105 - (f.charCodeAt(0) - 97)));
    expect(r.map((m) => [mirror(m.iccs), m.weight])).toEqual(l.map((m) => [m.iccs, m.weight]));
    // 炮二平五 马8进7: the screen horse is the main reply.
    expect(r[0]?.chinese).toBe('马８进７');
    const game = new Xiangqi();
    for (const m of ['h2e2', r[0]!.iccs]) game.move(m);
    expect(book.moves(game).length).toBeGreaterThan(0);
  });

  it('gives only legal moves, for every position its main lines reach', () => {
    let positions = 0;
    const walk = (game: Xiangqi, depth: number): void => {
      const moves = book.moves(game);
      if (moves.length === 0) return;
      positions++;
      const legal = new Set(game.legalMoves());
      for (const m of moves) expect(legal.has(m.move)).toBe(true);
      if (depth === 0) return;
      for (const m of moves.slice(0, 3)) {
        game.move(m.move);
        walk(game, depth - 1);
        game.undo();
      }
    };
    walk(new Xiangqi(), 4);
    expect(positions).toBeGreaterThan(50);
  });

  it('computes a mirrored lock equal to the lock of the mirrored position', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1 << 20 }), fc.integer({ min: 0, max: 40 }), (seed, plies) => {
        const pos = xiangqiFromFen(new Xiangqi().fen());
        randomPlayout(pos, seed, plies, () => undefined);
        const [board, ...rest] = writeXiangqiFen(pos).split(' ');
        const flipped = board!.split('/').map((row) => [...row].reverse().join('')).join('/');
        const mirrored = xiangqiFromFen([flipped, ...rest].join(' '));
        expect(mirroredLock(pos)).toBe(mirrored.lock1 >>> 0);
        expect(mirroredLock(mirrored)).toBe(pos.lock1 >>> 0);
      }),
      { numRuns: 80 },
    );
  });

  it('gives every legal move of any position back through a book written for it, directly or mirrored', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1 << 20 }), fc.integer({ min: 0, max: 60 }), fc.boolean(), (seed, plies, asMirror) => {
        const pos = xiangqiFromFen(new Xiangqi().fen());
        randomPlayout(pos, seed, plies, () => undefined);
        const legal = new Xiangqi(writeXiangqiFen(pos)).legalMoves();
        const msq = (sq: number): number => (sq & 0xf0) | (14 - (sq & 15));
        const records = legal.map((m, i) => ({
          lock: asMirror ? mirroredLock(pos) : pos.lock1 >>> 0,
          move: asMirror ? msq(m & 0xff) | (msq((m >> 8) & 0xff) << 8) : m,
          weight: i + 1,
        }));
        const got = ElephantEyeBook.fromBytes(writeElephantEyeBook(records)).moves(pos);
        // A symmetric position is its own mirror: then it is found directly.
        if (mirroredLock(pos) !== pos.lock1 >>> 0) expect(got.every((m) => m.mirrored === asMirror)).toBe(true);
        expect(got.map((m) => m.move).sort()).toEqual([...legal].sort());
      }),
      { numRuns: 60 },
    );
  });

  it('writes the records it reads back into the same book', () => {
    const again = ElephantEyeBook.fromBytes(writeElephantEyeBook(book.records()));
    expect(again.size).toBe(book.size);
    const game = new Xiangqi();
    expect(again.moves(game)).toEqual(book.moves(game));
    game.move('g3g4');
    expect(again.moves(game)).toEqual(book.moves(game));
    expect([...again.records()].map((r) => r.lock)).toEqual([...book.records()].map((r) => r.lock));
  });

  it('makes a book from games in any notation, weighted by result, found mirrored too', () => {
    const made = ElephantEyeBook.fromBytes(
      buildElephantEyeBook([
        { moves: ['h2e2', 'h9g7', 'h0g2'], result: '1-0' },
        { moves: ['C2.5', '马８进７'], result: '0-1' },
        { moves: ['炮二平五', 'b9c7'], result: '1/2-1/2' },
        { moves: ['g3g4'] },
      ]),
    );
    const game = new Xiangqi();
    // C2.5: a win (2), a loss (0) and a draw (1); P3+1: an unknown result (1).
    expect(made.moves(game).map((m) => [m.wxf, m.weight])).toEqual([['C2.5', 3], ['P3+1', 1]]);
    game.move('h2e2');
    // For Black: H8+7 lost once (0) and won once (2); H2+3 drew (1).
    expect(made.moves(game).map((m) => [m.wxf, m.weight, m.mirrored])).toEqual([['H8+7', 2, false], ['H2+3', 1, false]]);
    const left = new Xiangqi();
    left.move('b2e2');
    expect(made.moves(left).map((m) => [m.iccs, m.weight, m.mirrored])).toEqual([['b9c7', 2, true], ['h9g7', 1, true]]);
    expect(ElephantEyeBook.fromBytes(buildElephantEyeBook([{ moves: ['h2e2', 'h9g7'] }, { moves: ['h2e2'] }], { minGames: 2 })).size).toBe(1);
    expect(() => buildElephantEyeBook([{ moves: ['h2e3'] }])).toThrow(/illegal|no legal/i);
  });

  it('picks a move by weight, reading a FEN as well as a game', () => {
    const fen = new Xiangqi().fen();
    expect(book.pick(fen, () => 0)?.move).toBe(book.moves(fen)[0]?.move);
    expect(book.pick('3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1')).toBeNull();
  });

  it('refuses a file that is not whole records or not sorted, saying where', () => {
    expect(() => ElephantEyeBook.fromBytes(BOOK_BYTES.subarray(0, 12))).toThrow(BookError);
    expect(() => ElephantEyeBook.fromBytes(BOOK_BYTES.subarray(0, 12))).toThrow(/12 bytes, is not a whole number of 8-byte records/);
    const swapped = BOOK_BYTES.slice(0, 800);
    swapped.copyWithin(0, 792, 800);
    let err: unknown;
    try {
      ElephantEyeBook.fromBytes(swapped);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BookError);
    expect((err as BookError).record).toBe(1);
    expect((err as BookError).format).toBe('elephanteye');
    expect(() => writeElephantEyeBook([{ lock: -1, move: 1, weight: 1 }])).toThrow(BookError);
    expect(() => writeElephantEyeBook([{ lock: 1, move: 0, weight: 1 }])).toThrow(/16-bit move/);
    expect(() => writeElephantEyeBook([{ lock: 1, move: 1, weight: 1.5 }])).toThrow(/weight 1.5/);
    expect(() => book.moves('not a fen')).toThrow(/invalid FEN/);
  });
});
