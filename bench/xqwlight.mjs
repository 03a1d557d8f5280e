// Search nodes/second beside XQWLight's JavaScript engine, the program the search issue's speed
// goal names ("XQWLight's JavaScript engine does about 0.45 M/s here"), in one process and run.
//
// XQWLight is GPL code and is not part of this package, nor fetched by it: point --dir at a
// folder holding its two engine files, `position.js` and `search.js` (the `JavaScript` folder of
// the xqbase/xqwlight sources). They are read unchanged and evaluated inside one function, with
// Math.random replaced by a seeded generator there and started again before each search, so that
// the noise XQWLight adds to its root scores, and so its tree, is the same in every round and
// every run (qiengine's searches are deterministic already). Its opening
// book file is not loaded, so it searches every position.
//
// For each of the four xiangqi `qiengine bench` positions, three rounds alternate: XQWLight's
// `searchMain` to a fixed depth from its fresh 2^16-entry table (the size its web page uses),
// timed around the whole call; then qiengine's `searchSync` (one thread, 16 MB) for the same wall
// time. Equal time rather than equal depth, because the two prune so differently that one depth
// is tens of times the other's work; the fastest round of each is kept. Both count a node per
// call of the main search or of quiescence (XQWLight's `searchFull` and `searchQuiesc`;
// qiengine's `pvs` and `quiesce`, after the repetition test, so slightly fewer).
//
//   node bench/xqwlight.mjs --dir path/to/xqwlight/JavaScript [--no-write] [--dist dist/index.js]
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import vm from 'node:vm';
import { flagValue as arg } from './measure.mjs';
import { writeResultsSection } from './results-file.mjs';

const args = process.argv.slice(2);
const dir = arg('--dir', '');
const dist = arg('--dist', fileURLToPath(new URL('../dist/index.js', import.meta.url)));
const files = ['position.js', 'search.js'].map((f) => path.join(dir, f));
if (dir === '' || !files.every((f) => existsSync(f))) {
  console.error('usage: node bench/xqwlight.mjs --dir DIR, where DIR holds XQWLight\'s position.js and search.js');
  process.exit(2);
}
const { BENCH_POSITIONS, Engine } = await import(pathToFileURL(dist).href);

/**
 * XQWLight's Position and Search from its own files. They are plain scripts that declare
 * globals; here they run inside one function (strict, as each file is), so those globals stay
 * local to it, and a local `Math` whose `random` is seeded shadows the global one for them
 * alone. (A separate `vm` context would isolate them too, but its global object is reached
 * through interceptors, and the search then runs at a small fraction of its speed.)
 */
function loadXqwlight() {
  const source = files.map((f) => readFileSync(f, 'utf8')).join('\n;\n');
  const wrapped = `(function () {
"use strict";
// A Park-Miller generator, started again before each search: XQWLight's root noise, and so
// its tree, is then the same in every round and every run.
let seed = 20260;
const Math = Object.create(globalThis.Math, { random: { value: () => (seed = (seed * 16807) % 2147483647) / 2147483647 } });
${source}
;return { Position, Search, reseed: () => { seed = 20260; } };
})()`;
  return vm.runInThisContext(wrapped, { filename: 'xqwlight.js' });
}
const X = loadXqwlight();

function xqwlightSearch(fen, depth) {
  const pos = new X.Position();
  pos.fromFen(fen);
  const search = new X.Search(pos, 16);
  X.reseed();
  const t0 = performance.now();
  search.searchMain(depth, 1e9); // no time limit: it stops at the depth
  return { nodes: search.allNodes, ms: performance.now() - t0, depth };
}

// XQWLight's depths: each search takes about 0.2-2 s on this kind of machine, so that both
// programs' tables fill as they do in play, and none takes long enough to dominate the total.
const DEPTHS = [7, 8, 8, 10];
const positions = BENCH_POSITIONS.filter((p) => p.game === 'xiangqi');
const engine = new Engine({ thread: 'inline' });
// Warm both JITs on every position first, as a long-running process would be.
for (const p of positions) {
  xqwlightSearch(p.fen, 4);
  engine.searchSync({ game: 'xiangqi', fen: p.fen }, { depth: 8 });
}
const ROUNDS = 3;
const rows = [];
positions.forEach((p, i) => {
  let x = null;
  let q = null;
  for (let r = 0; r < ROUNDS; r++) {
    const a = xqwlightSearch(p.fen, DEPTHS[i]);
    if (x === null || a.nodes / a.ms > x.nodes / x.ms) x = a;
    const b = engine.searchSync({ game: 'xiangqi', fen: p.fen }, { movetimeMs: Math.max(50, Math.round(a.ms)) });
    if (q === null || b.nodes / b.timeMs > q.nodes / q.ms) q = { nodes: b.nodes, ms: b.timeMs, depth: b.depth };
  }
  rows.push({ fen: p.fen, x, q });
  console.log(`${p.fen.slice(0, 30)}: XQWLight depth ${x.depth} ${x.nodes} nodes ${Math.round(x.ms)} ms; qiengine depth ${q.depth} ${q.nodes} nodes ${Math.round(q.ms)} ms`);
});
engine.close();

const fmt = (nps) => (nps >= 1e6 ? `${(nps / 1e6).toFixed(2)} M` : `${Math.round(nps / 1e3)} k`);
const nps = (r) => (r.nodes * 1000) / r.ms;
const sum = (key) => rows.reduce((s, r) => ({ nodes: s.nodes + r[key].nodes, ms: s.ms + r[key].ms }), { nodes: 0, ms: 0 });
const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
const table = [
  `Machine: ${cpu}, ${os.cpus().length} cores, Node ${process.version}; one search thread each, both in one process. \`node bench/xqwlight.mjs\`, ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '| position | XQWLight: depth, nodes, time | XQWLight nodes/s | qiengine in the same time: depth, nodes | qiengine nodes/s | nodes/s ratio |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| \`${r.fen}\` | ${r.x.depth}, ${fmt(r.x.nodes)}, ${Math.round(r.x.ms)} ms | ${fmt(nps(r.x))}/s | ${r.q.depth}, ${fmt(r.q.nodes)} | ${fmt(nps(r.q))}/s | ${(nps(r.q) / nps(r.x)).toFixed(2)}x |`,
  ),
  '',
  `- **All four positions:** XQWLight ${fmt(nps(sum('x')))}/s, qiengine ${fmt(nps(sum('q')))}/s (${(nps(sum('q')) / nps(sum('x'))).toFixed(2)}x). The goal's 2 M/s is ${(2e6 / nps(sum('x'))).toFixed(2)}x XQWLight's rate in this run.`,
];
console.log(table.join('\n'));
// Placed right after the search table, which it complements.
if (!args.includes('--no-write')) writeResultsSection('xqwlight', table, { heading: 'XQWLight', after: '<!-- search:end -->' });
