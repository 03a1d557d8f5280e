/**
 * `Xiangqi`: the friendly, validated API over {@link XiangqiPosition}, in the spirit of
 * chess.js: `moves()`, `move()`, `undo()`, `fen()`, `status()`. Every method that takes user
 * input validates it and throws a typed error with the game left unchanged.
 */
import { checkFen, IllegalMoveError, NotationError, QiengineError, type FenCheck } from '../core/errors.js';
import { boardField, boardRows, squaresHolding } from '../core/board-grid.js';
import { CommentedGame } from '../core/position-comments.js';
import type { Move } from '../core/move.js';
import { hex32 } from '../core/zobrist.js';
import { readFen, START_FEN, writeFen } from './fen.js';
import { squareFromIccs } from './geometry.js';
import {
  describeMove,
  descriptionToChinese,
  descriptionToWxf,
  moveToIccs,
  parseSquare,
  parseMoveText,
  squareName,
  type XiangqiNotation,
} from './notation.js';
import { FEN_LETTERS, TYPE_NAMES, TYPE_OF, type Color, type PieceName } from './pieces.js';
import { MAX_MOVES, XIANGQI_DRAW_PLIES, XiangqiPosition } from './position.js';
import { perft, perftDivide } from './perft.js';
import { readXiangqiPgn, writeXiangqiPgn, type XiangqiPgnWriteOptions } from './pgn.js';
import { gameStatus, type XiangqiRules, type XiangqiStatus } from './rules.js';

/** A move as the game API reports it. */
export interface XiangqiMove {
  /** ICCS origin and destination, e.g. `h2`, `e2`. */
  from: string;
  to: string;
  /** ICCS/UCCI coordinates, e.g. `h2e2`. */
  iccs: string;
  /** WXF, e.g. `C2.5`. */
  wxf: string;
  /** Chinese, e.g. `炮二平五`. */
  chinese: string;
  color: Color;
  piece: PieceName;
  captured?: PieceName;
  /** Whether the move gives check. */
  check: boolean;
  /** The integer encoding used by the engine. */
  move: Move;
}

/** A piece on the board. */
export interface XiangqiPiece {
  color: Color;
  type: PieceName;
}

/** A move of the game's history, with the positions around it ({@link Xiangqi.history}). */
export interface XiangqiHistoryMove extends XiangqiMove {
  /** The FEN before the move. */
  before: string;
  /** The FEN after it. */
  after: string;
}

/** A piece and the point it stands on, as {@link Xiangqi.board} lists them. */
export interface XiangqiSquarePiece extends XiangqiPiece {
  /** ICCS point, e.g. `e0`. */
  square: string;
}

/** Which legal moves {@link Xiangqi.moves} lists: those from one point, or of one kind of piece. */
export interface XiangqiMovesFilter {
  /** Only the moves from this ICCS point (`h2`). */
  square?: string;
  /** Only the moves of this kind of piece. */
  piece?: PieceName;
}

export type { XiangqiNotation } from './notation.js';

/** The search's move limit where the game's rules have none: beyond any clock. */
const NO_MOVE_LIMIT = 0x3fffffff;

/**
 * Whether `fen` is a xiangqi position this library reads, and if not which field is at fault
 * and why, without throwing (as chess.js's `validateFen`).
 */
export function validateXiangqiFen(fen: string): FenCheck {
  return checkFen(fen, (f) => readFen(f, new XiangqiPosition()));
}

/** A xiangqi game: a position with history, rules and notation. */
export class Xiangqi extends CommentedGame<XiangqiPosition> {
  /** The underlying position, for power users (perft, search). Do not modify it directly. */
  readonly position = new XiangqiPosition();
  private readonly rules: XiangqiRules;
  private readonly buf = new Int32Array(MAX_MOVES);

