/**
 * The chess position: a 0x88 board of piece codes with per-piece-kind square lists, the full
 * game state (side, castling rights, en passant, clocks), incremental Polyglot keys (the
 * position key and a pawn-only key), and a history stack for unmake and repetition.
 *
 * The generator is fully legal: it finds checkers and pinned pieces from the king first, then
 * emits only moves that keep the king safe. Perft can therefore count the last ply without
 * making any move (bulk counting), and the search never makes an illegal move.
 *
 * Everything here is the trusted hot path: moves must come from the generator. Validation of
 * user input happens in fen.ts, san.ts and game.ts.
 */
import { REP_DRAW, REP_NONE, type GamePosition } from '../core/game.js';
import type { Move } from '../core/move.js';
import { grownInt32, grownUint8 } from '../core/typed.js';
import { joinKey64 } from '../core/zobrist.js';
import {
  ATTACK_LINE,
  ATTACK_STEP,
  BISHOP,
  DIAGONAL_LINE,
  STRAIGHT_LINE,
  BLACK_KINGSIDE,
  BLACK_QUEENSIDE,
  CASTLING_KEPT,
  DIRECTIONS,
  FLAG_CASTLE,
  FLAG_DOUBLE_PUSH,
  FLAG_EN_PASSANT,
  FLAG_PROMOTION_MASK,
  KING,
  KING_STEP,
  KNIGHT,
  KNIGHT_JUMP,
  KNIGHT_STEPS,
  NO_SQUARE,
  PAWN,
  QUEEN,
  ROOK,
  SLIDER_LINES,
  WHITE_KINGSIDE,
  WHITE_QUEENSIDE,
} from './board.js';
import {
  CASTLING_HI,
  CASTLING_LO,
  EP_FILE_HI,
  EP_FILE_LO,
  PIECE_HI,
  PIECE_LO,
  WHITE_TO_MOVE_HI,
  WHITE_TO_MOVE_LO,
} from './zobrist.js';
import { chessEvaluationTerms, evaluateChess, type ChessEvaluationTerms } from './evaluate.js';

/** Per-ply slice of a move buffer; no legal chess position has more than 218 moves. */
export const MAX_MOVES = 256;
/** Plies without a capture or pawn move after which the search scores a draw (the 50-move rule). */
export const CHESS_DRAW_PLIES = 100;

/** Material values by type for move ordering (most valuable victim first). */
const MATERIAL = Int32Array.of(0, 100, 320, 330, 500, 900, 0, 0);
/** A capture counts as losing only if the capturer is worth this much more than its victim. */
const LOSING_CAPTURE_MARGIN = 50;

export class ChessPosition implements GamePosition {
  /** Piece code on each 0x88 square: `type | tag` (tag 8 white, 16 black), 0 empty. */
  readonly board = new Uint8Array(128);
  /** Squares of each piece code: entries `code << 4 .. (code << 4) + count[code]`. */
  readonly squares = new Uint8Array(32 << 4);
  /** How many pieces of each code are on the board. */
  readonly count = new Uint8Array(32);
  /** Index of the piece on a square within its code's list. */
  readonly slot = new Uint8Array(128);

  /** 0 white, 1 black. */
  sideToMove = 0;
  /** Castling-right bits (see board.ts). */
  castling = 0;
  /**
   * The en-passant target square, or {@link NO_SQUARE}. It is kept only while a pawn of the side
   * to move stands beside the pawn that just made a double step, which is exactly when the
   * Polyglot key includes the file, so the key and the state never disagree.
   */
  epSquare = NO_SQUARE;
  /** Polyglot key halves. */
  keyLo = 0;
  keyHi = 0;
  /** Pawn-only key halves (the Polyglot pawn numbers), for a pawn hash table. */
  pawnLo = 0;
  pawnHi = 0;
  /** Plies made since the root (the FEN). */
  ply = 0;
  /** Plies since the last capture or pawn move. */
  halfmoveClock = 0;
  /** Fullmove number and side to move of the root position. */
  rootFullmove = 1;
  rootSide = 0;

  // History, indexed by ply. Entry p describes position p (p = 0 is the root) and the move
  // made from it.
  histMove = new Int32Array(256);
  histCaptured = new Uint8Array(256);
  /** List slots to restore on unmake: captured piece's in bits 0..3, promoted pawn's in 4..7. */
  histSlots = new Uint8Array(256);
  histCastling = new Uint8Array(256);
  histEp = new Uint8Array(256);
  histHalfmove = new Int32Array(256);
  histKeyLo = new Int32Array(256);
  histKeyHi = new Int32Array(256);
  histPawnLo = new Int32Array(256);
  histPawnHi = new Int32Array(256);

  // Scratch for the generator. A square is pinned (or an evasion target) when its stamp equals
  // the current generation's stamp, so nothing has to be cleared between calls.
  private stamp = 0;
  /** A move buffer for {@link isPseudoLegal}'s look-ups. */
  private readonly scratch = new Int32Array(MAX_MOVES);
  private readonly pinStamp = new Int32Array(128);
  private readonly pinStep = new Int8Array(128);
  private readonly evasionStamp = new Int32Array(128);

  constructor() {
    this.clear();
  }

  /** Empties the board (white to move, no rights, no history). */
  clear(): void {
    this.board.fill(0);
    this.count.fill(0);
    this.sideToMove = 0;
    this.castling = 0;
    this.epSquare = NO_SQUARE;
    this.keyLo = WHITE_TO_MOVE_LO;
    this.keyHi = WHITE_TO_MOVE_HI;
    this.pawnLo = this.pawnHi = 0;
    this.ply = 0;
    this.halfmoveClock = 0;
    this.rootFullmove = 1;
    this.rootSide = 0;
  }

