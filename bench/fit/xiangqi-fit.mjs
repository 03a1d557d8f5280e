// Fits the xiangqi piece-square tables, the material imbalance, the attack across the river and
// the tempo to engine scores of quiet positions.
//
//   node bench/fit/xiangqi-fit.mjs labelled.jsonl [--lambda 200] [--keep-attack] [--write]
//
// The model is the evaluation itself: for each piece, its table cell blended by the game phase
// (middlegame weight phase/16, endgame weight the rest), plus the imbalance (a quadratic in
// both sides' piece counts, read from the FEN, blended the same way), plus the pattern terms as
// they are, plus the tempo for the side to move. Tables are folded left to right (the game is
// symmetric), so there are 7 types x 50 cells x 2 phases, 2 x 36 imbalance weights and 2 x 14
// attack weights (`--no-attack` leaves the attack out, to see what it adds; `--keep-attack` holds
// it at its current weights). Least
// squares with a ridge pull of `lambda` towards the current weights (cells that the positions
// rarely visit stay near them). Every tenth block of 200 positions is held out; the report gives both
// evaluations' error on those.
//
// Scores are in the labelling engine's units; the fit measures how many of them one of ours is
// worth (k, by least squares of the current evaluation) and divides it back out, so margins
// elsewhere in the search keep their meaning. With --write the tables, the imbalance, the attack
// and the tempo in src/xiangqi/evaluate-weights.ts are replaced (material stays as it is; the tables
// hold the rest of each cell's value above MATERIAL_EVAL and MATERIAL_END).
import { readFileSync, writeFileSync } from 'node:fs';
import { readWeightsSource, weightArray, weightsFile } from './xiangqi-weights.mjs';
import { engineScale, normalEquations, reportHeldOut, solveNormal } from './linear-fit.mjs';
import { arrayText } from './weights-source.mjs';

const args = process.argv.slice(2);
const lambdaAt = args.indexOf('--lambda');
const lambda = lambdaAt >= 0 ? Number(args[lambdaAt + 1]) : 200;
const NAMES = ['KING', 'ADVISOR', 'ELEPHANT', 'HORSE', 'ROOK', 'CANNON', 'PAWN'];
const CELLS = 50;
// Middlegame cells, endgame cells, the tempo, then the imbalance (a 6x6 matrix per phase: cell
// (i, j) is an own pair where i >= j and an opposing pair where i < j; see evaluate-weights.ts).
const TEMPO_AT = 2 * 7 * CELLS;
const IMB_AT = TEMPO_AT + 1;
// The attack: for each side, its horses, rooks, cannons and pawns across the river (counts
// a_h, a_r, a_c, a_p), as products of pairs a_i * a_j (i <= j: 10) and each against the
// defenders (advisors and elephants) the other side has left (4), per phase.
const ATTACK_AT = IMB_AT + 2 * 36;
const ATTACK_TYPES = [3, 4, 5, 6];
const ATTACK_N = 14;
const P = ATTACK_AT + 2 * ATTACK_N;

// --- The current weights, read from the source.
let source = readWeightsSource();
const array = (name) => weightArray(source, name);
// The evaluation's material (MATERIAL_EVAL), not the ordering's (MATERIAL): the cells the
// evaluation adds up are MATERIAL_EVAL + table, so the prior and the written tables must use it.
const material = [array('MATERIAL_EVAL'), array('MATERIAL_END')];
const tempo = Number(/export const TEMPO = (-?\d+);/.exec(source)[1]);
const tables = [NAMES.map((n) => array(`${n}_MG`)), NAMES.map((n) => array(`${n}_EG`))];
// A cell's whole value (material included), on red's (file, rank), file folded to 0..4.
const cellOf = (phase, type, cell) => {
  const rank = Math.floor(cell / 5);
  const file = cell % 5;
  return material[phase][type] + tables[phase][type][(9 - rank) * 9 + file];
};
const prior = new Float64Array(P);
for (let ph = 0; ph < 2; ph++) for (let t = 0; t < 7; t++) for (let c = 0; c < CELLS; c++) prior[ph * 350 + t * CELLS + c] = cellOf(ph, t, c);
prior[TEMPO_AT] = tempo;
const IMB_NAMES = [['IMBALANCE_OWN_MG', 'IMBALANCE_OPP_MG'], ['IMBALANCE_OWN_EG', 'IMBALANCE_OPP_EG']];
for (let ph = 0; ph < 2; ph++) {
  const own = array(IMB_NAMES[ph][0]);
  const opp = array(IMB_NAMES[ph][1]);
  for (let c = 0; c < 36; c++) prior[IMB_AT + ph * 36 + c] = Math.floor(c / 6) >= c % 6 ? own[c] : opp[c];
}