  /**
   * @param fen the starting position (default: the standard start).
   * @param rules move limit and repetition options.
   * @throws {FenError}
   * @throws {QiengineError} for a move limit that is not a whole number of plies
   */
  constructor(fen: string = START_FEN, rules: XiangqiRules = {}) {
    super();
    this.rules = { ...rules };
    readFen(fen, this.position);
    // Searches of this game's position follow its repetition rules and move limit too.
    this.position.chaseRule = this.rules.perpetualChase ?? true;
    const limit = this.rules.moveLimitPlies ?? XIANGQI_DRAW_PLIES;
    if (!Number.isInteger(limit) || limit < 0) throw new QiengineError(`moveLimitPlies must be a whole number of plies, 0 for none (got ${String(limit).slice(0, 20)})`);
    this.position.drawPlies = limit > 0 ? limit : NO_MOVE_LIMIT;
    this.position.checksCountTowardsLimit = this.rules.checksCountTowardsLimit ?? true;
  }

  /** Makes `next` the game's position, keeping the game's settings (rules and knowledge). */
  private adopt(next: XiangqiPosition): void {
    const p = this.position;
    next.chaseRule = p.chaseRule;
    next.drawPlies = p.drawPlies;
    next.checksCountTowardsLimit = p.checksCountTowardsLimit;
    next.knowledge = p.knowledge;
    p.copyFrom(next);
  }

  /** Replaces the position. On a bad FEN, throws and keeps the current game. @throws {FenError} */
  load(fen: string): void {
    const next = new XiangqiPosition();
    readFen(fen, next);
    this.adopt(next);
    this.notes.clear();
  }

  /**
   * Loads the main line of the first game of a xiangqi PGN text (moves in ICCS, WXF or
   * Chinese), tags included; the game's rules stay this game's.
   * @throws {PgnError} with the current game kept.
   */
  loadPgn(pgn: string): void {
    const game = readXiangqiPgn(pgn, { variations: 'skip' })[0];
    if (game === undefined) throw new QiengineError('the PGN text holds no game');
    const next = new XiangqiPosition();
    readFen(game.fen, next);
    for (const node of game.moves) {
      next.make(node.move);
      next.inCheck(); // records the check flag, as move() does, for the repetition rules
    }
    this.adopt(next);
    this.takePgn(game);
  }

  /** {@inheritDoc CommentedGame.fenOf} */
  protected fenOf(position: XiangqiPosition): string {
    return writeFen(position);
  }

  /** The FEN of the current position. */
  fen(): string {
    return writeFen(this.position);
  }

  /** Back to the standard start: history, comments and tags cleared (the rules stay). */
  reset(): void {
    this.load(START_FEN);
    this.tags.clear();
  }

  /** The number of the move the side to move is about to make (FEN's fullmove field). */
  moveNumber(): number {
    return this.position.fullmove;
  }

  /** The FEN of the position before the first move of the history (the game's start). */
  startFen(): string {
    return writeFen(this.startPosition());
  }

  /** The game's move limit: plies without a capture after which it is drawn (0: none). */
  moveLimit(): number {
    return this.rules.moveLimitPlies ?? XIANGQI_DRAW_PLIES;
  }

  /** The side to move. */
  turn(): Color {
    return this.position.sideToMove === 0 ? 'red' : 'black';
  }

  /**
   * The legal moves as ICCS strings, in generation order; with `square` or `piece`, only those
   * from that point or of that kind of piece (a GUI's targets for the piece picked up).
   * @throws {QiengineError} for a bad point name or piece name.
   */
  moves(): string[];
  moves(options: XiangqiMovesFilter & { verbose?: false }): string[];
  /** The legal moves from one square as move objects (the same in both games, for code that takes either). */
  moves(options: { square: string; verbose: true }): XiangqiMove[];
  /** The legal moves as move objects (filtered as above). */
  moves(options: XiangqiMovesFilter & { verbose: true }): XiangqiMove[];
  moves(options: XiangqiMovesFilter & { verbose?: boolean } = {}): string[] | XiangqiMove[] {
    let codes = this.legalMoves();
    if (options.square !== undefined) {
      const from = this.squareOf(options.square);
      codes = codes.filter((m) => (m & 0xff) === from);
    }
    if (options.piece !== undefined) {
      const type = TYPE_NAMES.indexOf(options.piece);
      if (type < 0) throw new QiengineError(`not a xiangqi piece: '${String(options.piece)}'`);
      codes = codes.filter((m) => TYPE_OF[this.position.board[m & 0xff]!] === type);
    }
    if (options.verbose) return codes.map((m) => this.moveInfo(m));
    return codes.map(moveToIccs);
  }

