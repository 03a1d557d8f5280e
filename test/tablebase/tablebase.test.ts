import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Chess, Engine, Xiangqi } from '../../src/index.js';
import { TablebaseError, pack, unpack, writeTableFile } from '../../src/tablebase/file.js';
import { buildTables, materialOf, type GeneratedTable } from '../../src/tablebase/generate.js';
import { TableIndex } from '../../src/tablebase/indexing.js';
import { canonicalMaterial, capturesFrom, isCanonical, isDeadDraw, materialName, parseMaterial } from '../../src/tablebase/material.js';
import { Tablebases } from '../../src/tablebase/probe.js';
import { tablebaseRules } from '../../src/tablebase/rules.js';
import { INVALID, codeDistance, codeIsWin, oneFurther } from '../../src/tablebase/values.js';
import { rng } from '../helpers/data.js';

const built = new Map<string, GeneratedTable>();
const table = (game: 'chess' | 'xiangqi', name: string): GeneratedTable => buildTables(parseMaterial(game, name), built);

/** FEN of a table's position `i` (set up on a fresh board). */
function fenOf(t: GeneratedTable, i: number): string | null {
  const rules = tablebaseRules(t.material.game);
  const pos = rules.newPosition();
  if (!t.index.decode(i, pos)) return null;
  const game = t.material.game === 'chess' ? new Chess() : new Xiangqi();
  (game.position as unknown as { copyFrom(p: unknown): void }).copyFrom(pos);
  return game.fen();
}

describe('tablebase materials', () => {
  it('reads names, puts the stronger side first, and knows the dead draws', () => {
    expect(materialName(parseMaterial('xiangqi', 'kraavk'))).toBe('KRAAvK');
    expect(materialName(parseMaterial('xiangqi', 'KNBvKA'))).toBe('KHEvKA');
    expect(isCanonical(parseMaterial('chess', 'KvKR'))).toBe(false);
    expect(materialName(canonicalMaterial(parseMaterial('chess', 'KvKR')))).toBe('KRvK');
    expect(isDeadDraw(parseMaterial('chess', 'KBvKN'))).toBe(true);
    expect(isDeadDraw(parseMaterial('chess', 'KBBvK'))).toBe(false);
    expect(isDeadDraw(parseMaterial('xiangqi', 'KAEvKA'))).toBe(true);
    expect(isDeadDraw(parseMaterial('xiangqi', 'KPvK'))).toBe(false);
    expect(capturesFrom(parseMaterial('xiangqi', 'KRvKA')).map(materialName).sort()).toEqual(['KAvK', 'KRvK']);
    expect(() => parseMaterial('chess', 'KAvK')).toThrow(/not a chess piece letter/);
    expect(capturesFrom(parseMaterial('chess', 'KPvKN')).map(materialName).sort()).toEqual(['KBvK', 'KBvKN', 'KNvK', 'KNvKN', 'KPvK', 'KQvK', 'KQvKN', 'KRvK', 'KRvKN']);
    expect(() => parseMaterial('xiangqi', 'KAAAvK')).toThrow(/too many A/);
    expect(() => parseMaterial('xiangqi', 'RvK')).toThrow(/starts with its king/);
    expect(() => parseMaterial('chess', 'KQRBNvKQ')).toThrow(/more than 6 pieces/);
  });
});

describe('the index', () => {
  it('numbers every placement once: decode then encode gives the number back', () => {
    for (const [game, name] of [['xiangqi', 'KHPvKAA'], ['chess', 'KRRvKN'], ['xiangqi', 'KRvKEE']] as const) {
      const index = new TableIndex(parseMaterial(game, name));
      const pos = index.rules.newPosition();
      const rand = rng(name.length);
      let valid = 0;
      for (let n = 0; n < 3000; n++) {
        const i = Math.floor(rand() * index.size);
        if (!index.decode(i, pos)) continue;
        valid++;
        expect(index.encode(pos)).toBe(i);
      }
      expect(valid).toBeGreaterThan(500);
    }
  });

  it('gives a position and its colour-swapped twin one number, and a mirror image the same value', () => {
    const t = table('xiangqi', 'KHvKA');
    const index = t.index;
    const swapped = new TableIndex(parseMaterial('xiangqi', 'KAvKH'));
    expect(swapped.size).toBe(index.size);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: index.size - 1 }), (i) => {
        const fen = fenOf(t, i);
        if (fen === null) return;
        const [board, turn] = fen.split(' ');
        const mirrored = new Xiangqi(`${board!.split('/').map((r) => [...r].reverse().join('')).join('/')} ${turn} - - 0 1`);
        const m = index.encode(mirrored.position);
        // Red's king on the middle file: the mirror image is a position of its own, of equal value.
        const onAxis = board!.split('/').some((r) => countFile(r, 'K') === 4);
        if (!onAxis) expect(m).toBe(i);
        expect(t.values[m]).toBe(t.values[i]);
        // The same position with the colours swapped (board turned, cases swapped, other side to move).
        const rows = board!.split('/').reverse().map((r) => [...r].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join(''));
        const twin = new Xiangqi(`${rows.join('/')} ${turn === 'w' ? 'b' : 'w'} - - 0 1`);
        expect(index.encode(twin.position, true)).toBe(i);
      }),
      { numRuns: 300 },
    );
  });
});

