// Fits the chess piece-square tables (material folded in) and the tempo to engine scores of
// quiet positions, as xiangqi-fit.mjs does for xiangqi.
//
//   node bench/fit/chess-positions.mjs RECORDS.jsonl... > positions.jsonl
//   node bench/fit/label.mjs --engine /usr/games/stockfish --depth 10 positions.jsonl > labelled.jsonl
//   node bench/fit/chess-fit.mjs labelled.jsonl [--lambda 200] [--smooth 0] [--passed-lambda 3000]
//     [--keep pawn,rook,...] [--write]
//
// The model is the evaluation itself: for each piece its table cell (seen from the piece's own
// side, material included) blended by the game phase (middlegame weight phase/24, the endgame
// weight the rest), plus the pattern terms as they are, plus the tempo for the side to move.
// Files are folded (a with h, b with g, ...), so the tables come out symmetric and each cell
// sees twice the positions: unfolded, the endgame cells that few positions visit came out
// ragged (a passed a-pawn worth less on a4 than on a3). 6 types x 32 cells x 2 phases and 2
// tempo weights. Least squares with a ridge pull
// of `lambda` towards the current weights, so that cells the positions rarely visit stay near
// them. Every tenth block of 200 positions is held out, and the report gives both evaluations'
// error on those.
//
// Scores are in the labelling engine's units; the fit measures how many of them one of ours is
// worth (k, by least squares of the current evaluation) and divides it back out, so margins
// elsewhere in the search keep their meaning. With --write the tables, the tempo and the
// passed-pawn bonus in
// src/chess/evaluate-weights.ts are replaced (material stays; the tables hold the rest of each
// cell's value).
import { readFileSync, writeFileSync } from 'node:fs';
import { engineScale, heldOut, normalEquations, reportHeldOut, solveNormal } from './linear-fit.mjs';
import { replaceArray, weightArray, weightsFileOf } from './weights-source.mjs';

const args = process.argv.slice(2);
const lambdaAt = args.indexOf('--lambda');
const lambda = lambdaAt >= 0 ? Number(args[lambdaAt + 1]) : 200;
const smoothAt = args.indexOf('--smooth');
const smooth = smoothAt >= 0 ? Number(args[smoothAt + 1]) : 0;
const NAMES = ['PAWN', 'KNIGHT', 'BISHOP', 'ROOK', 'QUEEN', 'KING'];
const PHASES = ['MG', 'EG'];
const CELLS = 6 * 32;
const TEMPO_AT = 2 * CELLS;
// The passed-pawn bonus by relative rank (1..6), middlegame then endgame.
const PASSED_AT = TEMPO_AT + 2;
// Castling rights (kingside, queenside; white's less black's), middlegame then endgame: in the
// model only, never written. The evaluation has no such term, but without one the rook and
// king tables are asked to say what a right to castle is worth, and say it wrongly: a rook on
// h1 late in the opening mostly means a king that has not castled, so the free fit put a1 and
// h1 about 65 centipawns below b1 and g1, and play on that table moved the rooks out of the
// corners and gave up castling (RESULTS, stop 64).
const CASTLING_AT = PASSED_AT + 12;
const P = CASTLING_AT + 4;
const PHASE_TOTAL = 24;

// --- The current weights, read from the source.
const weightsFile = weightsFileOf('chess');
let source = readFileSync(weightsFile, 'utf8');
const scalar = (name) => Number(new RegExp(`export const ${name} = (-?\\d+);`).exec(source)[1]);
const material = PHASES.map((ph) => /** @type {number[]} */ (new Function(`return ${new RegExp(`MATERIAL_${ph} = (\\[[^\\]]*\\])`).exec(source)[1]}`)()));
const tables = PHASES.map((ph) => NAMES.map((n) => weightArray(source, `${n}_${ph}`)));
// Cell c = type index * 32 + rank * 4 + folded file (0 for a and h .. 3 for d and e), the rank
// from the piece's own side; a table's row 0 is rank 8 as white sees it. A folded cell's prior
// is the mean of its two squares.
const cellOf = (t, rank, file) => t * 32 + rank * 4 + Math.min(file, 7 - file);
const prior = new Float64Array(P);
for (let ph = 0; ph < 2; ph++) {
  for (let c = 0; c < CELLS; c++) {
    const t = c >> 5;
    const row = tables[ph][t].slice((7 - ((c >> 2) & 7)) * 8, (8 - ((c >> 2) & 7)) * 8);
    prior[ph * CELLS + c] = material[ph][t + 1] + (row[c & 3] + row[7 - (c & 3)]) / 2;
  }
  prior[TEMPO_AT + ph] = scalar(`TEMPO_${PHASES[ph]}`);
}
const passedPrior = PHASES.map((ph) => weightArray(source, `PASSED_${ph}`));
for (let ph = 0; ph < 2; ph++) for (let r = 1; r <= 6; r++) prior[PASSED_AT + ph * 6 + r - 1] = passedPrior[ph][r];

