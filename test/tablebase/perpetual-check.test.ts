import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine, Tablebases, TablebaseError, Xiangqi } from '../../src/index.js';
import { PROBE_MISS } from '../../src/core/game.js';
import { byteToCode, codeToByte, writeTableFile } from '../../src/tablebase/file.js';
import { buildTables, type GeneratedTable } from '../../src/tablebase/generate.js';
import { parseMaterial } from '../../src/tablebase/material.js';
import { applyPerpetualCheckRule } from '../../src/tablebase/perpetual-check.js';
import { tablebaseRules } from '../../src/tablebase/rules.js';
import { DRAW, INVALID, RULE_LOSS, RULE_WIN, WIN, codeDistance, oneFurther } from '../../src/tablebase/values.js';
import { rng } from '../helpers/data.js';

const NO_EXIT = -32768;

/**
 * A made-up move graph for the rule: `n` positions (side to move: the index's lowest bit, so
 * side 0 moves at even indices), every one a draw unless `codes` says otherwise, and edges
 * `[from, to, check]`.
 */
function graph(n: number, edges: Array<[number, number, boolean]>, codes: Record<number, number> = {}, exits: Record<number, number> = {}) {
  const c = new Int16Array(n);
  for (const [i, v] of Object.entries(codes)) c[Number(i)] = v;
  const sorted = [...edges].sort((a, b) => a[0] - b[0]);
  const rowStart = new Uint32Array(n + 1);
  const succ = new Uint32Array(sorted.length);
  const givesCheck = new Uint8Array(sorted.length);
  sorted.forEach(([, to, check], k) => {
    succ[k] = to;
    givesCheck[k] = check ? 1 : 0;
  });
  for (let i = 0, k = 0; i <= n; i++) {
    while (k < sorted.length && sorted[k]![0] < i) k++;
    rowStart[i] = k;
  }
  const e = new Int16Array(n).fill(NO_EXIT);
  for (const [i, v] of Object.entries(exits)) e[Number(i)] = v;
  // A position with neither moves nor captures nor a code of its own is left out (in a real
  // table it would be mated).
  for (let i = 0; i < n; i++) if (rowStart[i] === rowStart[i + 1] && e[i] === NO_EXIT && codes[i] === undefined) c[i] = INVALID;
  const g = { codes: c, rowStart, succ, givesCheck, exits: e, noExit: NO_EXIT };
  const marked = applyPerpetualCheckRule(g);
  return { codes: [...c], marked };
}

// A cycle 0 -> 1 -> 2 -> 3 -> 0: side 0 moves at 0 and 2, side 1 at 1 and 3. Side 0's only
// other move at 0 walks into a mate (position 5, side 1 to move, wins in 3 plies).
const MATED = { 5: WIN - 3 };

