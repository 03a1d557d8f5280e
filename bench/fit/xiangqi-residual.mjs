// What the xiangqi evaluation misses, and how much of it a candidate term would explain, before
// any of it is written into the engine.
//
//   npm run build && node bench/fit/xiangqi-residual.mjs labelled.jsonl [--lambda 100]
//
// `labelled.jsonl` comes from xiangqi-positions.mjs and label.mjs (quiet positions, each with
// an engine's search score). The residual of a position is its label, divided by how many
// label units one of our centipawns is worth (k, by least squares), less our evaluation; all
// of it from the side to move's point of view. The candidate measured here is the other
// side's threats against the side to move (the side to move has no profitable capture in these
// positions, by their choice): each of the mover's pieces the other side could take at a
// profit, judged with the turn passed; a capture gains the victim's value if the mover cannot
// take back, else the victim's less the capturer's. The report groups the residual by those
// counts, then fits small feature sets to it by ridge least squares (every tenth block of 200
// positions held out) and gives the held-out error before and after, in label units squared.
// The second candidate is each side's quiet checks at hand: the quiet moves that give check,
// each safe when the other side cannot move onto the checker's square once it stands there.
// The evaluation counted a geometric version of these (the safe checks at hand) until they
// were taken out for speed; on a build from that time its fit shows what was left of them.
//
// The third is the king's ring: the points next to each king (its orthogonal neighbours in the
// palace) that the other side attacks; the fourth, each side's pawn moves.
//
// Another candidate term fits the same frame: compute its features in `featuresOf` and add a
// `fit` line.
import { readFileSync } from 'node:fs';
import { Xiangqi } from '../../dist/index.js';
import { readWeightsSource, TYPE_OF_ID, weightArray } from './xiangqi-weights.mjs';

const args = process.argv.slice(2);
const lambdaAt = args.indexOf('--lambda');
const lambda = lambdaAt >= 0 ? Number(args[lambdaAt + 1]) : 100;
const input = args.find((a) => a.endsWith('.jsonl'));
if (input === undefined) throw new Error('usage: node bench/fit/xiangqi-residual.mjs labelled.jsonl [--lambda 100]');

// The engine's middlegame material by type, which its ordering and losing-capture test use too.
const MATERIAL = weightArray(readWeightsSource(), 'MATERIAL');
const valueOf = (id) => MATERIAL[TYPE_OF_ID[id & 15]];
const moves = new Int32Array(256);

/** The threats against the side to move: how many pieces, and the second-best gain. */
function featuresOf(pos) {
  const side = pos.sideToMove;
  const best = new Map();
  pos.makeNull();
  const n = pos.generate(moves, 0, true);
  for (let i = 0; i < n; i++) {
    const m = moves[i];
    const from = m & 0xff;
    const to = (m >>> 8) & 0xff;
    const capturer = pos.board[from];
    const victim = pos.board[to];
    if (valueOf(victim) === 0) continue; // the king
    pos.makeMove(m);
    const defended = pos.attackedBy(to, side);
    pos.unmakeMove();
    const king = valueOf(capturer) === 0;
    const gain = !defended ? valueOf(victim) : king ? 0 : valueOf(victim) - valueOf(capturer);
    if (gain > (best.get(victim) ?? 0)) best.set(victim, gain);
  }
  pos.unmakeNull();
  const gains = [...best.values()].sort((a, b) => b - a);
  return { count: gains.length, second: gains[1] ?? 0 };
}

/** The side to move's quiet checks in `pos`: how many are safe and how many are not. */
function checksOf(pos) {
  let safe = 0;
  let unsafe = 0;
  const list = moves.slice(0, pos.generateCheckCandidates(moves, 0));
  for (const m of list) {
    if (!pos.make(m)) continue;
    if (pos.inCheck()) {
      if (pos.attackedBy((m >>> 8) & 0xff, pos.sideToMove)) unsafe++;
      else safe++;
    }
    pos.unmake();
  }
  return { safe, unsafe };
}

/** Both sides' quiet checks at hand (the other side's with the turn passed). */
function quietChecksOfBoth(pos) {
  const mine = checksOf(pos);
  pos.makeNull();
  const theirs = checksOf(pos);
  pos.unmakeNull();
  return { mineSafe: mine.safe, mineUnsafe: mine.unsafe, theirsSafe: theirs.safe, theirsUnsafe: theirs.unsafe };
}

/**
 * The king's ring: how many of the points next to `side`'s king (its orthogonal neighbours in
 * the palace) the other side attacks, as attackedBy reads the board.
 */
function ringOf(pos, side) {
  const king = pos.pieceSquare[16 << side];
  let n = 0;
  for (const d of [-16, 16, -1, 1]) {
    const sq = king + d;
    const x = sq & 15;
    const y = sq >> 4;
    const inPalace = x >= 6 && x <= 8 && (side === 0 ? y >= 10 && y <= 12 : y >= 3 && y <= 5);
    if (inPalace && pos.attackedBy(sq, side ^ 1)) n++;
  }
  return n;
}

/** The pawn's type in TYPE_OF_ID. */
const PAWN = 6;

