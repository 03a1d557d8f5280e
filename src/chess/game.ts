/**
 * `Chess`: the friendly, validated API over {@link ChessPosition}, shaped like chess.js:
 * `moves()`, `move()`, `undo()`, `fen()`, `pgn()`, `isCheckmate()`. Every method that takes user
 * input validates it and throws a typed error with the game left unchanged.
 */
import { checkFen, FenError, IllegalMoveError, NotationError, QiengineError, type FenCheck } from '../core/errors.js';
import { boardField, boardRows, squaresHolding } from '../core/board-grid.js';
import { CommentedGame } from '../core/position-comments.js';
import type { Move } from '../core/move.js';
import {
  FLAG_CASTLE,
  FLAG_EN_PASSANT,
  FLAG_PROMOTION_MASK,
  TYPE_NAMES,
  parseSquare,
  pieceLetter,
  squareAt,
  squareName,
  type ChessPieceName,
} from './board.js';
import { readFen, START_FEN, writeFen } from './fen.js';
import { finalPosition, readPgn, writePgn, type PgnGame, type PgnNode } from './pgn.js';
import { perft, perftDivide } from './perft.js';
import { MAX_MOVES, ChessPosition } from './position.js';
import { gameStatus, isInsufficientMaterial, repetitionCount, type ChessColor, type ChessStatus } from './rules.js';
import { moveToSan, moveToUci, parseSan, parseUci } from './san.js';

/** A move as the game API reports it. */
export interface ChessMove {
  from: string;
  to: string;
  /** UCI coordinates, e.g. `e2e4`, `e7e8q`, `e1g1`. */
  uci: string;
  /** Standard Algebraic Notation, e.g. `Nf3`, `exd5`, `O-O`, `e8=Q+`. */
  san: string;
  color: ChessColor;
  piece: ChessPieceName;
  captured?: ChessPieceName;
  promotion?: ChessPieceName;
  /** Whether the move gives check. */
  check: boolean;
  castle?: 'kingside' | 'queenside';
  enPassant: boolean;
  /** The integer encoding used by the engine. */
  move: Move;
}

/** A piece on the board. */
export interface ChessPiece {
  color: ChessColor;
  type: ChessPieceName;
}

/** A move of the game's history, with the positions around it ({@link Chess.history}). */
export interface ChessHistoryMove extends ChessMove {
  /** The FEN before the move. */
  before: string;
  /** The FEN after it. */
  after: string;
}

/** A piece and the square it stands on, as {@link Chess.board} lists them. */
export interface ChessSquarePiece extends ChessPiece {
  /** Square name, e.g. `e1`. */
  square: string;
}

/** Which legal moves {@link Chess.moves} lists: those from one square, or of one kind of piece. */
export interface ChessMovesFilter {
  /** Only the moves from this square (`e2`). */
  square?: string;
  /** Only the moves of this kind of piece. */
  piece?: ChessPieceName;
}

/** A move given as squares, chess.js style. */
export interface ChessMoveInput {
  from: string;
  to: string;
  promotion?: 'q' | 'r' | 'b' | 'n';
}

/**
 * Whether `fen` is a chess position this library reads, and if not which field is at fault and
 * why, without throwing (chess.js's `validateFen`).
 */
export function validateChessFen(fen: string): FenCheck {
  return checkFen(fen, (f) => readFen(f, new ChessPosition()));
}

/** A chess game: a position with history, rules and notation. */
export class Chess extends CommentedGame<ChessPosition> {
  /** The underlying position, for power users (perft, search). Do not modify it directly. */
  readonly position = new ChessPosition();
  private readonly buf = new Int32Array(MAX_MOVES);

  /**
   * @param fen the starting position (default: the standard start).
   * @throws {FenError}
   */
  constructor(fen: string = START_FEN) {
    super();
    readFen(fen, this.position);
  }

  /** Makes `next` the game's position, keeping the game's setting (the evaluation's knowledge). */
  private adopt(next: ChessPosition): void {
    next.knowledge = this.position.knowledge;
    this.position.copyFrom(next);
  }

  /** Replaces the position (history is cleared). On a bad FEN, throws and keeps the current game. @throws {FenError} */
  load(fen: string): void {
    const next = new ChessPosition();
    readFen(fen, next);
    this.adopt(next);
    this.notes.clear();
  }

  /** Back to the standard start: history, comments and tags cleared (chess.js's `reset`). */
  reset(): void {
    this.load(START_FEN);
    this.tags.clear();
  }

  /** The number of the move the side to move is about to make (FEN's fullmove field). */
  moveNumber(): number {
    return this.position.fullmove;
  }

