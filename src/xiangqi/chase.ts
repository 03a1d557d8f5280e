/**
 * Perpetual chase, the xiangqi rule that makes a side lose for attacking the same enemy piece
 * with every one of its moves of a repetition cycle (as perpetual check does for checks).
 *
 * The written rules (the Asian Xiangqi Federation's) fill a book of cases. Like the engines
 * that judge it (Pikafish, and Fairy-Stockfish after the Debian 11.1 build, which has no chase
 * rule), we judge the core of it, which decides the cases that come up in play:
 *
 * - A side's attack on an enemy piece is a capture it could make if it were to move now, and
 *   legally: its own king must not be left attacked. A check the move gave is not held against
 *   the other side's replies, as if the checked side had passed (the rules count a checking
 *   move as a chase when it also attacks a piece).
 * - The attack threatens (it is a chase candidate) when the victim is not the king, not a pawn
 *   that has not crossed the river, and the attacker is not a king or a pawn (they may chase
 *   freely), and either the victim is worth more than the attacker (a horse or a cannon on a
 *   rook; an advisor or an elephant on a rook, horse or cannon), protected or not; or the
 *   victim is unprotected: no legal recapture follows the capture. Two pieces of a kind that
 *   attack each other do not chase (the victim could take first), unless the victim cannot
 *   take back (a horse with its leg blocked, or a capture its own king forbids).
 * - A move chases the pieces attacked by a new pair (attacker, victim) that was not there
 *   before the move: a move that leaves an attack standing chases nothing by it.
 * - A side chases perpetually when one enemy piece (the same piece, by identity, whoever
 *   attacks it) is chased by every one of its moves in the cycle.
 *
 * Pieces are told apart by their ids (the board stores ids, not types), so "the same piece"
 * is exact. Everything here reads the board directly and is only called when a position
 * repeats, so it favours plain code over speed; the position memoises the attack pairs per ply
 * so that a repetition found in the search costs one new set of pairs, not a whole cycle.
 */
import { onOwnHalf } from './geometry.js';
import { countBetween } from './lines.js';
import { ADVISOR, CANNON, ELEPHANT, FIRST_ID, HORSE, KING, PAWN, ROOK, TYPE_OF } from './pieces.js';
import type { XiangqiPosition } from './position.js';

/**
 * The piece indices within a side (an id less the side's tag; see pieces.ts) that can chase:
 * every piece but the king and the pawns.
 */
const CHASERS = ((1 << FIRST_ID[PAWN]) - 1) & ~(1 << FIRST_ID[KING]);

/** Words of attack pairs per side and position: per victim index, a mask of attacker indices. */
export const CHASE_WORDS = 16;

/** Toggles a square's occupancy bits, for the trial captures below. */
function flip(pos: XiangqiPosition, sq: number): void {
  pos.rankBits[sq >> 4]! ^= 1 << (sq & 15);
  pos.fileBits[sq & 15]! ^= 1 << (sq >> 4);
}

/** Makes the capture `from` x `to` on the board alone (no keys, no history); returns the victim. */
function tryCapture(pos: XiangqiPosition, from: number, to: number): number {
  const b = pos.board;
  const ps = pos.pieceSquare;
  const id = b[from]!;
  const victim = b[to]!;
  b[from] = 0;
  b[to] = id;
  ps[id] = to;
  ps[victim] = 0;
  flip(pos, from);
  return victim;
}

/** Takes back {@link tryCapture}. */
function takeBack(pos: XiangqiPosition, from: number, to: number, victim: number): void {
  const b = pos.board;
  const ps = pos.pieceSquare;
  const id = b[to]!;
  flip(pos, from);
  ps[victim] = to;
  ps[id] = from;
  b[to] = victim;
  b[from] = id;
}

/**
 * Whether the piece standing on `from` attacks the occupied point `to` (see
 * XiangqiPosition.reaches). The king also attacks the other king along an open file (the flying
 * general), which is what the legality tests need.
 */
