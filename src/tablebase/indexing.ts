/**
 * A table's index: every placement of one material's pieces, and the side to move, numbered
 * 0..size-1 combinatorially.
 *
 * The pieces form groups (the first player's king, the second's, then each side's pieces of a
 * kind), and a group of k alike pieces on a domain of n squares is numbered by the
 * combinatorial number system, C(n, k) numbers instead of n^k: two advisors are one of 10
 * pairs, not 25 ordered placements. The first player's king stands only on one square of each
 * symmetric set (xiangqi: files d and e, by the mirror; chess without pawns: the a1-d1-d4
 * triangle, by the eight symmetries; chess with pawns: files a-d, by the file mirror), and a position is turned by the symmetry that brings its
 * king there before it is numbered. Placements where two pieces share a square, or where the
 * side not to move is in check, are numbered too but marked invalid by the generator: the
 * arithmetic stays simple and they cost a byte each.
 */
import { QiengineError } from '../core/errors.js';
import type { Material } from './material.js';
import { tablebaseRules, type SetupPosition, type Symmetry, type TablebaseRules } from './rules.js';

/** Binomial coefficients C(n, k) for n < 256, k <= 6. */
const BINOMIAL = new Float64Array(256 * 8);
for (let n = 0; n < 256; n++) {
  BINOMIAL[n * 8] = 1;
  for (let k = 1; k < 8; k++) BINOMIAL[n * 8 + k] = n === 0 ? 0 : BINOMIAL[(n - 1) * 8 + k - 1]! + BINOMIAL[(n - 1) * 8 + k]!;
}

function binomial(n: number, k: number): number {
  return n < k ? 0 : BINOMIAL[n * 8 + k]!;
}

/** One group of alike pieces. */
interface Group {
  side: number;
  letter: string;
  count: number;
  domain: Int16Array;
  /** Each board square's place in the domain, -1 off it. */
  rankOf: Int16Array;
  /** How many numbers the group takes: C(domain, count). */
  span: number;
}

/** The largest table this index builds (positions, both sides to move). */
export const MAX_TABLE_SIZE = 2 ** 31;

export class TableIndex {
  readonly rules: TablebaseRules;
  private readonly symmetry: Symmetry;
  private readonly groups: Group[] = [];
  /** The number of positions: every placement, times two sides to move. */
  readonly size: number;
  private readonly scratch = new Int16Array(8);
  /** Each group's number within a position's, while {@link decode} works (reused, not allocated). */
  private readonly choices = new Float64Array(8);

  /**
   * @throws {QiengineError} when the material has more positions than {@link MAX_TABLE_SIZE}
   */
  constructor(readonly material: Material) {
    this.rules = tablebaseRules(material.game);
    this.symmetry = this.rules.symmetry((material.sides[0] + material.sides[1]).includes('P'));
    const limit = material.game === 'chess' ? 128 : 256;
    const add = (side: number, letter: string, count: number, domain: Int16Array): void => {
      const rankOf = new Int16Array(limit).fill(-1);
      domain.forEach((sq, i) => (rankOf[sq] = i));
      this.groups.push({ side, letter, count, domain, rankOf, span: binomial(domain.length, count) });
    };
    add(0, 'K', 1, this.symmetry.kingDomain);
    add(1, 'K', 1, this.rules.domain(1, 'K'));
    for (const side of [0, 1]) {
      const letters = material.sides[side]!;
      for (let i = 0; i < letters.length; ) {
        let j = i;
        while (j < letters.length && letters[j] === letters[i]) j++;
        add(side, letters[i]!, j - i, this.rules.domain(side, letters[i]!));
        i = j;
      }
    }
    let size = 2;
    for (const g of this.groups) size *= g.span;
    if (size > MAX_TABLE_SIZE) throw new QiengineError(`a table of ${size} positions is more than this generator builds (${MAX_TABLE_SIZE})`);
    this.size = size;
  }

  /**
   * Sets `pos` up as position `index` (it is cleared first). Returns false, leaving the board in
   * an unspecified state, when two pieces would share a square or the side not to move would
   * stand in check.
   */
  decode(index: number, pos: SetupPosition): boolean {
    const stm = index % 2;
    let rest = (index - stm) / 2;
    pos.clear();
    const placed = this.scratch;
    let n = 0;
    // The groups are numbered with the first most significant: peel them from the last.
    const choices = this.choices;
    for (let g = this.groups.length - 1; g >= 0; g--) {
      const span = this.groups[g]!.span;
      choices[g] = rest % span;
      rest = Math.floor(rest / span);
    }
    for (let g = 0; g < this.groups.length; g++) {
      const group = this.groups[g]!;
      let r = choices[g]!;
      let top = group.domain.length;
      for (let k = group.count; k >= 1; k--) {
        // The largest place p with C(p, k) <= r.
        let p = k - 1;
        while (p + 1 < top && binomial(p + 1, k) <= r) p++;
        r -= binomial(p, k);
        top = p;
        const sq = group.domain[p]!;
        for (let i = 0; i < n; i++) if (placed[i] === sq) return false;
        placed[n++] = sq;
        this.rules.place(pos as never, group.side, group.letter, k - 1, sq);
      }
    }
    if (stm === 1) pos.flipSide();
    // The side not to move must not stand in check: pass the turn, ask, and pass it back.
    pos.flipSide();
    pos.resetHistory(0, 1);
    const illegal = pos.inCheck();
    pos.flipSide();
    pos.resetHistory(0, 1);
    return !illegal;
  }

  /**
   * The index of a position of this material. With `swap`, the position's colours are taken
   * the other way round (its material is this one's with the sides swapped): side 1's pieces
   * count as side 0's on the turned board, and the side to move changes too.
   */
  encode(pos: SetupPosition, swap = false): number {
    const rules = this.rules;
    const sq = this.scratch;
    const flip = rules.colourFlip;
    // The first player's king (after any swap) chooses the symmetry.
    rules.squaresOf(pos as never, swap ? 1 : 0, 'K', sq, 0);
    const king = swap ? flip[sq[0]!]! : sq[0]!;
    const map = this.symmetry.maps[this.symmetry.mapOf[king]!]!;
    let index = 0;
    for (const group of this.groups) {
      const n = rules.squaresOf(pos as never, swap ? 1 - group.side : group.side, group.letter, sq, 0);
      for (let i = 0; i < n; i++) {
        const s = swap ? flip[sq[i]!]! : sq[i]!;
        sq[i] = group.rankOf[map[s]!]!;
      }
      // Sort the few places ascending (insertion sort), then number the combination.
      for (let i = 1; i < n; i++) {
        const v = sq[i]!;
        let j = i - 1;
        while (j >= 0 && sq[j]! > v) {
          sq[j + 1] = sq[j]!;
          j--;
        }
        sq[j + 1] = v;
      }
      let r = 0;
      for (let i = 0; i < n; i++) r += binomial(sq[i]!, i + 1);
      index = index * group.span + r;
    }
    const stm = swap ? 1 - pos.sideToMove : pos.sideToMove;
    return index * 2 + stm;
  }
}