  /** The colour of a square: a1 is dark. @throws {QiengineError} for a bad square name. */
  squareColor(square: string): 'light' | 'dark' {
    const sq = this.squareOf(square);
    return ((sq >> 4) + (sq & 7)) % 2 === 0 ? 'dark' : 'light';
  }

  /** Whether `color` may still castle on each side (FEN's castling field). */
  getCastlingRights(color: ChessColor): { kingside: boolean; queenside: boolean } {
    const side = this.sideOf(color);
    const field = this.fen().split(' ')[2]!;
    return { kingside: field.includes(side === 0 ? 'K' : 'k'), queenside: field.includes(side === 0 ? 'Q' : 'q') };
  }

  /**
   * Gives or takes `color`'s castling rights on the sides named (the others stay), for setting
   * up a position; the game then starts from it, with an empty history. A right can be given
   * only while the king and that rook stand on their squares. Returns whether the rights are
   * now as asked (chess.js's `setCastlingRights`); where they cannot be, nothing changes.
   */
  setCastlingRights(color: ChessColor, rights: { kingside?: boolean; queenside?: boolean }): boolean {
    const side = this.sideOf(color);
    if (typeof rights !== 'object' || rights === null) throw new QiengineError(`not castling rights: ${String(rights)}`);
    const now = this.getCastlingRights(color);
    const want = { kingside: rights.kingside ?? now.kingside, queenside: rights.queenside ?? now.queenside };
    if (want.kingside === now.kingside && want.queenside === now.queenside) return true;
    const fields = this.fen().split(' ');
    const [k, q] = side === 0 ? ['K', 'Q'] : ['k', 'q'];
    const kept = [...fields[2]!.replace('-', '')].filter((ch) => ch !== k && ch !== q);
    if (want.kingside) kept.push(k);
    if (want.queenside) kept.push(q);
    fields[2] = 'KQkq'.split('').filter((ch) => kept.includes(ch)).join('') || '-';
    const next = fields.join(' ');
    if (!checkFen(next, (f) => readFen(f, new ChessPosition())).ok) return false;
    this.load(next);
    return true;
  }

  /**
   * Loads the main line of the first game of a PGN text, tags included.
   * @throws {PgnError} with the current game kept.
   */
  loadPgn(pgn: string): void {
    const games = readPgn(pgn, { variations: 'skip' });
    const game = games[0];
    if (game === undefined) throw new QiengineError('the PGN text holds no game');
    this.adopt(finalPosition(game));
    this.takePgn(game);
  }

  /** {@inheritDoc CommentedGame.fenOf} */
  protected fenOf(position: ChessPosition): string {
    return writeFen(position);
  }

  /** The FEN of the current position. */
  fen(): string {
    return writeFen(this.position);
  }

  /** The side to move. */
  turn(): ChessColor {
    return this.position.sideToMove === 0 ? 'white' : 'black';
  }

  /**
   * The legal moves as UCI strings (or SAN, with `notation: 'san'`), in generation order; with
   * `square` or `piece`, only those from that square or of that kind of piece (a GUI's targets
   * for the piece picked up).
   * @throws {QiengineError} for a bad square name or piece name.
   */
  moves(): string[];
  moves(options: ChessMovesFilter & { verbose?: false; notation?: 'san' | 'uci' }): string[];
  /** The legal moves from one square as move objects (the same in both games, for code that takes either). */
  moves(options: { square: string; verbose: true }): ChessMove[];
  /** The legal moves as move objects (filtered as above). */
  moves(options: ChessMovesFilter & { verbose: true }): ChessMove[];
  moves(options: ChessMovesFilter & { verbose?: boolean; notation?: 'san' | 'uci' } = {}): string[] | ChessMove[] {
    let codes = this.legalMoves();
    if (options.square !== undefined) {
      const from = this.squareOf(options.square);
      codes = codes.filter((m) => (m & 0xff) === from);
    }
    if (options.piece !== undefined) {
      const type = TYPE_NAMES.indexOf(options.piece, 1);
      if (type < 0) throw new QiengineError(`not a chess piece: '${String(options.piece)}'`);
      codes = codes.filter((m) => (this.position.board[m & 0xff]! & 7) === type);
    }
    if (options.verbose) return codes.map((m) => this.moveInfo(m));
    if (options.notation === 'san') return codes.map((m) => moveToSan(this.position, m));
    return codes.map(moveToUci);
  }

  /** The legal moves as engine integers. */
  legalMoves(): Move[] {
    const end = this.position.generate(this.buf, 0, false);
    return Array.from(this.buf.subarray(0, end));
  }