  /** Puts a piece on an empty square, updating the lists and keys. */
  addPiece(pc: number, sq: number): void {
    this.board[sq] = pc;
    const c = this.count[pc]!;
    this.squares[(pc << 4) | c] = sq;
    this.slot[sq] = c;
    this.count[pc] = c + 1;
    const i = (pc << 7) | sq;
    this.keyLo ^= PIECE_LO[i]!;
    this.keyHi ^= PIECE_HI[i]!;
    if ((pc & 7) === PAWN) {
      this.pawnLo ^= PIECE_LO[i]!;
      this.pawnHi ^= PIECE_HI[i]!;
    }
  }

  /** Passes the turn in the state and key, without history (used by setup). */
  flipSide(): void {
    this.sideToMove ^= 1;
    this.keyLo ^= WHITE_TO_MOVE_LO;
    this.keyHi ^= WHITE_TO_MOVE_HI;
  }

  /** Sets the castling rights, updating the key. */
  setCastling(rights: number): void {
    this.keyLo ^= CASTLING_LO[this.castling ^ rights]!;
    this.keyHi ^= CASTLING_HI[this.castling ^ rights]!;
    this.castling = rights;
  }

  /**
   * Sets the en-passant square if a pawn of the side to move could capture there (otherwise
   * clears it), updating the key. Returns whether it was kept.
   */
  setEnPassant(sq: number): boolean {
    if (this.epSquare !== NO_SQUARE) {
      this.keyLo ^= EP_FILE_LO[this.epSquare & 7]!;
      this.keyHi ^= EP_FILE_HI[this.epSquare & 7]!;
      this.epSquare = NO_SQUARE;
    }
    if (sq === NO_SQUARE || !this.canCaptureEnPassant(sq)) return false;
    this.epSquare = sq;
    this.keyLo ^= EP_FILE_LO[sq & 7]!;
    this.keyHi ^= EP_FILE_HI[sq & 7]!;
    return true;
  }

  /** Whether a pawn of the side to move stands where it could capture on `ep`. */
  private canCaptureEnPassant(ep: number): boolean {
    const pawn = PAWN | (8 << this.sideToMove);
    const from = ep - (this.sideToMove === 0 ? 16 : -16);
    return (((from - 1) & 0x88) === 0 && this.board[from - 1] === pawn) || (((from + 1) & 0x88) === 0 && this.board[from + 1] === pawn);
  }

  /** Starts the history at the current position (call after setup). */
  resetHistory(halfmoveClock: number, fullmove: number): void {
    this.ply = 0;
    this.halfmoveClock = halfmoveClock;
    this.rootFullmove = fullmove;
    this.rootSide = this.sideToMove;
    this.histKeyLo[0] = this.keyLo;
    this.histKeyHi[0] = this.keyHi;
    this.histPawnLo[0] = this.pawnLo;
    this.histPawnHi[0] = this.pawnHi;
    this.histHalfmove[0] = halfmoveClock;
    this.histCastling[0] = this.castling;
    this.histEp[0] = this.epSquare;
  }

  /** Copies another position, history included. */
  copyFrom(o: ChessPosition): void {
    this.board.set(o.board);
    this.squares.set(o.squares);
    this.count.set(o.count);
    this.slot.set(o.slot);
    this.sideToMove = o.sideToMove;
    this.castling = o.castling;
    this.epSquare = o.epSquare;
    this.keyLo = o.keyLo;
    this.keyHi = o.keyHi;
    this.pawnLo = o.pawnLo;
    this.pawnHi = o.pawnHi;
    this.ply = o.ply;
    this.halfmoveClock = o.halfmoveClock;
    this.rootFullmove = o.rootFullmove;
    this.rootSide = o.rootSide;
    this.histMove = o.histMove.slice();
    this.histCaptured = o.histCaptured.slice();
    this.histSlots = o.histSlots.slice();
    this.histCastling = o.histCastling.slice();
    this.histEp = o.histEp.slice();
    this.histHalfmove = o.histHalfmove.slice();
    this.histKeyLo = o.histKeyLo.slice();
    this.histKeyHi = o.histKeyHi.slice();
    this.histPawnLo = o.histPawnLo.slice();
    this.histPawnHi = o.histPawnHi.slice();
    this.knowledge = o.knowledge;
  }

  /** A deep copy. */
  clone(): ChessPosition {
    const p = new ChessPosition();
    p.copyFrom(this);
    return p;
  }

  /** The Polyglot key as a `bigint` (built on request, never in the search). */
  get key64(): bigint {
    return joinKey64(this.keyLo, this.keyHi);
  }

  /** The pawn-only key as a `bigint`. */
  get pawnKey64(): bigint {
    return joinKey64(this.pawnLo, this.pawnHi);
  }

  /** The current fullmove number. */
  get fullmove(): number {
    return this.rootFullmove + ((this.ply + this.rootSide) >> 1);
  }

  /** The square of a side's king. */
  kingSquare(side: number): number {
    return this.squares[(KING | (8 << side)) << 4]!;
  }

  private growHistory(): void {
    const n = this.histMove.length * 2;
    this.histMove = grownInt32(this.histMove, n);
    this.histCaptured = grownUint8(this.histCaptured, n);
    this.histSlots = grownUint8(this.histSlots, n);
    this.histCastling = grownUint8(this.histCastling, n);
    this.histEp = grownUint8(this.histEp, n);
    this.histHalfmove = grownInt32(this.histHalfmove, n);
    this.histKeyLo = grownInt32(this.histKeyLo, n);
    this.histKeyHi = grownInt32(this.histKeyHi, n);
    this.histPawnLo = grownInt32(this.histPawnLo, n);
    this.histPawnHi = grownInt32(this.histPawnHi, n);
  }

