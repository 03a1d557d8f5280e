// Quiet xiangqi positions from match records, with what the evaluation fit needs of each.
//
//   npm run build && node bench/fit/xiangqi-positions.mjs RECORDS.jsonl... > positions.jsonl
//
// RECORDS are `qiengine match --out` files (one game per line, its moves in ICCS). Every
// position after the eighth ply is a candidate; half of them are kept at random (a fixed seed,
// so the output repeats), and of those only the quiet ones: the side to move is not in check
// and has no capture that does not lose material, so that the static evaluation, not a
// tactic, is what a search score of the position reflects. Each distinct position (board and
// side to move) is written once:
//   { fen, stm, phase, f, pat }
// where `f` lists the pieces as table cells (type * 50 + rank * 5 + folded file, from the
// piece's own side; negated minus one for black) and `pat` is the evaluation's pattern part
// (all but the piece-square sums, the imbalance, the attack and the tempo, which the fit refits), in
// centipawns from red's side.
import { Xiangqi, xiangqiSquareName } from '../../dist/index.js';
import { isQuiet, replayRecords } from './records.mjs';
import { TYPE_OF_ID } from './xiangqi-weights.mjs';
const PHASE_TOTAL = 16;
const moves = new Int32Array(256);
const seen = new Set();
let seed = 4242;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);

for (const { game, ply } of replayRecords(process.argv.slice(2), () => new Xiangqi())) {
  if (ply < 8 || random() > 0.5) continue;
  const pos = game.position;
  if (!isQuiet(pos, moves)) continue;
  const fen = game.fen();
  const key = fen.split(' ').slice(0, 2).join(' ');
  if (seen.has(key)) continue;
  seen.add(key);
  const f = [];
  for (let id = 16; id < 48; id++) {
    const sq = pos.pieceSquare[id];
    if (sq === 0) continue;
    const red = id < 32;
    // ICCS file and rank (red's side); black's pieces are seen from black's side.
    const name = xiangqiSquareName(sq);
    const file = red ? name.charCodeAt(0) - 97 : 8 - (name.charCodeAt(0) - 97);
    const rank = red ? Number(name[1]) : 9 - Number(name[1]);
    const cell = TYPE_OF_ID[id & 15] * 50 + rank * 5 + Math.min(file, 8 - file);
    f.push(red ? cell : -cell - 1);
  }
  const phase = Math.min(pos.phase, PHASE_TOTAL);
  const pat = pos.evaluationTerms().patterns;
  process.stdout.write(JSON.stringify({ fen, stm: pos.sideToMove, phase, f, pat }) + '\n');
}
process.stderr.write(`${seen.size} positions\n`);