describe('the perpetual-check rule on made-up graphs', () => {
  it('a side that must check on every move while the other need not loses by the rule', () => {
    const r = graph(6, [[0, 1, true], [0, 5, false], [1, 2, false], [2, 3, true], [3, 0, false]], MATED);
    expect(r.codes.slice(0, 4)).toEqual([RULE_LOSS, RULE_WIN, RULE_LOSS, RULE_WIN]);
    expect(r.marked).toBe(4);
  });

  it('both sides checking on every move is still a draw', () => {
    const r = graph(6, [[0, 1, true], [0, 5, false], [1, 2, true], [2, 3, true], [3, 0, true]], MATED);
    expect(r.codes.slice(0, 4)).toEqual([DRAW, DRAW, DRAW, DRAW]);
    expect(r.marked).toBe(0);
  });

  it('the other side need only stop checking now and then', () => {
    const r = graph(6, [[0, 1, true], [0, 5, false], [1, 2, true], [2, 3, true], [3, 0, false]], MATED);
    expect(r.codes.slice(0, 4)).toEqual([RULE_LOSS, RULE_WIN, RULE_LOSS, RULE_WIN]);
  });

  it('a quiet move that holds the draw, or a capture into a drawn ending, saves the checker', () => {
    // At 2 side 0 may also go back to 1 without checking: it checks only every other move.
    const quiet = graph(6, [[0, 1, true], [0, 5, false], [1, 2, false], [2, 1, false], [2, 3, true], [3, 0, false]], MATED);
    expect(quiet.codes.slice(0, 4)).toEqual([DRAW, DRAW, DRAW, DRAW]);
    // At 2 a capture leads to a drawn ending (one ply further: still a draw).
    const capture = graph(6, [[0, 1, true], [0, 5, false], [1, 2, false], [2, 3, true], [3, 0, false]], MATED, { 2: DRAW });
    expect(capture.codes.slice(0, 4)).toEqual([DRAW, DRAW, DRAW, DRAW]);
  });

  it('a quiet move into the lost cycle is lost too (the checking need only start at some point)', () => {
    // Side 0 at 4 has one quiet move, into the cycle at 1; side 1 at 7 can go to 4 or into a
    // quiet cycle with 6, where side 0 has no other move: side 1 chooses 4. At 9 side 1 has
    // only the quiet cycle with 8, a plain repetition: a draw.
    const edges: Array<[number, number, boolean]> = [[0, 1, true], [0, 5, false], [1, 2, false], [2, 3, true], [3, 0, false], [4, 1, false], [7, 4, false], [7, 6, false], [6, 7, false], [9, 8, false], [8, 9, false]];
    const r = graph(10, edges, MATED);
    expect(r.codes.slice(0, 5)).toEqual([RULE_LOSS, RULE_WIN, RULE_LOSS, RULE_WIN, RULE_LOSS]);
    expect(r.codes.slice(6, 8)).toEqual([RULE_LOSS, RULE_WIN]);
    expect(r.codes.slice(8, 10)).toEqual([DRAW, DRAW]);
  });

  it('a capture into a result by the rule of a smaller ending decides the position', () => {
    // 1: side 1's capture leads to a loss by the rule for side 0 (its only move); 2: side 0's
    // only capture leads to a win by the rule for side 1, and its one other move into a mate;
    // 3: a capture into a loss by the rule is no use where a drawn move exists.
    const r = graph(6, [[2, 5, false], [3, 0, false], [0, 3, false]], MATED, { 1: RULE_WIN, 2: RULE_LOSS, 3: RULE_LOSS });
    expect(r.marked).toBe(2);
    expect(r.codes[1]).toBe(RULE_WIN);
    expect(r.codes[2]).toBe(RULE_LOSS);
    expect(r.codes[3]).toBe(DRAW);
    expect(r.codes[0]).toBe(DRAW);
  });
});