/**
 * Passed pawns by relative rank from a FEN's board, white's less black's (index 1..6), as the
 * evaluation counts them: no enemy pawn ahead on the pawn's own file or the files beside it.
 */
const passedOf = (fen) => {
  const pawns = [[], []];
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '8') file += Number(ch);
      else {
        if (ch === 'P') pawns[0].push([file, 7 - i]);
        if (ch === 'p') pawns[1].push([file, 7 - i]);
        file++;
      }
    }
  });
  const count = new Array(8).fill(0);
  for (const [f, r] of pawns[0]) if (!pawns[1].some(([g, s]) => Math.abs(g - f) <= 1 && s > r)) count[r]++;
  for (const [f, r] of pawns[1]) if (!pawns[0].some(([g, s]) => Math.abs(g - f) <= 1 && s < r)) count[7 - r]--;
  return count;
};

// --- The positions: sparse features, and the score less the (fixed) pattern part.
const rows = readFileSync(args.find((a) => a.endsWith('.jsonl')), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((r) => Math.abs(r.score) <= 1000);
const features = rows.map((r) => {
  const ph = r.phase / PHASE_TOTAL;
  const count = new Map();
  for (const x of r.f) {
    const sq = (x >= 0 ? x : -x - 1) - 64;
    const cell = cellOf(sq >> 6, (sq >> 3) & 7, sq & 7);
    count.set(cell, (count.get(cell) ?? 0) + (x >= 0 ? 1 : -1));
  }
  const idx = [];
  const val = [];
  for (const [cell, n] of count) {
    if (n === 0) continue;
    idx.push(cell, CELLS + cell);
    val.push(n * ph, n * (1 - ph));
  }
  const s = r.stm === 0 ? 1 : -1;
  idx.push(TEMPO_AT, TEMPO_AT + 1);
  val.push(s * ph, s * (1 - ph));
  const rights = r.fen.split(' ')[2];
  const castling = [Number(rights.includes('K')) - Number(rights.includes('k')), Number(rights.includes('Q')) - Number(rights.includes('q'))];
  for (let side = 0; side < 2; side++) {
    if (castling[side] === 0) continue;
    idx.push(CASTLING_AT + side, CASTLING_AT + 2 + side);
    val.push(castling[side] * ph, castling[side] * (1 - ph));
  }
  // The passed pawns leave the fixed pattern part and join the fit.
  const passed = passedOf(r.fen);
  for (let rank = 1; rank <= 6; rank++) {
    if (passed[rank] === 0) continue;
    idx.push(PASSED_AT + rank - 1, PASSED_AT + 6 + rank - 1);
    val.push(passed[rank] * ph, passed[rank] * (1 - ph));
    r.pat -= passed[rank] * (passedPrior[0][rank] * ph + passedPrior[1][rank] * (1 - ph));
  }
  return { idx, val };
});
const k = engineScale(rows, features, prior);

// --- Normal equations with the ridge pull towards k * prior.
const { A, b } = normalEquations(rows, features, k, P);
// The passed-pawn bonus has a pull of its own (--passed-lambda): few positions have a passed
// pawn, and those that do are mostly ones where pawns were given for something, so a weak pull
// lets it carry what the material pin below holds the tables from saying.
const passedAt = args.indexOf('--passed-lambda');
const passedLambda = passedAt >= 0 ? Number(args[passedAt + 1]) : 3000;
// --keep TYPES (comma-separated: pawn, knight, bishop, rook, queen, king) holds those tables where
// they are; with pawn, the passed-pawn bonus too. Fitted freely, the endgame pawn table came out
// with a pawn worth less on its fourth rank than on its third, so that a lone passed pawn lost
// value as it ran.
const keepAt = args.indexOf('--keep');
const keepTypes = keepAt >= 0 ? args[keepAt + 1].split(',').map((name) => NAMES.indexOf(name.toUpperCase())) : [];
if (keepTypes.includes(-1)) throw new Error(`--keep takes ${NAMES.join(', ').toLowerCase()}`);
const kept = (j) => (j >= CASTLING_AT ? false : j >= PASSED_AT ? keepTypes.includes(0) : j < TEMPO_AT && keepTypes.includes((j % CELLS) >> 5));
for (let j = 0; j < P; j++) {
  const pull = j >= CASTLING_AT ? 1 : kept(j) ? 1e9 : j >= PASSED_AT ? passedLambda : lambda;
  A[j * P + j] += pull;
  b[j] += pull * k * prior[j];
}
// --smooth pulls each cell's change towards its neighbours' (one rank or one file away): the
// change a table takes should follow the board's shape, not one opening's squares.
for (let group = 0; smooth > 0 && group < 12; group++) {
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 4; file++) {
      const a = group * 32 + rank * 4 + file;
      for (const c of [rank < 7 ? a + 4 : -1, file < 3 ? a + 1 : -1]) {
        if (c < 0) continue;
        const d = k * (prior[a] - prior[c]);
        A[a * P + a] += smooth;
        A[c * P + c] += smooth;
        A[a * P + c] -= smooth;
        A[c * P + a] -= smooth;
        b[a] += smooth * d;
        b[c] -= smooth * d;
      }
    }
  }
}
// Material stays where it is: for each type and phase, the mean of its cells (weighted by how
// much the positions use each) is held at the current mean by a pull too strong to move. The
// tables may take a piece's value from one square to another, but not raise or lower the piece.
// Positions from games are quiet positions a side chose to reach, so a pawn short in them has
// mostly been given for something: left free, the fit valued a middlegame pawn at about nothing
// (a plain regression of these scores on the material difference gives 8 Stockfish centipawns
// a pawn at phase 16-24, 85 at phase 0-7), an engine that would give pawns away.
const use = new Float64Array(P);
for (let i = 0; i < rows.length; i++) {
  if (heldOut(i)) continue;
  const { idx, val } = features[i];
  for (let a = 0; a < idx.length; a++) use[idx[a]] += Math.abs(val[a]);
}
for (let group = 0; group < 12; group++) {
  const first = group * 32;
  let total = 0;
  for (let c = first; c < first + 32; c++) total += use[c];
  if (total === 0) continue;
  let target = 0;
  for (let c = first; c < first + 32; c++) target += (use[c] / total) * k * prior[c];
  const pin = 1e7;
  for (let a = first; a < first + 32; a++) {
    b[a] += (pin * use[a] * target) / total;
    for (let c = first; c < first + 32; c++) A[a * P + c] += (pin * use[a] * use[c]) / total / total;
  }
}
const w = solveNormal(A, b, P);

