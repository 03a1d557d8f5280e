// Which parts of the xiangqi evaluation the games say are weighed wrong.
//
//   npm run build && node bench/fit/xiangqi-outcome.mjs FILE.jsonl [FILE.jsonl ...]
//       [--engine qiengine] [--max-score 500] [--bootstrap 100] [--counts]
//
// Reads `qiengine match --out` records. At each move the engine (`--engine`, by its name in the
// records) chose after the opening, it takes the score the engine reported and its evaluation's
// terms at that position (XiangqiPosition.evaluationTerms: piece-square, imbalance, attack, and
// the patterns part by part), all from the mover's side; each but the piece-square is split by
// the game phase (times the phase fraction, and times one less it: its middlegame and endgame
// shares). It then fits the game's result for the mover (1, 1/2, 0) by logistic regression on
// the score and those parts, and bootstraps over whole games for the spread.
//
// The search score already holds every term at its weight. A term whose coefficient comes out
// below zero beside the score's is one whose lead the games bear out less than the score says:
// "as weighed" = (score's coefficient + the term's) / score's coefficient is roughly how much of
// its weight the outcomes support (1: as weighed; 0.5: half). The search steers towards what
// its evaluation overrates, so an overweighted term shows here even when a fit to another
// engine's scores put it there. Moves with a mate score, or a score beyond --max-score, are
// left out (the result is decided there whatever the terms say).
//
// --counts fits on each piece type's count instead (the mover's less the other side's, king
// aside, each split by phase like the terms). A count is not in centipawns, so beside its
// coefficient the report gives "cp beside the score" = 100 x coefficient / score's coefficient:
// how many centipawns a piece of that type is worth to the result beyond (or, below zero, short
// of) what the score already counts for it, through its material, squares and every term it
// feeds.
import { Xiangqi } from '../../dist/index.js';
import { readFileSync } from 'node:fs';
import { solveNormal } from './linear-fit.mjs';

const args = process.argv.slice(2);
let engine = 'qiengine';
let maxScore = 500;
let rounds = 100;
let counts = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--engine') engine = args[++i];
  else if (args[i] === '--max-score') maxScore = Number(args[++i]);
  else if (args[i] === '--bootstrap') rounds = Number(args[++i]);
  else if (args[i] === '--counts') counts = true;
  else files.push(args[i]);
}
if (files.length === 0 || !(maxScore > 0) || !Number.isInteger(rounds) || rounds < 0) {
  process.stderr.write('usage: node bench/fit/xiangqi-outcome.mjs FILE.jsonl [FILE.jsonl ...] [--engine NAME] [--max-score CP] [--bootstrap N] [--counts]\n');
  process.exit(2);
}

const PHASE_TOTAL = 16;
// The score, the piece-square sum, then each split term's middlegame and endgame shares (the
// pattern parts' names are read from the first position).
const NAMES = counts ? ['score'] : ['score', 'piece-square'];
const SPLIT = ['imbalance', 'attack'];
const RESULT = { '1-0': 1, '0-1': 0, '1/2-1/2': 0.5 };
// --counts: FEN letters of red's pieces, king aside (black's are the lower case).
const PIECES = { advisor: 'A', elephant: 'B', horse: 'N', rook: 'R', cannon: 'C', pawn: 'P' };
if (counts) for (const name of Object.keys(PIECES)) NAMES.push(`${name} mg`, `${name} eg`);

/** Red's count less black's of each type in PIECES, from a FEN's placement field. */
function countDifferences(fen) {
  const diff = Object.fromEntries(Object.values(PIECES).map((c) => [c, 0]));
  for (const ch of fen.slice(0, fen.indexOf(' '))) {
    const up = ch.toUpperCase();
    if (up in diff) diff[up] += ch === up ? 1 : -1;
  }
  return Object.values(diff);
}