/** The file (0..8) of a letter in a FEN row. */
function countFile(row: string, letter: string): number {
  let f = 0;
  for (const c of row) {
    if (c === letter) return f;
    f += /\d/.test(c) ? Number(c) : 1;
  }
  return -1;
}

describe('tables built by retrograde analysis', () => {
  it('chess: the longest wins of KQvK, KRvK and KPvK are the known 10, 16 and 28 moves', () => {
    expect(table('chess', 'KQvK').longestWin).toBe(19);
    expect(table('chess', 'KRvK').longestWin).toBe(31);
    expect(table('chess', 'KPvK').longestWin).toBe(55);
    const kqk = table('chess', 'KQvK').counts;
    expect(kqk.won + kqk.lost + kqk.drawn).toBe(kqk.valid);
  });

  it('agrees with every position\u2019s own moves: a win reaches a loss one ply nearer, a loss only wins', () => {
    for (const [game, name] of [['xiangqi', 'KRvKA'], ['xiangqi', 'KHvKA'], ['chess', 'KRvK'], ['chess', 'KPvK']] as const) {
      const t = table(game, name);
      const probe = new Tablebases();
      for (const b of built.values()) probe.addTable(b);
      const rand = rng(7);
      let checked = 0;
      for (let n = 0; n < 400; n++) {
        const i = Math.floor(rand() * t.index.size);
        const fen = fenOf(t, i);
        if (fen === null) continue;
        const g = game === 'chess' ? new Chess(fen) : new Xiangqi(fen);
        const code = t.values[i]!;
        const moves = probe.moves(g)!;
        const legal = g.legalMoves().length;
        if (legal === 0) {
          expect(code).toBe(game === 'xiangqi' || g.inCheck() ? -2000 : 0);
          continue;
        }
        expect(moves).toHaveLength(legal);
        const best = moves[0]!;
        const expected = best.result === 'draw' ? 0 : best.result === 'win' ? 2000 - best.plies : -2000 + best.plies;
        expect(code).toBe(expected);
        checked++;
      }
      expect(checked).toBeGreaterThan(100);
    }
  });

  it('agrees with the search: no mate it finds is shorter than the table’s, or for the other side', () => {
    const engine = new Engine({ thread: 'inline' });
    for (const [game, name] of [['xiangqi', 'KHvK'], ['xiangqi', 'KRvKA'], ['chess', 'KQvK']] as const) {
      const t = table(game, name);
      const rand = rng(3);
      let checked = 0;
      let same = 0;
      for (let n = 0; n < 20000 && checked < 12; n++) {
        const i = Math.floor(rand() * t.index.size);
        const code = t.values[i]!;
        const plies = codeDistance(code);
        if (code === INVALID || code === 0 || plies > 5 || plies === 0) continue;
        const r = engine.searchSync({ game, fen: fenOf(t, i)! }, { depth: plies + 4 });
        const mate = codeIsWin(code) ? (plies + 1) / 2 : -plies / 2;
        if ('mate' in r.score) {
          expect(Math.sign(r.score.mate)).toBe(Math.sign(mate));
          expect(Math.abs(r.score.mate)).toBeGreaterThanOrEqual(Math.abs(mate));
          if (r.score.mate === mate) same++;
        } else expect(Math.sign(r.score.cp)).toBe(Math.sign(mate));
        checked++;
      }
      expect(checked).toBe(12);
      expect(same).toBeGreaterThan(3);
    }
    engine.close();
  });

});

