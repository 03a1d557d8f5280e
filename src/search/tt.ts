/**
 * The transposition table: typed arrays in buckets of four entries, sized in megabytes.
 *
 * An entry is four int32 words: the key's low half, the key's high half XORed with the other
 * two words (the high half picks nothing, so it verifies), the best move, and a packed word
 * `score (16 bits, signed) | depth (8) | bound (2) | generation (6)`. Replacement within a
 * bucket: the same key first (except that a bound from a search at least four plies shallower,
 * such as quiescence's at depth 0, leaves an entry of the current search in place unless it is
 * exact), then the entry whose depth, discounted by its age in searches, is lowest. Mate
 * scores are stored relative to the node (see {@link toTT} / {@link fromTT}) so that they stay
 * right at any ply.
 *
 * Several threads may share one table (Lazy SMP: {@link TranspositionTable.shared} makes it on
 * a SharedArrayBuffer, {@link TranspositionTable.attach} opens it on another thread). Their
 * writes are plain stores, so a reader may see an entry half written by another thread: the
 * XOR in the second word (Hyatt's lockless hashing) makes such a mixed entry fail the key
 * check, so it is never trusted. Each thread keeps its own generation, and they agree as long
 * as every thread runs every search.
 */

export const BOUND_NONE = 0;
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

/** Mate at ply p scores `MATE - p` (mated: `-(MATE - p)`); no line is longer than 99 plies. */
export const MATE = 30000;
/** A perpetual check (xiangqi) loses with this score: above every evaluation, below every mate. */
export const BAN = MATE - 100;
/** Scores above this (and up to BAN) come from a repetition verdict and depend on the path. */
export const WIN = MATE - 200;
/** Scores beyond this are mates. */
export const MATE_BOUND = BAN + 1;
/** Beyond every score: the bounds of an open window. */
export const SCORE_INF = MATE + 1;

const BUCKET = 4;
const WORDS = 4;

/** A mate score from the root's point of view becomes one from the node's. */
export function toTT(score: number, ply: number): number {
  if (score >= MATE_BOUND) return score + ply;
  if (score <= -MATE_BOUND) return score - ply;
  return score;
}

/** The inverse of {@link toTT}. */
export function fromTT(score: number, ply: number): number {
  if (score >= MATE_BOUND) return score - ply;
  if (score <= -MATE_BOUND) return score + ply;
  return score;
}

export class TranspositionTable {
  private data: Int32Array;
  private mask = 0;
  private generation = 0;
  // The probe result, in fields rather than an object, so probing allocates nothing.
  move = 0;
  score = 0;
  depth = 0;
  bound = BOUND_NONE;

  constructor(megabytes = 16) {
    this.data = new Int32Array(0);
    this.resize(megabytes);
  }

  /**
   * A table on a SharedArrayBuffer, for threads that search together: pass its
   * {@link buffer} to {@link TranspositionTable.attach} on each of them.
   */
  static shared(megabytes: number): TranspositionTable {
    const t = new TranspositionTable(1);
    t.allocate(megabytes, true);
    return t;
  }

  /** A view of a table another thread made with {@link TranspositionTable.shared}. */
  static attach(buffer: SharedArrayBuffer): TranspositionTable {
    const t = new TranspositionTable(1);
    const words = buffer.byteLength >> 2;
    const buckets = words / (BUCKET * WORDS);
    if (!Number.isInteger(buckets) || buckets < 1 || (buckets & (buckets - 1)) !== 0) throw new RangeError('not a transposition table buffer');
    t.data = new Int32Array(buffer);
    t.mask = buckets - 1;
    return t;
  }

  /** The memory the entries live in (a SharedArrayBuffer for a {@link shared} table). */
  get buffer(): ArrayBufferLike {
    return this.data.buffer;
  }

  /** Re-allocates (and clears) the table: the largest power of two of buckets that fits. */
  resize(megabytes: number): void {
    this.allocate(megabytes, false);
  }

  private allocate(megabytes: number, shared: boolean): void {
    const mb = Math.max(1, Math.min(4096, Math.floor(megabytes)));
    let buckets = 1;
    while (buckets * 2 * BUCKET * WORDS * 4 <= mb * 1024 * 1024) buckets *= 2;
    const bytes = buckets * BUCKET * WORDS * 4;
    this.data = shared ? new Int32Array(new SharedArrayBuffer(bytes)) : new Int32Array(bytes >> 2);
    // A fresh array is zero pages that the system maps on first touch; touching them all now
    // moves that cost out of the first search (it is what clearing a table in C does).
    this.data.fill(0);
    this.mask = buckets - 1;
  }

