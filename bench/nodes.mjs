// Nodes and time to a fixed depth on xiangqi opening positions: the first COUNT lines of
// bench/openings/xiangqi-400.txt played out (eight plies each), each searched to DEPTH from a
// fresh 16 MB table on one thread, as `qiengine bench` does. The node total changes whenever a
// search decision does, so two builds compare tree size here before they are played in
// matches (bench/RESULTS.md: "31 opening positions to depth 10").
//
//   node bench/nodes.mjs [--depth 10] [--count 31] [--dist path/to/dist/index.js]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { flagValue as arg } from './measure.mjs';

const depth = Number(arg('--depth', '10'));
const count = Number(arg('--count', '31'));
const dist = arg('--dist', new URL('../dist/index.js', import.meta.url).href);
const { Xiangqi, runBench } = await import(dist.startsWith('file:') ? dist : pathToFileURL(dist).href);

const lines = readFileSync(new URL('./openings/xiangqi-400.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .slice(0, count);
const positions = lines.map((l) => {
  const g = new Xiangqi();
  for (const m of l.trim().split(/\s+/)) g.move(m);
  return { game: /** @type {const} */ ('xiangqi'), fen: g.fen() };
});

runBench({ depth: 6, positions: positions.slice(0, 2) }); // warm the JIT before timing
const r = runBench({ depth, positions });
console.log(`${positions.length} positions to depth ${depth}: ${r.nodes} nodes, ${Math.round(r.timeMs)} ms, ${Math.round(r.nps)} nodes/s`);
