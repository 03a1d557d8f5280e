/**
 * Polyglot opening books (`.bin`), the chess book format most GUIs and engines read.
 *
 * A book is a sorted array of 16-byte big-endian records `{u64 key; u16 move; u16 weight;
 * u32 learn}`. The key is the position's Polyglot key, which is qiengine's chess Zobrist key
 * (chess/zobrist.ts), so a lookup is a binary search on the position's two key words; no
 * `bigint` is built. A move packs to-file, to-rank, from-file and from-rank in three bits
 * each, then the promotion piece (1 knight .. 4 queen); castling is written as the king
 * taking its own rook (`e1h1`), and is read back as the king's move (`e1g1`).
 */
import { BookError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import { FLAG_CASTLE, FLAG_PROMOTION_MASK, KING, squareAt, squareIndex64 } from '../chess/board.js';
import { positionFromFen } from '../chess/fen.js';
import { Chess } from '../chess/game.js';
import { MAX_MOVES, type ChessPosition } from '../chess/position.js';
import { moveToSan, moveToUci } from '../chess/san.js';
import { byWeight, lowerBound, pickBookMove, recordView, tallyBookGames, type BookGame, type BookMove, type BookReplay, type BuildBookOptions } from './book.js';

/** The size of one Polyglot record in bytes. */
export const POLYGLOT_RECORD_BYTES = 16;

/** A book move of a chess position, as a Polyglot book holds it. */
export interface PolyglotBookMove extends BookMove {
  /** UCI coordinates, castling as the king's move: `e2e4`, `e1g1`, `e7e8q`. */
  readonly uci: string;
  /** Standard Algebraic Notation: `e4`, `O-O`, `e8=Q+`. */
  readonly san: string;
  /** The record's learn field, which some tools use to keep results (0 in most books). */
  readonly learn: number;
}

/** One record to write with {@link writePolyglotBook}. */
export interface PolyglotRecord {
  /** The position's Polyglot key (a chess position's `key64`). */
  key: bigint;
  /** The move in Polyglot's 16-bit form (see {@link polyglotMove}). */
  move: number;
  /** 0..65535. */
  weight: number;
  /** 0..2^32-1 (default 0). */
  learn?: number;
}

/** A chess position given as the game, its position, or a FEN. */
export type ChessBookPosition = Chess | ChessPosition | string;

const scratch = new Int32Array(MAX_MOVES);

function positionOf(p: ChessBookPosition): ChessPosition {
  if (typeof p === 'string') return positionFromFen(p);
  return p instanceof Chess ? p.position : p;
}

/**
 * A Polyglot book read into memory. The bytes are checked once when it is opened (a whole
 * number of records, keys in order); lookups then trust them.
 *
 * ```ts
 * const book = PolyglotBook.fromBytes(readFileSync('book.bin'));
 * const game = new Chess();
 * book.moves(game); // [{ uci: 'e2e4', san: 'e4', weight: 1796, share: 0.41, ... }, ...]
 * const m = book.pick(game); // one of them, by weight
 * ```
 */
export class PolyglotBook {
  private constructor(
    private readonly view: DataView,
    /** The number of records. */
    readonly size: number,
  ) {}

  /**
   * Opens a book from the bytes of a `.bin` file (they are not copied).
   * @throws {BookError} when the length is not a multiple of 16 or the keys are out of order
   */
  static fromBytes(bytes: Uint8Array): PolyglotBook {
    const { view: v, size } = recordView('polyglot', bytes, POLYGLOT_RECORD_BYTES);
    for (let i = 1; i < size; i++) {
      const a = (i - 1) * POLYGLOT_RECORD_BYTES;
      const b = i * POLYGLOT_RECORD_BYTES;
      const ah = v.getUint32(a);
      const bh = v.getUint32(b);
      if (bh < ah || (bh === ah && v.getUint32(b + 4) < v.getUint32(a + 4))) {
        throw new BookError('polyglot', i, 'keys out of order (a Polyglot book is sorted by key)');
      }
    }
    return new PolyglotBook(v, size);
  }

  /** The number of records for a position key. */
  count(key: bigint): number {
    const hi = Number((key >> 32n) & 0xffffffffn);
    const lo = Number(key & 0xffffffffn);
    return this.end(hi, lo, this.start(hi, lo)) - this.start(hi, lo);
  }

  /**
   * The book's moves for a position, heaviest first, with their shares of the position's
   * total weight. Records whose move is not legal in the position (a key collision, or a
   * damaged book) are left out. An empty array when the book does not know the position.
   * @throws {FenError} for a malformed FEN
   */
  moves(position: ChessBookPosition): PolyglotBookMove[] {
    const pos = positionOf(position);
    const hi = pos.keyHi >>> 0;
    const lo = pos.keyLo >>> 0;
    const first = this.start(hi, lo);
    const last = this.end(hi, lo, first);
    if (first === last) return [];
    const legal = pos.generate(scratch, 0, false);
    const found: Array<{ move: Move; weight: number; learn: number }> = [];
    let total = 0;
    for (let i = first; i < last; i++) {
      const off = i * POLYGLOT_RECORD_BYTES;
      const m = decode(pos, this.view.getUint16(off + 8), scratch, legal);
      if (m === 0 || found.some((f) => f.move === m)) continue;
      const weight = this.view.getUint16(off + 10);
      total += weight;
      found.push({ move: m, weight, learn: this.view.getUint32(off + 12) });
    }
    return byWeight(
      found.map((f) => ({ move: f.move, weight: f.weight, share: total > 0 ? f.weight / total : 0, learn: f.learn, uci: moveToUci(f.move), san: moveToSan(pos, f.move) })),
    );
  }

  /**
   * One of the position's book moves, chosen with the chance its weight gives it, or null when
   * the book has none of weight above 0. `random` returns a number in [0, 1).
   */
  pick(position: ChessBookPosition, random: () => number = Math.random): PolyglotBookMove | null {
    return pickBookMove(this.moves(position), random);
  }

  /** Every record, in the file's order, as {@link writePolyglotBook} takes them. */
  *records(): IterableIterator<PolyglotRecord> {
    for (let i = 0; i < this.size; i++) {
      const off = i * POLYGLOT_RECORD_BYTES;
      const key = (BigInt(this.view.getUint32(off)) << 32n) | BigInt(this.view.getUint32(off + 4));
      yield { key, move: this.view.getUint16(off + 8), weight: this.view.getUint16(off + 10), learn: this.view.getUint32(off + 12) };
    }
  }

  /** The first record whose key is not below (hi, lo). */
  private start(hi: number, lo: number): number {
    const v = this.view;
    return lowerBound(this.size, (i) => {
      const h = v.getUint32(i * POLYGLOT_RECORD_BYTES);
      return h < hi || (h === hi && v.getUint32(i * POLYGLOT_RECORD_BYTES + 4) < lo);
    });
  }

  /** The end of the run of records with key (hi, lo) that starts at `from`. */
  private end(hi: number, lo: number, from: number): number {
    const v = this.view;
    let i = from;
    while (i < this.size && v.getUint32(i * POLYGLOT_RECORD_BYTES) === hi && v.getUint32(i * POLYGLOT_RECORD_BYTES + 4) === lo) i++;
    return i;
  }
}

/** The legal move of `pos` (among `legal[0..end)`) that a Polyglot move stands for, or 0. */
function decode(pos: ChessPosition, pm: number, legal: Int32Array, end: number): Move {
  const toFile = pm & 7;
  const toRank = (pm >> 3) & 7;
  const from = squareAt((pm >> 6) & 7, (pm >> 9) & 7);
  let to = squareAt(toFile, toRank);
  const promo = (pm >> 12) & 7;
  if (promo > 4) return 0;
  // Castling is the king taking its own rook: the king's move goes two files that way.
  const piece = pos.board[from]!;
  const target = pos.board[to]!;
  if ((piece & 7) === KING && target !== 0 && (target & 0x18) === (piece & 0x18)) to = squareAt(toFile > (from & 7) ? 6 : 2, toRank);
  const want = from | (to << 8);
  for (let i = 0; i < end; i++) {
    const c = legal[i]!;
    if ((c & 0xffff) === want && ((c >>> 16) & FLAG_PROMOTION_MASK) === (promo === 0 ? 0 : promo + 1)) return c;
  }
  return 0;
}

/** The 16-bit Polyglot form of a chess move (castling as the king taking its rook). */
export function polyglotMove(move: Move): number {
  const from = move & 0xff;
  let to = (move >>> 8) & 0xff;
  const flags = move >>> 16;
  if ((flags & FLAG_CASTLE) !== 0) to = squareAt((to & 7) === 6 ? 7 : 0, to >> 4);
  const promo = flags & FLAG_PROMOTION_MASK;
  const f = squareIndex64(from);
  const t = squareIndex64(to);
  return (t & 7) | ((t >> 3) << 3) | ((f & 7) << 6) | ((f >> 3) << 9) | ((promo === 0 ? 0 : promo - 1) << 12);
}

/**
 * Writes records as a Polyglot `.bin` file: sorted by key (then by weight, heaviest first, as
 * Polyglot writes them), 16 bytes each.
 * @throws {BookError} for a weight or learn value out of its field's range
 */
export function writePolyglotBook(records: Iterable<PolyglotRecord>): Uint8Array {
  const list = [...records];
  list.forEach((r, i) => {
    if (!Number.isInteger(r.weight) || r.weight < 0 || r.weight > 0xffff) throw new BookError('polyglot', i, `weight ${r.weight} is not a whole number from 0 to 65535`);
    const learn = r.learn ?? 0;
    if (!Number.isInteger(learn) || learn < 0 || learn > 0xffffffff) throw new BookError('polyglot', i, `learn ${learn} is not a whole number from 0 to 4294967295`);
    if (!Number.isInteger(r.move) || r.move < 0 || r.move > 0xffff) throw new BookError('polyglot', i, `move ${r.move} is not a 16-bit Polyglot move`);
  });
  const mask = 0xffffffffffffffffn;
  list.sort((a, b) => {
    const ka = a.key & mask;
    const kb = b.key & mask;
    return ka < kb ? -1 : ka > kb ? 1 : b.weight - a.weight;
  });
  const out = new Uint8Array(list.length * POLYGLOT_RECORD_BYTES);
  const v = new DataView(out.buffer);
  list.forEach((r, i) => {
    const off = i * POLYGLOT_RECORD_BYTES;
    v.setBigUint64(off, r.key & mask);
    v.setUint16(off + 8, r.move);
    v.setUint16(off + 10, r.weight);
    v.setUint32(off + 12, r.learn ?? 0);
  });
  return out;
}

/**
 * Makes a Polyglot book from chess games (moves in SAN or UCI), as Polyglot's `make-book`
 * does: 2 for a win and 1 for a draw of the side that played a move (see
 * {@link tallyBookGames}), over the first 30 plies by default.
 * @throws {FenError} or {@link IllegalMoveError} for a bad game
 */
export function buildPolyglotBook(games: Iterable<BookGame>, options: BuildBookOptions = {}): Uint8Array {
  const replay = (g: BookGame): BookReplay<bigint> => {
    const game = new Chess(g.fen);
    return {
      key: () => game.key(),
      side: () => game.position.sideToMove,
      play: (text) => {
        const m = game.parseMove(text);
        game.move(m);
        return polyglotMove(m);
      },
    };
  };
  return writePolyglotBook(tallyBookGames(games, replay, options));
}
