// Balanced opening lines for long matches (`qiengine match --openings FILE`), made by qiengine
// itself: at every ply a random move among those a depth-5 MultiPV search scores within 30
// centipawns of the best; a line is kept when a depth-9 search scores its end within ±40.
// The files in bench/openings/ were made with the arguments in their first line.
//
//   node bench/openings.mjs GAME COUNT PLIES SEED > bench/openings/FILE.txt
import { Engine } from '../dist/index.js';

const [game, count, plies, seed] = process.argv.slice(2);
if ((game !== 'chess' && game !== 'xiangqi') || !(Number(count) > 0) || !(Number(plies) > 0) || !Number.isInteger(Number(seed))) {
  console.error('usage: node bench/openings.mjs chess|xiangqi COUNT PLIES SEED');
  process.exit(2);
}
// mulberry32: small, seedable, and the same everywhere.
let a = Number(seed) >>> 0;
const rand = () => {
  a = (a + 0x6d2b79f5) >>> 0;
  let t = a;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const engine = new Engine({ thread: 'inline', hashMb: 64 });
const seen = new Set();
console.log(`# node bench/openings.mjs ${game} ${count} ${plies} ${seed}`);
while (seen.size < Number(count)) {
  const moves = [];
  for (let p = 0; p < Number(plies); p++) {
    const r = engine.searchSync({ game, moves }, { depth: 5, multiPv: 5 });
    const best = 'cp' in r.lines[0].score ? r.lines[0].score.cp : 0;
    const near = r.lines.filter((l) => 'cp' in l.score && l.score.cp >= best - 30);
    moves.push(near[Math.floor(rand() * near.length)].pv[0]);
  }
  const line = moves.join(' ');
  if (seen.has(line)) continue;
  const check = engine.searchSync({ game, moves }, { depth: 9 });
  if (!('cp' in check.score) || Math.abs(check.score.cp) > 40) continue;
  seen.add(line);
  console.log(line);
}