function attacks(pos: XiangqiPosition, from: number, to: number): boolean {
  if (pos.reaches(from, to)) return true;
  return TYPE_OF[pos.board[from]!] === KING && ((from ^ to) & 15) === 0 && TYPE_OF[pos.board[to]!] === KING && countBetween(pos.fileBits[from & 15]!, from >> 4, to >> 4) === 0;
}

/** The pieces of `side` (a mask of indices) that attack `sq` on the board as it stands. */
function attackersOf(pos: XiangqiPosition, sq: number, side: number): number {
  const ps = pos.pieceSquare;
  const tag = 16 << side;
  let mask = 0;
  for (let index = 0; index < 16; index++) {
    const from = ps[tag + index]!;
    if (from !== 0 && attacks(pos, from, sq)) mask |= 1 << index;
  }
  return mask;
}

/**
 * Whether `side` may take on `to` with its piece on `from` without leaving its king attacked
 * by a piece outside `ignore` (the other side's pieces that were already checking, which the
 * rule does not hold against the capture). The board is restored before returning.
 */
function captureIsSafe(pos: XiangqiPosition, from: number, to: number, side: number, ignore: number): boolean {
  const victim = tryCapture(pos, from, to);
  const safe = (attackersOf(pos, pos.pieceSquare[16 << side]!, side ^ 1) & ~ignore) === 0;
  takeBack(pos, from, to, victim);
  return safe;
}

/**
 * Whether, once `side`'s piece on `from` has taken on `to`, the other side can take back on
 * `to` (with any piece, king and pawns included), with `ignore` as in {@link captureIsSafe}.
 */
function recapturable(pos: XiangqiPosition, from: number, to: number, side: number, ignore: number): boolean {
  const victim = tryCapture(pos, from, to);
  const other = side ^ 1;
  const tag = 16 << other;
  let found = false;
  for (let rec = attackersOf(pos, to, other); rec !== 0 && !found; rec &= rec - 1) {
    const index = 31 - Math.clz32(rec & -rec);
    if (captureIsSafe(pos, pos.pieceSquare[tag + index]!, to, other, ignore)) found = true;
  }
  takeBack(pos, from, to, victim);
  return found;
}

/**
 * The threatening attacks of `chaser` in the position as it stands (whoever is to move), into
 * `out[at .. at + 16)`: for each enemy piece index, the mask of the chaser's piece indices that
 * threaten it (see the file comment).
 */
export function chasePairs(pos: XiangqiPosition, chaser: number, out: Int32Array, at: number): void {
  const ps = pos.pieceSquare;
  const other = chaser ^ 1;
  const tag = 16 << chaser;
  const otherTag = 16 << other;
  // Checks standing now are not held against either side's captures (see the file comment).
  const checkingChaser = attackersOf(pos, ps[tag]!, other);
  const checkingOther = attackersOf(pos, ps[otherTag]!, chaser);
  out[at] = 0;
  for (let v = 1; v < 16; v++) {
    out[at + v] = 0;
    const to = ps[otherTag + v]!;
    const victimType = TYPE_OF[otherTag + v]!;
    if (to === 0 || (victimType === PAWN && onOwnHalf(to, other))) continue;
    let pairs = 0;
    for (let atk = attackersOf(pos, to, chaser) & CHASERS; atk !== 0; atk &= atk - 1) {
      const a = 31 - Math.clz32(atk & -atk);
      const from = ps[tag + a]!;
      if (!captureIsSafe(pos, from, to, chaser, checkingChaser)) continue;
      const type = TYPE_OF[tag + a]!;
      const worthMore =
        (victimType === ROOK && (type === HORSE || type === CANNON)) ||
        ((type === ADVISOR || type === ELEPHANT) && (victimType === ROOK || victimType === HORSE || victimType === CANNON));
      if (!worthMore) {
        if (recapturable(pos, from, to, chaser, checkingOther)) continue;
        // A piece of the same kind that could take the attacker first is not chased.
        if (type === victimType && attacks(pos, to, from) && captureIsSafe(pos, to, from, other, checkingOther)) continue;
      }
      pairs |= 1 << a;
    }
    out[at + v] = pairs;
  }
}