  /** Whether `move` (an engine integer) is legal here. */
  isLegal(move: Move): boolean {
    return this.legalMoves().includes(move);
  }

  /**
   * Reads a move in SAN (leniently) or UCI and returns its engine integer without making it.
   * @throws {IllegalMoveError} (or its subclass {@link NotationError}).
   */
  parseMove(text: string | ChessMoveInput): Move {
    if (typeof text === 'object' && text !== null) {
      const { from, to, promotion } = text;
      if (parseSquare(from) < 0 || parseSquare(to) < 0) throw new NotationError(JSON.stringify(text), 'from and to must be squares like e2', this.fen());
      if (promotion !== undefined && !['q', 'r', 'b', 'n'].includes(promotion)) throw new NotationError(JSON.stringify(text), 'promotion must be q, r, b or n', this.fen());
      return parseUci(this.position, from + to + (promotion ?? ''));
    }
    if (typeof text !== 'string') throw new NotationError(String(text), 'not a string', this.fen());
    if (/^\s*[a-h][1-8][a-h][1-8][nbrq]?\s*$/.test(text)) return parseUci(this.position, text);
    return parseSan(this.position, text);
  }

  /**
   * Makes a move given in SAN, UCI, as `{from, to, promotion}`, or as an engine integer.
   * @throws {IllegalMoveError} with the game unchanged.
   */
  move(move: string | ChessMoveInput | Move): ChessMove {
    let m: Move;
    if (typeof move === 'number') {
      if (!this.isLegal(move)) throw new IllegalMoveError(String(move), 'not a legal move', this.fen());
      m = move;
    } else {
      m = this.parseMove(move);
    }
    const info = this.moveInfo(m);
    this.position.makeMove(m);
    return info;
  }

  /** Takes back the last move, or returns null at the start of the history. */
  undo(): { from: string; to: string; uci: string } | null {
    const pos = this.position;
    if (pos.ply === 0) return null;
    const m = pos.histMove[pos.ply - 1]!;
    pos.unmakeMove();
    return { from: squareName(m & 0xff), to: squareName((m >>> 8) & 0xff), uci: moveToUci(m) };
  }

  /** The moves made since the FEN, in SAN (or UCI). */
  history(options?: { notation?: 'san' | 'uci'; verbose?: false }): string[];
  /**
   * The moves made since the FEN as move objects, each with the FEN before and after it (a
   * GUI's move list, each entry a position to jump to).
   */
  history(options: { verbose: true }): ChessHistoryMove[];
  history(options: { notation?: 'san' | 'uci'; verbose?: boolean } = {}): string[] | ChessHistoryMove[] {
    if (options.verbose) return this.movesWithFens(chessMoveInfo);
    const moves = Array.from(this.position.histMove.subarray(0, this.position.ply));
    if (options.notation === 'uci') return moves.map(moveToUci);
    const start = this.startPosition();
    return moves.map((m) => {
      const san = moveToSan(start, m);
      start.makeMove(m);
      return san;
    });
  }

  /** The FEN of the position before the first move of the history (the game's start). */
  startFen(): string {
    return writeFen(this.startPosition());
  }

  /** Describes a legal move of the side to move. */
  moveInfo(m: Move): ChessMove {
    return chessMoveInfo(this.position, m);
  }

  /** The piece on a square (`e1`), or null. @throws {QiengineError} for a bad square name. */
  get(square: string): ChessPiece | null {
    const pc = this.position.board[this.squareOf(square)]!;
    if (pc === 0) return null;
    return { color: pc & 8 ? 'white' : 'black', type: TYPE_NAMES[pc & 7]! };
  }

  /**
   * The board for drawing it, as chess.js gives it: eight rows from rank 8 down to rank 1, each
   * of eight squares from file a to file h, a piece with its square or null.
   */
  board(): (ChessSquarePiece | null)[][] {
    const rows: (ChessSquarePiece | null)[][] = [];
    for (let rank = 7; rank >= 0; rank--) {
      const row: (ChessSquarePiece | null)[] = [];
      for (let file = 0; file < 8; file++) {
        const sq = squareAt(file, rank);
        const pc = this.position.board[sq]!;
        row.push(pc === 0 ? null : { square: squareName(sq), color: pc & 8 ? 'white' : 'black', type: TYPE_NAMES[pc & 7]! });
      }
      rows.push(row);
    }
    return rows;
  }

  /** The squares where `piece` stands, sorted by name (the king's square: `findPiece({ color, type: 'king' })[0]`). */
  findPiece(piece: ChessPiece): string[] {
    return squaresHolding(this.board(), piece);
  }

