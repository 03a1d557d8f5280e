/**
 * Xiangqi's perpetual-check rule in a table: a side that checks on every one of its moves
 * through a repetition loses, unless the other side checked on every move too (then it is a
 * draw). The mate rounds of the generator see none of that: they call a position drawn when
 * neither side can force mate, even where one side holds off mate only by checking for ever.
 * Under the rule that side loses. This pass finds those positions among the draws and marks
 * them won and lost by the rule ({@link RULE_WIN}, {@link RULE_LOSS}), with no mate distance.
 *
 * For a checker `c` and its opponent `o`, a drawn position is lost for `c` (won for `o`) when
 * `o` can keep the game among the draws so that, from some move on, every move of `c` is a
 * check, while `o` itself makes a move that is no check again and again (a play that repeats
 * with `c` checking throughout and `o` not). That is a game on the graph of the draws with the
 * winning condition "c checks from some point on, and o does not check infinitely often", and
 * it is solved by three nested fixed points (a Rabin condition of one pair):
 *
 *     W = mu W. nu Z. mu Y. { o to move: some move leads into W or Y, or is no check and leads into Z;
 *                             c to move: no capture out of the material holds the draw, and
 *                                        every move loses, leads into W, or checks into Y }
 *
 * A capture leaves the material for good, so a repetition cannot pass through it: a capture
 * that holds the draw is an escape for `c` whether it checks or not. After the rule has marked
 * positions for one checker, the draws that can now reach them are settled (a move into a
 * loss by the rule wins by the rule; a position whose moves all lose, one of them by the rule,
 * is lost by the rule), and both checkers are tried again until nothing changes.
 *
 * Left out, as the mate rounds leave out move limits: perpetual chase (the tables call a
 * chase a draw) and the 60-move rule (the repetition comes at the loser's choice, and both
 * sides' checks keep the rule's count of a ply's history in most rule sets).
 */
import { DRAW, RULE_LOSS, RULE_WIN, oneFurther } from './values.js';

/** The part of a table's move graph the rule reads, with the codes it settles. */
export interface CheckGraph {
  /** Every position's code after the mate rounds (side to move: the index's lowest bit); the rule's results are written here. */
  readonly codes: Int16Array;
  /** The successors of position i in the same material: `succ[rowStart[i]]` to `succ[rowStart[i + 1] - 1]`. */
  readonly rowStart: Uint32Array;
  readonly succ: Uint32Array;
  /** For each successor, 1 where the move to it gives check. */
  readonly givesCheck: Uint8Array;
  /** The best its captures offer each position's mover (one ply further, with results by the rule), or `noExit` without captures. */
  readonly exits: Int16Array;
  readonly noExit: number;
}

/**
 * Marks the draws that the perpetual-check rule decides. Returns how many positions it marked.
 */
export function applyPerpetualCheckRule(g: CheckGraph): number {
  const size = g.codes.length;
  const marks = new PerpetualMarks(size);
  let total = 0;
  for (;;) {
    let changed = settleBySuccessors(g);
    for (let checker = 0; checker < 2; checker++) changed += markLostCheckers(g, checker, marks);
    total += changed;
    if (changed === 0) return total;
  }
}

/** The sets of the fixed points, one byte per position (all zero between calls), and the list of draws. */
class PerpetualMarks {
  readonly w: Uint8Array;
  readonly z: Uint8Array;
  readonly y: Uint8Array;
  readonly draws: Uint32Array;
  constructor(size: number) {
    this.w = new Uint8Array(size);
    this.z = new Uint8Array(size);
    this.y = new Uint8Array(size);
    this.draws = new Uint32Array(size);
  }
}

/**
 * Settles the draws whose moves now reach results by the rule: a move into a loss by the rule
 * wins by the rule; where every move loses and the best loses by the rule, the position does.
 * Passes until none changes; returns how many it settled.
 */