/**
 * The enemy pieces (a mask of indices) chased by a move: pairs in the memo's entry `after` (the
 * mover's pairs once it has moved) that its entry `before` lacks.
 */
function newlyChased(memo: Int32Array, before: number, after: number): number {
  let chased = 0;
  for (let v = 1; v < 16; v++) if ((memo[after + v]! & ~memo[before + v]!) !== 0) chased |= 1 << v;
  return chased;
}

// Saved check flags and memo bits of the plies a replay remakes (grown on demand, then reused).
let savedCheck = new Uint8Array(64);
let savedKnown = new Uint8Array(64);

/** Makes sure the memo has the pairs of `colour` at ply `k`, the position standing at ply `k`. */
function memoise(pos: XiangqiPosition, k: number, colour: number): void {
  if ((pos.histChaseKnown[k]! & (1 << colour)) !== 0) return;
  chasePairs(pos, colour, pos.chaseMemo, (k * 2 + colour) * CHASE_WORDS);
  pos.histChaseKnown[k]! |= 1 << colour;
}

/**
 * Who chased perpetually over the moves from ply `q` (an earlier occurrence of the current
 * position, with no capture or null move since) to now: bit 0 the side to move, bit 1 the
 * other side. The plies before the current one are replayed (unmade, then made again) only for
 * pairs the memo lacks; the position, its check flags and the memo are as they were after.
 */
export function perpetualChasers(pos: XiangqiPosition, q: number): number {
  const p = pos.ply;
  const stm = pos.sideToMove;
  pos.reserveChaseMemo();
  memoise(pos, p, stm ^ 1);
  let complete = true;
  for (let r = q; r < p && complete; r++) {
    const bit = 1 << (stm ^ ((p - r) & 1));
    if ((pos.histChaseKnown[r]! & bit) === 0 || (pos.histChaseKnown[r + 1]! & bit) === 0) complete = false;
  }
  if (!complete) {
    const n = p - q;
    if (savedCheck.length < n + 1) {
      savedCheck = new Uint8Array(2 * n + 2);
      savedKnown = new Uint8Array(2 * n + 2);
    }
    for (let k = q + 1; k <= p; k++) savedCheck[k - q] = pos.histCheck[k]!;
    for (let k = p - 1; k >= q; k--) {
      pos.unmakeMove();
      // Ply k: the pairs of the side about to move (before its move) and, inside the cycle,
      // of the side that just moved (after the move that led here).
      memoise(pos, k, pos.sideToMove);
      if (k > q) memoise(pos, k, pos.sideToMove ^ 1);
    }
    for (let k = q + 1; k <= p; k++) savedKnown[k - q] = pos.histChaseKnown[k]!;
    for (let k = q; k < p; k++) pos.makeMove(pos.histMove[k]!);
    for (let k = q + 1; k <= p; k++) {
      pos.histCheck[k] = savedCheck[k - q]!;
      pos.histChaseKnown[k] = savedKnown[k - q]!;
    }
  }
  const memo = pos.chaseMemo;
  let self = 0xfffe;
  let opp = 0xfffe;
  for (let r = q; r < p; r++) {
    const mover = stm ^ ((p - r) & 1);
    const chased = newlyChased(memo, (r * 2 + mover) * CHASE_WORDS, ((r + 1) * 2 + mover) * CHASE_WORDS);
    if (mover === stm) self &= chased;
    else opp &= chased;
  }
  return (self !== 0 ? 1 : 0) | (opp !== 0 ? 2 : 0);
}