  /**
   * The squares of `by`'s pieces (default: the side to move's) that attack `square`, pinned
   * pieces included (pawns diagonally forward). On a square of `by`'s own piece these are its
   * defenders. Sorted by name.
   * @throws {QiengineError} for a bad square name.
   */
  attackers(square: string, by: ChessColor = this.turn()): string[] {
    return this.position
      .attackers(this.squareOf(square), this.sideOf(by))
      .map(squareName)
      .sort();
  }

  /** Whether any piece of `by` attacks `square` (see {@link attackers}). @throws {QiengineError} */
  isAttacked(square: string, by: ChessColor): boolean {
    return this.position.attackedBy(this.squareOf(square), this.sideOf(by));
  }

  /**
   * Puts `piece` on `square`, replacing whatever stood there, for setting up a position. The
   * result must be a position a FEN could give (one king each, no pawn on the first or last
   * rank, the side not to move not in check). Castling rights whose king or rook has left its
   * square are dropped, and the en-passant square if it no longer applies; the game then starts
   * from the position, with an empty history and its move counters kept.
   * @throws {FenError} naming what is wrong, with the game unchanged.
   * @throws {QiengineError} for a bad square or piece.
   */
  put(piece: ChessPiece, square: string): void {
    const type = typeof piece === 'object' && piece !== null ? TYPE_NAMES.indexOf(piece.type, 1) : -1;
    if (type < 0 || (piece.color !== 'white' && piece.color !== 'black')) throw new QiengineError(`not a chess piece: ${JSON.stringify(piece)}`);
    const letter = ' PNBRQK'[type]!;
    this.edit(square, piece.color === 'white' ? letter : letter.toLowerCase());
  }

  /**
   * Takes the piece off `square` and returns it (null if the square was empty), starting the
   * game from the position left, as {@link put} does. A king cannot be removed.
   * @throws {FenError} with the game unchanged (a king, or a side not to move left in check).
   * @throws {QiengineError} for a bad square name.
   */
  remove(square: string): ChessPiece | null {
    const piece = this.get(square);
    if (piece !== null) this.edit(square, '');
    return piece;
  }

  /**
   * Hands the move to `color` (if it is not theirs already), starting the game from that
   * position with an empty history
   * (the en-passant square, which belongs to the other side's turn, is dropped).
   * @throws {FenError} if the other side would then be in check, with the game unchanged.
   */
  setTurn(color: ChessColor): void {
    this.sideOf(color);
    if (color === this.turn()) return;
    const fields = this.fen().split(' ');
    fields[3] = '-';
    fields[1] = color === 'white' ? 'w' : 'b';
    this.load(fields.join(' '));
  }

  /** The side index of a colour name (0: white). @throws {QiengineError} for anything else. */
  private sideOf(color: ChessColor): 0 | 1 {
    if (color !== 'white' && color !== 'black') throw new QiengineError(`not a colour: '${String(color)}'`);
    return color === 'white' ? 0 : 1;
  }

  /** The square named `square`. @throws {QiengineError} for a bad name. */
  private squareOf(square: string): number {
    const sq = typeof square === 'string' ? parseSquare(square) : -1;
    if (sq < 0) throw new QiengineError(`not a square: '${String(square)}'`);
    return sq;
  }

  /**
   * Sets one square of the board (a FEN letter, or '' to empty it) and reloads, keeping the
   * castling rights whose king and rook are still at home and the en-passant square if it still
   * reads.
   */
  private edit(square: string, letter: string): void {
    const sq = this.squareOf(square);
    const fields = this.fen().split(' ');
    const rows = boardRows(fields[0]!);
    rows[7 - (sq >> 4)]![sq & 7] = letter;
    fields[0] = boardField(rows);
    const at = (name: string): string => rows[8 - Number(name[1])]![name.charCodeAt(0) - 97]!;
    // Each right's king and rook squares, and the letters that must stand there.
    const homes: Record<string, [string, string, string, string]> = { K: ['e1', 'h1', 'K', 'R'], Q: ['e1', 'a1', 'K', 'R'], k: ['e8', 'h8', 'k', 'r'], q: ['e8', 'a8', 'k', 'r'] };
    const rights = [...(fields[2] ?? '-')].filter((ch) => {
      const home = homes[ch];
      return home !== undefined && at(home[0]) === home[2] && at(home[1]) === home[3];
    });
    fields[2] = rights.length > 0 ? rights.join('') : '-';
    try {
      this.load(fields.join(' '));
    } catch (e) {
      // An edit near the pawn that just moved two squares can leave its en-passant square
      // meaningless: drop it and read the position again (any other fault stands).
      if (!(e instanceof FenError) || e.field !== 'enPassant') throw e;
      fields[3] = '-';
      this.load(fields.join(' '));
    }
  }

