// Quiet chess positions from match records, with what the evaluation fit needs of each.
//
//   npm run build && node bench/fit/chess-positions.mjs RECORDS.jsonl... > positions.jsonl
//
// RECORDS are `qiengine match --out` files (one game per line, its moves in UCI); records of
// the other game are passed over. As for xiangqi (xiangqi-positions.mjs): every position after
// the eighth ply is a candidate, half are kept at random (a fixed seed), and of those only the
// quiet ones (not in check, no capture that does not lose material) where both sides still
// have a pawn (the evaluation discounts a pawnless side's lead, which the linear fit does not
// model). Each distinct position is written once:
//   { fen, stm, phase, f, pat }
// where `f` lists the pieces as table cells (type * 64 + rank * 8 + file, the rank counted
// from the piece's own side; negated minus one for black) and `pat` is the evaluation's
// pattern part (all but the piece-square sums and the tempo), in centipawns from white's side.
import { Chess } from '../../dist/index.js';
import { isQuiet, replayRecords } from './records.mjs';

const moves = new Int32Array(256);
const seen = new Set();
let seed = 4242;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const WHITE_PAWN = 1 | 8;
const BLACK_PAWN = 1 | 16;

for (const { game, ply } of replayRecords(process.argv.slice(2), (record) => (record.fen === undefined ? new Chess() : new Chess(record.fen)))) {
  if (ply < 8 || random() > 0.5) continue;
  const pos = game.position;
  if (pos.count[WHITE_PAWN] === 0 || pos.count[BLACK_PAWN] === 0 || !isQuiet(pos, moves)) continue;
  const fen = game.fen();
  const key = fen.split(' ').slice(0, 4).join(' ');
  if (seen.has(key)) continue;
  seen.add(key);
  const f = [];
  for (let sq = 0; sq < 128; sq++) {
    if (sq & 0x88) continue;
    const pc = pos.board[sq];
    if (pc === 0) continue;
    const white = (pc & 8) !== 0;
    const rank = white ? sq >> 4 : 7 - (sq >> 4);
    const cell = (pc & 7) * 64 + rank * 8 + (sq & 7);
    f.push(white ? cell : -cell - 1);
  }
  const terms = pos.evaluationTerms();
  process.stdout.write(JSON.stringify({ fen, stm: pos.sideToMove, phase: terms.phase, f, pat: terms.patterns }) + '\n');
}
process.stderr.write(`${seen.size} positions\n`);