/** @type {number[][]} one row per move: the features (centipawns / 100), then 1 (intercept) */
const rows = [];
/** @type {number[]} the game's result for the mover, per row */
const outcomes = [];
/** @type {number[]} the game (its index among those read), per row */
const gameOf = [];
let games = 0;
for (const file of files) {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let r;
    try {
      r = JSON.parse(line);
    } catch {
      continue;
    }
    const result = RESULT[r.result];
    if (result === undefined || !Array.isArray(r.moves) || !Array.isArray(r.reports) || (r.first !== engine && r.second !== engine)) continue;
    const g = new Xiangqi(r.fen);
    // `first` made the game's first move (from the FEN's side to move, or red's at the start).
    const engineMovesFirst = r.first === engine;
    const opening = r.opening.length;
    let used = false;
    for (let ply = 0; ply < r.moves.length; ply++) {
      const k = ply - opening;
      const report = k >= 0 ? r.reports[k] : undefined;
      if (report !== undefined && ((ply & 1) === 0) === engineMovesFirst && typeof report.score === 'number' && Math.abs(report.score) <= maxScore) {
        const pos = g.position;
        // The terms and counts are red's; the score and the result are the mover's.
        const sign = pos.sideToMove === 0 ? 1 : -1;
        const mg = Math.min(pos.phase, PHASE_TOTAL) / PHASE_TOTAL;
        const eg = 1 - mg;
        let row;
        if (counts) {
          row = [report.score / 100];
          for (const d of countDifferences(g.fen())) row.push(sign * d * mg, sign * d * eg);
        } else {
          const t = pos.evaluationTerms();
          const f = (x) => (sign * x) / 100;
          if (NAMES.length === 2) {
            for (const name of [...SPLIT, ...Object.keys(t.patternParts)]) NAMES.push(`${name} mg`, `${name} eg`);
          }
          row = [report.score / 100, f(t.pieceSquare)];
          for (const v of [t.imbalance, t.attack, ...Object.values(t.patternParts)]) row.push(f(v) * mg, f(v) * eg);
        }
        row.push(1);
        rows.push(row);
        outcomes.push(engineMovesFirst ? result : 1 - result);
        gameOf.push(games);
        used = true;
      }
      try {
        g.move(r.moves[ply]);
      } catch {
        break;
      }
    }
    if (used) games++;
  }
}
if (rows.length === 0) {
  process.stderr.write(`no scored moves of '${engine}' in the records\n`);
  process.exit(1);
}

/**
 * Logistic regression by Newton's method on the rows listed in `pick` (indices into rows,
 * repeats allowed), with a tiny ridge so that a bootstrap sample short of some feature still
 * solves. Returns the weights.
 */
function fit(pick) {
  const P = rows[0].length;
  const w = new Float64Array(P);
  for (let it = 0; it < 25; it++) {
    const grad = new Float64Array(P);
    const H = new Float64Array(P * P);
    for (const i of pick) {
      const x = rows[i];
      let z = 0;
      for (let a = 0; a < P; a++) z += w[a] * x[a];
      const p = 1 / (1 + Math.exp(-z));
      const d = p - outcomes[i];
      const v = p * (1 - p);
      for (let a = 0; a < P; a++) {
        grad[a] += d * x[a];
        for (let b = 0; b <= a; b++) H[a * P + b] += v * x[a] * x[b];
      }
    }
    // The Hessian plus the ridge is symmetric positive definite; its lower triangle is all
    // solveNormal reads (and it solves in place: H is built anew each step).
    for (let a = 0; a < P; a++) H[a * P + a] += 1e-6 * pick.length;
    const step = solveNormal(H, grad, P);
    let moved = 0;
    for (let a = 0; a < P; a++) {
      w[a] -= step[a];
      moved = Math.max(moved, Math.abs(step[a]));
    }
    if (moved < 1e-9) break;
  }
  return w;
}

const all = rows.map((_, i) => i);
const w = fit(all);
// Bootstrap over games: a game's moves share its result, so they are not independent samples.
const movesOf = Array.from({ length: games }, () => []);
for (let i = 0; i < rows.length; i++) movesOf[gameOf[i]].push(i);
let seed = 12345;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
const samples = [];
for (let b = 0; b < rounds; b++) {
  const pick = [];
  for (let n = 0; n < games; n++) pick.push(...movesOf[Math.floor(random() * games)]);
  samples.push(fit(pick));
}
const sd = (a) => {
  if (samples.length < 2) return NaN;
  const mean = samples.reduce((s, x) => s + x[a], 0) / samples.length;
  return Math.sqrt(samples.reduce((s, x) => s + (x[a] - mean) ** 2, 0) / (samples.length - 1));
};

console.log(`${engine}: ${rows.length} scored moves from ${games} games (${files.length} file${files.length === 1 ? '' : 's'}), |score| <= ${maxScore}, ${rounds} bootstrap rounds over games`);
console.log(`term               coefficient   sd      ${counts ? 'cp beside the score' : 'as weighed'}`);
for (let a = 0; a < NAMES.length; a++) {
  const beside = a === 0 ? '' : counts ? ((100 * w[a]) / w[0]).toFixed(0) : ((w[0] + w[a]) / w[0]).toFixed(2);
  console.log(`${NAMES[a].padEnd(18)} ${w[a].toFixed(3).padStart(8)}  ${sd(a).toFixed(3).padStart(7)}   ${beside}`);
}
