import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Chess, ChessPosition, chessFromFen, polyglotRandom, polyglotTable, writeChessFen } from '../../src/index.js';
import { readPerftEpd, sharedData } from '../helpers/data.js';

const RANDOM = readFileSync(sharedData('polyglot-random64.txt'), 'utf8').trim().split(/\s+/);

/** `| moves | key |` rows of polyglot-vectors.md. */
const VECTORS = readFileSync(sharedData('polyglot-vectors.md'), 'utf8')
  .split('\n')
  .map((l) => /^\|\s*([^|]*?)\s*\|\s*([0-9a-f]{16})\s*\|$/.exec(l))
  .filter((m): m is RegExpExecArray => m !== null)
  .map((m) => ({ moves: m[1] === '(none)' ? [] : m[1]!.split(/\s+/), key: BigInt('0x' + m[2]!) }));

describe('Polyglot keys', () => {
  it('the embedded table is the published 781 numbers', () => {
    expect(RANDOM.length).toBe(781);
    const table = polyglotTable();
    expect(table.length).toBe(781);
    RANDOM.forEach((h, i) => expect(table[i], `entry ${i}`).toBe(BigInt('0x' + h)));
    expect(polyglotRandom(780)).toBe(BigInt('0x' + RANDOM[780]!));
  });

  it('every vector in polyglot-vectors.md', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(9);
    for (const { moves, key } of VECTORS) {
      const game = new Chess();
      for (const m of moves) game.move(m);
      expect(game.key(), moves.join(' ') || 'start').toBe(key);
      // Reading the FEN computes the key from scratch: it must agree with the incremental one.
      expect(new Chess(game.fen()).key(), `${moves.join(' ')} from FEN`).toBe(key);
    }
  });

  it('matches a key computed directly from the specification', () => {
    for (const { fen } of readPerftEpd('chess-perftsuite.epd').slice(0, 40)) {
      expect(chessFromFen(fen).key64, fen).toBe(specKey(fen));
    }
  });
});

/** The Polyglot key straight from the specification's formula, with BigInt, as a reference. */
function specKey(fen: string): bigint {
  const [board, turn, castling, ep] = fen.split(' ');
  const R = (i: number) => BigInt('0x' + RANDOM[i]!);
  let key = 0n;
  board!.split('/').forEach((row, r) => {
    let file = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const kind = 2 * 'pnbrqk'.indexOf(ch.toLowerCase()) + (ch === ch.toUpperCase() ? 1 : 0);
      key ^= R(64 * kind + 8 * (7 - r) + file);
      file++;
    }
  });
  'KQkq'.split('').forEach((c, i) => {
    if (castling!.includes(c)) key ^= R(768 + i);
  });
  if (ep !== '-') {
    // Only when a pawn of the side to move stands beside the double-stepped pawn.
    const f = ep!.charCodeAt(0) - 97;
    const rows = board!.split('/').map((row) => row.replace(/\d/g, (d) => '.'.repeat(Number(d))));
    const row = turn === 'w' ? rows[3]! : rows[4]!;
    const pawn = turn === 'w' ? 'P' : 'p';
    if (row[f - 1] === pawn || row[f + 1] === pawn) key ^= R(772 + f);
  }
  if (turn === 'w') key ^= R(780);
  return key;
}

/** Everything that make/unmake must restore. */
function snapshot(pos: ChessPosition) {
  return {
    fen: writeChessFen(pos),
    board: Array.from(pos.board),
    lists: Array.from(pos.squares.subarray(0, 32 * 16)).filter((_, i) => (i & 15) < pos.count[i >> 4]!),
    count: Array.from(pos.count),
    key: pos.key64,
    pawnKey: pos.pawnKey64,
    castling: pos.castling,
    ep: pos.epSquare,
    clock: pos.halfmoveClock,
    ply: pos.ply,
  };
}

const SEEDS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
  '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
  'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
  'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1',
];

describe('make/unmake properties (fast-check)', () => {
  it('after random legal moves the incremental keys equal keys computed from scratch, and unmake restores everything', () => {
    const buf = new Int32Array(256);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SEEDS.length - 1 }), fc.array(fc.nat(), { minLength: 1, maxLength: 60 }), (seed, choices) => {
        const pos = chessFromFen(SEEDS[seed]!);
        const snaps = [snapshot(pos)];
        for (const c of choices) {
          const n = pos.generate(buf, 0, false);
          if (n === 0) break;
          pos.makeMove(buf[c % n]!);
          const fresh = chessFromFen(writeChessFen(pos));
          expect(pos.key64).toBe(fresh.key64);
          expect(pos.pawnKey64).toBe(fresh.pawnKey64);
          expect(pos.pawnKey64).toBe(pawnOnlyKey(fresh));
          snaps.push(snapshot(pos));
        }
        for (let i = snaps.length - 1; i > 0; i--) {
          expect(snapshot(pos)).toEqual(snaps[i]);
          pos.unmakeMove();
        }
        expect(snapshot(pos)).toEqual(snaps[0]);
      }),
      { numRuns: 300, seed: 42 },
    );
  });

  it('null moves flip the side, drop the en-passant file and are undone exactly', () => {
    const pos = chessFromFen('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3');
    const before = snapshot(pos);
    pos.makeNull();
    expect(pos.sideToMove).toBe(1);
    expect(pos.key64).toBe(chessFromFen(writeChessFen(pos)).key64);
    pos.unmakeNull();
    expect(snapshot(pos)).toEqual(before);
  });

  it('the pawn key depends on pawns only', () => {
    const a = chessFromFen('4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1');
    const b = chessFromFen('r3k3/pp6/8/8/8/5N2/PP6/1Q2K3 b - - 0 1');
    expect(a.pawnKey64).toBe(b.pawnKey64);
    expect(a.key64).not.toBe(b.key64);
    expect(chessFromFen('4k3/p7/8/8/8/8/PP6/4K3 w - - 0 1').pawnKey64).not.toBe(a.pawnKey64);
  });
});

/** The XOR of the Polyglot numbers of the pawns alone. */
function pawnOnlyKey(pos: ChessPosition): bigint {
  let key = 0n;
  for (let sq = 0; sq < 128; sq++) {
    const pc = pos.board[sq]!;
    if ((pc & 7) !== 1) continue;
    const kind = pc & 8 ? 1 : 0;
    key ^= BigInt('0x' + RANDOM[64 * kind + 8 * (sq >> 4) + (sq & 7)]!);
  }
  return key;
}
