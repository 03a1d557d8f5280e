// The win/draw/loss model of UCI_ShowWDL (src/engine/wdl.ts): fits its two numbers, a and b, by
// maximum likelihood to an engine's own reported scores and the results of the games they came
// from. A score of x wins with probability s((x - a) / b) and loses with s((-x - a) / b), the
// rest drawn; each of the engine's moves is one sample (its score from its side, the game's
// result from its side). Mates (|score| of 5000 or more) are left out.
//
//   node bench/wdl-fit.mjs [--engine NAME | --both] FILE.jsonl ...
//
// FILE: `qiengine match --out` records with move reports; NAME (default qiengine) is the
// engine's name in them; --both takes every move of both sides (self-play, where both engines
// have the same name). Prints the samples, the fit and the model beside the games by score.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
let engine = 'qiengine';
let both = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--engine') engine = args[++i];
  else if (args[i] === '--both') both = true;
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error('usage: node bench/wdl-fit.mjs [--engine NAME] FILE.jsonl ...');
  process.exit(2);
}

const scores = [];
const outcomes = []; // 2 win, 1 draw, 0 loss, for the mover
let games = 0;
for (const file of files) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const g = JSON.parse(line);
    const side = both ? 2 : g.first === engine ? 0 : g.second === engine ? 1 : -1;
    if (side < 0 || !Array.isArray(g.reports) || !['1-0', '0-1', '1/2-1/2'].includes(g.result)) continue;
    games++;
    g.reports.forEach((r, k) => {
      const mover = (g.opening.length + k) % 2;
      if ((side !== 2 && mover !== side) || typeof r?.score !== 'number' || Math.abs(r.score) >= 5000) return;
      scores.push(r.score);
      outcomes.push(g.result === '1/2-1/2' ? 1 : (g.result === '1-0') === (mover === 0) ? 2 : 0);
    });
  }
}

const logistic = (z) => 1 / (1 + Math.exp(-z));
function nll(a, b) {
  if (a <= 0 || b <= 1) return Infinity;
  let sum = 0;
  for (let i = 0; i < scores.length; i++) {
    const win = logistic((scores[i] - a) / b);
    const loss = logistic((-scores[i] - a) / b);
    const p = outcomes[i] === 2 ? win : outcomes[i] === 0 ? loss : 1 - win - loss;
    sum -= Math.log(Math.max(p, 1e-12));
  }
  return sum;
}
// A pattern search: step each number while the likelihood improves, then halve the steps.
let a = 100;
let b = 100;
let best = nll(a, b);
for (let step = 64; step >= 0.05; step /= 2) {
  for (let moved = true; moved; ) {
    moved = false;
    for (const [da, db] of [[step, 0], [-step, 0], [0, step], [0, -step]]) {
      const v = nll(a + da, b + db);
      if (v < best) [best, a, b, moved] = [v, a + da, b + db, true];
    }
  }
}
const share = (k, idx) => (idx.length === 0 ? 0 : idx.filter((i) => outcomes[i] === k).length / idx.length);
console.log(`${scores.length} scores of ${both ? 'both sides' : engine} from ${games} games; fit a = ${a.toFixed(1)}, b = ${b.toFixed(1)} (mean log-loss ${(best / scores.length).toFixed(4)})`);
console.log('scores        samples  games W/D/L (per mille)   the model at the mean score');
for (const [lo, hi] of [[-600, -300], [-300, -150], [-150, -50], [-50, 50], [50, 150], [150, 300], [300, 600]]) {
  const idx = scores.flatMap((s, i) => (s >= lo && s < hi ? [i] : []));
  const mean = idx.reduce((t, i) => t + scores[i], 0) / Math.max(1, idx.length);
  const w = Math.round(1000 * logistic((mean - a) / b));
  const l = Math.round(1000 * logistic((-mean - a) / b));
  const games3 = [2, 1, 0].map((k) => Math.round(1000 * share(k, idx))).join('/');
  console.log(`${`[${lo}, ${hi})`.padEnd(13)} ${String(idx.length).padStart(7)}  ${games3.padEnd(22)}  ${w}/${1000 - w - l}/${l}`);
}