  /** The legal moves as engine integers. */
  legalMoves(): Move[] {
    const end = this.position.generateLegal(this.buf, 0);
    return Array.from(this.buf.subarray(0, end));
  }

  /** Whether `move` (an engine integer) is legal here. */
  isLegal(move: Move): boolean {
    return this.legalMoves().includes(move);
  }

  /**
   * Reads a move in any supported notation and returns its engine integer without making it.
   * @throws {IllegalMoveError} (or its subclass {@link NotationError}) if it is malformed or illegal.
   */
  parseMove(text: string, notation: XiangqiNotation = 'auto'): Move {
    return parseMoveText(this.position, text, notation);
  }

  /**
   * Makes a move given in ICCS, WXF or Chinese (or an engine integer) and returns it.
   * @throws {IllegalMoveError} with the game unchanged.
   */
  move(move: string | Move, notation: XiangqiNotation = 'auto'): XiangqiMove {
    let m: Move;
    if (typeof move === 'number') {
      if (!this.isLegal(move)) throw new IllegalMoveError(String(move), 'not a legal move', this.fen());
      m = move;
    } else {
      m = this.parseMove(move, notation);
    }
    const info = this.moveInfo(m);
    this.position.make(m);
    this.position.inCheck(); // records the check flag now: the repetition rules read it later
    return info;
  }

  /** Takes back the last move, or returns null at the start of the history. */
  undo(): { from: string; to: string; iccs: string } | null {
    const pos = this.position;
    if (pos.ply === 0) return null;
    const m = pos.histMove[pos.ply - 1]!;
    pos.unmake();
    return { from: squareName(m & 0xff), to: squareName((m >>> 8) & 0xff), iccs: moveToIccs(m) };
  }

  /** The moves made since the FEN, as ICCS strings. */
  history(options?: { verbose?: false }): string[];
  /**
   * The moves made since the FEN as move objects, each with the FEN before and after it (a
   * GUI's move list, each entry a position to jump to).
   */
  history(options: { verbose: true }): XiangqiHistoryMove[];
  history(options: { verbose?: boolean } = {}): string[] | XiangqiHistoryMove[] {
    if (options.verbose) return this.movesWithFens(xiangqiMoveInfo);
    return Array.from(this.position.histMove.subarray(0, this.position.ply)).map(moveToIccs);
  }

  /** Describes a legal move of the side to move. */
  moveInfo(m: Move): XiangqiMove {
    return xiangqiMoveInfo(this.position, m);
  }

  /** The piece on an ICCS square (`e0`), or null. @throws {QiengineError} for a bad square name. */
  get(square: string): XiangqiPiece | null {
    const id = this.position.board[this.squareOf(square)]!;
    if (id === 0) return null;
    return { color: id < 32 ? 'red' : 'black', type: TYPE_NAMES[TYPE_OF[id]!]! };
  }

  /**
   * The board for drawing it: ten rows from black's back rank (rank 9) down to red's (rank 0),
   * each of nine points from file a to file i, a piece with its point or null.
   */
  board(): (XiangqiSquarePiece | null)[][] {
    const rows: (XiangqiSquarePiece | null)[][] = [];
    for (let rank = 9; rank >= 0; rank--) {
      const row: (XiangqiSquarePiece | null)[] = [];
      for (let file = 0; file < 9; file++) {
        const sq = squareFromIccs(file, rank);
        const id = this.position.board[sq]!;
        row.push(id === 0 ? null : { square: squareName(sq), color: id < 32 ? 'red' : 'black', type: TYPE_NAMES[TYPE_OF[id]!]! });
      }
      rows.push(row);
    }
    return rows;
  }

