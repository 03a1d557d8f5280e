import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IllegalMoveError, moveToChinese, moveToIccs, moveToWxf, NotationError, parseChinese, parseIccs, parseWxf, Xiangqi } from '../../src/index.js';
import { rng } from '../helpers/data.js';

/** WXF and Chinese names of the move `iccs` in `fen`. */
function names(fen: string, iccs: string): [string, string] {
  const g = new Xiangqi(fen);
  const m = g.parseMove(iccs, 'iccs');
  return [moveToWxf(g.position, m), moveToChinese(g.position, m)];
}

describe('ICCS', () => {
  it('reads h2e2 and H2-E2, writes h2e2', () => {
    expect(moveToIccs(parseIccs('h2e2'))).toBe('h2e2');
    expect(moveToIccs(parseIccs('H2-E2'))).toBe('h2e2');
  });
  it.each(['', 'h2', 'h2e', 'j2e2', 'h2e10', 'h2h2', 'e2e2 ', 'h2xe2'])('rejects %j', (s) => {
    expect(() => parseIccs(s)).toThrow(NotationError);
  });
});

describe('WXF and Chinese, writing', () => {
  const START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR';
  it.each([
    [`${START} w`, 'h2e2', 'C2.5', '炮二平五'],
    [`${START} w`, 'b0c2', 'H8+7', '马八进七'],
    [`${START} w`, 'a0a1', 'R9+1', '车九进一'],
    [`${START} w`, 'f0e1', 'A4+5', '仕四进五'],
    [`${START} w`, 'g0e2', 'E3+5', '相三进五'],
    [`${START} w`, 'g3g4', 'P3+1', '兵三进一'],
    [`${START} w`, 'e0e1', 'K5+1', '帅五进一'],
    [`${START} b`, 'h9g7', 'H8+7', '马８进７'],
    [`${START} b`, 'h7e7', 'C8.5', '炮８平５'],
    [`${START} b`, 'c6c5', 'P3+1', '卒３进１'],
    [`${START} b`, 'd9e8', 'A4+5', '士４进５'],
  ])('%s %s is %s / %s', (fen, iccs, wxf, chinese) => {
    expect(names(fen, iccs)).toEqual([wxf, chinese]);
  });

  it('tandem rooks and horses use front/rear', () => {
    const fen = '3k5/9/9/9/R8/9/R8/9/9/4K4 w';
    expect(names(fen, 'a5a6')).toEqual(['R++1', '前车进一']);
    expect(names(fen, 'a3b3')).toEqual(['R-.8', '后车平八']);
    const black = '3k5/r8/9/r8/9/9/9/9/9/4K4 b';
    expect(names(black, 'a6a5')).toEqual(['R++1', '前车进１']);
    expect(names(black, 'a8b8')).toEqual(['R-.2', '后车平２']);
  });

  it('three tandem pawns on one file: front, middle (plain file), rear', () => {
    const fen = '3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w';
    expect(names(fen, 'c7c8')).toEqual(['P++1', '前兵进一']);
    expect(names(fen, 'c6b6')).toEqual(['P7.8', '中兵平八']);
    expect(names(fen, 'c5d5')).toEqual(['P-.6', '后兵平六']);
  });

  it('four tandem pawns: ++, P+, P-, --', () => {
    const fen = '3k5/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w';
    expect(names(fen, 'c8b8')).toEqual(['++.8', '前兵平八']);
    expect(names(fen, 'c7b7')).toEqual(['P+.8', '二兵平八']);
    expect(names(fen, 'c6b6')).toEqual(['P-.8', '三兵平八']);
    expect(names(fen, 'c5b5')).toEqual(['--.8', '后兵平八']);
  });

  it('tandem pawns on two files put the file first', () => {
    const fen = '3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w';
    expect(names(fen, 'c7c8')).toEqual(['7++1', '前七进一']);
    expect(names(fen, 'c6b6')).toEqual(['77.8', '中七平八']);
    expect(names(fen, 'c5b5')).toEqual(['7-.8', '后七平八']);
    expect(names(fen, 'g6g7')).toEqual(['3++1', '前三进一']);
    expect(names(fen, 'g5f5')).toEqual(['3-.4', '后三平四']);
  });
});