describe('table files', () => {
  it('pack and unpack give the bytes back', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 2000 }), fc.array(fc.nat(255), { maxLength: 300 }), (runs, noise) => {
        const bytes = Uint8Array.from([...runs.flatMap((v, i) => Array(1 + (i % 7) * 40).fill(v)), ...noise]);
        const packed = pack(bytes);
        expect(packed.length).toBeLessThanOrEqual(bytes.length + Math.ceil(bytes.length / 128) + 1);
        expect(unpack(packed, bytes.length)).toEqual(bytes);
      }),
    );
    expect(() => unpack(Uint8Array.of(200, 1), 10)).toThrow(TablebaseError);
  });

  it('write, read back, probe the same codes; the set swaps colours as needed', () => {
    const t = table('xiangqi', 'KRvKA');
    const bytes = writeTableFile(t.material, t.values, t.longestWin);
    const tb = new Tablebases({ cacheChunks: 1 });
    expect(tb.addFile(bytes)).toEqual({ material: t.material, positions: t.index.size, longestWin: t.longestWin });
    expect(bytes.length).toBeLessThan(t.index.size);
    const pos = tablebaseRules('xiangqi').newPosition();
    const rand = rng(1);
    for (let n = 0; n < 2000; n++) {
      const i = Math.floor(rand() * t.index.size);
      if (!t.index.decode(i, pos)) continue;
      const code = t.values[i]!;
      expect(tb.probe(pos as never)).toEqual(code === 0 ? { result: 'draw', plies: 0, byRule: false } : { result: code > 0 ? 'win' : 'loss', plies: codeDistance(code), byRule: false });
    }
    // Black with the rook: the table of KRvKA read the other way round.
    expect(tb.probe(new Xiangqi('r3k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 1'))?.result).toBe('win');
    expect(tb.probe(new Xiangqi('r3k4/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1'))?.result).toBe('loss');
    expect(tb.probe(new Xiangqi())).toBeNull();
  });

  it('a damaged file is a TablebaseError, never a wrong answer', () => {
    const t = table('chess', 'KRvK');
    const bytes = writeTableFile(t.material, t.values, t.longestWin);
    expect(() => new Tablebases().addFile(bytes.slice(0, 10))).toThrow(/too short/);
    const badMagic = bytes.slice();
    badMagic[0] = 0;
    expect(() => new Tablebases().addFile(badMagic)).toThrow(/no QITB mark/);
    const badChunk = bytes.slice();
    badChunk[bytes.length - 5] = badChunk[bytes.length - 5]! ^ 0x55;
    const tb = new Tablebases();
    tb.addFile(badChunk);
    const pos = tablebaseRules('chess').newPosition();
    let threw = 0;
    for (let i = t.index.size - 1; i > t.index.size - 2000; i--) {
      if (!t.index.decode(i, pos)) continue;
      try {
        tb.probe(pos as never);
      } catch (e) {
        expect(e).toBeInstanceOf(TablebaseError);
        threw++;
      }
    }
    expect(threw).toBeGreaterThan(0);
    const truncated = bytes.slice(0, bytes.length - 100);
    expect(() => new Tablebases().addFile(truncated)).toThrow(TablebaseError);
  });

  it('chess positions with castling rights or pawns are not probed; the material decides the table', () => {
    const tb = new Tablebases();
    tb.addTable(table('chess', 'KRvK'));
    expect(tb.probe(new Chess('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1'))).toBeNull();
    expect(tb.probe(new Chess('4k3/8/8/8/8/8/8/R3K3 w - - 0 1'))?.result).toBe('win');
    expect(tb.probe(new Chess('4k3/8/8/8/8/8/4P3/R3K3 w - - 0 1'))).toBeNull();
    const moves = tb.moves(new Chess('4k3/8/8/8/8/8/8/3RK3 w - - 0 1'))!;
    expect(moves[0]!.result).toBe('win');
    expect(moves.at(-1)!.result).not.toBe('win');
    expect(tb.maxPieces('chess')).toBe(3);
    expect(tb.maxPieces('xiangqi')).toBe(0);
    expect(materialOf(new Chess('4k3/8/8/8/8/8/8/R3K3 w - - 0 1').position, 'chess')).toEqual({ game: 'chess', sides: ['R', ''] });
    void oneFurther;
  });
});