  /** The points where `piece` stands, sorted by name (the king's point: `findPiece({ color, type: 'king' })[0]`). */
  findPiece(piece: XiangqiPiece): string[] {
    return squaresHolding(this.board(), piece);
  }

  /**
   * The points of `by`'s pieces (default: the side to move's) that attack `square`: that could
   * take an enemy piece standing there, pins ignored, as a check reads them. On a point of
   * `by`'s own piece these are its defenders. A cannon needs one screen; a king attacks the
   * points next to it in its palace (kings never face each other in a legal position). Sorted
   * by name.
   * @throws {QiengineError} for a bad point name.
   */
  attackers(square: string, by: Color = this.turn()): string[] {
    return this.position
      .attackers(this.squareOf(square), this.sideOf(by))
      .map(squareName)
      .sort();
  }

  /** Whether any piece of `by` attacks `square` (see {@link attackers}). @throws {QiengineError} */
  isAttacked(square: string, by: Color): boolean {
    return this.position.attackedBy(this.squareOf(square), this.sideOf(by));
  }

  /**
   * Puts `piece` on `square`, replacing whatever stood there, for setting up a position. The
   * result must be a position a FEN could give (each side's pieces within the set, on points
   * they can reach, the side not to move not in check); the game then starts from it, with an
   * empty history and its move counters kept.
   * @throws {FenError} naming what is wrong, with the game unchanged.
   * @throws {QiengineError} for a bad point name.
   */
  put(piece: XiangqiPiece, square: string): void {
    const type = typeof piece === 'object' && piece !== null ? TYPE_NAMES.indexOf(piece.type) : -1;
    if (type < 0 || (piece.color !== 'red' && piece.color !== 'black')) throw new QiengineError(`not a xiangqi piece: ${JSON.stringify(piece)}`);
    const letter = FEN_LETTERS[type]!;
    this.edit(square, piece.color === 'red' ? letter : letter.toLowerCase());
  }

  /**
   * Takes the piece off `square` and returns it (null if the point was empty), starting the game
   * from the position left, as {@link put} does. A king cannot be removed.
   * @throws {FenError} with the game unchanged (a king, or a side not to move left in check).
   * @throws {QiengineError} for a bad point name.
   */
  remove(square: string): XiangqiPiece | null {
    const piece = this.get(square);
    if (piece !== null) this.edit(square, '');
    return piece;
  }

  /**
   * Hands the move to `color` (if it is not theirs already), starting the game from that
   * position with an empty history.
   * @throws {FenError} if the other side would then be in check, with the game unchanged.
   */
  setTurn(color: Color): void {
    this.sideOf(color);
    if (color === this.turn()) return;
    const fields = this.fen().split(' ');
    fields[1] = color === 'red' ? 'w' : 'b';
    this.load(fields.join(' '));
  }

  /** The side index of a colour name (0: red). @throws {QiengineError} for anything else. */
  private sideOf(color: Color): 0 | 1 {
    if (color !== 'red' && color !== 'black') throw new QiengineError(`not a colour: '${String(color)}'`);
    return color === 'red' ? 0 : 1;
  }

  /** The point named `square`. @throws {QiengineError} for a bad name. */
  private squareOf(square: string): number {
    const sq = typeof square === 'string' ? parseSquare(square) : -1;
    if (sq < 0) throw new QiengineError(`not a square: '${String(square)}'`);
    return sq;
  }

  /** Sets one point of the board (a FEN letter, or '' to empty it) and reloads. */
  private edit(square: string, letter: string): void {
    const sq = this.squareOf(square);
    const fields = this.fen().split(' ');
    const rows = boardRows(fields[0]!);
    rows[(sq >> 4) - 3]![(sq & 15) - 3] = letter;
    fields[0] = boardField(rows);
    this.load(fields.join(' '));
  }

  /** Whether the side to move is in check. */
  inCheck(): boolean {
    return this.position.inCheck();
  }

  /** The game status under the configured rules. */
  status(): XiangqiStatus {
    return gameStatus(this.position, this.rules);
  }

  isCheckmate(): boolean {
    const s = this.status();
    return s.over && s.reason === 'checkmate';
  }

