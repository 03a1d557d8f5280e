// The skill levels on an Elo scale: fits one curve, rating = A - B e^(-level / C), by maximum
// likelihood to the games of `qiengine match` runs of a level against an engine of known
// rating (Stockfish with UCI_LimitStrength and UCI_Elo) or against another level (whose rating
// is then read off the same curve), and prints the rating of every whole level: the table
// `ELO_LEVELS` in src/engine/skill.ts (bench/RESULTS.md, "Playing strength by Elo").
//
// Each argument is LEVEL:OPPONENT=FILE.jsonl, OPPONENT a rating (1800) or a level (s3); the
// level's engine is the one named `qiengine` in the records (engine1 of the match), except
// against a level, where engine1 is the level before the colon and the first game's first
// mover (colours alternate). A run, for example:
//
//   qiengine match --game chess --engine1 "qiengine;Skill Level=8" \
//     --engine2 "uci:/usr/games/stockfish;UCI_LimitStrength=true;UCI_Elo=1800" \
//     --games 40 --movetime 100 --out l8-1800.jsonl
//   node bench/elo-ladder.mjs 8:1800=l8-1800.jsonl 15:1900=l15-1900.jsonl 0:s3=l0-l3.jsonl ...
import { readFileSync } from 'node:fs';

const POINTS = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 };
/** @type {Array<{ level: number, rating?: number, versus?: number, score: number }>} */
const games = [];
for (const arg of process.argv.slice(2)) {
  const m = /^(\d+):(s?)(\d+)=(.+)$/.exec(arg);
  if (m === null) {
    console.error(`elo-ladder: '${arg}' is not LEVEL:RATING=FILE or LEVEL:sLEVEL=FILE`);
    process.exit(2);
  }
  const level = Number(m[1]);
  const records = readFileSync(m[4], 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
  records.forEach((r, i) => {
    const points = POINTS[r.result];
    if (points === undefined) return;
    // Against another level both engines are called qiengine: engine1 moves first in the
    // even-numbered games (game i: engine1 first when i is even).
    const first = m[2] === 's' ? (r.game ?? i) % 2 === 0 : r.first === 'qiengine';
    const score = first ? points : 1 - points;
    games.push(m[2] === 's' ? { level, versus: Number(m[3]), score } : { level, rating: Number(m[3]), score });
  });
}
if (games.length === 0) {
  console.error('elo-ladder: no games (usage in the header of bench/elo-ladder.mjs)');
  process.exit(2);
}

const curve = (A, B, C, level) => A - B * Math.exp(-level / C);
function logLikelihood(A, B, C) {
  let t = 0;
  for (const g of games) {
    const opponent = g.rating ?? curve(A, B, C, g.versus ?? 0);
    const p = Math.min(Math.max(1 / (1 + 10 ** ((opponent - curve(A, B, C, g.level)) / 400)), 1e-9), 1 - 1e-9);
    t += g.score * Math.log(p) + (1 - g.score) * Math.log(1 - p);
  }
  return t;
}
// A grid fine enough for ratings rounded to 10.
let best = { ll: -Infinity, A: 0, B: 0, C: 0 };
for (let A = 1500; A <= 3000; A += 10) {
  for (let B = 400; B <= 2400; B += 40) {
    for (let C = 2; C <= 12; C += 0.2) {
      const ll = logLikelihood(A, B, C);
      if (ll > best.ll) best = { ll, A, B, C };
    }
  }
}
const { A, B, C } = best;
console.log(`${games.length} games; rating = ${A} - ${B} e^(-level / ${C.toFixed(1)})`);
console.log('| level | rating |');
console.log('|---|---|');
for (let level = 0; level <= 20; level++) console.log(`| ${level} | ${Math.round(curve(A, B, C, level) / 10) * 10} |`);
