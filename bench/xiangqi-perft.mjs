// Xiangqi perft speed, side by side in one run: qiengine (built dist) and Fairy-Stockfish
// (`go perft`, which also bulk-counts the last ply). Both count the same trees, so the node
// counts are cross-checked too. Writes the table into bench/RESULTS.md.
//
//   node bench/xiangqi-perft.mjs [--deep] [--no-write]
//
// --deep adds the start position at depth 6 (5.4 billion leaves, minutes).
import { spawn } from 'node:child_process';
import { Xiangqi } from '../dist/index.js';
import { measuredOn } from './measure.mjs';
import { writeResultsSection } from './results-file.mjs';
import { findNative, nativeVersion } from './uci-process.mjs';

const POSITIONS = [
  ['start', 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1', 5, 133312995],
  ['middlegame 1', 'r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1', 5, 53112976],
  ['middlegame 2', '1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1', 5, null],
  ['middlegame 3', 'rnb1ka1n1/4a4/7C1/pcp1p3p/1C4b2/3r4P/P1P1P1P2/4B2c1/9/RN1AKAB1R w - - 7 16', 5, null],
];
const deep = process.argv.includes('--deep');
if (deep) POSITIONS.push(['start (deep)', POSITIONS[0][1], 6, 5392831844]);

/** Runs `go perft` in Fairy-Stockfish; the clock runs from sending `go` to the total line. */
function fairyPerft(bin, fen, depth) {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    let buf = '';
    let t0 = 0n;
    p.stdout.on('data', (d) => {
      buf += d.toString();
      if (buf.includes('readyok') && t0 === 0n) {
        t0 = process.hrtime.bigint();
        p.stdin.write(`go perft ${depth}\n`);
      }
      const m = /Nodes searched: (\d+)/.exec(buf);
      if (m && t0 !== 0n) {
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        p.stdin.end('quit\n');
        resolve({ nodes: Number(m[1]), ms });
      }
    });
    p.on('error', reject);
    p.stdin.write(`uci\nsetoption name UCI_Variant value xiangqi\nposition fen ${fen}\nisready\n`);
  });
}

function ourPerft(fen, depth) {
  const g = new Xiangqi(fen);
  const t0 = process.hrtime.bigint();
  const nodes = g.perft(depth);
  return { nodes, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
}

const fairy = findNative('fairy-stockfish');
ourPerft(POSITIONS[0][1], 4); // warm-up: let the JIT settle before timing
const rows = [];
for (const [name, fen, depth, expected] of POSITIONS) {
  const ours = ourPerft(fen, depth);
  const theirs = fairy ? await fairyPerft(fairy, fen, depth) : null;
  if (expected !== null && ours.nodes !== expected) throw new Error(`${name}: qiengine counted ${ours.nodes}, expected ${expected}`);
  if (theirs && theirs.nodes !== ours.nodes) throw new Error(`${name}: qiengine ${ours.nodes} vs Fairy-Stockfish ${theirs.nodes}`);
  const row = { name, depth, nodes: ours.nodes, ours: ours.nodes / ours.ms / 1000, theirs: theirs ? theirs.nodes / theirs.ms / 1000 : null };
  rows.push(row);
  console.log(`${String(name).padEnd(14)} d${depth} ${String(row.nodes).padStart(11)}  qiengine ${row.ours.toFixed(1)} M/s  fairy-stockfish ${row.theirs?.toFixed(1) ?? 'n/a'} M/s  ratio ${row.theirs ? (row.ours / row.theirs).toFixed(2) + 'x' : 'n/a'}`);
}

const total = (k) => rows.reduce((s, r) => s + r.nodes / r[k], 0);
const ourAll = rows.reduce((s, r) => s + r.nodes, 0) / total('ours');
const theirAll = fairy ? rows.reduce((s, r) => s + r.nodes, 0) / total('theirs') : null;
console.log(`overall: qiengine ${ourAll.toFixed(1)} M/s, fairy-stockfish ${theirAll?.toFixed(1) ?? 'n/a'} M/s, ratio ${theirAll ? (ourAll / theirAll).toFixed(2) + 'x' : 'n/a'}`);

if (!process.argv.includes('--no-write')) {
  const fairyVersion = nativeVersion(fairy);
  const table = [
    `${measuredOn()}; ${fairyVersion}.`,
    'Leaves per second of `perft` with the last ply bulk-counted by both programs; single thread. The clock for Fairy-Stockfish runs from `go perft` to its total, so process start-up is not counted.',
    '',
    '| position | depth | leaves | qiengine M/s | Fairy-Stockfish M/s | ratio |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.name} | ${r.depth} | ${r.nodes} | ${r.ours.toFixed(1)} | ${r.theirs?.toFixed(1) ?? 'n/a'} | ${r.theirs ? (r.ours / r.theirs).toFixed(2) + 'x' : 'n/a'} |`),
    `| **all** | | ${rows.reduce((s, r) => s + r.nodes, 0)} | **${ourAll.toFixed(1)}** | **${theirAll?.toFixed(1) ?? 'n/a'}** | **${theirAll ? (ourAll / theirAll).toFixed(2) + 'x' : 'n/a'}** |`,
  ];
  writeResultsSection('xiangqi-perft', table, { heading: 'Xiangqi perft' });
}