// --- Report: error on the held-out positions, the current weights (scaled by k) and the fit.
reportHeldOut(rows, features, k, lambda, [
  ['current tables', prior.map((x) => x * k)],
  ['fitted tables ', w],
]);

// --- The fitted tables in our units, as they stand in the source.
const range = (m) => [...Array(m).keys()];
for (let ph = 0; ph < 2; ph++) {
  // Both kings are always on the board, so only differences between king cells count: the
  // king's home square (e1 from its own side) keeps its current value.
  const king = ph * CELLS + 5 * 32;
  const home = cellOf(0, 0, 4);
  const shift = w[king + home] - k * prior[king + home];
  for (let c = 0; c < 32; c++) w[king + c] -= shift;
  for (let t = 0; t < 6; t++) {
    // Pawns never stand on their first or last rank: those cells are written as 0.
    const cell = (rank, file) => (t === 0 && (rank === 0 || rank === 7) ? 0 : Math.round(w[ph * CELLS + cellOf(t, rank, file)] / k) - material[ph][t + 1]);
    const name = `${NAMES[t]}_${PHASES[ph]}`;
    // A kept table is left as written: folding would even out its few unequal pairs of files.
    if (keepTypes.includes(t)) continue;
    source = replaceArray(source, name, range(8).map((i) => range(8).map((file) => cell(7 - i, file))));
    if (!args.includes('--write')) console.log(`${name}: ${range(8).map((i) => range(8).map((file) => cell(7 - i, file)).join(' ')).join(' / ')}`);
  }
  const tempo = Math.round(w[TEMPO_AT + ph] / k);
  console.log(`TEMPO_${PHASES[ph]} ${tempo}`);
  source = source.replace(new RegExp(`export const TEMPO_${PHASES[ph]} = -?\\d+;`), `export const TEMPO_${PHASES[ph]} = ${tempo};`);
}
for (let ph = 0; ph < 2; ph++) {
  const passed = [0, ...[1, 2, 3, 4, 5, 6].map((rank) => Math.round(w[PASSED_AT + ph * 6 + rank - 1] / k)), 0];
  console.log(`PASSED_${PHASES[ph]} ${passed.join(' ')}`);
  source = source.replace(new RegExp(`PASSED_${PHASES[ph]} = \\[[^\\]]*\\]`), `PASSED_${PHASES[ph]} = [${passed.join(', ')}]`);
}
if (args.includes('--write')) {
  writeFileSync(weightsFile, source);
  console.log(`wrote ${weightsFile}`);
}
