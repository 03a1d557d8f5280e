// How deep each engine searched in a match, by the stage of the game.
//
//   node bench/match-depth.mjs FILE.jsonl [FILE.jsonl ...] [--bucket PLIES]
//
// Reads the game records `qiengine match --out` writes (each move's reported depth and nodes)
// and prints, for every span of PLIES plies (default 20) from the start, each engine's moves,
// median depth, mean depth and median nodes. The match's own summary gives one mean for the
// whole match; this shows where the engines part. Medians, because an engine that sees the game
// decided may run its iterations to its limit (Fairy-Stockfish reports depth 245 once it has a
// mate): a few such moves move a mean by plies and a median not at all.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
let bucket = 20;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--bucket') bucket = Number(args[++i]);
  else files.push(args[i]);
}
if (files.length === 0 || !Number.isInteger(bucket) || bucket < 1) {
  process.stderr.write('usage: node bench/match-depth.mjs FILE.jsonl [FILE.jsonl ...] [--bucket PLIES]\n');
  process.exit(2);
}

/** Whether black is to move in the record's starting FEN (none: the start, red or white to move). */
function blackStarts(fen) {
  return fen !== undefined && fen.split(/\s+/)[1] === 'b';
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 === 1 ? s[n >> 1] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

// engine -> span index -> { depths, nodes }
const byEngine = new Map();
const engines = [];
for (const file of files) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const g = JSON.parse(line);
    if (!Array.isArray(g.reports)) continue;
    const startPly = g.opening.length;
    // Entry k of the reports is the move at ply opening + k; the first engine moves at the
    // plies where the side to move is the one that started the game as white/red.
    const offset = (blackStarts(g.fen) ? 1 : 0) + startPly;
    g.reports.forEach((r, k) => {
      if (r.depth === undefined) return;
      const name = (offset + k) % 2 === 0 ? g.first : g.second;
      if (!byEngine.has(name)) {
        byEngine.set(name, []);
        engines.push(name);
      }
      const spans = byEngine.get(name);
      const span = Math.floor((startPly + k) / bucket);
      spans[span] ??= { depths: [], nodes: [] };
      spans[span].depths.push(r.depth);
      if (r.nodes !== undefined) spans[span].nodes.push(r.nodes);
    });
  }
}

const spans = Math.max(0, ...engines.map((e) => byEngine.get(e).length));
const header = ['plies', ...engines.flatMap((e) => [`${e} moves`, 'median depth', 'mean depth', 'median nodes'])];
process.stdout.write(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|\n`);
const all = new Map(engines.map((e) => [e, { depths: [], nodes: [] }]));
for (let s = 0; s < spans; s++) {
  const cells = [`${s * bucket}-${s * bucket + bucket - 1}`];
  for (const e of engines) {
    const d = byEngine.get(e)[s] ?? { depths: [], nodes: [] };
    all.get(e).depths.push(...d.depths);
    all.get(e).nodes.push(...d.nodes);
    cells.push(String(d.depths.length), String(median(d.depths)), d.depths.length ? (d.depths.reduce((a, b) => a + b, 0) / d.depths.length).toFixed(1) : '-', d.nodes.length ? String(median(d.nodes)) : '-');
  }
  process.stdout.write(`| ${cells.join(' | ')} |\n`);
}
const total = ['all'];
for (const e of engines) {
  const d = all.get(e);
  total.push(String(d.depths.length), String(median(d.depths)), (d.depths.reduce((a, b) => a + b, 0) / d.depths.length).toFixed(1), d.nodes.length ? String(median(d.nodes)) : '-');
}
process.stdout.write(`| ${total.join(' | ')} |\n`);