describe('the perpetual-check rule on random graphs', () => {
  it('keeps every draw holding, every loss by the rule without a holding move, every win with a move into one; and changes nothing the second time', () => {
    const MATE_WIN = WIN - 5;
    const edge = fc.tuple(fc.nat(11), fc.nat(11), fc.boolean());
    const exitCode = fc.constantFrom(NO_EXIT, NO_EXIT, DRAW, RULE_WIN, RULE_LOSS, -WIN + 4);
    // How many graphs the rule decided something in: the property must not hold only vacuously.
    let decided = 0;
    fc.assert(
      fc.property(fc.array(edge, { minLength: 4, maxLength: 40 }), fc.array(exitCode, { minLength: 12, maxLength: 12 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (edges, exitList, mated) => {
        const n = 12;
        // Some positions are won by mate for their mover (no moves of their own listed); the
        // rest start drawn, as the mate rounds would leave them only if each has a move or a
        // capture that holds (a position whose every option loses would have been settled).
        const codes = new Int16Array(n);
        for (let i = 0; i < n; i++) if (mated[i]) codes[i] = MATE_WIN;
        // A move hands the turn over: from an even position (side 0 to move) to an odd one.
        const sorted = edges
          .filter(([f]) => !mated[f])
          .map(([f, t, c]): [number, number, boolean] => [f, (t & ~1) | ((f & 1) ^ 1), c])
          .sort((a, b) => a[0] - b[0]);
        const rowStart = new Uint32Array(n + 1);
        for (let i = 0, k = 0; i <= n; i++) {
          while (k < sorted.length && sorted[k]![0] < i) k++;
          rowStart[i] = k;
        }
        const succ = Uint32Array.from(sorted.map(([, t]) => t));
        const givesCheck = Uint8Array.from(sorted.map(([, , c]) => (c ? 1 : 0)));
        const exits = Int16Array.from(exitList.map((e, i) => (mated[i] ? NO_EXIT : e)));
        const moves = (i: number): number[] => Array.from(succ.subarray(rowStart[i]!, rowStart[i + 1]!));
        // The mate rounds first, blind to the rule as the generator's are (a capture into a
        // result by the rule counts as a draw there): a draw with a winning option is won, one
        // with only losing options (or none) is lost; the distances do not matter here.
        for (let changed = true; changed; ) {
          changed = false;
          for (let i = 0; i < n; i++) {
            if (codes[i] !== DRAW) continue;
            const exit = exits[i] === RULE_WIN || exits[i] === RULE_LOSS ? DRAW : exits[i]!;
            const options = [...moves(i).map((t) => oneFurther(-codes[t]!)), ...(exit === NO_EXIT ? [] : [exit])];
            if (options.some((v) => v > DRAW)) codes[i] = WIN - 7;
            else if (options.every((v) => v < DRAW)) codes[i] = -WIN + 6;
            else continue;
            changed = true;
          }
        }
        const before = Int16Array.from(codes);
        const g = { codes, rowStart, succ, givesCheck, exits, noExit: NO_EXIT };
        if (applyPerpetualCheckRule(g) > 0) decided++;
        for (let i = 0; i < n; i++) {
          const c = codes[i]!;
          if (before[i] !== DRAW) expect(c).toBe(before[i]);
          else expect([DRAW, RULE_WIN, RULE_LOSS]).toContain(c);
          const options = [...moves(i).map((t) => oneFurther(-codes[t]!)), ...(exits[i] === NO_EXIT ? [] : [exits[i]!])];
          if (c === DRAW) expect(options.some((v) => v === DRAW)).toBe(true);
          if (c === RULE_LOSS) expect(options.every((v) => v < DRAW)).toBe(true);
          if (c === RULE_WIN) expect(options).toContain(RULE_WIN);
          // No result by the rule is better than a mate, or worse than being mated.
          if (c === DRAW || c === RULE_WIN || c === RULE_LOSS) expect(options.every((v) => v <= RULE_WIN || v === c)).toBe(true);
        }
        const once = Int16Array.from(codes);
        expect(applyPerpetualCheckRule(g)).toBe(0);
        expect(codes).toEqual(once);
      }),
      { numRuns: 500 },
    );
    expect(decided).toBeGreaterThan(50);
  });
});

describe('the perpetual-check rule in the xiangqi tables', () => {
  const built = new Map<string, GeneratedTable>();
  const krh = buildTables(parseMaterial('xiangqi', 'KRvKH'), built);
  const set = new Tablebases();
  for (const t of built.values()) set.addTable(t);
  // Black's horse can hold off the rook only by checking: H1+2 (a3b1) and on.
  const PERPETUAL = '4k4/R8/9/9/9/9/n8/3K5/9/9 b - - 0 1';

  it('turns most of KRvKH’s draws into results by the rule, and leaves the mates alone', () => {
    const c = krh.counts;
    expect(c.byRule).toBe(1606);
    expect(c.drawn).toBe(829);
    expect(c.won + c.lost + c.drawn).toBe(c.valid);
    expect(krh.longestWin).toBe(25);
    // Endings without a piece that can check for the weaker side keep their draws.
    expect(buildTables(parseMaterial('xiangqi', 'KRvKAA'), built).counts.byRule).toBe(0);
  });

  it('a probe says so, the move list ranks the rule between mates and draws, and no line is shown', () => {
    const g = new Xiangqi(PERPETUAL);
    expect(set.probe(g)).toEqual({ result: 'loss', plies: 0, byRule: true });
    const moves = set.moves(g)!;
    expect(moves[0]).toEqual({ move: 'a3b1', result: 'loss', plies: 0, byRule: true });
    expect(moves.slice(1).every((m) => m.result === 'loss' && !m.byRule && m.plies > 0)).toBe(true);
    expect(set.line(g)).toEqual([]);
    g.move('a3b1');
    expect(g.inCheck()).toBe(true);
    expect(set.probe(g)).toEqual({ result: 'win', plies: 0, byRule: true });
  });

  it('agrees with every position’s own moves: a loss by the rule has no move that holds, a win one into such a loss', () => {
    const rules = tablebaseRules('xiangqi');
    const pos = rules.newPosition();
    const rand = rng(11);
    let wins = 0;
    let losses = 0;
    for (let n = 0; n < 200000 && wins + losses < 300; n++) {
      const i = Math.floor(rand() * krh.index.size);
      const code = krh.values[i]!;
      if (code !== RULE_WIN && code !== RULE_LOSS) continue;
      expect(krh.index.decode(i, pos)).toBe(true);
      const g = new Xiangqi();
      (g.position as unknown as { copyFrom(p: unknown): void }).copyFrom(pos);
      const moves = set.moves(g)!;
      expect(moves.length).toBeGreaterThan(0);
      if (code === RULE_LOSS) {
        losses++;
        expect(moves.every((m) => m.result === 'loss')).toBe(true);
        expect(moves[0]!.byRule).toBe(true);
      } else {
        wins++;
        expect(moves[0]).toMatchObject({ result: 'win', byRule: true });
      }
    }
    expect(wins).toBeGreaterThan(20);
    expect(losses).toBeGreaterThan(100);
  });

  it('agrees with the search without tables, whose repetitions apply the same rule', () => {
    const engine = new Engine({ thread: 'inline' });
    // Black loses either way; the horse's checks from a3b1 on last until the rule, where a3b5,
    // for one, is mated in 15 plies by the tables. The search needs depth 18 to see that through
    // its reductions: at 16 a3b5's mate can hide behind them, so that both moves score the
    // rule's loss and the first searched stays (the evaluation of stop 105 met that).
    const r = engine.searchSync({ game: 'xiangqi', fen: PERPETUAL }, { depth: 18 });
    expect(r.bestMove).toBe('a3b1');
    expect('cp' in r.score && r.score.cp <= -29000).toBe(true);
    // The tables agree: after it the checker's opponent wins by the rule, not by a mate.
    const after = new Xiangqi(PERPETUAL);
    after.move('a3b1');
    expect(set.probe(after)).toMatchObject({ result: 'win', byRule: true });
    engine.close();
  });

  it('the search scores a result by the rule as its own perpetual verdict, at once', () => {
    const engine = new Engine({ thread: 'inline', tablebases: [...built.values()].map((t) => writeTableFile(t.material, t.values, t.longestWin)) });
    const r = engine.searchSync({ game: 'xiangqi', fen: PERPETUAL }, { depth: 2 });
    expect(r.score).toEqual({ cp: -29900 });
    expect(r.tbhits).toBeGreaterThan(0);
    engine.close();
  });

  it('the search’s probe trusts a result by the rule only with 40 plies left before the move limit', () => {
    const probe = set.endgameProbe('xiangqi')!;
    expect(probe(new Xiangqi(PERPETUAL).position)).toBe(RULE_LOSS);
    expect(probe(new Xiangqi(PERPETUAL.replace(' 0 1', ' 79 1')).position)).toBe(RULE_LOSS);
    expect(probe(new Xiangqi(PERPETUAL.replace(' 0 1', ' 80 1')).position)).toBe(PROBE_MISS);
  });

  it('files keep results by the rule (version 2) and still read version 1', () => {
    const file = writeTableFile(krh.material, krh.values, krh.longestWin);
    expect(file[4]).toBe(2);
    const read = new Tablebases();
    read.addFile(file);
    for (const t of built.values()) if (t !== krh) read.addTable(t);
    expect(read.probe(new Xiangqi(PERPETUAL))).toEqual({ result: 'loss', plies: 0, byRule: true });
    const pos = tablebaseRules('xiangqi').newPosition();
    const rand = rng(5);
    for (let n = 0; n < 3000; n++) {
      const i = Math.floor(rand() * krh.index.size);
      if (!krh.index.decode(i, pos)) continue;
      expect(read.probe(pos as never)).toEqual(set.probe(pos as never));
    }
    // The two bytes the rule took meant the longest distances before.
    expect(byteToCode(127)).toBe(RULE_WIN);
    expect(byteToCode(254)).toBe(RULE_LOSS);
    expect(byteToCode(127, 1)).toBe(WIN - 253);
    expect(byteToCode(254, 1)).toBe(-WIN + 252);
    expect(codeToByte(WIN - 251)).toBe(126);
    expect(() => codeToByte(WIN - 253)).toThrow(TablebaseError);
    expect(() => codeToByte(-WIN + 252)).toThrow(TablebaseError);
    // A version-1 file of a table without results by the rule reads as it did.
    const kra = built.get('xiangqi:KRvK')!;
    const v1 = writeTableFile(kra.material, kra.values, kra.longestWin);
    v1[4] = 1;
    const old = new Tablebases();
    old.addFile(v1);
    expect(old.probe(new Xiangqi('4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1'))).toEqual(set.probe(new Xiangqi('4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1')));
    v1[4] = 3;
    expect(() => new Tablebases().addFile(v1)).toThrow(/version 3/);
  });

  it('the codes order as results do, and a result by the rule keeps no distance', () => {
    expect(WIN - 200).toBeGreaterThan(RULE_WIN);
    expect(RULE_WIN).toBeGreaterThan(DRAW);
    expect(RULE_LOSS).toBeGreaterThan(-WIN + 200);
    expect(oneFurther(-RULE_LOSS)).toBe(RULE_WIN);
    expect(oneFurther(-RULE_WIN)).toBe(RULE_LOSS);
    expect(codeDistance(RULE_WIN)).toBe(0);
    expect(INVALID).toBe(PROBE_MISS);
  });
});