  /** Removes the piece on `sq` from its list (swap with the last); returns the slot it had. */
  private unlist(pc: number, sq: number): number {
    const s = this.slot[sq]!;
    const c = this.count[pc]! - 1;
    const last = this.squares[(pc << 4) | c]!;
    this.squares[(pc << 4) | s] = last;
    this.slot[last] = s;
    this.count[pc] = c;
    return s;
  }

  /** Undoes {@link unlist}: puts `sq` back at slot `s`, so list order is exactly restored. */
  private relist(pc: number, sq: number, s: number): void {
    const c = this.count[pc]!;
    if (s < c) {
      const moved = this.squares[(pc << 4) | s]!;
      this.squares[(pc << 4) | c] = moved;
      this.slot[moved] = c;
    }
    this.squares[(pc << 4) | s] = sq;
    this.slot[sq] = s;
    this.count[pc] = c + 1;
  }

  /**
   * Makes a legal move from the generator, with no test. Allocates nothing (unless the game
   * outgrows its history, which then doubles).
   */
  makeMove(move: Move): void {
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const flags = move >>> 16;
    const b = this.board;
    const L = this.squares;
    const pc = b[from]!;
    let captured = b[to]!;
    const p = this.ply;
    if (p + 1 >= this.histMove.length) this.growHistory();
    this.histMove[p] = move;
    this.histCastling[p] = this.castling;
    this.histEp[p] = this.epSquare;

    let kLo = this.keyLo ^ PIECE_LO[(pc << 7) | from]! ^ PIECE_LO[(pc << 7) | to]! ^ WHITE_TO_MOVE_LO;
    let kHi = this.keyHi ^ PIECE_HI[(pc << 7) | from]! ^ PIECE_HI[(pc << 7) | to]! ^ WHITE_TO_MOVE_HI;
    let clock = this.halfmoveClock + 1;
    let slots = 0;

    if (captured !== 0) {
      slots = this.unlist(captured, to);
      kLo ^= PIECE_LO[(captured << 7) | to]!;
      kHi ^= PIECE_HI[(captured << 7) | to]!;
      if ((captured & 7) === PAWN) {
        this.pawnLo ^= PIECE_LO[(captured << 7) | to]!;
        this.pawnHi ^= PIECE_HI[(captured << 7) | to]!;
      }
      clock = 0;
    }
    // Move the piece.
    const s = this.slot[from]!;
    L[(pc << 4) | s] = to;
    this.slot[to] = s;
    b[to] = pc;
    b[from] = 0;

    if (this.epSquare !== NO_SQUARE) {
      kLo ^= EP_FILE_LO[this.epSquare & 7]!;
      kHi ^= EP_FILE_HI[this.epSquare & 7]!;
    }
    let ep = NO_SQUARE;

    if ((pc & 7) === PAWN) {
      clock = 0;
      this.pawnLo ^= PIECE_LO[(pc << 7) | from]! ^ PIECE_LO[(pc << 7) | to]!;
      this.pawnHi ^= PIECE_HI[(pc << 7) | from]! ^ PIECE_HI[(pc << 7) | to]!;
      if (flags !== 0) {
        if (flags & FLAG_EN_PASSANT) {
          const capSq = to ^ 16; // the pawn passed by: rank 5 (white captures) or rank 4 (black)
          captured = b[capSq]!;
          slots = this.unlist(captured, capSq);
          b[capSq] = 0;
          kLo ^= PIECE_LO[(captured << 7) | capSq]!;
          kHi ^= PIECE_HI[(captured << 7) | capSq]!;
          this.pawnLo ^= PIECE_LO[(captured << 7) | capSq]!;
          this.pawnHi ^= PIECE_HI[(captured << 7) | capSq]!;
        } else if (flags & FLAG_DOUBLE_PUSH) {
          // Keep the en-passant square only if an enemy pawn stands beside the arrival square.
          const enemyPawn = pc ^ 24;
          if ((((to - 1) & 0x88) === 0 && b[to - 1] === enemyPawn) || (((to + 1) & 0x88) === 0 && b[to + 1] === enemyPawn)) {
            ep = (from + to) >> 1;
            kLo ^= EP_FILE_LO[to & 7]!;
            kHi ^= EP_FILE_HI[to & 7]!;
          }
        } else {
          // Promotion: the pawn leaves its list and the new piece joins its own.
          const promoted = (flags & FLAG_PROMOTION_MASK) | (pc & 24);
          slots |= this.unlist(pc, to) << 4;
          const c = this.count[promoted]!;
          L[(promoted << 4) | c] = to;
          this.slot[to] = c;
          this.count[promoted] = c + 1;
          b[to] = promoted;
          kLo ^= PIECE_LO[(pc << 7) | to]! ^ PIECE_LO[(promoted << 7) | to]!;
          kHi ^= PIECE_HI[(pc << 7) | to]! ^ PIECE_HI[(promoted << 7) | to]!;
          this.pawnLo ^= PIECE_LO[(pc << 7) | to]!;
          this.pawnHi ^= PIECE_HI[(pc << 7) | to]!;
        }
      }
    } else if (flags & FLAG_CASTLE) {
      // The rook jumps over the king: h-file rook to f, a-file rook to d.
      const rook = ROOK | (pc & 24);
      const rFrom = to > from ? from + 3 : from - 4;
      const rTo = to > from ? from + 1 : from - 1;
      const rs = this.slot[rFrom]!;
      L[(rook << 4) | rs] = rTo;
      this.slot[rTo] = rs;
      b[rTo] = rook;
      b[rFrom] = 0;
      kLo ^= PIECE_LO[(rook << 7) | rFrom]! ^ PIECE_LO[(rook << 7) | rTo]!;
      kHi ^= PIECE_HI[(rook << 7) | rFrom]! ^ PIECE_HI[(rook << 7) | rTo]!;
    }

    const rights = this.castling & CASTLING_KEPT[from]! & CASTLING_KEPT[to]!;
    if (rights !== this.castling) {
      kLo ^= CASTLING_LO[rights ^ this.castling]!;
      kHi ^= CASTLING_HI[rights ^ this.castling]!;
      this.castling = rights;
    }

    this.histCaptured[p] = captured;
    this.histSlots[p] = slots;
    this.epSquare = ep;
    this.keyLo = kLo;
    this.keyHi = kHi;
    this.halfmoveClock = clock;
    this.sideToMove ^= 1;
    const q = p + 1;
    this.ply = q;
    this.histKeyLo[q] = kLo;
    this.histKeyHi[q] = kHi;
    this.histPawnLo[q] = this.pawnLo;
    this.histPawnHi[q] = this.pawnHi;
    this.histHalfmove[q] = clock;
  }