const ATTACK_NAMES = [['ATTACK_PAIRS_MG', 'ATTACK_VS_DEFENDERS_MG'], ['ATTACK_PAIRS_EG', 'ATTACK_VS_DEFENDERS_EG']];
for (let ph = 0; ph < 2; ph++) {
  const weights = [...array(ATTACK_NAMES[ph][0]), ...array(ATTACK_NAMES[ph][1])];
  for (let f = 0; f < ATTACK_N; f++) prior[ATTACK_AT + ph * ATTACK_N + f] = weights[f];
}

/** Piece counts from a FEN's board: red's advisor..pawn, then black's (the imbalance's order). */
const countsOf = (fen) => {
  const n = new Array(12).fill(0);
  for (const ch of fen.split(' ')[0]) {
    const t = 'abnrcp'.indexOf(ch.toLowerCase());
    if (t >= 0) n[(ch === ch.toLowerCase() ? 6 : 0) + t]++;
  }
  return n;
};

// --- The positions: sparse features, and the score less the (fixed) pattern part.
const rows = readFileSync(args.find((a) => a.endsWith('.jsonl')), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((r) => Math.abs(r.score) <= 1000);
const features = rows.map((r) => {
  const ph = r.phase / 16;
  const count = new Map();
  for (const x of r.f) {
    const cell = x >= 0 ? x : -x - 1;
    count.set(cell, (count.get(cell) ?? 0) + (x >= 0 ? 1 : -1));
  }
  const idx = [];
  const val = [];
  for (const [cell, n] of count) {
    if (n === 0) continue;
    idx.push(cell, 350 + cell);
    val.push(n * ph, n * (1 - ph));
  }
  idx.push(TEMPO_AT);
  val.push(r.stm === 0 ? 1 : -1);
  if (!args.includes('--no-attack')) {
    const across = [new Array(4).fill(0), new Array(4).fill(0)];
    const defenders = [0, 0];
    for (const x of r.f) {
      const side = x >= 0 ? 0 : 1;
      const cell = x >= 0 ? x : -x - 1;
      const t = Math.floor(cell / CELLS);
      if (t === 1 || t === 2) defenders[side]++;
      const a = ATTACK_TYPES.indexOf(t);
      if (a >= 0 && Math.floor((cell % CELLS) / 5) >= 5) across[side][a]++;
    }
    const feature = new Array(ATTACK_N).fill(0);
    for (let side = 0; side < 2; side++) {
      const sign = side === 0 ? 1 : -1;
      const a = across[side];
      let f = 0;
      for (let i = 0; i < 4; i++) for (let j = i; j < 4; j++) feature[f++] += sign * a[i] * a[j];
      for (let i = 0; i < 4; i++) feature[f++] += sign * a[i] * defenders[1 - side];
    }
    for (let f = 0; f < ATTACK_N; f++) {
      if (feature[f] === 0) continue;
      idx.push(ATTACK_AT + f, ATTACK_AT + ATTACK_N + f);
      val.push(feature[f] * ph, feature[f] * (1 - ph));
    }
  }
  const n = countsOf(r.fen);
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 6; j++) {
      const x = i >= j ? n[i] * n[j] - n[6 + i] * n[6 + j] : n[i] * n[6 + j] - n[6 + i] * n[j];
      if (x === 0) continue;
      idx.push(IMB_AT + i * 6 + j, IMB_AT + 36 + i * 6 + j);
      val.push(x * ph, x * (1 - ph));
    }
  }
  return { idx, val };
});
const k = engineScale(rows, features, prior);

