import { afterAll, describe, expect, it } from 'vitest';
import { budgetFor, Chess, Engine, FenError, IllegalMoveError, MAX_THREADS, ProtocolSession, QiengineError, RANDOMNESS_MAX, specOf, Xiangqi, type EngineInfo, type EngineResult, type EngineSearchOptions } from '../../src/index.js';
import { rng } from '../helpers/data.js';
import { workerUrl } from '../helpers/worker.js';

const engines: Engine[] = [];
function engine(options: ConstructorParameters<typeof Engine>[0] = {}): Engine {
  const e = new Engine({ workerUrl: workerUrl(), ...options });
  engines.push(e);
  return e;
}
afterAll(() => engines.forEach((e) => e.close()));

describe('Engine mate searches', () => {
  it('stops at the first depth that finds a mate in at most N moves, and only then', () => {
    const e = new Engine({ thread: 'inline' });
    // Mate in 2 on the back rank: 1. Re8+ Rxe8 2. Rxe8#.
    const fen = 'r5k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1';
    const found = e.searchSync({ game: 'chess', fen }, { mate: 2, depth: 12 });
    expect(found.score).toEqual({ mate: 2 });
    expect(found.depth).toBeLessThan(12);
    // A mate in 2 is not a mate in 1: the search goes on to its depth limit.
    const longer = e.searchSync({ game: 'chess', fen }, { mate: 1, depth: 6 });
    expect(longer.score).toEqual({ mate: 2 });
    expect(longer.depth).toBe(6);
    expect(() => e.searchSync({ game: 'chess', fen }, { mate: -1 })).toThrow(/mate must be a non-negative number/);
    e.close();
  });
});

describe('Engine.analyse: progress as an async iterable', () => {
  it('yields every report in order, then ends; result is the answer', async () => {
    const e = engine();
    const analysis = e.analyse({ game: 'chess' }, { depth: 7 });
    const depths: number[] = [];
    let lastPv: string[] = [];
    for await (const info of analysis) {
      depths.push(info.depth);
      lastPv = info.pv;
    }
    expect(depths).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const r = await analysis.result;
    expect(r.depth).toBe(7);
    expect(r.pv).toEqual(lastPv);
    // The same answer as search gives from the same empty state (a depth limit is
    // deterministic; without clear() the second search would start from the first one's table
    // and history, and may choose otherwise: a chess evaluation tried at stop 115 did).
    e.clear();
    expect((await e.search({ game: 'chess' }, { depth: 7 })).bestMove).toBe(r.bestMove);
  });

  it('leaving the loop ends a search that has no limit, and it still answers', async () => {
    const e = engine();
    const analysis = e.analyse({ game: 'xiangqi' });
    for await (const info of analysis) if (info.depth >= 5) break;
    const r = await analysis.result;
    expect(new Xiangqi().moves()).toContain(r.bestMove);
    expect(r.depth).toBeGreaterThanOrEqual(5);
  });

  it('stop() and an outer signal end it too; a bad position throws in the loop and rejects result', async () => {
    const e = engine();
    const a = e.analyse({ game: 'chess' }, { multiPv: 2 });
    const lines = new Set<number>();
    for await (const info of a) {
      lines.add(info.multipv);
      if (info.depth === 4) a.stop();
    }
    expect([...lines].sort()).toEqual([1, 2]);
    expect((await a.result).lines).toHaveLength(2);
    const outer = new AbortController();
    const b = e.analyse({ game: 'chess' }, { signal: outer.signal, onInfo: (i) => i.depth === 3 && outer.abort() });
    let n = 0;
    for await (const _ of b) n++;
    expect(n).toBeGreaterThanOrEqual(3);
    expect((await b.result).bestMove).not.toBeNull();
    const bad = e.analyse({ game: 'chess', fen: 'not a fen' });
    await expect(bad.result).rejects.toBeInstanceOf(FenError);
    await expect((async () => {
      for await (const _ of bad) void _;
    })()).rejects.toBeInstanceOf(FenError);
  });

  it('does not ask the book unless told to', async () => {
    const { buildPolyglotBook, PolyglotBook } = await import('../../src/index.js');
    const book = PolyglotBook.fromBytes(buildPolyglotBook([{ moves: ['e4'], result: '1-0' }]));
    const e = engine({ book });
    const a = e.analyse({ game: 'chess' }, { depth: 3 });
    let n = 0;
    for await (const _ of a) n++;
    expect(n).toBe(3);
    expect((await a.result).book).toBeUndefined();
    const fromBook = e.analyse({ game: 'chess' }, { depth: 3, book: true });
    for await (const _ of fromBook) n++;
    expect(n).toBe(3);
    expect((await fromBook.result).book?.move).toBe('e2e4');
  });
});