  /** Takes back the last {@link makeMove} (or null move). */
  unmakeMove(): void {
    const p = this.ply - 1;
    const move = this.histMove[p]!;
    this.ply = p;
    this.sideToMove ^= 1;
    this.keyLo = this.histKeyLo[p]!;
    this.keyHi = this.histKeyHi[p]!;
    this.pawnLo = this.histPawnLo[p]!;
    this.pawnHi = this.histPawnHi[p]!;
    this.halfmoveClock = this.histHalfmove[p]!;
    this.castling = this.histCastling[p]!;
    this.epSquare = this.histEp[p]!;
    if (move === 0) return; // null move

    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const flags = move >>> 16;
    const b = this.board;
    const L = this.squares;
    let pc = b[to]!;
    const slots = this.histSlots[p]!;

    if ((flags & FLAG_PROMOTION_MASK) !== 0) {
      // The promoted piece is the last of its list (nothing else changed since make).
      this.count[pc]!--;
      pc = PAWN | (pc & 24);
      this.relist(pc, to, slots >> 4);
    }
    const s = this.slot[to]!;
    L[(pc << 4) | s] = from;
    this.slot[from] = s;
    b[from] = pc;
    b[to] = 0;

    if (flags & FLAG_CASTLE) {
      const rook = ROOK | (pc & 24);
      const rFrom = to > from ? from + 3 : from - 4;
      const rTo = to > from ? from + 1 : from - 1;
      const rs = this.slot[rTo]!;
      L[(rook << 4) | rs] = rFrom;
      this.slot[rFrom] = rs;
      b[rFrom] = rook;
      b[rTo] = 0;
    }

    const captured = this.histCaptured[p]!;
    if (captured !== 0) {
      const capSq = flags & FLAG_EN_PASSANT ? to ^ 16 : to;
      b[capSq] = captured;
      this.relist(captured, capSq, slots & 15);
    }
  }

  /** {@link GamePosition.make}: the generator is legal, but this re-checks for moves from elsewhere. */
  make(move: Move): boolean {
    this.makeMove(move);
    if (this.attackedBy(this.kingSquare(this.sideToMove ^ 1), this.sideToMove)) {
      this.unmakeMove();
      return false;
    }
    return true;
  }

  /** {@link GamePosition.unmake}. */
  unmake(): void {
    this.unmakeMove();
  }

  /** Passes the turn (the en-passant right lapses). */
  makeNull(): void {
    const p = this.ply;
    if (p + 1 >= this.histMove.length) this.growHistory();
    this.histMove[p] = 0;
    this.histCastling[p] = this.castling;
    this.histEp[p] = this.epSquare;
    if (this.epSquare !== NO_SQUARE) {
      this.keyLo ^= EP_FILE_LO[this.epSquare & 7]!;
      this.keyHi ^= EP_FILE_HI[this.epSquare & 7]!;
      this.epSquare = NO_SQUARE;
    }
    this.sideToMove ^= 1;
    this.keyLo ^= WHITE_TO_MOVE_LO;
    this.keyHi ^= WHITE_TO_MOVE_HI;
    const q = p + 1;
    this.ply = q;
    this.histKeyLo[q] = this.keyLo;
    this.histKeyHi[q] = this.keyHi;
    this.histPawnLo[q] = this.pawnLo;
    this.histPawnHi[q] = this.pawnHi;
    this.histHalfmove[q] = this.halfmoveClock;
  }

  /** Takes back {@link makeNull}. */
  unmakeNull(): void {
    this.unmakeMove();
  }

  /** Whether the side to move is in check. */
  inCheck(): boolean {
    return this.attackedBy(this.kingSquare(this.sideToMove), this.sideToMove ^ 1);
  }

  /** Stalemate is a draw in chess. */
  readonly stalemateLoses = false;

  /**
   * {@link GamePosition.quiescenceChecks}: off in chess. With quiet checks in quiescence the
   * chess search scored 46.2% over 300 games against Stockfish at Elo 2000 (0.2 s per move),
   * against 52.9% over 500 before they came in and 56.3% over 200 once they were taken out
   * (bench/RESULTS.md); a chess position has few quiet checks worth seeing, and finding them
   * costs a full move generation at every first-ply quiescence node that standing pat does
   * not settle.
   */
  readonly quiescenceChecks = false;

  /**
   * {@link GamePosition.historyPruning}: off in chess, whose search was measured only without
   * it (one run with it against Stockfish at Elo 2000 scored less: bench/RESULTS.md).
   */
  readonly historyPruning = false;

  /**
   * {@link GamePosition.singularExtension}: off in chess. With it on, 100 games against
   * Stockfish at Elo 2000 scored 50.5% beside 61.5% without, side by side (bench/RESULTS.md,
   * stop 68); xiangqi keeps it.
   */
  readonly singularExtension = false;

  /**
   * {@link GamePosition.cutoffReduction}: off in chess, whose search was not measured with it
   * (it was played only in xiangqi: bench/RESULTS.md, stop 72).
   */
  readonly cutoffReduction = false;

