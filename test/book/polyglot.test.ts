import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookError, Chess, PolyglotBook, buildPolyglotBook, chessFromFen, pickBookMove, polyglotMove, writeChessFen, writePolyglotBook } from '../../src/index.js';
import { rng } from '../helpers/data.js';
import { randomPlayout } from '../helpers/playout.js';

/** One 16-byte record written by hand, big-endian as the format says. */
function record(key: bigint, move: number, weight: number, learn = 0): Uint8Array {
  const out = new Uint8Array(16);
  const v = new DataView(out.buffer);
  v.setBigUint64(0, key);
  v.setUint16(8, move);
  v.setUint16(10, weight);
  v.setUint32(12, learn);
  return out;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Polyglot's move: to file, to rank, from file, from rank (3 bits each), promotion. */
function pm(from: string, to: string, promo = 0): number {
  const f = (s: string): number => s.charCodeAt(0) - 97;
  const r = (s: string): number => s.charCodeAt(1) - 49;
  return f(to) | (r(to) << 3) | (f(from) << 6) | (r(from) << 9) | (promo << 12);
}

const START_KEY = 0x463b96181691fc9cn; // the format's published key of the start position
const AFTER_E4_KEY = 0x823c9b50fd114196n;

describe('Polyglot books', () => {
  it('reads records written by hand to the format, keyed by the published keys', () => {
    const book = PolyglotBook.fromBytes(
      concat(record(START_KEY, pm('e2', 'e4'), 30, 7), record(START_KEY, pm('d2', 'd4'), 10), record(AFTER_E4_KEY, pm('d7', 'd5'), 5)),
    );
    expect(book.size).toBe(3);
    const game = new Chess();
    const moves = book.moves(game);
    expect(moves.map((m) => [m.uci, m.san, m.weight, m.share, m.learn])).toEqual([
      ['e2e4', 'e4', 30, 0.75, 7],
      ['d2d4', 'd4', 10, 0.25, 0],
    ]);
    expect(book.count(START_KEY)).toBe(2);
    game.move('e4');
    expect(book.moves(game).map((m) => m.san)).toEqual(['d5']);
    expect(book.moves(game.fen())).toEqual(book.moves(game.position));
    game.move('d5');
    expect(book.moves(game)).toEqual([]);
    expect(book.count(game.key())).toBe(0);
  });

  it('reads castling as the king taking its rook, and writes it back that way', () => {
    const game = new Chess();
    for (const m of ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5']) game.move(m);
    const book = PolyglotBook.fromBytes(record(game.key(), pm('e1', 'h1'), 1));
    const [castle] = book.moves(game);
    expect(castle?.uci).toBe('e1g1');
    expect(castle?.san).toBe('O-O');
    expect(polyglotMove(castle!.move)).toBe(pm('e1', 'h1'));
    // The king's own two-square move, which some tools write instead, is read as castling too.
    expect(PolyglotBook.fromBytes(record(game.key(), pm('e1', 'g1'), 1)).moves(game).map((m) => m.san)).toEqual(['O-O']);
    // A king taking its own rook where castling is not legal is left out.
    for (const m of ['Ke2', 'd6', 'Ke1', 'Nf6']) game.move(m);
    expect(PolyglotBook.fromBytes(record(game.key(), pm('e1', 'h1'), 1)).moves(game)).toEqual([]);
  });

  it('reads promotions by their piece', () => {
    const pos = chessFromFen('8/4P3/8/8/8/8/k7/4K3 w - - 0 1');
    const key = pos.key64;
    const book = PolyglotBook.fromBytes(writePolyglotBook([
      { key, move: pm('e7', 'e8', 4), weight: 3 },
      { key, move: pm('e7', 'e8', 1), weight: 1 },
    ]));
    expect(book.moves(pos).map((m) => m.san)).toEqual(['e8=Q', 'e8=N']);
    // 5..7 are not promotion pieces: such a record is damaged and left out.
    expect(PolyglotBook.fromBytes(record(key, pm('e7', 'e8', 5), 1)).moves(pos)).toEqual([]);
  });

  it('leaves out records whose move is not legal in the position, and repeated moves', () => {
    const book = PolyglotBook.fromBytes(
      writePolyglotBook([
        { key: START_KEY, move: pm('e2', 'e5'), weight: 50 },
        { key: START_KEY, move: pm('g1', 'f3'), weight: 4 },
        { key: START_KEY, move: pm('g1', 'f3'), weight: 2 },
      ]),
    );
    expect(book.count(START_KEY)).toBe(3);
    expect(book.moves(new Chess()).map((m) => [m.san, m.weight, m.share])).toEqual([['Nf3', 4, 1]]);
  });

  it('gives every legal move of any position back through a book written for it (castling, en passant, promotion)', () => {
    const fens = [
      'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
      'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
      'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
      'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1',
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: fens.length - 1 }), fc.integer({ min: 0, max: 1 << 20 }), fc.integer({ min: 0, max: 12 }), (f, seed, plies) => {
        const pos = chessFromFen(fens[f]!);
        randomPlayout(pos, seed, plies, () => undefined);
        const legal = new Chess(writeChessFen(pos)).legalMoves();
        const bytes = writePolyglotBook(legal.map((m, i) => ({ key: pos.key64, move: polyglotMove(m), weight: i + 1 })));
        const got = PolyglotBook.fromBytes(bytes).moves(pos);
        expect(got.map((m) => m.move).sort()).toEqual([...legal].sort());
      }),
      { numRuns: 60 },
    );
  });

  it('makes a book from games: 2 for a win, 1 for a draw, 0 for a loss, by the side that moved', () => {
    const bytes = buildPolyglotBook([
      { moves: ['e4', 'e5', 'Nf3'], result: '1-0' },
      { moves: ['e2e4', 'c7c5'], result: '0-1' },
      { moves: ['d4', 'd5'], result: '1/2-1/2' },
      { moves: ['e4', 'e5'] },
    ]);
    const book = PolyglotBook.fromBytes(bytes);
    const game = new Chess();
    // e4: a win (2), a loss (0) and an unknown result (1); d4: a draw (1).
    expect(book.moves(game).map((m) => [m.san, m.weight])).toEqual([['e4', 3], ['d4', 1]]);
    game.move('e4');
    // For Black: e5 lost once (0) and has an unknown result (1); c5 won (2).
    expect(book.moves(game).map((m) => [m.san, m.weight])).toEqual([['c5', 2], ['e5', 1]]);
    expect([...book.records()].length).toBe(6);
    // Only moves played in two games or more; only the first ply.
    expect(PolyglotBook.fromBytes(buildPolyglotBook([{ moves: ['e4', 'e5'] }, { moves: ['e4', 'c5'] }, { moves: ['d4'] }], { minGames: 2 })).size).toBe(1);
    expect(PolyglotBook.fromBytes(buildPolyglotBook([{ moves: ['e4', 'e5', 'Nf3'] }], { maxPly: 1 })).size).toBe(1);
  });

  it('scales the weights down together when a sum passes 16 bits', () => {
    const games = Array.from({ length: 48000 }, (_, i) => ({ moves: [i % 4 === 0 ? 'd4' : 'e4'], result: '1-0' }));
    const book = PolyglotBook.fromBytes(buildPolyglotBook(games));
    const [e4, d4] = book.moves(new Chess());
    expect(e4?.weight).toBe(65535);
    expect(d4!.weight).toBe(Math.floor((24000 * 65535) / 72000));
  });

  it('writes what it reads, byte for byte', () => {
    const bytes = buildPolyglotBook([
      { moves: ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5'], result: '1-0' },
      { moves: ['e4', 'c5', 'Nf3', 'd6', 'd4'], result: '1/2-1/2' },
      { moves: ['d4', 'Nf6', 'c4', 'e6'], result: '0-1' },
    ]);
    expect(writePolyglotBook(PolyglotBook.fromBytes(bytes).records())).toEqual(bytes);
  });

  it('picks a move by weight, never one of weight 0', () => {
    const moves = [
      { move: 1, weight: 3, share: 0.75 },
      { move: 2, weight: 0, share: 0 },
      { move: 3, weight: 1, share: 0.25 },
    ];
    expect(pickBookMove(moves, () => 0)?.move).toBe(1);
    expect(pickBookMove(moves, () => 0.74)?.move).toBe(1);
    expect(pickBookMove(moves, () => 0.76)?.move).toBe(3);
    expect(pickBookMove(moves, () => 0.999999)?.move).toBe(3);
    expect(pickBookMove([{ move: 2, weight: 0, share: 0 }])).toBeNull();
    expect(pickBookMove([])).toBeNull();
    const rand = rng(5);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[pickBookMove(moves, rand)!.move]!++;
    expect(counts[2]).toBe(0);
    expect(counts[1]! / 4000).toBeGreaterThan(0.7);
    expect(counts[1]! / 4000).toBeLessThan(0.8);
    const book = PolyglotBook.fromBytes(record(START_KEY, pm('e2', 'e4'), 1));
    expect(book.pick(new Chess())?.uci).toBe('e2e4');
    expect(book.pick(new Chess('8/8/8/8/8/8/k7/4K3 w - - 0 1'))).toBeNull();
  });

  it('refuses a file that is not whole records or not sorted, saying where', () => {
    expect(() => PolyglotBook.fromBytes(new Uint8Array(20))).toThrow(BookError);
    expect(() => PolyglotBook.fromBytes(new Uint8Array(20))).toThrow(/20 bytes, is not a whole number of 16-byte records/);
    const unsorted = concat(record(START_KEY, pm('e2', 'e4'), 1), record(AFTER_E4_KEY, pm('d7', 'd5'), 1), record(START_KEY, pm('d2', 'd4'), 1));
    let err: unknown;
    try {
      PolyglotBook.fromBytes(unsorted);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BookError);
    expect((err as BookError).record).toBe(2);
    expect((err as BookError).format).toBe('polyglot');
    // Keys compare as unsigned: a key with the top bit set sorts after one without.
    expect(PolyglotBook.fromBytes(concat(record(0x7fffffffffffffffn, 1, 1), record(0x8000000000000000n, 1, 1))).size).toBe(2);
    expect(() => PolyglotBook.fromBytes(concat(record(0x8000000000000000n, 1, 1), record(1n, 1, 1)))).toThrow(BookError);
    expect(() => PolyglotBook.fromBytes('x' as unknown as Uint8Array)).toThrow(BookError);
    expect(PolyglotBook.fromBytes(new Uint8Array(0)).moves(new Chess())).toEqual([]);
  });

  it('refuses records whose fields do not fit', () => {
    expect(() => writePolyglotBook([{ key: 1n, move: 1, weight: 70000 }])).toThrow(BookError);
    expect(() => writePolyglotBook([{ key: 1n, move: 1, weight: 1, learn: -1 }])).toThrow(/learn -1/);
    expect(() => writePolyglotBook([{ key: 1n, move: 0x10000, weight: 1 }])).toThrow(/16-bit/);
  });
});