describe('Engine (worker)', () => {
  it('searches on a worker while the caller keeps its event loop', async () => {
    const e = engine();
    expect(await e.threadMode()).toBe('worker');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const infos: EngineInfo[] = [];
    // A depth limit, not a time limit, so that a slow machine changes nothing but the clock.
    const r = await e.search({ game: 'xiangqi' }, { depth: 9, onInfo: (i) => infos.push(i) });
    clearInterval(timer);
    // The caller's timer kept firing while the worker searched.
    expect(ticks).toBeGreaterThan(0);
    expect(new Xiangqi().moves()).toContain(r.bestMove);
    expect(r.depth).toBe(9);
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(infos.at(-1)!.pv).toEqual(r.pv);
    expect(r.pvNotation.length).toBe(r.pv.length);
    expect(r.pvNotation[0]).toMatch(/^[KABNHRCPE+\-.=1-9a-e]+$/);
  });

  it('an AbortSignal ends a search that has no other limit, which still answers with a move', async () => {
    const e = engine();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const r = await e.search({ game: 'chess' }, { signal: controller.signal });
    expect(new Chess().moves()).toContain(r.bestMove);
    expect(r.depth).toBeGreaterThanOrEqual(1);
    // Already aborted: answers from depth 1.
    const pre = new AbortController();
    pre.abort();
    const r2 = await e.search({ game: 'chess' }, { signal: pre.signal });
    expect(r2.bestMove).not.toBeNull();
  });

  it('inline, an AbortSignal still ends a search with no other limit (it yields between depths)', async () => {
    const e = engine({ thread: 'inline' });
    const controller = new AbortController();
    const infos: number[] = [];
    // The abort comes from a timer set once depth 2 is reported: it can only fire if the search
    // yields, and a loaded machine cannot make it come before depth 2.
    const onInfo = (i: { depth: number }): void => {
      infos.push(i.depth);
      if (i.depth === 2) setTimeout(() => controller.abort(), 20);
    };
    const r = await e.search({ game: 'xiangqi' }, { signal: controller.signal, onInfo });
    expect(new Xiangqi().moves()).toContain(r.bestMove);
    expect(r.depth).toBeGreaterThan(1);
    // One report per depth, in order, as from a single search.
    expect(infos).toEqual(Array.from({ length: infos.length }, (_, k) => k + 1));
  });

  it('a game\'s perpetual-chase rule travels with it to the worker', async () => {
    // Red's rook has chased the unprotected cannon on both its moves and black's cannon went
    // back: red's d3c3 would repeat the position as the chaser, which under the chase rule
    // loses for red (BAN, -29,900 for red).
    const line = ['d3c3', 'c5d5', 'c3d3', 'd5c5'];
    const play = (rules: { perpetualChase?: boolean }): Xiangqi => {
      const g = new Xiangqi('5k3/9/9/9/2c6/9/3R5/9/9/4K4 w', rules);
      for (const m of line) g.move(m);
      return g;
    };
    const e = engine();
    const judged = await e.search(play({}), { depth: 4, searchMoves: ['d3c3'] });
    expect(judged.score).toEqual({ cp: -29900 });
    expect((await e.search(play({}), { depth: 4 })).bestMove).not.toBe('d3c3');
    const spec = { game: 'xiangqi' as const, fen: '5k3/9/9/9/2c6/9/3R5/9/9/4K4 w', moves: line };
    expect((await e.search({ ...spec, perpetualChase: false }, { depth: 4, searchMoves: ['d3c3'] })).score).toEqual({ cp: 50 }); // the draw score: a draw is good for the side to move
    expect((await e.search(play({ perpetualChase: false }), { depth: 4, searchMoves: ['d3c3'] })).score).toEqual({ cp: 50 }); // the draw score: a draw is good for the side to move
  });

  it('worker, inline and sync searches to a fixed depth give the same answer (determinism)', async () => {
    const spec = { game: 'chess' as const, moves: ['e2e4', 'e7e5', 'g1f3'] };
    const a = await engine().search(spec, { depth: 7 });
    const b = await engine({ thread: 'inline' }).search(spec, { depth: 7 });
    const c = engine().searchSync(spec, { depth: 7 });
    for (const r of [b, c]) {
      expect(r.bestMove).toBe(a.bestMove);
      expect(r.score).toEqual(a.score);
      expect(r.nodes).toBe(a.nodes);
      expect(r.pv).toEqual(a.pv);
    }
  });

  it('prepare starts and warms the worker once, and changes no answer', async () => {
    const spec = { game: 'xiangqi' as const, moves: ['h2e2', 'h9g7'] };
    const cold = await engine().search(spec, { depth: 8 });
    const e = engine();
    expect(e.prepared).toBe(false);
    const first = e.prepare();
    expect(e.prepare()).toBe(first);
    await first;
    expect(e.prepared).toBe(true);
    expect(await e.threadMode()).toBe('worker');
    // The warm-up searched on a table of its own: the answer and its tree are a fresh engine's.
    const warm = await e.search(spec, { depth: 8 });
    expect(warm.nodes).toBe(cold.nodes);
    expect(warm.pv).toEqual(cold.pv);
    expect(warm.score).toEqual(cold.score);
    // An inline engine has nothing to start.
    const inline = engine({ thread: 'inline' });
    expect(inline.prepared).toBe(true);
    await inline.prepare();
    // A worker that cannot start leaves the engine inline; prepare still resolves.
    const missing = new Engine({ workerUrl: new URL('file:///nonexistent/qiengine-worker.js') });
    await missing.prepare();
    expect(missing.prepared).toBe(true);
    expect(await missing.threadMode()).toBe('inline');
  });

  it('prepare warms the Lazy SMP helpers too, and again the new ones after the thread count changes', async () => {
    const e = engine({ threads: 2 });
    const warms: unknown[] = [];
    const ask = (e as unknown as { ask: (w: unknown, m: { type: string }) => Promise<unknown> }).ask.bind(e);
    (e as unknown as { ask: typeof ask }).ask = (w, m) => {
      if (m.type === 'warm') warms.push(w);
      return ask(w, m);
    };
    await e.prepare();
    expect(e.prepared).toBe(true);
    // The main worker and its one helper, each once.
    expect(warms.length).toBe(2);
    expect(new Set(warms).size).toBe(2);
    await e.prepare();
    expect(warms.length).toBe(2);
    e.setThreads(3);
    expect(e.prepared).toBe(false);
    await e.prepare();
    expect(e.prepared).toBe(true);
    expect(warms.length).toBe(3); // only the new helper
    const r = await e.search({ game: 'xiangqi' }, { depth: 6 });
    expect(r.threadNodes?.length).toBe(3);
    e.setThreads(1);
    await e.prepare();
    expect(warms.length).toBe(3);
    expect((await e.search({ game: 'xiangqi' }, { depth: 6 })).threadNodes).toBeUndefined();
  });

  it('bad input rejects with a typed error before searching', async () => {
    const e = engine();
    await expect(e.search({ game: 'chess', fen: '8/8/8 w - - 0 1' }, { depth: 1 })).rejects.toBeInstanceOf(FenError);
    await expect(e.search({ game: 'xiangqi', moves: ['h2e2', 'h2e2'] }, { depth: 1 })).rejects.toBeInstanceOf(IllegalMoveError);
    await expect(e.search({ game: 'chess' }, { depth: -1 })).rejects.toThrow(/depth must be a non-negative number/);
    expect(() => e.searchSync({ game: 'go' as 'chess' })).toThrow(/unknown game/);
    // The engine still works afterwards.
    expect((await e.search({ game: 'chess' }, { depth: 2 })).bestMove).not.toBeNull();
  });

  it('nullMove and knowledge, as engine defaults or per search, travel to the worker and change the tree', async () => {
    const e = engine();
    const pos = { game: 'xiangqi' as const };
    // Each from empty tables, all to one depth, compared by the search's whole trace: every
    // depth's nodes, score and line, then the total. Two settings can meet on one node count by
    // chance (from the start the null move once left the depth-7 count unchanged, under the
    // evaluation of stop 121), hardly on the whole trace.
    const depth = 6;
    const trace = async (run: (o: EngineSearchOptions) => Promise<EngineResult> | EngineResult, o: EngineSearchOptions = {}): Promise<string> => {
      const lines: string[] = [];
      const r = await run({ depth, ...o, onInfo: (i) => void lines.push(`${String(i.depth)} ${String(i.nodes)} ${JSON.stringify(i.score)} ${i.pv.join(' ')}`) });
      expect(lines.length).toBeGreaterThanOrEqual(depth);
      return [...lines, `nodes ${String(r.nodes)}`].join('\n');
    };
    const fresh = (o: EngineSearchOptions) => trace((x) => (e.clear(), e.search(pos, x)), o);
    const base = await fresh({});
    const noNull = await fresh({ nullMove: false });
    const plain = await fresh({ knowledge: false });
    expect(noNull).not.toBe(base);
    expect(plain).not.toBe(base);
    // The same as the inline searcher's, setting for setting (fresh tables on both sides).
    const inline = new Engine({ thread: 'inline' });
    const inlineRun = (o: EngineSearchOptions) => (inline.clear(), inline.searchSync(pos, o));
    expect(await trace(inlineRun, { nullMove: false })).toBe(noNull);
    expect(await trace(inlineRun, { knowledge: false })).toBe(plain);
    // As engine defaults, which a search's own setting overrides.
    const weak = new Engine({ thread: 'inline', nullMove: false, knowledge: false });
    const weakRun = (o: EngineSearchOptions) => (weak.clear(), weak.searchSync(pos, o));
    const both = await trace(weakRun);
    expect(await trace(weakRun, { nullMove: true, knowledge: true })).toBe(base);
    weak.setNullMove(true);
    weak.setKnowledge(true);
    expect(await trace(weakRun)).toBe(base);
    expect(both).not.toBe(base);
    expect(() => weak.setKnowledge('no' as unknown as boolean)).toThrow(/knowledge must be true or false/);
    expect(() => weak.searchSync(pos, { depth: 1, nullMove: 0 as unknown as boolean })).toThrow(QiengineError);
    inline.close();
    weak.close();
  });

  it('MultiPV gives distinct first moves, best first', async () => {
    const r = await engine().search({ game: 'chess' }, { depth: 5, multiPv: 4 });
    expect(r.lines.length).toBe(4);
    expect(new Set(r.lines.map((l) => l.pv[0])).size).toBe(4);
    const cps = r.lines.map((l) => ('cp' in l.score ? l.score.cp : 0));
    expect([...cps].sort((x, y) => y - x)).toEqual(cps);
    expect(r.lines[0]!.pv[0]).toBe(r.bestMove);
  });

  it('PVs come in SAN for chess and in WXF or Chinese for xiangqi', async () => {
    const e = engine();
    const mate = await e.search({ game: 'chess', fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' }, { depth: 3 });
    expect(mate.pvNotation[0]).toBe('Ra8#');
    expect(mate.score).toEqual({ mate: 1 });
    const x = { game: 'xiangqi' as const, moves: ['h2e2'] };
    const wxf = await e.search(x, { depth: 3 });
    const chinese = await e.search(x, { depth: 3, notation: 'chinese' });
    expect(wxf.pvNotation[0]).toMatch(/^[A-Z][1-9a-e][+\-.=][1-9]$/);
    expect(chinese.pvNotation[0]).toMatch(/[\u4e00-\u9fff]/);
  });

  it('takes game objects with their history: a repeating line is seen as a repetition', async () => {
    const g = new Chess();
    for (const m of ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1']) g.move(m);
    // Black can draw at once by repeating; with contempt 0 and a level position that is fine,
    // and the result must know the game's history to score f6g8 as 0.
    const r = await engine().search(g, { depth: 4, searchMoves: ['f6g8'] });
    expect(r.bestMove).toBe('f6g8');
    expect(r.score).toEqual({ cp: 0 });
  });

  it('a clock budget is respected', async () => {
    const clock = { remainingMs: 3000, incrementMs: 0 };
    const r = await engine().search({ game: 'xiangqi' }, { clock });
    expect(r.bestMove).not.toBeNull();
    // The search's own clock: it stopped by its hard limit at the latest (plus one poll).
    expect(r.timeMs).toBeLessThanOrEqual(budgetFor(clock, 30).hardMs + 250);
  });

  it('falls back to inline without a worker script, unless a worker was required', async () => {
    const missing = new URL('file:///nonexistent/qiengine-worker.js');
    const auto = new Engine({ workerUrl: missing });
    expect(await auto.threadMode()).toBe('inline');
    expect((await auto.search({ game: 'chess' }, { depth: 2 })).bestMove).not.toBeNull();
    const strict = new Engine({ workerUrl: missing, thread: 'worker' });
    await expect(strict.search({ game: 'chess' }, { depth: 2 })).rejects.toThrow();
  });

  it('probe reads what the table learnt', async () => {
    const e = engine();
    expect(await e.probe({ game: 'xiangqi' })).toBeNull();
    const r = await e.search({ game: 'xiangqi' }, { depth: 5 });
    const entry = await e.probe({ game: 'xiangqi' });
    expect(entry?.move).toBe(r.bestMove);
    expect(entry?.depth).toBeGreaterThanOrEqual(5);
  });
});

describe('Engine with several threads (Lazy SMP)', () => {
  it('two threads search one position together on a shared table', async () => {
    const e = engine({ threads: 2 });
    const infos: EngineInfo[] = [];
    const r = await e.search({ game: 'xiangqi' }, { depth: 9, onInfo: (i) => infos.push(i) });
    expect(new Xiangqi().moves()).toContain(r.bestMove);
    expect(r.depth).toBe(9);
    // Both threads searched, and the answer counts them both.
    expect(r.threadNodes).toHaveLength(2);
    expect(r.threadNodes!.every((n) => n > 0)).toBe(true);
    expect(r.nodes).toBe(r.threadNodes![0]! + r.threadNodes![1]!);
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(infos.at(-1)!.nodes).toBeLessThanOrEqual(r.nodes);
    // The main worker's table is the shared one, and its root entry is the answer's, even when
    // a helper finished an iteration after the main search (the main worker stores it again).
    const root = await e.probe({ game: 'xiangqi' });
    expect(root).toEqual({ move: r.bestMove, score: r.score, depth: 9, bound: 'exact' });
    // A new size gives every worker a new shared table, and they search on it.
    e.setHashSize(4);
    expect(await e.probe({ game: 'xiangqi' })).toBeNull();
    const again = await e.search({ game: 'chess' }, { depth: 6 });
    expect(new Chess().moves()).toContain(again.bestMove);
    expect(again.threadNodes).toHaveLength(2);
  });

  it('an AbortSignal stops every thread, and the answer still comes', async () => {
    const e = engine({ threads: 2 });
    const c = new AbortController();
    // The abort comes once the search reports depth 4, so the workers are running, and the
    // time is taken from the abort: starting two workers on a busy machine can take seconds,
    // stopping them must not.
    let abortedAt = 0;
    const r = await e.search({ game: 'chess' }, {
      signal: c.signal,
      onInfo: (i) => {
        if (i.depth === 4 && abortedAt === 0) {
          abortedAt = performance.now();
          c.abort();
        }
      },
    });
    expect(abortedAt).toBeGreaterThan(0);
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    expect(new Chess().moves()).toContain(r.bestMove);
    expect(r.threadNodes!.every((n) => n > 0)).toBe(true);
  });

  it('back to one thread, the helpers end and the table is the worker\'s own again', async () => {
    const e = engine({ threads: 3 });
    expect((await e.search({ game: 'xiangqi' }, { depth: 5 })).threadNodes).toHaveLength(3);
    e.setThreads(1);
    const r = await e.search({ game: 'xiangqi' }, { depth: 5 });
    expect(r.threadNodes).toBeUndefined();
    expect(await e.probe({ game: 'xiangqi' })).not.toBeNull();
  });

  it('a thread count must be a whole number from 1 to MAX_THREADS', () => {
    expect(MAX_THREADS).toBe(64);
    for (const bad of [0, 1.5, 65, Number.NaN]) {
      expect(() => new Engine({ threads: bad })).toThrow(QiengineError);
      expect(() => new Engine().setThreads(bad)).toThrow(/threads must be an integer from 1 to 64/);
    }
  });
});

describe('Engine and the xiangqi game\'s move limit', () => {
  it('a game\'s own move limit (XiangqiRules.moveLimitPlies) travels with it to the worker and rules the tree', async () => {
    // A rook up; no capture is possible this move, so every move reaches the clock's next ply.
    const fen = (clock: number): string => `4k4/9/9/9/9/9/9/9/4A4/R2AK4 w - - ${clock} 80`;
    const e = engine();
    const score = async (clock: number, moveLimitPlies?: number): Promise<number> => {
      e.clear();
      const r = await e.search(new Xiangqi(fen(clock), { moveLimitPlies }), { depth: 3 });
      return 'cp' in r.score ? r.score.cp : 99999;
    };
    const drawn = await score(119);
    const free = await score(0);
    expect(free).toBeGreaterThan(300);
    expect(drawn).toBeLessThan(100);
    expect(await score(39, 40)).toBe(drawn);
    expect(await score(30, 40)).toBeGreaterThan(300);
    expect(await score(119, 200)).toBeGreaterThan(300);
    expect(await score(119, 0)).toBeGreaterThan(300);
    // The position's spec says the same, for code that passes specs.
    e.clear();
    const bySpec = await e.search({ game: 'xiangqi', fen: fen(39), moveLimitPlies: 40 }, { depth: 3 });
    expect(bySpec.score).toEqual({ cp: drawn });
    expect(new Xiangqi(undefined, { moveLimitPlies: 0 }).moveLimit()).toBe(0);
    for (const bad of [-1, 1.5, Number.NaN]) {
      expect(() => new Xiangqi(undefined, { moveLimitPlies: bad })).toThrow(QiengineError);
      await expect(e.search({ game: 'xiangqi', moveLimitPlies: bad }, { depth: 1 })).rejects.toThrow(QiengineError);
    }
    expect(new Xiangqi().moveLimit()).toBe(120);
  });
  it('so does XiangqiRules.checksCountTowardsLimit: with checks left out, a mate by checks still comes in time', async () => {
    // Two plies before the limit; the mate takes three, two of them checks.
    const fen = '3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 118 80';
    const e = engine();
    const counted = await e.search(new Xiangqi(fen), { depth: 5 });
    expect(counted.score).toEqual({ cp: 50 }); // the draw score: every line reaches the limit first
    e.clear();
    const uncounted = await e.search(new Xiangqi(fen, { checksCountTowardsLimit: false }), { depth: 5 });
    expect(uncounted.score).toEqual({ mate: 2 });
    const g = new Xiangqi(fen, { checksCountTowardsLimit: false });
    for (const m of uncounted.pv) g.move(m);
    expect(g.status()).toMatchObject({ over: true, reason: 'checkmate' });
    e.clear();
    expect((await e.search({ game: 'xiangqi', fen, checksCountTowardsLimit: false }, { depth: 5 })).score).toEqual({ mate: 2 });
    expect(specOf(g).checksCountTowardsLimit).toBe(false);
  });
});

describe('the evaluation\'s knowledge (Engine option knowledge) on game objects', () => {
  it('the evaluation\'s knowledge is a setting of the position: copies keep it, and so does loading a game', () => {
    const g = new Xiangqi();
    g.position.knowledge = false;
    expect(g.position.clone().knowledge).toBe(false);
    expect(g.clone().position.knowledge).toBe(false);
    g.load('3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1');
    expect(g.position.knowledge).toBe(false);
    g.loadPgn(new Xiangqi().pgn());
    expect(g.position.knowledge).toBe(false);
    const c = new Chess();
    c.position.knowledge = false;
    expect(c.clone().position.knowledge).toBe(false);
    c.load('8/8/8/8/8/8/8/K6k w - - 0 1');
    expect(c.position.knowledge).toBe(false);
    c.loadPgn(new Chess().pgn());
    expect(c.position.knowledge).toBe(false);
    expect(new Chess().position.knowledge).toBe(true);
  });
});

describe('Engine varied play (randomness)', () => {
  it('varies the move by the engine\'s dice, on the worker, and repeats with the same dice', async () => {
    const play = async (seed: number): Promise<string[]> => {
      const e = engine({ random: rng(seed), randomness: 60 });
      const moves: string[] = [];
      for (let k = 0; k < 6; k++) moves.push((await e.search({ game: 'xiangqi' }, { depth: 4 })).bestMove!);
      return moves;
    };
    const a = await play(1);
    expect(await play(1)).toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(1);
    // Without randomness the move repeats, from the same (cleared) table: with the table kept,
    // each search starts from what the last one left, and its move may differ.
    const plain = engine();
    const best = (await plain.search({ game: 'xiangqi' }, { depth: 4 })).bestMove;
    for (let k = 0; k < 3; k++) {
      plain.clear();
      expect((await plain.search({ game: 'xiangqi' }, { depth: 4 })).bestMove).toBe(best);
    }
  });

  it('a search\'s own randomness overrides the engine\'s: 0 searches as without', async () => {
    const noisy = engine({ random: rng(2), randomness: 160 });
    const off = await noisy.search({ game: 'chess' }, { depth: 4, randomness: 0 });
    const plain = await engine().search({ game: 'chess' }, { depth: 4 });
    expect([off.bestMove, off.score, off.nodes]).toEqual([plain.bestMove, plain.score, plain.nodes]);
  });

  it('randomness must be a whole number of centipawns from 0 to RANDOMNESS_MAX', async () => {
    expect(RANDOMNESS_MAX).toBe(500);
    for (const bad of [-1, 1.5, 501, Number.NaN]) {
      expect(() => new Engine({ randomness: bad })).toThrow(QiengineError);
      expect(() => new Engine().setRandomness(bad)).toThrow(/randomness must be a whole number of centipawns from 0 to 500/);
      await expect(new Engine({ thread: 'inline' }).search({ game: 'chess' }, { depth: 1, randomness: bad })).rejects.toThrow(QiengineError);
    }
  });
});

describe('protocol over the worker: stop and ponderhit', () => {
  function session() {
    const out: string[] = [];
    const s = new ProtocolSession((l) => out.push(l), { engine: engine() });
    return { s, out };
  }
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('go infinite thinks until stop, then answers bestmove; isready is answered meanwhile', async () => {
    const { s, out } = session();
    s.handle('uci');
    s.handle('position startpos');
    s.handle('go infinite');
    await wait(200);
    expect(out.some((l) => l.startsWith('bestmove'))).toBe(false);
    s.handle('isready');
    expect(out.at(-1)).toBe('readyok');
    s.handle('stop');
    await s.idle();
    expect(out.at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
  });

  it('isready after uci answers once the worker has started and warmed up; lines sent meanwhile wait', async () => {
    const { s, out } = session();
    s.handle('uci');
    s.handle('isready');
    s.handle('position startpos moves e2e4');
    s.handle('go depth 3');
    // The engine is still starting: no readyok yet, and the go waits behind it.
    expect(out).not.toContain('readyok');
    await s.idle();
    const ready = out.indexOf('readyok');
    expect(ready).toBeGreaterThan(out.indexOf('uciok'));
    expect(out.findIndex((l) => l.startsWith('info depth 1'))).toBeGreaterThan(ready);
    expect(out.at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
    // Once started, isready answers at once.
    s.handle('isready');
    expect(out.at(-1)).toBe('readyok');
  });

  it('go ponder waits for ponderhit, then plays on its own clock', async () => {
    const { s, out } = session();
    s.handle('uci');
    s.handle('setoption name UCI_Variant value xiangqi');
    s.handle('position startpos moves h2e2');
    s.handle('go ponder wtime 3000 btime 3000');
    await wait(150);
    expect(out.some((l) => l.startsWith('bestmove'))).toBe(false);
    s.handle('ponderhit');
    await s.idle();
    expect(out.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
  });

  it('lines sent during a search wait their turn; quit stops the search first', async () => {
    const { s, out } = session();
    s.handle('uci');
    s.handle('go infinite');
    s.handle('position startpos moves e2e4');
    s.handle('d');
    await wait(50);
    expect(out.some((l) => l.startsWith('Fen:'))).toBe(false);
    s.handle('quit');
    await s.idle();
    const best = out.findIndex((l) => l.startsWith('bestmove'));
    expect(best).toBeGreaterThan(0);
    expect(out.slice(best).some((l) => l.includes('4P3'))).toBe(true);
    expect(s.finished).toBe(true);
  });
});