  /**
   * {@link GamePosition.lateReplyReduction}: off in chess, whose search was not measured with it
   * (it was played only in xiangqi: bench/RESULTS.md, stop 84).
   */
  readonly lateReplyReduction = false;

  /**
   * {@link GamePosition.lateFutility}: off in chess, where its one pair against Stockfish at
   * Elo 2000 scored 45.5% with it beside 51.5% without (bench/RESULTS.md, stop 76).
   */
  readonly lateFutility = false;

  /**
   * {@link GamePosition.captureHistory}: off in chess, where over two pairs against Stockfish at
   * Elo 2000 it scored 48.5% beside 52.5% without (bench/RESULTS.md, stops 78-79).
   */
  readonly captureHistory = false;

  /** {@link GamePosition.losingQuietPruning}: off in chess, where no pair has measured it. */
  readonly losingQuietPruning = false;

  /** {@link GamePosition.captureReduction}: off in chess, where no pair has measured it. */
  readonly captureReduction = false;

  /**
   * {@link GamePosition.lateMovePruningDepth}: 4 in chess. To depth 6, as xiangqi once had it,
   * one pair against Stockfish at Elo 2000 scored 50.0% beside 58.0% (bench/RESULTS.md, stop 83).
   */
  readonly lateMovePruningDepth = 4;

  /**
   * {@link GamePosition.repetition}: REP_DRAW when the 50-move rule applies or the position
   * occurred before since the last capture, pawn move or null move; otherwise REP_NONE.
   */
  repetition(): number {
    if (this.halfmoveClock >= CHESS_DRAW_PLIES) return REP_DRAW;
    const p = this.ply;
    const first = Math.max(0, p - this.halfmoveClock);
    for (let q = p - 2; q >= first; q -= 2) {
      if (this.histMove[q] === 0 || this.histMove[q + 1] === 0) break;
      if (this.histKeyLo[q] === this.keyLo && this.histKeyHi[q] === this.keyHi) return REP_DRAW;
    }
    return REP_NONE;
  }

  /** {@link GamePosition.quietGain}: 0 in chess, whose ordering was measured by history alone. */
  quietGain(_move: Move): number {
    return 0;
  }

  /** MVV/LVA, with promotions counted as winning the promoted piece. */
  captureScore(move: Move): number {
    const flags = move >>> 16;
    const to = (move >>> 8) & 0xff;
    let victim = this.board[to]! & 7;
    if (flags & FLAG_EN_PASSANT) victim = PAWN;
    const promo = flags & FLAG_PROMOTION_MASK;
    if (victim === 0 && promo === 0) return 0;
    return (MATERIAL[victim]! + MATERIAL[promo]! + 1) * 16 - (this.board[move & 0xff]! & 7);
  }

  /**
   * {@link GamePosition.losingCapture}: the capturer is worth clearly more than its victim and
   * the square is defended (looking through the capturer's own square, for batteries).
   * Promotions and en passant are never losing; a king's capture is legal only if safe.
   */
  losingCapture(move: Move): boolean {
    const flags = move >>> 16;
    if ((flags & (FLAG_EN_PASSANT | FLAG_PROMOTION_MASK)) !== 0) return false;
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const b = this.board;
    const pc = b[from]!;
    const victim = b[to]!;
    const attacker = pc & 7;
    if (victim === 0 || attacker === KING || MATERIAL[attacker]! - MATERIAL[victim & 7]! <= LOSING_CAPTURE_MARGIN) return false;
    b[from] = 0;
    const defended = this.attackedBy(to, this.sideToMove ^ 1);
    b[from] = pc;
    return defended;
  }

  /**
   * {@link GamePosition.losingQuiet}: the piece (not a pawn or the king) would stand attacked
   * and undefended on its (empty) target. Attackers cheaper than it are not told apart here:
   * chess has the search's pruning by it off.
   */
  losingQuiet(move: Move): boolean {
    if (move >>> 16 !== 0) return false;
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const b = this.board;
    const pc = b[from]!;
    const type = pc & 7;
    if (type === PAWN || type === KING || b[to] !== 0) return false;
    const side = this.sideToMove;
    // The piece list too, or the piece would seem to defend its own target from its origin.
    const at = (pc << 4) + this.slot[from]!;
    b[from] = 0;
    b[to] = pc;
    this.squares[at] = to;
    const losing = this.attackedBy(to, side ^ 1) && !this.attackedBy(to, side);
    this.squares[at] = from;
    b[to] = 0;
    b[from] = pc;
    return losing;
  }

  /**
   * {@link GamePosition.isPseudoLegal}: the piece, the target and the path are checked here;
   * {@link make} then refuses a move that leaves the king attacked. Castling and en passant,
   * rare in a table, are looked up among the generated moves instead.
   */
  isPseudoLegal(move: Move): boolean {
    const flags = move >>> 16;
    if ((flags & (FLAG_CASTLE | FLAG_EN_PASSANT)) !== 0) {
      const n = this.generate(this.scratch, 0, false);
      for (let i = 0; i < n; i++) if (this.scratch[i] === move) return true;
      return false;
    }
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    if (((from | to) & 0x88) !== 0 || flags > FLAG_DOUBLE_PUSH) return false;
    const b = this.board;
    const us = this.sideToMove;
    const usTag = 8 << us;
    const pc = b[from]!;
    const t = b[to]!;
    if ((pc & usTag) === 0 || (t & usTag) !== 0 || (t & 7) === KING) return false;
    const type = pc & 7;
    if (type === PAWN) {
      const fwd = us === 0 ? 16 : -16;
      const promo = to >> 4 === (us === 0 ? 7 : 0);
      const kind = flags & FLAG_PROMOTION_MASK;
      if (promo ? kind < KNIGHT || kind > QUEEN : kind !== 0) return false;
      if ((flags & FLAG_DOUBLE_PUSH) !== 0) return from >> 4 === (us === 0 ? 1 : 6) && to === from + 2 * fwd && b[from + fwd] === 0 && t === 0;
      if (to === from + fwd) return t === 0;
      return (to === from + fwd - 1 || to === from + fwd + 1) && t !== 0;
    }
    if (flags !== 0) return false;
    const line = ATTACK_LINE[to - from + 119]!;
    if (type === KNIGHT) return (line & KNIGHT_JUMP) !== 0;
    if (type === KING) return (line & KING_STEP) !== 0;
    if ((line & SLIDER_LINES[type]!) === 0) return false;
    const d = ATTACK_STEP[to - from + 119]!;
    for (let sq = from + d; sq !== to; sq += d) if (b[sq] !== 0) return false;
    return true;
  }