/** Pawn moves (pseudo-legal, captures too) of the side to move. */
function pawnMovesOf(pos) {
  const n = pos.generatePseudoLegal(moves, 0, false);
  let count = 0;
  for (let i = 0; i < n; i++) if (TYPE_OF_ID[pos.board[moves[i] & 0xff] & 15] === PAWN) count++;
  return count;
}

/** The king's rings and the pawn moves of both sides (the other side's with the turn passed). */
function ringsAndPawns(pos) {
  const side = pos.sideToMove;
  const mine = pawnMovesOf(pos);
  pos.makeNull();
  const theirs = pawnMovesOf(pos);
  pos.unmakeNull();
  return { ringMine: ringOf(pos, side), ringTheirs: ringOf(pos, side ^ 1), pawnsMine: mine, pawnsTheirs: theirs };
}

const data = [];
for (const line of readFileSync(input, 'utf8').trim().split('\n')) {
  const r = JSON.parse(line);
  if (Math.abs(r.score) > 1000) continue;
  const pos = new Xiangqi(r.fen).position;
  data.push({ label: r.stm === 0 ? r.score : -r.score, ours: pos.evaluate(-30000, 30000), mg: r.phase / 16, residual: 0, ...featuresOf(pos), ...quietChecksOfBoth(pos), ...ringsAndPawns(pos) });
}
let sxy = 0;
let sxx = 0;
for (const d of data) {
  sxy += d.ours * d.label;
  sxx += d.ours * d.ours;
}
const k = sxy / sxx;
for (const d of data) d.residual = d.label / k - d.ours;
console.log(`${data.length} positions; one of our centipawns is worth ${k.toFixed(3)} label units`);

/** The mean residual (our centipawns, side to move's view) for each value of `key`. */
function group(title, key) {
  const sums = new Map();
  for (const d of data) {
    const value = key(d);
    const g = sums.get(value) ?? [0, 0];
    g[0]++;
    g[1] += d.residual;
    sums.set(value, g);
  }
  console.log(title);
  for (const [value, [n, sum]] of [...sums].sort((a, b) => a[0] - b[0])) if (n >= 50) console.log(`  ${value}: ${n} positions, mean residual ${(sum / n).toFixed(1)}`);
}
group('threatened pieces', (d) => Math.min(d.count, 4));
group('second-best gain (hundreds)', (d) => Math.min(Math.floor(d.second / 100), 6));
group('safe quiet checks of the side to move', (d) => Math.min(d.mineSafe, 4));
group('safe quiet checks of the other side', (d) => Math.min(d.theirsSafe, 4));

const heldOut = (i) => Math.floor(i / 200) % 10 === 9;

/** Fits `features(d)` (an array) to the residual; prints the held-out error and the weights. */
function fit(title, features) {
  const p = features(data[0]).length;
  const a = Array.from({ length: p }, () => new Float64Array(p + 1));
  data.forEach((d, i) => {
    if (heldOut(i)) return;
    const x = features(d);
    for (let r = 0; r < p; r++) {
      a[r][p] += x[r] * d.residual;
      for (let c = 0; c < p; c++) a[r][c] += x[r] * x[c];
    }
  });
  for (let r = 0; r < p; r++) a[r][r] += lambda;
  // Gauss-Jordan with partial pivoting on the small normal equations.
  for (let c = 0; c < p; c++) {
    let pivot = c;
    for (let r = c + 1; r < p; r++) if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) pivot = r;
    [a[c], a[pivot]] = [a[pivot], a[c]];
    for (let r = 0; r < p; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      for (let j = c; j <= p; j++) a[r][j] -= f * a[c][j];
    }
  }
  const w = a.map((row, r) => row[p] / row[r]);
  let before = 0;
  let after = 0;
  let n = 0;
  data.forEach((d, i) => {
    if (!heldOut(i)) return;
    const x = features(d);
    const predicted = x.reduce((s, v, j) => s + v * w[j], 0);
    before += (d.residual * k) ** 2;
    after += ((d.residual - predicted) * k) ** 2;
    n++;
  });
  const change = (100 * (after - before)) / before;
  console.log(`${title}: held-out error ${Math.round(before / n)} -> ${Math.round(after / n)} (${change.toFixed(2)}%), weights ${w.map((v) => v.toFixed(1)).join(' ')}`);
}
fit('threatened pieces', (d) => [d.count]);
fit('per phase: pieces (mg, eg), second gain / 100 (mg), constant', (d) => [d.mg * d.count, (1 - d.mg) * d.count, (d.mg * d.second) / 100, 1]);
fit('safe quiet checks (side to move, other side)', (d) => [d.mineSafe, d.theirsSafe]);
fit('safe and unsafe quiet checks (side to move, other side)', (d) => [d.mineSafe, d.mineUnsafe, d.theirsSafe, d.theirsUnsafe]);
fit("the king's ring: points next to the side to move's king the other side attacks, and next to the other king", (d) => [d.ringMine, d.ringTheirs]);
fit("the king's ring, one weight: attacked next to the other king less next to one's own", (d) => [d.ringTheirs - d.ringMine]);
fit("the king's ring (one weight) and pawn moves (mine less theirs)", (d) => [d.ringTheirs - d.ringMine, d.pawnsMine - d.pawnsTheirs]);
