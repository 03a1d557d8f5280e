/**
 * ElephantEye opening books (`BOOK.DAT`), the xiangqi book format of ElephantEye and XQWLight.
 *
 * A book is an array of 8-byte little-endian records `{u32 lock; u16 move; u16 weight}`, sorted
 * by lock. The lock is the position's `dwLock1` Zobrist word (xiangqi/zobrist.ts makes it bit
 * for bit as ElephantEye does), and the move is ElephantEye's `src | dst << 8` on the same
 * 16x16 board qiengine uses, so a record's move is qiengine's move as it stands.
 *
 * The book holds each position once for itself and its left-right mirror: a lookup tries the
 * position, and when the book does not know it, the mirrored position, whose moves are then
 * mirrored back (as ElephantEye's GetBookMoves does).
 */
import { BookError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import { positionFromFen } from '../xiangqi/fen.js';
import { Xiangqi } from '../xiangqi/game.js';
import { mirrorSquare } from '../xiangqi/geometry.js';
import { moveToChinese, moveToIccs, moveToWxf } from '../xiangqi/notation.js';
import { MAX_MOVES, type XiangqiPosition } from '../xiangqi/position.js';
import { LOCK1, PLAYER_LOCK1 } from '../xiangqi/zobrist.js';
import { byWeight, lowerBound, pickBookMove, recordView, tallyBookGames, type BookGame, type BookMove, type BookReplay, type BuildBookOptions } from './book.js';

/** The size of one ElephantEye book record in bytes. */
export const ELEPHANTEYE_RECORD_BYTES = 8;

/** A book move of a xiangqi position, as an ElephantEye book holds it. */
export interface ElephantEyeBookMove extends BookMove {
  /** ICCS/UCCI coordinates: `h2e2`. */
  readonly iccs: string;
  /** WXF: `C2.5`. */
  readonly wxf: string;
  /** Chinese: `炮二平五`. */
  readonly chinese: string;
  /** Whether it was found under the mirrored position (and mirrored back). */
  readonly mirrored: boolean;
}

/** One record to write with {@link writeElephantEyeBook}. */
export interface ElephantEyeRecord {
  /** The position's lock (`dwLock1`, unsigned). */
  lock: number;
  /** The move, `src | dst << 8` on the 16x16 board (qiengine's xiangqi move). */
  move: number;
  /** 0..65535. */
  weight: number;
}

/** A xiangqi position given as the game, its position, or a FEN. */
export type XiangqiBookPosition = Xiangqi | XiangqiPosition | string;

const scratch = new Int32Array(MAX_MOVES);

function positionOf(p: XiangqiBookPosition): XiangqiPosition {
  if (typeof p === 'string') return positionFromFen(p);
  return p instanceof Xiangqi ? p.position : p;
}

/** The lock (`dwLock1`, unsigned) of a position mirrored left to right. */
export function mirroredLock(pos: XiangqiPosition): number {
  let lock = pos.sideToMove === 1 ? PLAYER_LOCK1 : 0;
  const b = pos.board;
  for (let sq = 0; sq < 256; sq++) {
    const id = b[sq]!;
    if (id >= 16 && id < 48) lock ^= LOCK1[id * 256 + mirrorSquare(sq)]!;
  }
  return lock >>> 0;
}

/** A move mirrored left to right. */
function mirrorMove(m: Move): Move {
  return mirrorSquare(m & 0xff) | (mirrorSquare((m >>> 8) & 0xff) << 8);
}

/**
 * An ElephantEye book read into memory. The bytes are checked once when it is opened (a whole
 * number of records, locks in order); lookups then trust them.
 *
 * ```ts
 * const book = ElephantEyeBook.fromBytes(readFileSync('BOOK.DAT'));
 * const game = new Xiangqi();
 * book.moves(game); // [{ iccs: 'h2e2', wxf: 'C2.5', weight: ..., share: ..., ... }, ...]
 * ```
 */
export class ElephantEyeBook {
  private constructor(
    private readonly view: DataView,
    /** The number of records. */
    readonly size: number,
  ) {}

  /**
   * Opens a book from the bytes of a `BOOK.DAT` file (they are not copied).
   * @throws {BookError} when the length is not a multiple of 8 or the locks are out of order
   */
  static fromBytes(bytes: Uint8Array): ElephantEyeBook {
    const { view, size } = recordView('elephanteye', bytes, ELEPHANTEYE_RECORD_BYTES);
    const book = new ElephantEyeBook(view, size);
    for (let i = 1; i < size; i++) {
      if (book.lock(i) < book.lock(i - 1)) throw new BookError('elephanteye', i, 'locks out of order (an ElephantEye book is sorted by lock)');
    }
    return book;
  }

  /**
   * The book's moves for a position, heaviest first, with their shares of the position's
   * total weight; from the mirrored position when the book does not hold the position itself.
   * Records whose move is not legal in the position are left out. An empty array when the book
   * knows neither.
   * @throws {FenError} for a malformed FEN
   */
  moves(position: XiangqiBookPosition): ElephantEyeBookMove[] {
    const pos = positionOf(position);
    let mirrored = false;
    let first = this.start(pos.lock1 >>> 0);
    let last = this.end(pos.lock1 >>> 0, first);
    if (first === last) {
      const lock = mirroredLock(pos);
      first = this.start(lock);
      last = this.end(lock, first);
      mirrored = true;
    }
    if (first === last) return [];
    const legal = pos.generateLegal(scratch, 0);
    const found: Array<{ move: Move; weight: number }> = [];
    let total = 0;
    for (let i = first; i < last; i++) {
      const raw = this.view.getUint16(i * ELEPHANTEYE_RECORD_BYTES + 4, true);
      const m = mirrored ? mirrorMove(raw) : raw;
      let ok = false;
      for (let j = 0; j < legal && !ok; j++) ok = scratch[j] === m;
      if (!ok || found.some((f) => f.move === m)) continue;
      const weight = this.view.getUint16(i * ELEPHANTEYE_RECORD_BYTES + 6, true);
      total += weight;
      found.push({ move: m, weight });
    }
    return byWeight(
      found.map((f) => ({
        move: f.move,
        weight: f.weight,
        share: total > 0 ? f.weight / total : 0,
        iccs: moveToIccs(f.move),
        wxf: moveToWxf(pos, f.move),
        chinese: moveToChinese(pos, f.move),
        mirrored,
      })),
    );
  }

  /**
   * One of the position's book moves, chosen with the chance its weight gives it, or null when
   * the book has none of weight above 0. `random` returns a number in [0, 1).
   */
  pick(position: XiangqiBookPosition, random: () => number = Math.random): ElephantEyeBookMove | null {
    return pickBookMove(this.moves(position), random);
  }

  /** Every record, in the file's order, as {@link writeElephantEyeBook} takes them. */
  *records(): IterableIterator<ElephantEyeRecord> {
    for (let i = 0; i < this.size; i++) {
      const off = i * ELEPHANTEYE_RECORD_BYTES;
      yield { lock: this.view.getUint32(off, true), move: this.view.getUint16(off + 4, true), weight: this.view.getUint16(off + 6, true) };
    }
  }

  private lock(i: number): number {
    return this.view.getUint32(i * ELEPHANTEYE_RECORD_BYTES, true);
  }

  private start(lock: number): number {
    return lowerBound(this.size, (i) => this.lock(i) < lock);
  }

  private end(lock: number, from: number): number {
    let i = from;
    while (i < this.size && this.lock(i) === lock) i++;
    return i;
  }
}

/**
 * Writes records as an ElephantEye `BOOK.DAT` file: sorted by lock (then by weight, heaviest
 * first), 8 bytes each.
 * @throws {BookError} for a lock, move or weight out of its field's range
 */
export function writeElephantEyeBook(records: Iterable<ElephantEyeRecord>): Uint8Array {
  const list = [...records];
  list.forEach((r, i) => {
    if (!Number.isInteger(r.lock) || r.lock < 0 || r.lock > 0xffffffff) throw new BookError('elephanteye', i, `lock ${r.lock} is not a whole number from 0 to 4294967295`);
    if (!Number.isInteger(r.move) || r.move <= 0 || r.move > 0xffff) throw new BookError('elephanteye', i, `move ${r.move} is not a 16-bit move`);
    if (!Number.isInteger(r.weight) || r.weight < 0 || r.weight > 0xffff) throw new BookError('elephanteye', i, `weight ${r.weight} is not a whole number from 0 to 65535`);
  });
  list.sort((a, b) => a.lock - b.lock || b.weight - a.weight);
  const out = new Uint8Array(list.length * ELEPHANTEYE_RECORD_BYTES);
  const v = new DataView(out.buffer);
  list.forEach((r, i) => {
    const off = i * ELEPHANTEYE_RECORD_BYTES;
    v.setUint32(off, r.lock, true);
    v.setUint16(off + 4, r.move, true);
    v.setUint16(off + 6, r.weight, true);
  });
  return out;
}

/**
 * Makes an ElephantEye book from xiangqi games (moves in ICCS, WXF or Chinese), weighted as
 * Polyglot's `make-book` weighs (2 for a win and 1 for a draw of the side that played a move;
 * see {@link tallyBookGames}), over the first 30 plies by default. Each position is written as
 * played; a lookup finds its mirror image through it.
 * @throws {FenError} or {@link IllegalMoveError} for a bad game
 */
export function buildElephantEyeBook(games: Iterable<BookGame>, options: BuildBookOptions = {}): Uint8Array {
  const replay = (g: BookGame): BookReplay<number> => {
    const game = new Xiangqi(g.fen);
    return {
      key: () => game.position.lock1 >>> 0,
      side: () => game.position.sideToMove,
      play: (text) => {
        const m = game.parseMove(text);
        game.move(m);
        return m;
      },
    };
  };
  return writeElephantEyeBook(tallyBookGames(games, replay, options).map((r) => ({ lock: r.key, move: r.move, weight: r.weight })));
}