  /**
   * {@link GamePosition.generateQuiets}: the generated moves less captures and promotions (the
   * quiet stage is a small share of chess's work, so it is sifted rather than generated apart).
   */
  generateQuiets(buf: Int32Array, from: number): number {
    const end = this.generate(buf, from, false);
    let n = from;
    for (let i = from; i < end; i++) {
      const m = buf[i]!;
      if (this.captureScore(m) === 0) buf[n++] = m;
    }
    return n;
  }

  /**
   * {@link GamePosition.generateCheckCandidates}: the generated moves, less captures,
   * promotions and what {@link quietCannotCheck} clears (chess has few quiet moves to sift). The
   * chess search does not ask for them (see {@link quiescenceChecks}); the seam's contract
   * holds all the same, for a caller that does.
   */
  generateCheckCandidates(buf: Int32Array, from: number): number {
    const end = this.generateQuiets(buf, from);
    let n = from;
    for (let i = from; i < end; i++) {
      const m = buf[i]!;
      if (!this.quietCannotCheck(m)) buf[n++] = m;
    }
    return n;
  }

  /**
   * {@link GamePosition.quietCannotCheck}: no check is possible when the origin is on no line
   * through the enemy king (nothing is uncovered) and the piece cannot attack the king from its
   * destination by geometry alone. Castling, en passant and promotions are always made.
   */
  quietCannotCheck(move: Move): boolean {
    if ((move >>> 16 & (FLAG_EN_PASSANT | FLAG_CASTLE | FLAG_PROMOTION_MASK)) !== 0) return false;
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const us = this.sideToMove;
    const king = this.kingSquare(us ^ 1);
    if ((ATTACK_LINE[king - from + 119]! & (DIAGONAL_LINE | STRAIGHT_LINE)) !== 0) return false;
    const type = this.board[from]! & 7;
    const line = ATTACK_LINE[king - to + 119]!;
    if (type === KNIGHT) return (line & KNIGHT_JUMP) === 0;
    if (type === PAWN) {
      // A pawn attacks the two squares diagonally ahead of it.
      const d = king - to;
      return us === 0 ? d !== 15 && d !== 17 : d !== -15 && d !== -17;
    }
    if (type === KING) return true;
    return (line & SLIDER_LINES[type]!) === 0;
  }

  /** {@link GamePosition.checkerHangs}: chess extends every check (measured only in xiangqi). */
  checkerHangs(): boolean {
    return false;
  }

  /** Null move only with a piece other than pawns and king (zugzwang is common without). */
  nullMoveSafe(): boolean {
    const tag = 8 << this.sideToMove;
    return this.count[KNIGHT | tag]! + this.count[BISHOP | tag]! + this.count[ROOK | tag]! + this.count[QUEEN | tag]! > 0;
  }

  /**
   * Whether {@link evaluate} uses the full evaluation (default true); off, only its lazy part:
   * material, piece-square tables, pawn structure and the bishop pair (see {@link GamePosition.knowledge}).
   */
  knowledge = true;

  /** The static evaluation from the side to move's point of view (see evaluate.ts). */
  evaluate(alpha = -0x7fff, beta = 0x7fff): number {
    // Without knowledge, a window that every score lies outside: the lazy exit answers.
    return this.knowledge ? evaluateChess(this, alpha, beta) : evaluateChess(this, 0x7fff, -0x7fff);
  }

  /** The evaluation taken apart into its tapered parts, for tuning the weights. */
  evaluationTerms(): ChessEvaluationTerms {
    return chessEvaluationTerms(this);
  }

  /** Whether `sq` is attacked by a piece of side `by`, reading the board as it stands. */
  attackedBy(sq: number, by: number): boolean {
    const b = this.board;
    const L = this.squares;
    const C = this.count;
    const tag = 8 << by;
    // A white pawn attacks from one rank below, a black pawn from one rank above.
    const pawn = PAWN | tag;
    const ps = by === 0 ? sq - 17 : sq + 15;
    if ((ps & 0x88) === 0 && b[ps] === pawn) return true;
    if (((ps + 2) & 0x88) === 0 && b[ps + 2] === pawn) return true;
    let pc = KNIGHT | tag;
    for (let i = pc << 4, e = i + C[pc]!; i < e; i++) {
      if ((ATTACK_LINE[sq - L[i]! + 119]! & KNIGHT_JUMP) !== 0) return true;
    }
    if ((ATTACK_LINE[sq - L[(KING | tag) << 4]! + 119]! & KING_STEP) !== 0) return true;
    for (let t = BISHOP; t <= QUEEN; t++) {
      pc = t | tag;
      const lines = SLIDER_LINES[t]!;
      for (let i = pc << 4, e = i + C[pc]!; i < e; i++) {
        const f = L[i]!;
        const x = sq - f + 119;
        if ((ATTACK_LINE[x]! & lines) === 0) continue;
        const d = ATTACK_STEP[x]!;
        let s = f + d;
        while (s !== sq && b[s] === 0) s += d;
        if (s === sq) return true;
      }
    }
    return false;
  }