function settleBySuccessors(g: CheckGraph): number {
  const { codes, rowStart, succ, exits, noExit } = g;
  const size = codes.length;
  let total = 0;
  for (;;) {
    let settled = 0;
    for (let i = 0; i < size; i++) {
      if (codes[i] !== DRAW) continue;
      const exit = exits[i]!;
      let best = exit === noExit ? RULE_LOSS - 1 : exit;
      let open = exit === DRAW;
      for (let s = rowStart[i]!, e = rowStart[i + 1]!; s < e; s++) {
        const c = codes[succ[s]!]!;
        if (c === DRAW) {
          open = true;
          continue;
        }
        const v = oneFurther(-c);
        if (v > best) best = v;
      }
      // The mate rounds settled every position with a mate to play or only mates to suffer, so
      // a new result here is one by the rule.
      if (best === RULE_WIN || (!open && best === RULE_LOSS)) {
        codes[i] = best;
        settled++;
      }
    }
    total += settled;
    if (settled === 0) return total;
  }
}

/**
 * Solves the rule's game for one checker (side 0 or 1 of the table) over the current draws and
 * marks what it decides. Returns how many positions it marked.
 */
function markLostCheckers(g: CheckGraph, checker: number, marks: PerpetualMarks): number {
  const { codes, rowStart, succ, givesCheck, exits } = g;
  const { w, z, y, draws } = marks;
  let nd = 0;
  for (let i = 0; i < codes.length; i++) if (codes[i] === DRAW) draws[nd++] = i;
  if (nd === 0) return 0;
  let wCount = 0;
  for (;;) {
    // nu Z: from every draw down to the positions the Y fixed point keeps.
    for (let k = 0; k < nd; k++) z[draws[k]!] = 1;
    let zCount = nd;
    for (;;) {
      for (let k = 0; k < nd; k++) y[draws[k]!] = 0;
      let yCount = 0;
      // mu Y: passes over Z until no position joins (Y never leaves Z: Z only shrinks).
      for (;;) {
        let added = 0;
        for (let k = 0; k < nd; k++) {
          const i = draws[k]!;
          if (y[i] !== 0 || z[i] === 0) continue;
          let good = w[i] !== 0;
          if (!good && (i & 1) !== checker) {
            // The opponent to move: one move into W or Y, or one that is no check into Z.
            for (let s = rowStart[i]!, e = rowStart[i + 1]!; s < e; s++) {
              const t = succ[s]!;
              if (w[t] !== 0 || y[t] !== 0 || (givesCheck[s] === 0 && z[t] !== 0)) {
                good = true;
                break;
              }
            }
          } else if (!good && exits[i] !== DRAW) {
            // The checker to move, with no capture that holds the draw: every move must lose,
            // lead into W, or check into Y.
            good = true;
            for (let s = rowStart[i]!, e = rowStart[i + 1]!; s < e; s++) {
              const t = succ[s]!;
              const c = codes[t]!;
              if (c !== DRAW) {
                if (c > 0) continue; // a win for the opponent: a losing move
                good = false;
                break;
              }
              if (w[t] !== 0 || (givesCheck[s] !== 0 && y[t] !== 0)) continue;
              good = false;
              break;
            }
          }
          if (good) {
            y[i] = 1;
            added++;
          }
        }
        yCount += added;
        if (added === 0) break;
      }
      if (yCount === zCount) break;
      for (let k = 0; k < nd; k++) {
        const i = draws[k]!;
        z[i] = y[i]!;
      }
      zCount = yCount;
    }
    if (zCount === wCount) break;
    for (let k = 0; k < nd; k++) {
      const i = draws[k]!;
      w[i] = z[i]!;
    }
    wCount = zCount;
  }
  for (let k = 0; k < nd; k++) {
    const i = draws[k]!;
    if (w[i] !== 0) codes[i] = (i & 1) === checker ? RULE_LOSS : RULE_WIN;
    // Every mark back to zero: the next call's draws are fewer, and none may read a stale one.
    w[i] = 0;
    z[i] = 0;
    y[i] = 0;
  }
  return wCount;
}
