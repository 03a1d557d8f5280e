// Endgame tablebases: how long building takes (each material with the smaller tables its
// captures lead to, as `qiengine tablebase --generate` builds them), how large the files are,
// and how fast a probe answers from a file (random valid positions, through the chunk cache,
// and through a cache of one chunk, where nearly every probe unpacks a chunk). No JavaScript
// anchor builds or reads endgame tables, so the figures stand alone.
// Writes the table into bench/RESULTS.md.
//
//   node bench/tablebase.mjs [--no-write]
import { buildTables, parseTablebaseMaterial, seededRandom as rng, Tablebases, writeTableFile } from '../dist/index.js';
import { bestTime, measuredOn } from './measure.mjs';
import { writeResultsSection } from './results-file.mjs';

/** @type {Array<['chess' | 'xiangqi', string]>} */
const SETS = [
  ['xiangqi', 'KRvKAA'],
  ['xiangqi', 'KHvKA'],
  ['xiangqi', 'KCvKA'],
  ['xiangqi', 'KPPvKA'],
  ['xiangqi', 'KRvKH'],
  ['chess', 'KQvK'],
  ['chess', 'KRvK'],
  ['chess', 'KPvK'],
  ['chess', 'KQvKR'],
];
const PROBES = 200_000;
/** Through a one-chunk cache each probe unpacks a chunk: fewer of them. */
const COLD_PROBES = 10_000;

const rows = [];
for (const [game, name] of SETS) {
  let built = new Map();
  const t0 = performance.now();
  const table = buildTables(parseTablebaseMaterial(game, name), built);
  const ms = performance.now() - t0;
  const file = writeTableFile(table.material, table.values, table.longestWin);
  // Probe positions: valid numbers of the table, set up once each.
  const rand = rng(1);
  const positions = [];
  const index = table.index;
  while (positions.length < 2000) {
    const i = Math.floor(rand() * index.size);
    const pos = index.rules.newPosition();
    if (index.decode(i, pos)) positions.push(pos);
  }
  const probeRate = (cacheChunks, probes) => {
    const set = new Tablebases({ cacheChunks });
    for (const t of built.values()) set.addFile(writeTableFile(t.material, t.values, t.longestWin));
    const probe = set.endgameProbe(game);
    const t = bestTime(
      () => {
        let sum = 0;
        for (let n = 0; n < probes; n++) sum += probe(positions[n % positions.length]);
        return sum;
      },
      undefined,
      3,
    );
    return probes / (t / 1000);
  };
  const cached = probeRate(256, PROBES);
  const cold = probeRate(1, COLD_PROBES);
  const { valid, won, lost, drawn, byRule } = table.counts;
  rows.push(
    `| ${game} ${name} | ${built.size} | ${table.index.size.toLocaleString('en-US')} | ${valid.toLocaleString('en-US')} | ${((100 * won) / valid).toFixed(1)} / ${((100 * lost) / valid).toFixed(1)} / ${((100 * drawn) / valid).toFixed(1)} | ${game === 'xiangqi' ? ((100 * byRule) / valid).toFixed(1) : '—'} | ${table.longestWin} | ${(ms / 1000).toFixed(2)} s | ${(file.length / 1024).toFixed(0)} KiB (${((8 * file.length) / table.index.size).toFixed(2)} bits) | ${(cached / 1e6).toFixed(2)} M/s | ${(cold / 1e3).toFixed(0)} k/s |`,
  );
  built = null;
}

const table = [
  '',
  `Building each material with the smaller tables its captures lead to, in one process (Node's single thread), then probing 2,000 random valid positions of the table from its file, best of three: ${PROBES.toLocaleString('en-US')} probes through a cache of 256 chunks (8 MiB: these tables fit), and ${COLD_PROBES.toLocaleString('en-US')} through a cache of 1 chunk (nearly every probe unpacks 32,768 positions). Won / lost / drawn are for the side to move, over its valid positions; "by the rule" is the share of the valid positions won or lost by xiangqi's perpetual-check rule (one side holds off mate only by checking on every move), counted among the won and lost; the longest win is in plies; file sizes are the material's own file, with bits per indexed position. No JavaScript anchor builds or reads endgame tables.`,
  '',
  '| material | tables built | index size | valid | won / lost / drawn % | by the rule % | longest win | build | file | probes (cached) | probes (1 chunk) |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `${measuredOn()}.`,
  '',
];
console.log(table.join('\n'));
if (!process.argv.includes('--no-write')) writeResultsSection('tablebase', table, { heading: 'Endgame tablebases', after: '<!-- book:end -->' });
