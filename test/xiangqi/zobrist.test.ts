import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hex32, RC4, Xiangqi, xiangqiZobristTable, XiangqiPosition, readXiangqiFen, writeXiangqiFen } from '../../src/index.js';
import { PLAYER_KEY, PLAYER_LOCK0, PLAYER_LOCK1, RAW_KEY, RAW_LOCK0, RAW_LOCK1 } from '../../src/xiangqi/zobrist.js';
import { rng } from '../helpers/data.js';

describe('xiangqi Zobrist words (xiangqi-zobrist-vectors.md)', () => {
  it('raw table entries', () => {
    expect([PLAYER_KEY, PLAYER_LOCK0, PLAYER_LOCK1].map(hex32)).toEqual(['418918de', '3a5d37a3', '671e068a']);
    expect([RAW_KEY[0]!, RAW_LOCK0[0]!, RAW_LOCK1[0]!].map(hex32)).toEqual(['6d926e57', 'a37f1ac7', '97ebccf0']);
    const i = 4 * 256 + 0xc3;
    expect([RAW_KEY[i]!, RAW_LOCK0[i]!, RAW_LOCK1[i]!].map(hex32)).toEqual(['394308e0', '9c40a21e', '64960e62']);
    expect(xiangqiZobristTable()[i]).toBe(0x9c40a21e394308e0n);
  });

  it('the RC4 stream with an empty key starts as RC4 does', () => {
    const r = new RC4();
    // The first output bytes of RC4 with an all-zero key (known answer).
    expect([r.nextByte(), r.nextByte(), r.nextByte(), r.nextByte()]).toEqual([0xde, 0x18, 0x89, 0x41]);
  });

  it.each([
    [[], 'e6db463e', '8f899c24', '052656d5', 0x8f899c24e6db463en],
    [['h2e2'], 'e2049e57', 'eabc90f8', 'eb505d7d', 0xeabc90f8e2049e57n],
    [['h2e2', 'h9g7'], '4ebda1f1', 'fa12f010', 'df3ad30d', 0xfa12f0104ebda1f1n],
    [['h2e2', 'h7e7'], 'f0128fd3', 'dcf02f51', 'd72f0aa7', 0xdcf02f51f0128fd3n],
    [['h2e2', 'h7e7', 'e2e6'], '456e2919', 'bb9629ee', '762a6b65', 0xbb9629ee456e2919n],
  ] as const)('start + %j', (moves, key, lock0, lock1, key64) => {
    const game = new Xiangqi();
    for (const m of moves) game.move(m);
    expect(game.keyWords()).toEqual({ key, lock0, lock1 });
    expect(game.key64()).toBe(key64);
    // The same words from scratch, through the FEN.
    expect(new Xiangqi(game.fen()).key64()).toBe(key64);
    // And back again after undo.
    for (const _ of moves) game.undo();
    expect(game.keyWords().key).toBe('e6db463e');
  });

  it('empty board with red to move is 0 0 0', () => {
    const p = new XiangqiPosition();
    expect([p.keyLo, p.keyHi, p.lock1]).toEqual([0, 0, 0]);
  });
});

/** Recomputes the incremental fields from scratch by writing and re-reading the FEN. */
function fromScratch(pos: XiangqiPosition) {
  const q = new XiangqiPosition();
  readXiangqiFen(writeXiangqiFen(pos), q);
  return incremental(q);
}
function incremental(pos: XiangqiPosition) {
  return {
    keyLo: pos.keyLo,
    keyHi: pos.keyHi,
    lock1: pos.lock1,
    red: pos.valueRed,
    black: pos.valueBlack,
    endRed: pos.endRed,
    endBlack: pos.endBlack,
    phase: pos.phase,
    materialSignature: pos.materialSignature,
    riverSignature: pos.riverSignature,
    // The line-occupancy bits that the generator's scans read.
    rankBits: Array.from(pos.rankBits),
    fileBits: Array.from(pos.fileBits),
  };
}

describe('incremental state (property)', () => {
  it('after any random sequence of make and unmake, keys, values, line bits and board equal a from-scratch computation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.array(fc.boolean(), { minLength: 1, maxLength: 120 }), (seed, steps) => {
        const rand = rng(seed);
        const game = new Xiangqi();
        const pos = game.position;
        const start = fromScratch(pos);
        for (const forward of steps) {
          const moves = game.legalMoves();
          // Looking at captures and quiet moves borrows the board for a moment; it must give it back as it was.
          for (const m of moves) {
            pos.losingCapture(m);
            pos.losingQuiet(m);
          }
          if (forward && moves.length > 0) pos.make(moves[Math.floor(rand() * moves.length)]!);
          else if (pos.ply > 0) pos.unmake();
          expect(incremental(pos)).toEqual(fromScratch(pos));
          for (let id = 16; id < 48; id++) {
            const sq = pos.pieceSquare[id]!;
            if (sq !== 0) expect(pos.board[sq]).toBe(id); // piece lists agree with the board
          }
        }
        while (pos.ply > 0) pos.unmake();
        expect(incremental(pos)).toEqual(start);
        expect(game.fen()).toBe(new Xiangqi().fen());
      }),
      { numRuns: 150 },
    );
  });
});