// --- Normal equations with the ridge pull towards k * prior.
const { A, b } = normalEquations(rows, features, k, P);
// --keep-attack holds the attack's weights where they are (a pull so strong that the fit cannot
// move them): its 28 products are the noisiest features, and a refit of the tables alone should
// not undo what the attack was shaped to say (that a rook and cannon across together count).
const keepAttack = args.includes('--keep-attack');
for (let j = 0; j < P; j++) {
  const pull = keepAttack && j >= ATTACK_AT ? 1e9 : lambda;
  A[j * P + j] += pull;
  b[j] += pull * k * prior[j];
}
const w = solveNormal(A, b, P);

// --- Report: error on the held-out positions, the current weights (scaled by k) and the fit.
reportHeldOut(rows, features, k, lambda, [
  ['current tables', prior.map((x) => x * k)],
  ['fitted tables ', w],
]);

// --- The fitted tables in our units, as they stand in the source.
// Where each type can stand (file, rank from its own side), so that the cells no piece can reach
// are written as 0: the same points as src/xiangqi/geometry.ts's palace, elephant and pawn tables.
const legal = (t, f, r) =>
  t === 0 ? f >= 3 && f <= 5 && r <= 2
  : t === 1 ? (r === 1 && f === 4) || ((r === 0 || r === 2) && (f === 3 || f === 5))
  : t === 2 ? ((r === 0 || r === 4) && (f === 2 || f === 6)) || (r === 2 && f % 4 === 0)
  : t === 6 ? r >= 5 || ((r === 3 || r === 4) && f % 2 === 0)
  : true;
/** Puts `rows` (arrays of numbers) in place of array `name` in the weights source, and prints it unless writing. */
const putArray = (name, rows) => {
  const text = arrayText(name, rows);
  source = source.replace(new RegExp(`const ${name} = \\[[^\\]]*\\]`), text);
  if (!args.includes('--write')) console.log(text + ';');
};
const range = (n) => [...Array(n).keys()];
for (let ph = 0; ph < 2; ph++) {
  // Both kings are always on the board, so only differences between king cells count: the
  // king's home square is pinned to 0.
  const home = w[ph * 350 + 4];
  for (let c = 0; c < CELLS; c++) w[ph * 350 + c] -= home;
  for (let t = 0; t < 7; t++) {
    const cell = (f, r) => Math.round(w[ph * 350 + t * CELLS + r * 5 + Math.min(f, 8 - f)] / k) - material[ph][t];
    putArray(`${NAMES[t]}_${ph === 0 ? 'MG' : 'EG'}`, range(10).map((i) => range(9).map((f) => (legal(t, f, 9 - i) ? cell(f, 9 - i) : 0))));
  }
  for (let kind = 0; kind < 2; kind++) {
    const used = (i, j) => (kind === 0 ? i >= j : i < j);
    putArray(IMB_NAMES[ph][kind], range(6).map((i) => range(6).map((j) => (used(i, j) ? Math.round(w[IMB_AT + ph * 36 + i * 6 + j] / k) : 0))));
  }
}
const fittedTempo = Math.round(w[TEMPO_AT] / k);
for (let ph = 0; ph < 2; ph++) {
  const weight = (f) => Math.round(w[ATTACK_AT + ph * ATTACK_N + f] / k);
  putArray(`ATTACK_PAIRS_${ph === 0 ? 'MG' : 'EG'}`, [range(10).map(weight)]);
  putArray(`ATTACK_VS_DEFENDERS_${ph === 0 ? 'MG' : 'EG'}`, [range(4).map((f) => weight(10 + f))]);
}
console.log(`tempo ${fittedTempo}`);
if (args.includes('--write')) {
  source = source.replace(/export const TEMPO = -?\d+;/, `export const TEMPO = ${fittedTempo};`);
  writeFileSync(weightsFile, source);
  console.log(`wrote ${weightsFile}`);
}