  /** Whether the side to move is in check. */
  inCheck(): boolean {
    return this.position.inCheck();
  }

  /** The game status: automatic ends and claimable draws. */
  status(): ChessStatus {
    return gameStatus(this.position);
  }

  isCheckmate(): boolean {
    return this.status().reason === 'checkmate';
  }

  isStalemate(): boolean {
    return this.status().reason === 'stalemate';
  }

  isInsufficientMaterial(): boolean {
    return isInsufficientMaterial(this.position);
  }

  /** The position has occurred at least three times (a draw may be claimed). */
  isThreefoldRepetition(): boolean {
    return repetitionCount(this.position) >= 3;
  }

  /** A draw now: automatic, or claimable (50 moves, threefold), as chess.js counts it. */
  isDraw(): boolean {
    const s = this.status();
    return s.result === '1/2-1/2' || s.claims.length > 0;
  }

  isGameOver(): boolean {
    return this.status().over;
  }

  /** The Polyglot key of the position. */
  key(): bigint {
    return this.position.key64;
  }

  /** The Polyglot key of the pawns alone. */
  pawnKey(): bigint {
    return this.position.pawnKey64;
  }

  /** Perft from the current position (bulk-counted last ply). */
  perft(depth: number): number {
    return perft(this.position, depth);
  }

  /** Perft per legal root move, as UCI. */
  perftDivide(depth: number): Array<{ move: string; nodes: number }> {
    return perftDivide(this.position, depth).map((e) => ({ move: moveToUci(e.move), nodes: e.nodes }));
  }

  /** The game so far as a PGN game object (tags from {@link tags}). */
  toPgnGame(): PgnGame {
    const start = this.startPosition();
    const fen = writeFen(start);
    const moves: PgnNode[] = [];
    for (const m of this.position.histMove.subarray(0, this.position.ply)) {
      const san = moveToSan(start, m);
      start.makeMove(m);
      moves.push({ san, uci: moveToUci(m), move: m, nags: [], comments: this.commentsOf(writeFen(start)), startingComments: [], variations: [] });
    }
    const status = this.status();
    return { tags: new Map(this.tags), fen, comments: this.commentsOf(fen), moves, result: status.over ? status.result : (this.tags.get('Result') ?? '*') };
  }

  /** The game so far in PGN. */
  pgn(): string {
    return writePgn(this.toPgnGame());
  }

  /** An independent copy of this game. */
  clone(): Chess {
    const g = new Chess();
    g.position.copyFrom(this.position);
    for (const [k, v] of this.tags) g.tags.set(k, v);
    g.notes.copyFrom(this.notes);
    return g;
  }

  /** A text diagram, white at the bottom. */
  ascii(): string {
    return chessDiagram(this.position);
  }
}

/** A text diagram of a chess position, white at the bottom. */
export function chessDiagram(pos: ChessPosition): string {
  const lines: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = `${rank + 1} `;
    for (let file = 0; file < 8; file++) {
      const pc = pos.board[squareAt(file, rank)]!;
      row += ' ' + (pc === 0 ? '.' : pieceLetter(pc));
    }
    lines.push(row);
  }
  lines.push('   a b c d e f g h');
  return lines.join('\n');
}

/** Describes `m`, a legal move of the side to move in `pos`. */
function chessMoveInfo(pos: ChessPosition, m: Move): ChessMove {
  const from = m & 0xff;
  const to = (m >>> 8) & 0xff;
  const flags = m >>> 16;
  const pc = pos.board[from]!;
  const ep = (flags & FLAG_EN_PASSANT) !== 0;
  const cap = ep ? pos.board[to ^ 16]! : pos.board[to]!;
  const san = moveToSan(pos, m);
  const info: ChessMove = {
    from: squareName(from),
    to: squareName(to),
    uci: moveToUci(m),
    san,
    color: pc & 8 ? 'white' : 'black',
    piece: TYPE_NAMES[pc & 7]!,
    check: san.endsWith('+') || san.endsWith('#'),
    enPassant: ep,
    move: m,
  };
  if (cap !== 0) info.captured = TYPE_NAMES[cap & 7]!;
  if (flags & FLAG_PROMOTION_MASK) info.promotion = TYPE_NAMES[flags & FLAG_PROMOTION_MASK]!;
  if (flags & FLAG_CASTLE) info.castle = to > from ? 'kingside' : 'queenside';
  return info;
}