  clear(): void {
    this.data.fill(0);
    this.generation = 0;
  }

  /** Call once per search: older entries become cheaper to replace. */
  newSearch(): void {
    this.generation = (this.generation + 1) & 63;
  }

  /** Looks a key up; on a hit fills {@link move}, {@link score}, {@link depth}, {@link bound}. */
  probe(keyLo: number, keyHi: number, ply: number): boolean {
    const d = this.data;
    const base = (keyLo & this.mask) * BUCKET * WORDS;
    for (let i = base, e = base + BUCKET * WORDS; i < e; i += WORDS) {
      const packed = d[i + 3]!;
      const move = d[i + 2]!;
      if (d[i] === keyLo && (d[i + 1]! ^ move ^ packed) === keyHi && packed !== 0) {
        this.move = move;
        this.score = fromTT(packed >> 16, ply);
        this.depth = (packed >>> 8) & 0xff;
        this.bound = (packed >>> 6) & 3;
        return true;
      }
    }
    this.move = 0;
    this.bound = BOUND_NONE;
    return false;
  }

  /**
   * Whether the last hit's bound settles a node searched with the window (`alpha`, `beta`): an
   * exact score, a lower bound at or above beta, or an upper bound at or below alpha.
   */
  decides(alpha: number, beta: number): boolean {
    const b = this.bound;
    return b === BOUND_EXACT || (b === BOUND_LOWER && this.score >= beta) || (b === BOUND_UPPER && this.score <= alpha);
  }

  /**
   * The last probe's score if it is a lower bound (or exact) that can stand in for an
   * evaluation, else -{@link SCORE_INF}. Mate and repetition scores never do.
   */
  lowerEstimate(): number {
    return (this.bound & BOUND_LOWER) !== 0 && this.score > -WIN && this.score < WIN ? this.score : -SCORE_INF;
  }

  /** As {@link lowerEstimate}, for an upper bound (or exact); else {@link SCORE_INF}. */
  upperEstimate(): number {
    return (this.bound & BOUND_UPPER) !== 0 && this.score > -WIN && this.score < WIN ? this.score : SCORE_INF;
  }

  store(keyLo: number, keyHi: number, move: number, score: number, depth: number, bound: number, ply: number): void {
    const d = this.data;
    const base = (keyLo & this.mask) * BUCKET * WORDS;
    let target = base;
    let worst = 1 << 30;
    for (let i = base, e = base + BUCKET * WORDS; i < e; i += WORDS) {
      if (d[i + 3] === 0) {
        target = i;
        break;
      }
      if (d[i] === keyLo && (d[i + 1]! ^ d[i + 2]! ^ d[i + 3]!) === keyHi) {
        // A bound from a much shallower search (quiescence's, say) does not displace a deeper
        // one of the same position.
        const old = d[i + 3]!;
        if (bound !== BOUND_EXACT && depth + 4 <= ((old >>> 8) & 0xff) && (old & 63) === this.generation) return;
        target = i;
        // Keep the old move if this store has none.
        if (move === 0) move = d[i + 2]!;
        break;
      }
      const packed = d[i + 3]!;
      const age = (this.generation - (packed & 63)) & 63;
      const value = ((packed >>> 8) & 0xff) - 8 * age;
      if (value < worst) {
        worst = value;
        target = i;
      }
    }
    // `bound` is never BOUND_NONE here, so a live entry's packed word is never 0 (0 means empty).
    const packed = (toTT(score, ply) << 16) | ((Math.max(0, Math.min(255, depth)) & 0xff) << 8) | (bound << 6) | this.generation;
    d[target] = keyLo;
    d[target + 1] = keyHi ^ move ^ packed;
    d[target + 2] = move;
    d[target + 3] = packed;
  }

  /** Permille of sampled entries written in the current search (UCI `hashfull`). */
  hashfull(): number {
    const d = this.data;
    let used = 0;
    const n = Math.min(1000, d.length / WORDS);
    for (let k = 0; k < n; k++) {
      const packed = d[k * WORDS + 3]!;
      if (packed !== 0 && (packed & 63) === this.generation) used++;
    }
    return Math.round((used * 1000) / n);
  }
}