  /**
   * The squares of side `by`'s pieces that attack `sq` (as {@link attackedBy} reads them: pawns
   * diagonally forward, pinned pieces included), whatever stands on `sq`: on a square of `by`'s
   * own, its defenders. In piece order (pawns, knights, bishops, rooks, queens, king). For the
   * game API, not the search: it allocates its answer.
   */
  attackers(sq: number, by: number): number[] {
    const out: number[] = [];
    if ((sq & 0x88) !== 0) return out;
    const b = this.board;
    const L = this.squares;
    const C = this.count;
    const tag = 8 << by;
    const pawn = PAWN | tag;
    const ps = by === 0 ? sq - 17 : sq + 15;
    if ((ps & 0x88) === 0 && b[ps] === pawn) out.push(ps);
    if (((ps + 2) & 0x88) === 0 && b[ps + 2] === pawn) out.push(ps + 2);
    let pc = KNIGHT | tag;
    for (let i = pc << 4, e = i + C[pc]!; i < e; i++) {
      if ((ATTACK_LINE[sq - L[i]! + 119]! & KNIGHT_JUMP) !== 0) out.push(L[i]!);
    }
    for (let t = BISHOP; t <= QUEEN; t++) {
      pc = t | tag;
      const lines = SLIDER_LINES[t]!;
      for (let i = pc << 4, e = i + C[pc]!; i < e; i++) {
        const f = L[i]!;
        if (f === sq) continue;
        const x = sq - f + 119;
        if ((ATTACK_LINE[x]! & lines) === 0) continue;
        const d = ATTACK_STEP[x]!;
        let s = f + d;
        while (s !== sq && b[s] === 0) s += d;
        if (s === sq) out.push(f);
      }
    }
    const king = L[(KING | tag) << 4]!;
    if (king !== sq && (ATTACK_LINE[sq - king + 119]! & KING_STEP) !== 0) out.push(king);
    return out;
  }

  /**
   * Writes the legal moves of the side to move into `buf` from index `start` and returns the
   * end index. With `capturesOnly`, only captures and promotions.
   */
  generate(buf: Int32Array, start: number, capturesOnly: boolean): number {
    const b = this.board;
    const L = this.squares;
    const C = this.count;
    const us = this.sideToMove;
    const usTag = 8 << us;
    const themTag = usTag ^ 24;
    const king = L[(KING | usTag) << 4]!;
    let stamp = ++this.stamp;
    if (stamp > 0x3fffffff) {
      this.pinStamp.fill(0);
      this.evasionStamp.fill(0);
      stamp = this.stamp = 1;
    }
    const pinStamp = this.pinStamp;
    const pinStep = this.pinStep;
    const evasion = this.evasionStamp;

    // Checkers and pins, seen from the king.
    let checkers = 0;
    let checkSq = 0;
    let checkStep = 0;
    const enemyPawn = PAWN | themTag;
    const ps = us === 0 ? king + 15 : king - 17;
    if ((ps & 0x88) === 0 && b[ps] === enemyPawn) {
      checkers++;
      checkSq = ps;
    }
    if (((ps + 2) & 0x88) === 0 && b[ps + 2] === enemyPawn) {
      checkers++;
      checkSq = ps + 2;
    }
    let pc = KNIGHT | themTag;
    for (let i = pc << 4, e = i + C[pc]!; i < e; i++) {
      const f = L[i]!;
      if ((ATTACK_LINE[king - f + 119]! & KNIGHT_JUMP) !== 0) {
        checkers++;
        checkSq = f;
      }
    }
    for (let t = BISHOP; t <= QUEEN; t++) {
      pc = t | themTag;
      const lines = SLIDER_LINES[t]!;
      for (let i = pc << 4, e = i + C[pc]!; i < e; i++) {
        const f = L[i]!;
        const x = f - king + 119;
        if ((ATTACK_LINE[x]! & lines) === 0) continue;
        const d = ATTACK_STEP[x]!;
        let s = king + d;
        while (b[s] === 0) s += d;
        if (s === f) {
          checkers++;
          checkSq = f;
          checkStep = d;
        } else if ((b[s]! & usTag) !== 0) {
          let s2 = s + d;
          while (b[s2] === 0) s2 += d;
          if (s2 === f) {
            pinStamp[s] = stamp;
            pinStep[s] = d;
          }
        }
      }
    }

    let n = start;
    // King moves, with the king lifted so that it cannot shield its own destination.
    const kingPc = KING | usTag;
    const them = us ^ 1;
    b[king] = 0;
    for (let j = 0; j < 8; j++) {
      const to = king + DIRECTIONS[j]!;
      if ((to & 0x88) !== 0) continue;
      const t = b[to]!;
      if ((t & usTag) !== 0 || (capturesOnly && t === 0)) continue;
      if (!this.attackedBy(to, them)) buf[n++] = king | (to << 8);
    }
    b[king] = kingPc;
    if (checkers > 1) return n;

    const inCheck = checkers === 1;
    if (inCheck) {
      evasion[checkSq] = stamp;
      if (checkStep !== 0) for (let s = king + checkStep; s !== checkSq; s += checkStep) evasion[s] = stamp;
    } else if (!capturesOnly && this.castling !== 0) {
      n = this.generateCastling(buf, n, us);
    }

    // Pawns.
    const fwd = us === 0 ? 16 : -16;
    const startRank = us === 0 ? 1 : 6;
    const lastRank = us === 0 ? 7 : 0;
    pc = PAWN | usTag;
    for (let i = pc << 4, e = i + C[pc]!; i < e; i++) {
      const f = L[i]!;
      const pinned = pinStamp[f] === stamp;
      if (pinned && inCheck) continue;
      const pd = pinned ? pinStep[f]! : 0;
      const promo = ((f + fwd) >> 4) === lastRank;
      if (pd === 0 || pd === fwd || pd === -fwd) {
        const to = f + fwd;
        if (b[to] === 0) {
          if (promo) {
            if (!inCheck || evasion[to] === stamp) n = pushPromotions(buf, n, f | (to << 8));
          } else if (!capturesOnly) {
            if (!inCheck || evasion[to] === stamp) buf[n++] = f | (to << 8);
            if (f >> 4 === startRank && b[to + fwd] === 0 && (!inCheck || evasion[to + fwd] === stamp)) {
              buf[n++] = f | ((to + fwd) << 8) | (FLAG_DOUBLE_PUSH << 16);
            }
          }
        }
      }
      for (let k = -1; k <= 1; k += 2) {
        const cd = fwd + k;
        if (pd !== 0 && pd !== cd && pd !== -cd) continue;
        const to = f + cd;
        if ((to & 0x88) !== 0 || (b[to]! & themTag) === 0) continue;
        if (inCheck && evasion[to] !== stamp) continue;
        if (promo) n = pushPromotions(buf, n, f | (to << 8));
        else buf[n++] = f | (to << 8);
      }
    }
    if (this.epSquare !== NO_SQUARE) n = this.generateEnPassant(buf, n, us, king);

    // Knights: a pinned knight never moves.
    pc = KNIGHT | usTag;
    for (let i = pc << 4, e = i + C[pc]!; i < e; i++) {
      const f = L[i]!;
      if (pinStamp[f] === stamp) continue;
      for (let j = 0; j < 8; j++) {
        const to = f + KNIGHT_STEPS[j]!;
        if ((to & 0x88) !== 0) continue;
        const t = b[to]!;
        if ((t & usTag) !== 0 || (capturesOnly && t === 0)) continue;
        if (inCheck && evasion[to] !== stamp) continue;
        buf[n++] = f | (to << 8);
      }
    }

    // Sliders: bishops use directions 0..3, rooks 4..7, queens all eight.
    for (let t = BISHOP; t <= QUEEN; t++) {
      pc = t | usTag;
      const j0 = t === ROOK ? 4 : 0;
      const j1 = t === BISHOP ? 4 : 8;
      for (let i = pc << 4, e = i + C[pc]!; i < e; i++) {
        const f = L[i]!;
        const pinned = pinStamp[f] === stamp;
        if (pinned && inCheck) continue;
        const pd = pinned ? pinStep[f]! : 0;
        for (let j = j0; j < j1; j++) {
          const d = DIRECTIONS[j]!;
          if (pd !== 0 && pd !== d && pd !== -d) continue;
          let to = f + d;
          while ((to & 0x88) === 0) {
            const x = b[to]!;
            if (x === 0) {
              if (!capturesOnly && (!inCheck || evasion[to] === stamp)) buf[n++] = f | (to << 8);
            } else {
              if ((x & themTag) !== 0 && (!inCheck || evasion[to] === stamp)) buf[n++] = f | (to << 8);
              break;
            }
            to += d;
          }
        }
      }
    }
    return n;
  }

