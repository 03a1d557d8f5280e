import { describe, expect, it } from 'vitest';
import { Chess, CHESS_START_FEN, readPgn, writePgn } from '../../src/index.js';
import { readPerftEpd, rng } from '../helpers/data.js';
import { mutate as mutateWith, randomString as randomFrom, typedOrOk } from '../helpers/fuzz.js';

const ALPHABET = 'pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0xX=+#!?.OZ$(){};[]"\n\u00e9';
const mutate = (text: string, rand: () => number, maxEdits = 4): string => mutateWith(text, rand, ALPHABET, maxEdits);
const randomString = (rand: () => number, max: number): string => randomFrom(rand, max, ALPHABET);
const SEED_FENS = [CHESS_START_FEN, ...readPerftEpd('chess-perftsuite.epd').map((e) => e.fen)];

const PGN_SEED = `[Event "Fuzz"]
[Site "?"]
[Result "1/2-1/2"]

{Start} 1. e4 c5 2. Nf3 (2. c3 d5 3. exd5 Qxd5) 2... d6 $1 3. d4 cxd4 4. Nxd4 Nf6
5. Nc3 a6!? 6. Be3 e5 7. Nb3 Be6 8. f3 Be7 9. Qd2 O-O 10. O-O-O Nbd7 1/2-1/2

[Event "Second"]
[FEN "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"]
[SetUp "1"]

1. O-O-O b3 2. axb3 O-O (2... hxg2 3. Qxg2) 3. Kb1 *
`;

describe('chess fuzz', () => {
  it('10,000 random and mutated FENs give a FenError or a valid, self-consistent position', () => {
    const rand = rng(20261121);
    let accepted = 0;
    for (let i = 0; i < 10_000; i++) {
      const fen = i % 5 === 0 ? randomString(rand, 80) : mutate(SEED_FENS[i % SEED_FENS.length]!, rand);
      let game: Chess | undefined;
      if (typedOrOk(() => (game = new Chess(fen)))) {
        accepted++;
        const again = new Chess(game!.fen());
        expect(again.fen()).toBe(game!.fen());
        expect(again.key()).toBe(game!.key());
        game!.perft(2); // generation and make/unmake work on anything accepted
        expect(game!.fen()).toBe(again.fen());
      }
    }
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(9_000);
  });

  it('10,000 random SAN/UCI strings give a typed error or a legal move, and a rejected move changes nothing', () => {
    const rand = rng(11);
    const game = new Chess();
    const pool = ['e4', 'Nf3', 'N1f3', 'Ngf3', 'exd5', 'exd6e.p.', '0-0', 'O-O-O', 'e8Q', 'e8=Q+', 'Qh4xe1', 'e2e4', 'e7e8q', 'Kxe2', 'bxc3', 'Bxc3', 'a1', 'Z0', '--', ''];
    let made = 0;
    for (let i = 0; i < 10_000; i++) {
      let text: string;
      const r = rand();
      if (r < 0.3) text = pool[Math.floor(rand() * pool.length)]!;
      else if (r < 0.6) {
        const legal = game.moves({ notation: 'san' });
        text = mutate(legal[Math.floor(rand() * legal.length)] ?? 'e4', rand, 1);
      } else text = randomString(rand, 8);
      const before = { fen: game.fen(), key: game.key(), ply: game.position.ply };
      const legal = game.moves();
      if (typedOrOk(() => game.move(text))) {
        made++;
        expect(legal).toContain(game.history({ notation: 'uci' }).at(-1));
        if (game.isGameOver() || game.position.ply > 200) game.load(CHESS_START_FEN);
      } else {
        expect({ fen: game.fen(), key: game.key(), ply: game.position.ply }).toEqual(before);
      }
      const n = Math.floor(rand() * 0x400000);
      const b2 = game.fen();
      if (!typedOrOk(() => game.move(n))) expect(game.fen()).toBe(b2);
      else if (game.isGameOver()) game.load(CHESS_START_FEN);
    }
    expect(made).toBeGreaterThan(500);
  });

  it('the PGN seed itself reads', () => {
    expect(readPgn(PGN_SEED).map((g) => g.moves.length)).toEqual([20, 5]);
  });

  it('10,000 mutated PGN texts give a PgnError or games that write and read back the same', () => {
    const rand = rng(99);
    let accepted = 0;
    for (let i = 0; i < 10_000; i++) {
      const text = i % 10 === 0 ? randomString(rand, 200) : mutate(PGN_SEED, rand, 2);
      let games: ReturnType<typeof readPgn> = [];
      if (typedOrOk(() => (games = readPgn(text)))) {
        accepted++;
        for (const g of games) {
          const again = readPgn(writePgn(g));
          expect(again.length).toBe(1);
          expect(again[0]!.moves.map((m) => m.uci)).toEqual(g.moves.map((m) => m.uci));
        }
      }
    }
    expect(accepted).toBeGreaterThan(500);
    expect(accepted).toBeLessThan(9_900);
  });
});
