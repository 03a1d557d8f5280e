import { describe, expect, it } from 'vitest';
import { Search, TranspositionTable, Xiangqi } from '../../src/index.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER } from '../../src/search/tt.js';

describe('the transposition table', () => {
  it('returns what was stored, and nothing for another key', () => {
    const tt = new TranspositionTable(1);
    tt.store(0x1234, 0x5678, 0x0203, 57, 6, BOUND_LOWER, 0);
    expect(tt.probe(0x1234, 0x5678, 0)).toBe(true);
    expect([tt.move, tt.score, tt.depth, tt.bound]).toEqual([0x0203, 57, 6, BOUND_LOWER]);
    // A lower bound of 57 settles a window whose beta is at most 57, and no other.
    expect(tt.decides(0, 57)).toBe(true);
    expect(tt.decides(0, 58)).toBe(false);
    expect(tt.probe(0x1234, 0x5679, 0)).toBe(false);
    expect(tt.move).toBe(0);
  });

  it('a much shallower bound of the same position (a quiescence one) leaves a deeper entry in place', () => {
    const tt = new TranspositionTable(1);
    tt.store(7, 9, 0x0102, 40, 6, BOUND_LOWER, 0);
    tt.store(7, 9, 0x0304, -15, 0, BOUND_UPPER, 0);
    tt.probe(7, 9, 0);
    expect([tt.move, tt.score, tt.depth, tt.bound]).toEqual([0x0102, 40, 6, BOUND_LOWER]);
    // An exact score, or one from a search nearly as deep, replaces it.
    tt.store(7, 9, 0x0506, 12, 3, BOUND_UPPER, 0);
    tt.probe(7, 9, 0);
    expect([tt.move, tt.depth, tt.bound]).toEqual([0x0506, 3, BOUND_UPPER]);
    tt.store(7, 9, 0, 20, 0, BOUND_EXACT, 0);
    tt.probe(7, 9, 0);
    // A store without a move keeps the old one.
    expect([tt.move, tt.score, tt.depth, tt.bound]).toEqual([0x0506, 20, 0, BOUND_EXACT]);
  });

  it('an entry from an earlier search is replaced by any bound of the same position', () => {
    const tt = new TranspositionTable(1);
    tt.store(7, 9, 0x0102, 40, 8, BOUND_LOWER, 0);
    tt.newSearch();
    tt.store(7, 9, 0x0304, -15, 0, BOUND_UPPER, 0);
    tt.probe(7, 9, 0);
    expect([tt.move, tt.score, tt.depth, tt.bound]).toEqual([0x0304, -15, 0, BOUND_UPPER]);
  });
});

describe('quiescence and the table', () => {
  it('stores its bounds at depth 0: after a depth-1 search, reply positions are in the table', () => {
    const pos = new Xiangqi().position;
    const search = new Search();
    search.run(pos, { depth: 1 });
    const buf = new Int32Array(256);
    const end = pos.generate(buf, 0, false);
    let replies = 0;
    let found = 0;
    for (let i = 0; i < end; i++) {
      if (!pos.make(buf[i]!)) continue;
      replies++;
      if (search.tt.probe(pos.keyLo, pos.keyHi, 1) && search.tt.depth === 0) found++;
      pos.unmake();
    }
    expect(replies).toBe(44);
    // Replies that stood pat at or above beta return before storing anything.
    expect(found).toBeGreaterThan(0);
  });
});