  /** Castling: rights, empty squares between, and no attacked square on the king's path. */
  private generateCastling(buf: Int32Array, n: number, us: number): number {
    const b = this.board;
    const them = us ^ 1;
    const base = us === 0 ? 0x00 : 0x70;
    const kingside = us === 0 ? WHITE_KINGSIDE : BLACK_KINGSIDE;
    const queenside = us === 0 ? WHITE_QUEENSIDE : BLACK_QUEENSIDE;
    const e = base + 4;
    if ((this.castling & kingside) !== 0 && b[e + 1] === 0 && b[e + 2] === 0 && !this.attackedBy(e + 1, them) && !this.attackedBy(e + 2, them)) {
      buf[n++] = e | ((e + 2) << 8) | (FLAG_CASTLE << 16);
    }
    if (
      (this.castling & queenside) !== 0 &&
      b[e - 1] === 0 &&
      b[e - 2] === 0 &&
      b[e - 3] === 0 &&
      !this.attackedBy(e - 1, them) &&
      !this.attackedBy(e - 2, them)
    ) {
      buf[n++] = e | ((e - 2) << 8) | (FLAG_CASTLE << 16);
    }
    return n;
  }

  /**
   * En-passant captures, each tried on the board: the capture removes two pawns from one rank,
   * which no pin test from the king sees (e.g. `8/8/8/KPp4r/8/8/8/4k3 w - c6`).
   */
  private generateEnPassant(buf: Int32Array, n: number, us: number, king: number): number {
    const b = this.board;
    const ep = this.epSquare;
    const pawn = PAWN | (8 << us);
    const capSq = ep ^ 16;
    const victim = b[capSq]!;
    for (let k = -1; k <= 1; k += 2) {
      const f = capSq + k;
      if ((f & 0x88) !== 0 || b[f] !== pawn) continue;
      b[f] = 0;
      b[capSq] = 0;
      b[ep] = pawn;
      const safe = !this.attackedBy(king, us ^ 1);
      b[ep] = 0;
      b[capSq] = victim;
      b[f] = pawn;
      if (safe) buf[n++] = f | (ep << 8) | (FLAG_EN_PASSANT << 16);
    }
    return n;
  }

  /** Writes the legal moves into `buf` from `start` and returns the end index. */
  generateLegal(buf: Int32Array, start: number): number {
    return this.generate(buf, start, false);
  }
}

/** Writes the four promotions of a pawn move, queen first. */
function pushPromotions(buf: Int32Array, n: number, base: number): number {
  buf[n] = base | (QUEEN << 16);
  buf[n + 1] = base | (ROOK << 16);
  buf[n + 2] = base | (BISHOP << 16);
  buf[n + 3] = base | (KNIGHT << 16);
  return n + 4;
}
