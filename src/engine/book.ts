/**
 * Opening books at the engine's level: one call for either game that answers, for a position
 * given as the Engine takes it, which book moves may be played now and which one to play.
 * The protocol's `OwnBook`/`usebook` and the CLI's `book` command go through it.
 *
 * A book move is left out where the caller forbids it (UCI `searchmoves`, UCCI `banmoves`),
 * and weighted 0 where it would repeat a position of the game so far: a book knows positions,
 * not games, and steering back into a repetition from the book would draw (or, by xiangqi's
 * perpetual rules, lose) a game the search might win.
 */
import { QiengineError } from '../core/errors.js';
import { REP_NONE } from '../core/game.js';
import type { Chess } from '../chess/game.js';
import { ChessPosition } from '../chess/position.js';
import type { Xiangqi } from '../xiangqi/game.js';
import { XiangqiPosition } from '../xiangqi/position.js';
import { pickBookMove } from '../book/book.js';
import { ElephantEyeBook } from '../book/elephanteye.js';
import { PolyglotBook } from '../book/polyglot.js';
import { openSession, specFor, type GameKind, type PositionSpec } from './games.js';

/** A book of either format: Polyglot for chess, ElephantEye for xiangqi. */
export type OpeningBook = PolyglotBook | ElephantEyeBook;

/** A position as the Engine takes it. */
type BookPosition = PositionSpec | Chess | Xiangqi;

/** A book move for a game in progress, in the forms a protocol or a person reads. */
export interface BookChoice {
  /** Protocol coordinates: UCI for chess, ICCS for xiangqi. */
  move: string;
  /** Human notation: SAN for chess, WXF for xiangqi. */
  human: string;
  /** The book's weight, or 0 where the move would repeat a position of the game. */
  weight: number;
  /** The weight's share of the total of the moves listed. */
  share: number;
}

/** Options of {@link bookChoices} and {@link chooseBookMove}. */
export interface BookChoiceOptions {
  /** Only these moves (protocol coordinates). */
  searchMoves?: readonly string[];
  /** Never these moves (protocol coordinates). */
  banMoves?: readonly string[];
}

/**
 * Reads a book for a game from a file's bytes: Polyglot `.bin` for chess, ElephantEye
 * `BOOK.DAT` for xiangqi.
 * @throws {BookError} when the bytes are not a book of that format
 */
export function openBook(game: GameKind, bytes: Uint8Array): OpeningBook {
  return game === 'chess' ? PolyglotBook.fromBytes(bytes) : ElephantEyeBook.fromBytes(bytes);
}

/** The game a book is for. */
export function bookGame(book: OpeningBook): GameKind {
  return book instanceof PolyglotBook ? 'chess' : 'xiangqi';
}

/**
 * The book's moves for a position that may be played now, heaviest first.
 * @throws {QiengineError} when the book is for the other game; {@link FenError} or
 * {@link IllegalMoveError} for a bad position
 */
export function bookChoices(book: OpeningBook, position: BookPosition, options: BookChoiceOptions = {}): BookChoice[] {
  const spec = specFor(position);
  if (bookGame(book) !== spec.game) throw new QiengineError(`a ${book instanceof PolyglotBook ? 'Polyglot' : 'ElephantEye'} book is for ${bookGame(book)}, not ${spec.game}`);
  const session = openSession(spec);
  const pos = session.position;
  const found =
    book instanceof PolyglotBook
      ? pos instanceof ChessPosition
        ? book.moves(pos).map((m) => ({ move: m.move, human: m.san, weight: m.weight }))
        : []
      : pos instanceof XiangqiPosition
        ? book.moves(pos).map((m) => ({ move: m.move, human: m.wxf, weight: m.weight }))
        : [];
  const out: BookChoice[] = [];
  for (const f of found) {
    const move = session.format(f.move);
    if (options.searchMoves !== undefined && !options.searchMoves.includes(move)) continue;
    if (options.banMoves?.includes(move) === true) continue;
    pos.make(f.move);
    const repeats = pos.repetition() !== REP_NONE;
    pos.unmake();
    out.push({ move, human: f.human, weight: repeats ? 0 : f.weight, share: 0 });
  }
  const total = out.reduce((s, c) => s + c.weight, 0);
  for (const c of out) c.share = total > 0 ? c.weight / total : 0;
  return out.sort((a, b) => b.weight - a.weight);
}

/**
 * One book move to play now, chosen by weight among {@link bookChoices}, or null when the book
 * has none. `random` returns a number in [0, 1) (default `Math.random`).
 */
export function chooseBookMove(book: OpeningBook, position: BookPosition, options: BookChoiceOptions & { random?: () => number } = {}): BookChoice | null {
  const choices = bookChoices(book, position, options);
  const picked = pickBookMove(
    choices.map((c, i) => ({ move: i, weight: c.weight, share: c.share })),
    options.random,
  );
  return picked === null ? null : choices[picked.move]!;
}