describe('WXF and Chinese, reading', () => {
  it('reads lenient spellings', () => {
    const g = new Xiangqi();
    const h2e2 = parseIccs('h2e2');
    for (const s of ['C2.5', 'C2=5', 'C25', 'c2.5']) expect(parseWxf(g.position, s)).toBe(h2e2);
    for (const s of ['炮二平五', '炮2平5', '砲二平五', '炮２平５']) expect(parseChinese(g.position, s)).toBe(h2e2);
    expect(g.parseMove('H2+3')).toBe(parseIccs('h0g2'));
    expect(g.parseMove('傌二進三')).toBe(parseIccs('h0g2'));
  });
  it('reads tandem forms, and the middle pawn by its plain file', () => {
    const g = new Xiangqi('3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w');
    expect(moveToIccs(g.parseMove('7++1'))).toBe('c7c8');
    expect(moveToIccs(g.parseMove('77.8'))).toBe('c6b6');
    expect(moveToIccs(g.parseMove('中七平八'))).toBe('c6b6');
    expect(moveToIccs(g.parseMove('后三平四'))).toBe('g5f5');
    const one = new Xiangqi('3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w');
    expect(moveToIccs(one.parseMove('P7.8'))).toBe('c6b6');
    expect(moveToIccs(one.parseMove('P+.8'))).toBe('c7b7');
    expect(moveToIccs(one.parseMove('后兵平六'))).toBe('c5d5');
  });
  it('an ambiguous move is a NotationError', () => {
    // Two rooks on the a-file both traverse to file 8 (b): "R9.8" does not say which.
    const g = new Xiangqi('3k5/9/9/9/R8/9/R8/9/9/4K4 w');
    expect(() => g.parseMove('R9.8')).toThrow(/ambiguous/);
  });
  it.each(['C2.0', 'X2.5', 'C2*5', 'C2.55', '炮十平五', '炮二走五', '炮二平', 'C2-3']) ('%j is rejected with a typed error', (s) => {
    const g = new Xiangqi();
    expect(() => g.parseMove(s)).toThrow(IllegalMoveError);
    expect(g.fen()).toBe(new Xiangqi().fen());
  });
});

describe('round trip (property): every legal move of random games reads back from its WXF and Chinese names', () => {
  it('holds over random playouts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const rand = rng(seed);
        const g = new Xiangqi();
        for (let ply = 0; ply < 80; ply++) {
          const moves = g.legalMoves();
          if (moves.length === 0) break;
          for (const m of moves) {
            expect(parseWxf(g.position, moveToWxf(g.position, m))).toBe(m);
            expect(parseChinese(g.position, moveToChinese(g.position, m))).toBe(m);
            expect(parseIccs(moveToIccs(m))).toBe(m);
          }
          g.move(moves[Math.floor(rand() * moves.length)]!);
        }
      }),
      { numRuns: 25 },
    );
  });
  it('holds in positions crowded with tandem pieces', () => {
    for (const fen of [
      '3k5/2P6/2P6/2P6/2P6/2P6/9/9/9/4K4 w',
      '3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w',
      '3k5/9/R1C6/9/R1C6/2N6/9/2N6/9/4K4 w',
      '3k5/9/9/9/9/4p1p2/4p1p2/4p4/9/5K3 b',
    ]) {
      const g = new Xiangqi(fen);
      for (const m of g.legalMoves()) {
        expect(parseWxf(g.position, moveToWxf(g.position, m)), moveToWxf(g.position, m)).toBe(m);
        expect(parseChinese(g.position, moveToChinese(g.position, m)), moveToChinese(g.position, m)).toBe(m);
      }
    }
  });
});
