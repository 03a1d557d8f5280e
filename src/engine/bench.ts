/**
 * `qiengine bench`: fixed positions of both games searched to a fixed depth from an empty
 * table. The node total is a signature of the search: any change in its behaviour (ordering,
 * pruning, evaluation) changes it, while pure speed-ups do not.
 */
import { Searcher } from './searcher.js';
import type { GameKind } from './games.js';

export const BENCH_POSITIONS: ReadonlyArray<{ game: GameKind; fen: string }> = [
  { game: 'chess', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' },
  { game: 'chess', fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1' },
  { game: 'chess', fen: 'r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8' },
  { game: 'chess', fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1' },
  { game: 'xiangqi', fen: 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1' },
  { game: 'xiangqi', fen: 'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 b - - 0 1' },
  { game: 'xiangqi', fen: 'r2akab2/9/2n1b1n2/p1p1p3p/6p2/2P6/P3P1P1P/2N1C1N2/9/1RBAKAB1r w - - 0 1' },
  { game: 'xiangqi', fen: '2bak4/4a4/4b4/p3p3p/2p6/9/P1P3P1P/4B4/4A4/3AK1B2 w - - 0 1' },
];

export const BENCH_DEPTH = 10;

/**
 * Short searches of a few bench positions of both games on a table of their own, thrown away
 * after: V8 compiles a function to fast code only after it has run for a while, so an engine's
 * first searches ran at a fraction of its speed (0.2 s searches from a fresh worker, on a busy
 * machine: depth 1 while the worker started, then depth 7 on 10 k nodes, and depth 11 on 78 k
 * only by the fourth). Nothing of it stays in the searcher that answers, so results do not
 * depend on whether it ran (the evaluation's module-level caches are exact).
 */
export function warmUp(): void {
  const s = new Searcher(1);
  for (const { position, nodes } of WARM_UP) s.run({ game: position.game, fen: position.fen, nodes });
}

/** The warm-up: two xiangqi middlegames and Kiwipete, 90 k nodes in all. */
const WARM_UP = [
  { position: BENCH_POSITIONS[6]!, nodes: 40_000 },
  { position: BENCH_POSITIONS[5]!, nodes: 20_000 },
  { position: BENCH_POSITIONS[1]!, nodes: 30_000 },
];

export interface BenchReport {
  nodes: number;
  timeMs: number;
  nps: number;
  positions: Array<{ game: GameKind; fen: string; nodes: number; timeMs: number; bestMove: string | null }>;
}

/** Searches every bench position (or the given ones) to `depth` with a fresh 16 MB table each time. */
export function runBench(o: { depth?: number; positions?: ReadonlyArray<{ game: GameKind; fen: string }> } = {}, log?: (line: string) => void): BenchReport {
  const depth = o.depth ?? BENCH_DEPTH;
  const list = o.positions ?? BENCH_POSITIONS;
  const positions: BenchReport['positions'] = [];
  let nodes = 0;
  let timeMs = 0;
  for (const [i, p] of list.entries()) {
    const searcher = new Searcher(16);
    const r = searcher.run({ game: p.game, fen: p.fen, depth });
    nodes += r.nodes;
    timeMs += r.timeMs;
    positions.push({ ...p, nodes: r.nodes, timeMs: r.timeMs, bestMove: r.bestMove });
    log?.(`position ${i + 1}/${list.length} (${p.game}) depth ${r.depth} best ${r.bestMove} nodes ${r.nodes} time ${r.timeMs} ms`);
  }
  return { nodes, timeMs, nps: timeMs > 0 ? (nodes * 1000) / timeMs : 0, positions };
}
