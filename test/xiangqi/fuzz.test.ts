import { describe, expect, it } from 'vitest';
import { Xiangqi, XIANGQI_START_FEN } from '../../src/index.js';
import { readPerftEpd, rng } from '../helpers/data.js';
import { mutate as mutateWith, randomString as randomFrom, typedOrOk } from '../helpers/fuzz.js';

const ALPHABET = 'rnbakcpRNBAKCPehEH0123456789/ wrb-_xX\u00e9炮';
const mutate = (text: string, rand: () => number, maxEdits = 4): string => mutateWith(text, rand, ALPHABET, maxEdits);
const randomString = (rand: () => number, max: number): string => randomFrom(rand, max, ALPHABET);
const SEED_FENS = [XIANGQI_START_FEN, ...readPerftEpd('xiangqi-perft-public.epd').map((e) => e.fen)];

describe('fuzz', () => {
  it('10,000 random and mutated FENs give a FenError or a valid, self-consistent position', () => {
    const rand = rng(20261121);
    let accepted = 0;
    for (let i = 0; i < 10_000; i++) {
      const fen = i % 5 === 0 ? randomString(rand, 80) : mutate(SEED_FENS[i % SEED_FENS.length]!, rand);
      let game: Xiangqi | undefined;
      if (typedOrOk(() => (game = new Xiangqi(fen)))) {
        accepted++;
        const again = new Xiangqi(game!.fen());
        expect(again.fen()).toBe(game!.fen());
        expect(again.key64()).toBe(game!.key64());
        game!.moves(); // generation works on anything accepted
      }
    }
    // Both outcomes must really occur, or the fuzzer is not exploring.
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(9_000);
  });

  it('10,000 random move strings give an IllegalMoveError or a legal move, and a rejected move changes nothing', () => {
    const rand = rng(7);
    const game = new Xiangqi();
    const pool = ['h2e2', 'H2-E2', 'C2.5', 'C2=5', 'c25', '炮二平五', '马８进７', 'R9+1', 'P+.4', '++.1', '3-.4', '前车进一', 'e0e1', 'a0a9', 'z9z9', ''];
    let made = 0;
    for (let i = 0; i < 10_000; i++) {
      const text = rand() < 0.5 ? pool[Math.floor(rand() * pool.length)]! : randomString(rand, 8);
      const legal = game.moves();
      const before = { fen: game.fen(), key: game.key64(), ply: game.position.ply };
      if (typedOrOk(() => game.move(text))) {
        made++;
        expect(legal).toContain(game.history().at(-1));
        if (game.isGameOver() || game.position.ply > 150) game.load(XIANGQI_START_FEN);
      } else {
        expect({ fen: game.fen(), key: game.key64(), ply: game.position.ply }).toEqual(before);
      }
      // Engine integers too, legal or not.
      const n = Math.floor(rand() * 65536);
      const b2 = game.fen();
      if (!typedOrOk(() => game.move(n))) expect(game.fen()).toBe(b2);
      else if (game.isGameOver()) game.load(XIANGQI_START_FEN);
    }
    expect(made).toBeGreaterThan(0);
  });
});
