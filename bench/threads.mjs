// Time to depth with one and two threads (Lazy SMP), the measure that says what a second
// thread buys a fixed search: each bench position searched to a fixed depth from a fresh
// table on the Engine's workers, the median of five runs per thread count (two threads do not
// search the same tree twice, so one run says little). Beside it the native engine (Stockfish
// for chess, Fairy-Stockfish for xiangqi, when installed) does the same with `Threads` 1 and 2,
// to its own depth: its pruning reaches far deeper, so the depths are chosen to give times of
// the same order, and the ratio between one and two threads is the figure to compare.
//
//   npm run build && node bench/threads.mjs
import { cpus } from 'node:os';
import { BENCH_POSITIONS, Engine } from '../dist/index.js';
import { findNative, infoField, nativeSearch } from './uci-process.mjs';

const depthOf = { xiangqi: 16, chess: 15 };
const ROUNDS = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const nativeDepthOf = { xiangqi: 17, chess: 20 };
const nativeBin = { xiangqi: findNative('fairy-stockfish'), chess: findNative('stockfish') };

/** The native engine's own time to `depth`, from its last info line (a fresh process: an empty table). */
async function nativeTime(bin, game, fen, depth, threads) {
  const r = await nativeSearch(bin, game === 'xiangqi' ? 'xiangqi' : null, fen, `go depth ${depth}`, threads);
  return infoField(r.info, 'time');
}

console.log(`# ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}; ${ROUNDS} runs each, median`);
console.log('| game | position | qiengine, 1 thread | 2 threads | speedup | native, 1 thread | 2 threads | speedup |');
console.log('|---|---|---|---|---|---|---|---|');
const total = {};
for (const p of BENCH_POSITIONS) {
  const depth = depthOf[p.game];
  const t = {};
  for (const threads of [1, 2]) {
    const runs = [];
    for (let i = 0; i < ROUNDS; i++) {
      // A new engine each run: an empty table, and no helper warmed by the run before.
      const eng = new Engine({ threads });
      const r = await eng.search({ game: p.game, fen: p.fen }, { depth });
      eng.close();
      if (r.depth < depth) throw new Error(`stopped at depth ${r.depth}`);
      runs.push(r);
    }
    // The run of median time, with its own node count.
    const mid = [...runs].sort((a, b) => a.timeMs - b.timeMs)[runs.length >> 1];
    const bin = nativeBin[p.game];
    const native = [];
    for (let i = 0; bin && i < ROUNDS; i++) native.push(await nativeTime(bin, p.game, p.fen, nativeDepthOf[p.game], threads));
    t[threads] = { ms: mid.timeMs, nodes: mid.nodes, native: bin ? median(native) : null };
  }
  const g = (total[p.game] ??= { 1: 0, 2: 0, n1: 0, n2: 0 });
  g[1] += t[1].ms;
  g[2] += t[2].ms;
  g.n1 += t[1].native ?? 0;
  g.n2 += t[2].native ?? 0;
  const nat = t[1].native === null ? 'n/a | n/a | n/a' : `${t[1].native} ms | ${t[2].native} ms | ${(t[1].native / t[2].native).toFixed(2)}x`;
  console.log(`| ${p.game} | \`${p.fen}\` | ${t[1].ms} ms, ${Math.round(t[1].nodes / 1000)} k nodes | ${t[2].ms} ms, ${Math.round(t[2].nodes / 1000)} k nodes | ${(t[1].ms / t[2].ms).toFixed(2)}x | ${nat} |`);
}
for (const [game, g] of Object.entries(total)) {
  const nat = g.n1 > 0 ? `; native to depth ${nativeDepthOf[game]}: ${g.n1} ms and ${g.n2} ms, ${(g.n1 / g.n2).toFixed(2)}x` : '';
  console.log(`- ${game}, qiengine to depth ${depthOf[game]}: ${g[1]} ms on one thread, ${g[2]} ms on two, ${(g[1] / g[2]).toFixed(2)}x${nat}`);
}