  /** No legal move and not in check (which loses in xiangqi). */
  isStalemate(): boolean {
    const s = this.status();
    return s.over && s.reason === 'stalemate';
  }

  isGameOver(): boolean {
    return this.status().over;
  }

  /** The 64-bit key `lock0 << 32 | key` (ElephantEye's words). */
  key64(): bigint {
    return this.position.key64;
  }

  /** ElephantEye's three words as 8-digit hex strings. */
  keyWords(): { key: string; lock0: string; lock1: string } {
    const p = this.position;
    return { key: hex32(p.keyLo), lock0: hex32(p.keyHi), lock1: hex32(p.lock1) };
  }

  /** Perft from the current position (bulk-counted last ply). */
  perft(depth: number): number {
    return perft(this.position, depth);
  }

  /** Perft per legal root move, as ICCS. */
  perftDivide(depth: number): Array<{ move: string; nodes: number }> {
    return perftDivide(this.position, depth).map((e) => ({ move: moveToIccs(e.move), nodes: e.nodes }));
  }

  /**
   * The game from its FEN in xiangqi PGN (`[Game "Chinese Chess"]`, moves in ICCS as `H2-E2`
   * by default, or WXF or Chinese), with {@link tags}. The result is the game's own once it is over, else
   * the `Result` tag, else `*`.
   */
  pgn(options: XiangqiPgnWriteOptions = {}): string {
    const s = this.status();
    const result = s.over ? (s.winner === 'red' ? '1-0' : s.winner === 'black' ? '0-1' : '1/2-1/2') : (this.tags.get('Result') ?? '*');
    const fens = this.fensAlong();
    const moves = this.history().map((iccs, i) => ({ iccs, comments: this.commentsOf(fens[i + 1]!) }));
    return writeXiangqiPgn({ tags: this.tags, fen: fens[0]!, moves, result, comments: this.commentsOf(fens[0]!) }, options);
  }

  /** An independent copy of this game (tags included). */
  clone(): Xiangqi {
    const g = new Xiangqi(START_FEN, this.rules);
    g.position.copyFrom(this.position);
    for (const [k, v] of this.tags) g.tags.set(k, v);
    g.notes.copyFrom(this.notes);
    return g;
  }

  /** A text diagram, black at the top. */
  ascii(): string {
    return boardDiagram(this.position);
  }
}

/** A text diagram of a position, black at the top, ranks 9..0 and files a..i. */
export function boardDiagram(pos: XiangqiPosition): string {
  const lines: string[] = [];
  for (let rank = 9; rank >= 0; rank--) {
    let row = `${rank} `;
    for (let file = 0; file < 9; file++) {
      const id = pos.board[squareFromIccs(file, rank)]!;
      const letter = id === 0 ? '.' : 'KABNRCP'[TYPE_OF[id]!]!;
      row += ' ' + (id >= 32 ? letter.toLowerCase() : letter);
    }
    lines.push(row);
    if (rank === 5) lines.push('   ~~~~~~~~~~~~~~~~~');
  }
  lines.push('   a b c d e f g h i');
  return lines.join('\n');
}

/** Describes `m`, a legal move of the side to move in `pos`. */
function xiangqiMoveInfo(pos: XiangqiPosition, m: Move): XiangqiMove {
  const d = describeMove(pos, m);
  const id = pos.board[m & 0xff]!;
  const cap = pos.board[(m >>> 8) & 0xff]!;
  pos.makeMove(m);
  const check = pos.inCheck();
  pos.unmakeMove();
  const info: XiangqiMove = {
    from: squareName(m & 0xff),
    to: squareName((m >>> 8) & 0xff),
    iccs: moveToIccs(m),
    wxf: descriptionToWxf(d),
    chinese: descriptionToChinese(d),
    color: id < 32 ? 'red' : 'black',
    piece: TYPE_NAMES[TYPE_OF[id]!]!,
    check,
    move: m,
  };
  if (cap !== 0) info.captured = TYPE_NAMES[TYPE_OF[cap]!]!;
  return info;
}
