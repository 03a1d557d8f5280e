/**
 * The xiangqi position: a 16x16 board of piece ids with piece lists, incremental Zobrist words
 * (ElephantEye's key, lock0 and lock1), incremental material + piece-square sums, and a
 * history stack for unmake and the repetition rules.
 *
 * Everything here is the trusted hot path: moves are assumed to be pseudo-legal moves produced
 * by the generator. Validation of user input happens in fen.ts, notation and game.ts.
 */
import { REP_CHASE, REP_DRAW, REP_NONE, REP_OPP_PERPETUAL, REP_SELF_PERPETUAL, type GamePosition } from '../core/game.js';
import type { Move } from '../core/move.js';
import { grownInt32, grownUint8 } from '../core/typed.js';
import { joinKey64 } from '../core/zobrist.js';
import {
  ADVISOR_TO,
  FILE_LEFT,
  FILE_RIGHT,
  RANK_BOTTOM,
  RANK_TOP,
  DIAGONAL_NEIGHBOUR,
  ELEPHANT_EYE,
  ELEPHANT_TO,
  HORSE_LEG_BY_STEP,
  HORSE_LEG,
  HORSE_TO,
  IN_BOARD,
  KING_TO,
  onOwnHalf,
  PAWN_TO,
} from './geometry.js';
import { CHASE_WORDS, perpetualChasers } from './chase.js';
import { evaluateXiangqi, evaluationTerms, type XiangqiEvaluationTerms } from './evaluate.js';
import { countBetween, FILE_SCAN, RANK_SCAN, SCAN_DOWN_FIRST, SCAN_UP_FIRST } from './lines.js';
import { MATERIAL, PHASE_WEIGHT, PST, PST_END } from './evaluate-weights.js';
import { ADVISOR, CANNON, ELEPHANT, HORSE, KING, OFF_BOARD, PAWN, ROOK, SIGNATURE_UNIT, TYPE_OF } from './pieces.js';
import { KEY, LOCK0, LOCK1, PLAYER_KEY, PLAYER_LOCK0, PLAYER_LOCK1 } from './zobrist.js';

/** Check status cached per history entry: not known yet. */
const CHECK_UNKNOWN = 2;
/**
 * Plies without a capture after which the search scores a draw by default: the 60-move rule as
 * the game's default rules count it (XiangqiRules.moveLimitPlies; see XiangqiPosition.drawPlies).
 */
export const XIANGQI_DRAW_PLIES = 120;

// What generateKind lists.
const GEN_ALL = 0;
const GEN_CAPTURES = 1;
const GEN_QUIETS = 2;

/** The first horse's id offset within a side (see pieces.ts). */
const HORSE_ID = 5;

/** Type masks for the first piece met along a line (see lineAttacked). */
const ROOK_ONLY = 1 << ROOK;
const ROOK_OR_KING = ROOK_ONLY | (1 << KING);

/** A capture counts as losing only if the capturer is worth this much more than its victim. */
const LOSING_CAPTURE_MARGIN = 50;

/** Whether `sq` is on the file or the rank of `king`. */
function onLines(sq: number, king: number): boolean {
  return ((sq ^ king) & 0x0f) === 0 || ((sq ^ king) & 0xf0) === 0;
}

/** Whether a piece leaving `sq` may uncover a check on `king`: a line of it, or a horse leg. */
function touchesKing(sq: number, king: number): boolean {
  return onLines(sq, king) || DIAGONAL_NEIGHBOUR[sq - king + 256] !== 0;
}

/** Per-ply slice of the shared move buffer; no xiangqi position has more pseudo-legal moves. */
export const MAX_MOVES = 192;

export class XiangqiPosition implements GamePosition {
  /** Piece id on each square: 0 empty, 16..31 red, 32..47 black, {@link OFF_BOARD} off the board. */
  readonly board = new Uint8Array(256);
  /** Square of each piece id, 0 when the piece is not on the board. */
  readonly pieceSquare = new Uint8Array(64);
  /**
   * Occupancy bits per line (see lines.ts): `rankBits[y]` has bit x set for each occupied
   * square of rank y, `fileBits[x]` bit y for each occupied square of file x.
   */
  readonly rankBits = new Uint16Array(16);
  readonly fileBits = new Uint16Array(16);
  /** 0 red, 1 black. */
  sideToMove = 0;
  /** ElephantEye's `dwKey`: the low half of the 64-bit key. */
  keyLo = 0;
  /** ElephantEye's `dwLock0`: the high half of the 64-bit key. */
  keyHi = 0;
  /** ElephantEye's `dwLock1`: the key of its opening book. */
  lock1 = 0;
  /** Middlegame material + piece-square sum of red and of black. */
  valueRed = 0;
  valueBlack = 0;
  /** The endgame sums (see evaluate-weights.ts). */
  endRed = 0;
  endBlack = 0;
  /** The game phase: {@link PHASE_WEIGHT} summed over the pieces on the board (both sides). */
  phase = 0;
  /** Both sides' piece counts, packed (see {@link SIGNATURE_UNIT}). */
  materialSignature = 0;
  /**
   * The same packing for the pieces across the river only (on the other side's half): horses,
   * rooks, cannons and pawns, the attack the evaluation weighs.
   */
  riverSignature = 0;
  /** Plies made since the root (the FEN). */
  ply = 0;
  /** Plies since the last capture (or since the FEN's count). */
  halfmoveClock = 0;
  /** Fullmove number of the root position. */
  rootFullmove = 1;
  /** Side to move in the root position. */
  rootSide = 0;

  // History, indexed by ply. Entry p describes position p (p = 0 is the root) and the move
  // made from it. Moves and captured ids are kept so that the perpetual-chase rule can replay
  // any cycle with unmake/make (chase.ts).
  /** Move made from position p (0 for a null move). */
  histMove = new Int32Array(256);
  /** Id captured by that move (0 for none). */
  histCaptured = new Uint8Array(256);
  /** Key words of position p. */
  histKeyLo = new Int32Array(256);
  histKeyHi = new Int32Array(256);
  histLock1 = new Int32Array(256);
  /** Halfmove clock of position p. */
  histHalfmove = new Int32Array(256);
  /** River signature of position p. */
  histRiver = new Int32Array(256);
  /** Whether the side to move in position p is in check: 0, 1, or unknown. */
  histCheck = new Uint8Array(256);
  /**
   * Which colours' attack pairs (see chase.ts) {@link chaseMemo} holds for position p: bit 0
   * red, bit 1 black. Cleared when a move makes position p anew.
   */
  histChaseKnown = new Uint8Array(256);
  /** The perpetual-chase rule's attack pairs, {@link CHASE_WORDS} per ply and colour (allocated when first needed). */
  chaseMemo = new Int32Array(0);
  /**
   * Whether a repetition without perpetual check is judged by the perpetual-chase rule (the
   * default) or is always a draw (ElephantEye's rules, which judge checks only).
   */
  chaseRule = true;
  /**
   * Plies without a capture after which {@link repetition} (the search's test) scores a draw:
   * the game's move limit, which the game API sets from its rules (XiangqiRules.moveLimitPlies;
   * no limit is a number beyond any clock).
   */
  drawPlies = XIANGQI_DRAW_PLIES;
  /**
   * Whether plies that gave check count towards {@link drawPlies} (default true, as in
   * ElephantEye and Pikafish). The game API sets it from XiangqiRules.checksCountTowardsLimit;
   * off, the search counts the limit as {@link pliesTowardsLimit} does.
   */
  checksCountTowardsLimit = true;

  /**
   * Scratch for {@link keepEvasions}: per point, `stamp << 4 | bits`, where bit k says that a
   * move onto the point (evasionTo) or away from it (evasionFrom) may answer the k-th check
   * found. The stamp changes with each use, so nothing is ever cleared.
   */
  private readonly evasionTo = new Int32Array(256);
  private readonly evasionFrom = new Int32Array(256);
  private evasionStamp = 0;

  constructor() {
    this.clear();
  }

  /** Empties the board (red to move, no history). */
  clear(): void {
    const b = this.board;
    for (let sq = 0; sq < 256; sq++) b[sq] = IN_BOARD[sq] ? 0 : OFF_BOARD;
    this.pieceSquare.fill(0);
    this.rankBits.fill(0);
    this.fileBits.fill(0);
    this.sideToMove = 0;
    this.keyLo = this.keyHi = this.lock1 = 0;
    this.valueRed = this.valueBlack = 0;
    this.endRed = this.endBlack = 0;
    this.phase = 0;
    this.materialSignature = 0;
    this.riverSignature = 0;
    this.ply = 0;
    this.halfmoveClock = 0;
    this.rootFullmove = 1;
    this.rootSide = 0;
    this.histCheck[0] = CHECK_UNKNOWN;
    this.histChaseKnown[0] = 0;
  }

  /** Puts piece `id` on an empty square, updating keys and values. */
  addPiece(id: number, sq: number): void {
    this.board[sq] = id;
    this.pieceSquare[id] = sq;
    this.flipBits(sq);
    this.phase += PHASE_WEIGHT[TYPE_OF[id]! as 0];
    this.materialSignature += SIGNATURE_UNIT[id]!;
    if (!onOwnHalf(sq, id >> 5)) this.riverSignature += SIGNATURE_UNIT[id]!;
    const i = (id << 8) | sq;
    this.keyLo ^= KEY[i]!;
    this.keyHi ^= LOCK0[i]!;
    this.lock1 ^= LOCK1[i]!;
    if (id < 32) {
      this.valueRed += PST[i]!;
      this.endRed += PST_END[i]!;
    } else {
      this.valueBlack += PST[i]!;
      this.endBlack += PST_END[i]!;
    }
  }

  /** Toggles a square's occupancy bits (its piece arrives or leaves). */
  private flipBits(sq: number): void {
    this.rankBits[sq >> 4]! ^= 1 << (sq & 15);
    this.fileBits[sq & 15]! ^= 1 << (sq >> 4);
  }

  /** Passes the turn in the key words without touching history (used by setup). */
  flipSide(): void {
    this.sideToMove ^= 1;
    this.keyLo ^= PLAYER_KEY;
    this.keyHi ^= PLAYER_LOCK0;
    this.lock1 ^= PLAYER_LOCK1;
  }

  /** Starts the history at the current position (call after placing pieces). */
  resetHistory(halfmoveClock: number, fullmove: number): void {
    this.ply = 0;
    this.halfmoveClock = halfmoveClock;
    this.rootFullmove = fullmove;
    this.rootSide = this.sideToMove;
    this.histKeyLo[0] = this.keyLo;
    this.histKeyHi[0] = this.keyHi;
    this.histLock1[0] = this.lock1;
    this.histHalfmove[0] = halfmoveClock;
    this.histRiver[0] = this.riverSignature;
    this.histCheck[0] = CHECK_UNKNOWN;
    this.histChaseKnown[0] = 0;
  }

  /** Copies another position, history included. */
  copyFrom(o: XiangqiPosition): void {
    this.board.set(o.board);
    this.pieceSquare.set(o.pieceSquare);
    this.rankBits.set(o.rankBits);
    this.fileBits.set(o.fileBits);
    this.sideToMove = o.sideToMove;
    this.keyLo = o.keyLo;
    this.keyHi = o.keyHi;
    this.lock1 = o.lock1;
    this.valueRed = o.valueRed;
    this.valueBlack = o.valueBlack;
    this.endRed = o.endRed;
    this.endBlack = o.endBlack;
    this.phase = o.phase;
    this.materialSignature = o.materialSignature;
    this.riverSignature = o.riverSignature;
    this.ply = o.ply;
    this.halfmoveClock = o.halfmoveClock;
    this.rootFullmove = o.rootFullmove;
    this.rootSide = o.rootSide;
    this.histMove = o.histMove.slice();
    this.histCaptured = o.histCaptured.slice();
    this.histKeyLo = o.histKeyLo.slice();
    this.histKeyHi = o.histKeyHi.slice();
    this.histLock1 = o.histLock1.slice();
    this.histHalfmove = o.histHalfmove.slice();
    this.histRiver = o.histRiver.slice();
    this.histCheck = o.histCheck.slice();
    // The chase memo is a cache: the copy starts without one.
    this.histChaseKnown = new Uint8Array(o.histChaseKnown.length);
    this.chaseRule = o.chaseRule;
    this.drawPlies = o.drawPlies;
    this.checksCountTowardsLimit = o.checksCountTowardsLimit;
    this.knowledge = o.knowledge;
  }

  /** A deep copy. */
  clone(): XiangqiPosition {
    const p = new XiangqiPosition();
    p.copyFrom(this);
    return p;
  }

  /** `lock0 << 32 | key` as a `bigint` (built on request, never in the search). */
  get key64(): bigint {
    return joinKey64(this.keyLo, this.keyHi);
  }

  /** The current fullmove number. */
  get fullmove(): number {
    return this.rootFullmove + ((this.ply + this.rootSide) >> 1);
  }

  /** Doubles the history arrays; called only when a game outgrows them. */
  private growHistory(): void {
    const n = this.histMove.length * 2;
    this.histMove = grownInt32(this.histMove, n);
    this.histCaptured = grownUint8(this.histCaptured, n);
    this.histKeyLo = grownInt32(this.histKeyLo, n);
    this.histKeyHi = grownInt32(this.histKeyHi, n);
    this.histLock1 = grownInt32(this.histLock1, n);
    this.histHalfmove = grownInt32(this.histHalfmove, n);
    this.histRiver = grownInt32(this.histRiver, n);
    this.histCheck = grownUint8(this.histCheck, n);
    this.histChaseKnown = grownUint8(this.histChaseKnown, n);
  }

  /** Sizes {@link chaseMemo} to the history (chase.ts calls it before using the memo). */
  reserveChaseMemo(): void {
    const words = this.histMove.length * 2 * CHASE_WORDS;
    if (this.chaseMemo.length < words) this.chaseMemo = grownInt32(this.chaseMemo, words);
  }

  /**
   * Makes a pseudo-legal move without any legality test. Allocates nothing (unless the game
   * outgrows its history, which doubles).
   */
  makeMove(move: Move): void {
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const b = this.board;
    const id = b[from]!;
    const captured = b[to]!;
    const p = this.ply;
    if (p + 1 >= this.histMove.length) this.growHistory();
    this.histMove[p] = move;
    this.histCaptured[p] = captured;

    b[from] = 0;
    b[to] = id;
    this.pieceSquare[id] = to;
    this.flipBits(from);
    if (captured === 0) this.flipBits(to);
    const iFrom = (id << 8) | from;
    const iTo = (id << 8) | to;
    let kLo = this.keyLo ^ KEY[iFrom]! ^ KEY[iTo]! ^ PLAYER_KEY;
    let kHi = this.keyHi ^ LOCK0[iFrom]! ^ LOCK0[iTo]! ^ PLAYER_LOCK0;
    let l1 = this.lock1 ^ LOCK1[iFrom]! ^ LOCK1[iTo]! ^ PLAYER_LOCK1;
    const delta = PST[iTo]! - PST[iFrom]!;
    const deltaEnd = PST_END[iTo]! - PST_END[iFrom]!;
    let clock = this.halfmoveClock + 1;
    let river = this.riverSignature;
    // A piece crossing the river (either way) enters or leaves the river signature.
    if (((from ^ to) & 0x80) !== 0) river += !onOwnHalf(to, id >> 5) ? SIGNATURE_UNIT[id]! : -SIGNATURE_UNIT[id]!;
    if (id < 32) {
      this.valueRed += delta;
      this.endRed += deltaEnd;
    } else {
      this.valueBlack += delta;
      this.endBlack += deltaEnd;
    }
    if (captured !== 0) {
      this.pieceSquare[captured] = 0;
      this.phase -= PHASE_WEIGHT[TYPE_OF[captured]! as 0];
      this.materialSignature -= SIGNATURE_UNIT[captured]!;
      if (!onOwnHalf(to, captured >> 5)) river -= SIGNATURE_UNIT[captured]!;
      const iCap = (captured << 8) | to;
      kLo ^= KEY[iCap]!;
      kHi ^= LOCK0[iCap]!;
      l1 ^= LOCK1[iCap]!;
      if (captured < 32) {
        this.valueRed -= PST[iCap]!;
        this.endRed -= PST_END[iCap]!;
      } else {
        this.valueBlack -= PST[iCap]!;
        this.endBlack -= PST_END[iCap]!;
      }
      clock = 0;
    }
    this.keyLo = kLo;
    this.keyHi = kHi;
    this.lock1 = l1;
    this.halfmoveClock = clock;
    this.riverSignature = river;
    this.sideToMove ^= 1;
    const q = p + 1;
    this.ply = q;
    this.histKeyLo[q] = kLo;
    this.histKeyHi[q] = kHi;
    this.histLock1[q] = l1;
    this.histHalfmove[q] = clock;
    this.histRiver[q] = river;
    this.histCheck[q] = CHECK_UNKNOWN;
    this.histChaseKnown[q] = 0;
  }

  /** Takes back the last {@link makeMove} (or null move). */
  unmakeMove(): void {
    const p = this.ply - 1;
    const move = this.histMove[p]!;
    this.ply = p;
    this.sideToMove ^= 1;
    this.keyLo = this.histKeyLo[p]!;
    this.keyHi = this.histKeyHi[p]!;
    this.lock1 = this.histLock1[p]!;
    this.halfmoveClock = this.histHalfmove[p]!;
    this.riverSignature = this.histRiver[p]!;
    if (move === 0) return; // null move
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const b = this.board;
    const id = b[to]!;
    const captured = this.histCaptured[p]!;
    b[from] = id;
    b[to] = captured;
    this.pieceSquare[id] = from;
    this.flipBits(from);
    if (captured === 0) this.flipBits(to);
    const iFrom = (id << 8) | from;
    const iTo = (id << 8) | to;
    const delta = PST[iTo]! - PST[iFrom]!;
    const deltaEnd = PST_END[iTo]! - PST_END[iFrom]!;
    if (id < 32) {
      this.valueRed -= delta;
      this.endRed -= deltaEnd;
    } else {
      this.valueBlack -= delta;
      this.endBlack -= deltaEnd;
    }
    if (captured !== 0) {
      this.pieceSquare[captured] = to;
      this.phase += PHASE_WEIGHT[TYPE_OF[captured]! as 0];
      this.materialSignature += SIGNATURE_UNIT[captured]!;
      const iCap = (captured << 8) | to;
      if (captured < 32) {
        this.valueRed += PST[iCap]!;
        this.endRed += PST_END[iCap]!;
      } else {
        this.valueBlack += PST[iCap]!;
        this.endBlack += PST_END[iCap]!;
      }
    }
  }

  /**
   * {@link GamePosition.make}: makes the move if it is legal. Whether it gives check is settled
   * here when geometry alone can tell it gives none (most moves: see cannotGiveCheck); otherwise
   * on the first {@link inCheck} (makeMove leaves it unknown): the search asks at every node it
   * enters, and a move it prunes unseen never pays for it. The repetition rules read the flags
   * of the plies before, which were all asked already (see repetitionStatus).
   */
  make(move: Move): boolean {
    // Most moves cannot expose their own king (see isSafe): those skip the attack test.
    const checked = this.inCheck();
    const cheap = this.cannotExposeKing(move, checked);
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    this.makeMove(move);
    // The mover is now `sideToMove ^ 1`.
    if (!cheap && this.exposedAfter(from, to, this.sideToMove ^ 1, checked)) {
      this.unmakeMove();
      return false;
    }
    if (this.cannotGiveCheck(from, to)) this.histCheck[this.ply] = 0;
    return true;
  }

  /**
   * For {@link make}, with the move from `from` to `to` made: whether it left the mover's
   * (`side`'s) king attacked. Out of check and with the king unmoved, an attack must be new, and
   * only the king's lines that `from` or `to` lie on, or a horse whose leg was `from`, can hold
   * one; anything else gets the full test.
   */
  private exposedAfter(from: number, to: number, side: number, checked: boolean): boolean {
    const king = this.pieceSquare[16 << side]!;
    if (checked || king === to) return this.kingAttacked(king, side);
    const tag = 32 >> side;
    const kx = king & 15;
    const ky = king >> 4;
    if (((from & 15) === kx || (to & 15) === kx) && this.fileAttacked(king, tag, ROOK_OR_KING)) return true;
    if ((from >> 4 === ky || to >> 4 === ky) && this.rankAttacked(king, tag, ROOK_OR_KING)) return true;
    return DIAGONAL_NEIGHBOUR[from - king + 256] !== 0 && this.horseAttacks(king, tag);
  }

  /**
   * Whether the move just made from `from` to `to` certainly gives no check, from geometry
   * alone (else the check is left to {@link inCheck}'s full test). The enemy king was not
   * attacked before the move (the position was legal: the FEN reader refuses one where the side
   * not to move is in check, and make() refuses moves that leave the mover's king attacked), so
   * an attack must be new: the moved piece arriving (a rook,
   * cannon, king or pawn on the king's file or rank, or a horse a step from it), a screen
   * arriving on or leaving a line of the king, or a horse leg leaving (every leg of a horse
   * attack on a king is a diagonal neighbour of that king).
   */
  private cannotGiveCheck(from: number, to: number): boolean {
    const king = this.pieceSquare[16 << this.sideToMove]!;
    if (((from ^ king) & 0x0f) === 0 || ((from ^ king) & 0xf0) === 0 || ((to ^ king) & 0x0f) === 0 || ((to ^ king) & 0xf0) === 0) return false;
    if (DIAGONAL_NEIGHBOUR[from - king + 256] !== 0) return false;
    return TYPE_OF[this.board[to]!] !== HORSE || HORSE_LEG_BY_STEP[king - to + 256] === 0;
  }

  /** {@link GamePosition.unmake}. */
  unmake(): void {
    this.unmakeMove();
  }

  /** Passes the turn. Repetition detection stops at a null move, as in ElephantEye. */
  makeNull(): void {
    const p = this.ply;
    if (p + 1 >= this.histMove.length) this.growHistory();
    this.histMove[p] = 0;
    this.histCaptured[p] = 0;
    this.sideToMove ^= 1;
    this.keyLo ^= PLAYER_KEY;
    this.keyHi ^= PLAYER_LOCK0;
    this.lock1 ^= PLAYER_LOCK1;
    const q = p + 1;
    this.ply = q;
    this.histKeyLo[q] = this.keyLo;
    this.histKeyHi[q] = this.keyHi;
    this.histLock1[q] = this.lock1;
    this.histHalfmove[q] = this.halfmoveClock;
    this.histRiver[q] = this.riverSignature;
    this.histCheck[q] = 0;
    this.histChaseKnown[q] = 0;
  }

  /** Takes back {@link makeNull}. */
  unmakeNull(): void {
    this.unmakeMove();
  }

  /** Whether the side to move is in check (cached per ply). */
  inCheck(): boolean {
    let c = this.histCheck[this.ply]!;
    if (c === CHECK_UNKNOWN) {
      const s = this.sideToMove;
      c = this.kingAttacked(this.pieceSquare[16 << s]!, s) ? 1 : 0;
      this.histCheck[this.ply] = c;
    }
    return c === 1;
  }

  /** Having no legal move loses in xiangqi, in check or not. */
  readonly stalemateLoses = true;

  /**
   * {@link GamePosition.quiescenceChecks}: on in xiangqi, where cannons, horses and rooks
   * check from afar and a mate just past the horizon is common. With them quiescence scored
   * 50.0% against Fairy-Stockfish at 0.2 s beside 44.5% without (8aebde8), and taking them out
   * again later scored 42.5% against the 47.5% of the search with them (bench/RESULTS.md).
   */
  readonly quiescenceChecks = true;

  /**
   * {@link GamePosition.historyPruning}: on in xiangqi, where two pairs against Fairy-Stockfish
   * at 0.2 s scored 49.0% with it beside 44.3% without (bench/RESULTS.md).
   */
  readonly historyPruning = true;

  /**
   * {@link GamePosition.singularExtension}: on in xiangqi, where two pairs against
   * Fairy-Stockfish at 0.2 s scored 56.2% (48.8% with the chase games as draws) with it beside
   * 46.2% (39.0%) without, side by side (bench/RESULTS.md, stop 67).
   */
  readonly singularExtension = true;

  /**
   * {@link GamePosition.cutoffReduction}: on in xiangqi, where two pairs against
   * Fairy-Stockfish at 0.2 s scored 45.5% (39.2% with the chase games as draws) with it (after
   * more than three cutoffs) beside 42.8% (36.0%) without, side by side, and two more after
   * more than two, 47.8% (40.8%) beside 42.2% (35.5%) after more than three (bench/RESULTS.md,
   * stop 72).
   */
  readonly cutoffReduction = true;

  /**
   * {@link GamePosition.lateReplyReduction}: on in xiangqi, where two pairs against
   * Fairy-Stockfish at 0.2 s scored 45.8% (44.0% with the chase games as draws) with it beside
   * 41.8% (41.2%) without, side by side (bench/RESULTS.md, stop 84).
   */
  readonly lateReplyReduction = true;

  /**
   * {@link GamePosition.lateFutility}: on in xiangqi, where two pairs against Fairy-Stockfish
   * at 0.2 s scored 48.2% (41.5% with the chase games as draws) with it beside 42.0% (37.5%)
   * without, side by side (bench/RESULTS.md, stop 75).
   */
  readonly lateFutility = true;

  /**
   * {@link GamePosition.captureHistory}: on in xiangqi, where two pairs against Fairy-Stockfish
   * at 0.2 s scored 44.5% (38.5% with the chase games as draws) with it beside 42.2% (36.5%)
   * without, side by side (bench/RESULTS.md, stop 78).
   */
  readonly captureHistory = true;

  /**
   * {@link GamePosition.losingQuietPruning}: on in xiangqi, where two pairs against
   * Fairy-Stockfish 11.1 scored 46.5% (41.5% with the chase games as draws) with it beside 45.5%
   * (40.2%) without (bench/RESULTS.md, stop 79).
   */
  readonly losingQuietPruning = true;

  /**
   * {@link GamePosition.captureReduction}: on in xiangqi, where two pairs against Fairy-Stockfish at
   * 0.2 s scored 48.0% (47.0% with the chase games as draws) with it beside 47.0% (45.8%)
   * without, side by side (bench/RESULTS.md, stop 102).
   */
  readonly captureReduction = true;

  /**
   * {@link GamePosition.lateMovePruningDepth}: 8 in xiangqi. Against Fairy-Stockfish 11.1, two
   * pairs scored 48.0% (47.8% with the chase games as draws) to depth 6 beside 41.2% (41.2%) to
   * depth 4 (bench/RESULTS.md, stop 82), and two more 48.5% (47.5%) to depth 8 beside 45.8%
   * (45.8%) to depth 6 (stop 83).
   */
  readonly lateMovePruningDepth = 8;

  /**
   * Whether the current position has occurred `times - 1` times before, since the last
   * irreversible move (a capture or a null move). Returns REP_NONE, or REP_DRAW ORed with
   * REP_SELF_PERPETUAL / REP_OPP_PERPETUAL when one side checked on every one of its moves from
   * the earliest counted occurrence to now (ElephantEye's RepStatus). When neither did and
   * `chases` is on, the same flags mark a side that chased one piece on every one of its moves
   * (see chase.ts), with REP_CHASE added. Allocates nothing once the chase memo has grown to the
   * history.
   */
  repetitionStatus(times: number, chases = this.chaseRule): number {
    // The current ply's check flag is the one a caller may not have asked for yet.
    this.inCheck();
    const p = this.ply;
    const lo = this.keyLo;
    const hi = this.keyHi;
    const hm = this.histMove;
    let seen = 1;
    // Only positions with the same side to move can repeat, so step two plies at a time; a
    // capture or a null move on either ply of a step ends the search (the clock counts the
    // plies since the last capture).
    const first = Math.max(0, p - this.halfmoveClock);
    for (let q = p - 2; q >= first; q -= 2) {
      if (hm[q] === 0 || hm[q + 1] === 0) break;
      if (this.histKeyLo[q] === lo && this.histKeyHi[q] === hi && ++seen >= times) {
        // Moves q..p-1: the one made from position r was made by the side to move now iff p - r is even.
        let selfAll = true;
        let oppAll = true;
        for (let r = q; r < p; r++) {
          const checked = this.histCheck[r + 1] === 1;
          if (((p - r) & 1) === 0) selfAll &&= checked;
          else oppAll &&= checked;
        }
        // Perpetual check comes first: a side that checked throughout loses (both: a draw),
        // whatever the other side chased.
        if (selfAll || oppAll || !chases) return REP_DRAW | (selfAll ? REP_SELF_PERPETUAL : 0) | (oppAll ? REP_OPP_PERPETUAL : 0);
        const chasers = perpetualChasers(this, q);
        if (chasers === 0) return REP_DRAW;
        return REP_DRAW | REP_CHASE | ((chasers & 1) !== 0 ? REP_SELF_PERPETUAL : 0) | ((chasers & 2) !== 0 ? REP_OPP_PERPETUAL : 0);
      }
    }
    return REP_NONE;
  }

  /**
   * {@link GamePosition.repetition}: a single repetition, for the search, or a draw once
   * {@link drawPlies} plies (120 by default: the 60-move rule) have passed without a capture.
   */
  repetition(): number {
    // The clock counts every ply, so it reaches the limit no later than the count without
    // checks: the walk back runs only past that point, and only when checks are left out.
    if (this.halfmoveClock >= this.drawPlies && (this.checksCountTowardsLimit || this.pliesTowardsLimit(false) >= this.drawPlies)) return REP_DRAW;
    return this.repetitionStatus(2);
  }

  /**
   * Plies counted towards the move limit since the last capture: the halfmove clock, or with
   * `checksCount` false the plies that gave no check. Plies before the first position of the
   * history are known only by the FEN's clock, and all count. The history's check flags must be
   * known, as the game API and the search's repetition test leave them.
   */
  pliesTowardsLimit(checksCount = this.checksCountTowardsLimit): number {
    if (checksCount) return this.halfmoveClock;
    this.inCheck(); // the current ply's flag
    let n = 0;
    for (let q = this.ply - 1; q >= 0; q--) {
      if (this.histCaptured[q] !== 0) return n;
      // A null move (search only) leaves the clock as it was, so it does not count either.
      if (this.histMove[q] !== 0 && this.histCheck[q + 1] !== 1) n++;
    }
    return n + this.histHalfmove[0]!;
  }

  /** MVV/LVA: the victim's value first, then the cheaper attacker. */
  captureScore(move: Move): number {
    const victim = this.board[(move >>> 8) & 0xff]!;
    if (victim === 0) return 0;
    return (MATERIAL[TYPE_OF[victim]!]! + 1) * 16 - TYPE_OF[this.board[move & 0xff]!]!;
  }

  /** {@link GamePosition.quietGain}: the mover's middlegame piece-square gain. */
  quietGain(move: Move): number {
    const from = move & 0xff;
    const i = this.board[from]! << 8;
    return PST[i | ((move >>> 8) & 0xff)]! - PST[i | from]!;
  }

  /** {@link GamePosition.losingCapture}. A king's capture is never losing (it is legal only if safe). */
  losingCapture(move: Move): boolean {
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const b = this.board;
    const id = b[from]!;
    const victim = b[to]!;
    const attacker = TYPE_OF[id]!;
    if (victim === 0 || attacker === KING || MATERIAL[attacker]! - MATERIAL[TYPE_OF[victim]!]! <= LOSING_CAPTURE_MARGIN) return false;
    // Look from the square with the capture made: the capturer may have been a screen or a leg.
    b[from] = 0;
    b[to] = id;
    this.flipBits(from);
    const recaptured = this.attackedBy(to, this.sideToMove ^ 1);
    this.flipBits(from);
    b[from] = id;
    b[to] = victim;
    return recaptured;
  }

  /**
   * {@link GamePosition.losingQuiet}. The piece is set down on its target (the board, the line
   * bits and its square) and the other side's attackers are looked for: a pawn, an advisor or an
   * elephant is cheaper than a horse, a rook or a cannon, and for a rook a horse or a cannon is
   * too; any attacker takes a piece none of the mover's defends. A king's and a pawn's moves are
   * never losing here (a pawn is worth too little for the test to pay), nor is a capture.
   */
  losingQuiet(move: Move): boolean {
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const b = this.board;
    const id = b[from]!;
    const type = TYPE_OF[id]!;
    if (type === KING || type === PAWN || b[to] !== 0) return false;
    const side = this.sideToMove;
    const ps = this.pieceSquare;
    b[from] = 0;
    b[to] = id;
    ps[id] = to;
    this.flipBits(from);
    this.flipBits(to);
    let losing = false;
    if (this.attackedBy(to, side ^ 1)) {
      losing =
        ((type === HORSE || type === ROOK || type === CANNON) && this.attackedByMinor(to, side ^ 1)) ||
        (type === ROOK && (this.horseAttacks(to, 32 >> side) || this.lineAttacked(to, 32 >> side, 0))) ||
        !this.attackedBy(to, side);
    }
    this.flipBits(to);
    this.flipBits(from);
    ps[id] = from;
    b[to] = 0;
    b[from] = id;
    return losing;
  }

  /** Whether a pawn, an advisor or an elephant of side `by` could move onto `sq` (pins ignored). */
  private attackedByMinor(sq: number, by: number): boolean {
    return this.guardsAttack(sq, 16 << by) || this.pawnsAttack(sq, by ^ 1);
  }

  /**
   * {@link GamePosition.isPseudoLegal}: exactly the moves {@link generate} would produce, checked
   * by the move tables and, for rooks and cannons, by counting the pieces between.
   */
  isPseudoLegal(move: Move): boolean {
    if (move >>> 16 !== 0) return false;
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const b = this.board;
    const side = this.sideToMove;
    if ((b[from]! & (16 << side)) === 0 || (b[to]! & ((16 << side) | OFF_BOARD)) !== 0) return false;
    return this.reaches(from, to);
  }

  /**
   * Whether the piece on `from` can step or slide to the point `to` by its own rules, on the
   * board as it stands (the leg, the eye and the pieces between; whatever stands on `to` only
   * tells a cannon's capture, over one screen, from its move, over none). Who stands on `to`
   * and whether the king is left attacked are the caller's to check.
   */
  reaches(from: number, to: number): boolean {
    const b = this.board;
    const id = b[from]!;
    switch (TYPE_OF[id]) {
      case KING:
        for (let i = from << 2, e = i + 4; i < e; i++) if (KING_TO[i] === to) return true;
        return false;
      case ADVISOR:
        for (let i = from << 2, e = i + 4; i < e; i++) if (ADVISOR_TO[i] === to) return true;
        return false;
      case ELEPHANT:
        for (let i = from << 2, e = i + 4; i < e; i++) if (ELEPHANT_TO[i] === to) return b[ELEPHANT_EYE[i]!] === 0;
        return false;
      case HORSE:
        for (let i = from << 3, e = i + 8; i < e; i++) if (HORSE_TO[i] === to) return b[HORSE_LEG[i]!] === 0;
        return false;
      case PAWN:
        for (let i = ((id >> 5) << 10) + (from << 2), e = i + 3; i < e; i++) if (PAWN_TO[i] === to) return true;
        return false;
      default: {
        // A rook or a cannon: along a rank or a file, over no piece (a cannon's capture: one).
        let screens: number;
        if (((from ^ to) & 0xf0) === 0) screens = countBetween(this.rankBits[from >> 4]!, from & 15, to & 15);
        else if (((from ^ to) & 15) === 0) screens = countBetween(this.fileBits[from & 15]!, from >> 4, to >> 4);
        else return false;
        if (TYPE_OF[id] === ROOK || b[to] === 0) return screens === 0;
        return screens === 1;
      }
    }
  }

  /**
   * Whether some piece of side `by` could move onto `sq` (a capture there), reading the board as
   * it stands and ignoring pins: king, advisors and elephants by their tables, then horses,
   * pawns, rooks and cannons as {@link kingAttacked} looks for them, but without the flying king.
   */
  attackedBy(sq: number, by: number): boolean {
    const tag = 16 << by;
    const from = this.pieceSquare[tag]!;
    for (let i = from << 2, e = i + 4; i < e; i++) if (KING_TO[i] === sq) return true;
    return this.guardsAttack(sq, tag) || this.attackedByMen(sq, by ^ 1, ROOK_ONLY);
  }

  /**
   * The points of side `by`'s pieces that could take a piece of the other side standing on
   * `sq`, whatever stands there now (on a point of `by`'s own, its defenders), reading the board
   * as it stands and ignoring pins, as a check does: a cannon over exactly one screen. Kings
   * facing each other (the flying general) never stand in a legal position, so a king attacks
   * only the points of its palace next to it. In piece order (king, advisors, elephants,
   * horses, rooks, cannons, pawns). For the game API, not the search: it allocates its answer.
   */
  attackers(sq: number, by: number): number[] {
    const out: number[] = [];
    if (IN_BOARD[sq] === 0) return out;
    const tag = 16 << by;
    for (let id = tag; id < tag + 16; id++) {
      const from = this.pieceSquare[id]!;
      if (from === 0 || from === sq) continue;
      let hits: boolean;
      if (TYPE_OF[id] === CANNON) {
        if (((from ^ sq) & 0xf0) === 0) hits = countBetween(this.rankBits[from >> 4]!, from & 15, sq & 15) === 1;
        else hits = ((from ^ sq) & 15) === 0 && countBetween(this.fileBits[from & 15]!, from >> 4, sq >> 4) === 1;
      } else {
        hits = this.reaches(from, sq);
      }
      if (hits) out.push(from);
    }
    return out;
  }

  /** Whether an advisor or an elephant (its eye empty) of `tag` could move onto `sq`. */
  private guardsAttack(sq: number, tag: number): boolean {
    const b = this.board;
    const ps = this.pieceSquare;
    for (let id = tag + 1; id <= tag + 2; id++) {
      const from = ps[id]!;
      if (from === 0) continue;
      for (let i = from << 2, e = i + 4; i < e; i++) if (ADVISOR_TO[i] === sq) return true;
    }
    for (let id = tag + 3; id <= tag + 4; id++) {
      const from = ps[id]!;
      if (from === 0) continue;
      for (let i = from << 2, e = i + 4; i < e; i++) if (ELEPHANT_TO[i] === sq && b[ELEPHANT_EYE[i]!] === 0) return true;
    }
    return false;
  }

  /**
   * {@link GamePosition.quietCannotCheck}. The enemy king can only be reached anew through a
   * line the move touches (a rook or cannon arriving, a screen arriving or leaving, a line
   * opening), a horse leg leaving (every leg of a horse attack on a king is a diagonal neighbour
   * of that king), or a horse or pawn arriving where it attacks the king; the lines are looked
   * at as they will be, the rest is refused when in doubt. A king's move is a piece leaving and
   * arriving like any other (it is never a horse's leg against the other king: the palaces are
   * too far apart), so only a line it opens, or the file it steps onto facing the other king,
   * keeps it. Whether the move is legal is not asked: the search prunes these moves unmade
   * either way.
   */
  quietCannotCheck(move: Move): boolean {
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const side = this.sideToMove;
    const king = this.pieceSquare[16 << (side ^ 1)]!;
    // No leg of ours leaves the enemy king's horses-in-waiting, no horse or pawn arrives where
    // it attacks, and no line of ours opens onto it.
    if (DIAGONAL_NEIGHBOUR[from - king + 256] !== 0) return false;
    const type = TYPE_OF[this.board[from]!];
    if (type === HORSE && HORSE_LEG_BY_STEP[king - to + 256] !== 0) return false;
    if (type === PAWN && (to - king === 1 || to - king === -1 || to - king === 16 || to - king === -16)) return false;
    return !this.lineAttackAfter(king, from, to, 16 << side);
  }

  /**
   * {@link GamePosition.generateCheckCandidates}, in {@link generate}'s order. A quiet move can
   * only check if the piece (the king included) leaves the enemy king's file or rank (a line
   * opens or a screen leaves) or one of its
   * diagonal neighbours (a horse leg), or if it enters that file or rank (a rook or cannon, or a
   * new screen), jumps to where a horse attacks the king, or steps next to it as a pawn. So the
   * moves of a piece that stands on the king's lines or legs are all listed, and for the others
   * only those moves (a rook or cannon off the king's lines has at most two), and of these the
   * ones quietCannotCheck does not clear.
   */
  generateCheckCandidates(buf: Int32Array, start: number): number {
    const b = this.board;
    const ps = this.pieceSquare;
    const side = this.sideToMove;
    const self = 16 << side;
    const king = ps[32 >> side]!;
    let n = start;
    let sq = ps[self]!;
    // The king checks only by uncovering one of its own pieces, which it can do only from the
    // other king's file (the kings never share a rank).
    if (((sq ^ king) & 0x0f) === 0) {
      for (let i = sq << 2, e = i + 4; i < e; i++) {
        const to = KING_TO[i]!;
        if (to === 0) break;
        if (b[to] === 0) buf[n++] = sq | (to << 8);
      }
    }
    // Advisors, then elephants (whose eye must be empty).
    for (let id = self + 1; id <= self + 4; id++) {
      sq = ps[id]!;
      if (sq === 0) continue;
      const all = touchesKing(sq, king);
      const elephant = id >= self + 3;
      const targets = elephant ? ELEPHANT_TO : ADVISOR_TO;
      for (let i = sq << 2, e = i + 4; i < e; i++) {
        const to = targets[i]!;
        if (to === 0) break;
        if (b[to] === 0 && (!elephant || b[ELEPHANT_EYE[i]!] === 0) && (all || onLines(to, king))) buf[n++] = sq | (to << 8);
      }
    }
    for (let id = self + 5; id <= self + 6; id++) {
      sq = ps[id]!;
      if (sq === 0) continue;
      const all = touchesKing(sq, king);
      for (let i = sq << 3, e = i + 8; i < e; i++) {
        const to = HORSE_TO[i]!;
        if (to === 0) break;
        if (b[to] === 0 && b[HORSE_LEG[i]!] === 0 && (all || onLines(to, king) || HORSE_LEG_BY_STEP[king - to + 256] !== 0)) buf[n++] = sq | (to << 8);
      }
    }
    for (let id = self + 7; id <= self + 10; id++) {
      sq = ps[id]!;
      if (sq === 0) continue;
      if (touchesKing(sq, king)) {
        // Every quiet move of the slide, in its order.
        n = this.slide(buf, n, sq, self, GEN_QUIETS, id >= self + 9);
        continue;
      }
      // Off the king's lines: only where its own file meets the king's rank (the slide lists
      // the file first), then where its rank meets the king's file, if the way there is clear.
      const x = sq & 15;
      const y = sq >> 4;
      const ky = king >> 4;
      const kx = king & 15;
      const fi = ((y - 3) * 1024 + (this.fileBits[x]! >> 3)) << 2;
      const up = FILE_SCAN[fi + SCAN_DOWN_FIRST]!;
      const down = FILE_SCAN[fi + SCAN_UP_FIRST]!;
      if (ky < y ? up < ky : down === 0 || down > ky) buf[n++] = sq | (((ky << 4) | x) << 8);
      const ri = ((x - 3) * 512 + (this.rankBits[y]! >> 3)) << 2;
      const left = RANK_SCAN[ri + SCAN_DOWN_FIRST]!;
      const right = RANK_SCAN[ri + SCAN_UP_FIRST]!;
      if (kx < x ? left < kx : right === 0 || right > kx) buf[n++] = sq | (((y << 4) | kx) << 8);
    }
    const pawnBase = side << 10;
    for (let id = self + 11; id <= self + 15; id++) {
      sq = ps[id]!;
      if (sq === 0) continue;
      const all = touchesKing(sq, king);
      for (let i = pawnBase + (sq << 2), e = i + 3; i < e; i++) {
        const to = PAWN_TO[i]!;
        if (to === 0) break;
        const d = to - king;
        if (b[to] === 0 && (all || onLines(to, king) || d === 1 || d === -1 || d === 16 || d === -16)) buf[n++] = sq | (to << 8);
      }
    }
    // The geometry above is coarse (a piece entering the king's file is listed whatever stands
    // on it); quietCannotCheck looks at the lines as they will be.
    let w = start;
    for (let i = start; i < n; i++) {
      const m = buf[i]!;
      if (!this.quietCannotCheck(m)) buf[w++] = m;
    }
    // In check (the search never asks then), the same moves generate would keep.
    return this.inCheck() ? this.keepEvasions(buf, start, w) : w;
  }

  /**
   * For {@link quietCannotCheck}: whether, once the piece on `from` has moved to the empty `to`,
   * a piece of `tag` attacks `target` along the target's file or rank: a rook (or the king,
   * facing) first, or a cannon second. Only lines the move touches can have changed, and only
   * those are looked at, through the line bits as they will be.
   */
  private lineAttackAfter(target: number, from: number, to: number, tag: number): boolean {
    const tx = target & 15;
    const ty = target >> 4;
    if ((from & 15) === tx || (to & 15) === tx) {
      const bits = this.fileBits[tx]! ^ ((from & 15) === tx ? 1 << (from >> 4) : 0) ^ ((to & 15) === tx ? 1 << (to >> 4) : 0);
      const fi = ((ty - 3) * 1024 + (bits >> 3)) << 2;
      for (let k = 0; k < 4; k += 2) {
        if (this.attacksAlong((FILE_SCAN[fi + k]! << 4) | tx, (FILE_SCAN[fi + k + 1]! << 4) | tx, from, to, tag)) return true;
      }
    }
    if (from >> 4 === ty || to >> 4 === ty) {
      const bits = this.rankBits[ty]! ^ (from >> 4 === ty ? 1 << (from & 15) : 0) ^ (to >> 4 === ty ? 1 << (to & 15) : 0);
      const ri = ((tx - 3) * 512 + (bits >> 3)) << 2;
      const rank = target & 0xf0;
      for (let k = 0; k < 4; k += 2) {
        if (this.attacksAlong(rank | RANK_SCAN[ri + k]!, rank | RANK_SCAN[ri + k + 1]!, from, to, tag)) return true;
      }
    }
    return false;
  }

  /**
   * The first and second pieces along a line (on `first`, `second`; a scan's 0 leaves a square
   * off the board) with the piece on `from` standing on `to`: a rook or king of `tag` first, or
   * a cannon of `tag` second, attacks.
   */
  private attacksAlong(first: number, second: number, from: number, to: number, tag: number): boolean {
    const b = this.board;
    let pc = first === to ? b[from]! : b[first]!;
    if ((pc & tag) !== 0 && ((ROOK_OR_KING >> TYPE_OF[pc]!) & 1) !== 0) return true;
    pc = second === to ? b[from]! : b[second]!;
    return (pc & tag) !== 0 && TYPE_OF[pc] === CANNON;
  }

  /**
   * {@link GamePosition.checkerHangs}: the last move's piece stands where the side to move
   * attacks it and no piece of the mover's defends it (pins and the facing kings are not looked
   * at, as in {@link attackedBy}).
   */
  checkerHangs(): boolean {
    const p = this.ply;
    if (p === 0) return false;
    const move = this.histMove[p - 1]!;
    if (move === 0) return false;
    const to = (move >>> 8) & 0xff;
    const side = this.sideToMove;
    return this.attackedBy(to, side) && !this.attackedBy(to, side ^ 1);
  }

  /** XQWLight's rule: null move only while the side to move keeps more than 400 of value. */
  nullMoveSafe(): boolean {
    return (this.sideToMove === 0 ? this.valueRed : this.valueBlack) > 400;
  }

  /**
   * The static evaluation's parts (piece-square sums, imbalance, patterns, tempo), for tools
   * that explain or fit it. Each is blended by the game phase on its own, so their sum can
   * differ from `score` by a centipawn or two of rounding.
   */
  evaluationTerms(): XiangqiEvaluationTerms {
    return evaluationTerms(this);
  }

  /**
   * Whether {@link evaluate} uses the full evaluation (default true); off, only its lazy part:
   * material, piece-square tables, the material imbalance and the attack across the river (see {@link GamePosition.knowledge}).
   */
  knowledge = true;

  /** The static evaluation from the side to move's point of view (see evaluate.ts). */
  evaluate(alpha = -0x7fff, beta = 0x7fff): number {
    // Without knowledge, a window that every score lies outside: the lazy exit answers.
    return this.knowledge ? evaluateXiangqi(this, alpha, beta) : evaluateXiangqi(this, 0x7fff, -0x7fff);
  }

  /**
   * Whether a king of `side` standing on `sq` would be attacked by the other side, reading only
   * the board: horses (with their legs), pawns, rooks and the facing king along lines, and
   * cannons over exactly one screen.
   */
  kingAttacked(sq: number, side: number): boolean {
    return this.attackedByMen(sq, side, ROOK_OR_KING);
  }

  /**
   * Whether the side other than `side` attacks `sq` with a horse, a pawn, a cannon, or a piece
   * whose type is in `firstTypes` (a bit per type) as the first along a line.
   */
  private attackedByMen(sq: number, side: number, firstTypes: number): boolean {
    const opp = 32 >> side; // the other side's tag
    if (this.horseAttacks(sq, opp) || this.pawnsAttack(sq, side)) return true;
    // Lines: the first piece may be a rook (or the facing king); the second a cannon.
    return this.lineAttacked(sq, opp, firstTypes);
  }

  /**
   * Whether a pawn of the side other than `side` attacks `sq`: from ahead of it, and from beside
   * it once `sq` lies in `side`'s half (where those pawns have crossed the river).
   */
  private pawnsAttack(sq: number, side: number): boolean {
    const b = this.board;
    const opp = 32 >> side;
    let pc = b[sq - 16 + (side << 5)]!;
    if ((pc & opp) !== 0 && TYPE_OF[pc] === PAWN) return true;
    if ((sq & 0x80) !== side << 7) {
      pc = b[sq - 1]!;
      if ((pc & opp) !== 0 && TYPE_OF[pc] === PAWN) return true;
      pc = b[sq + 1]!;
      if ((pc & opp) !== 0 && TYPE_OF[pc] === PAWN) return true;
    }
    return false;
  }

  /**
   * Whether a horse of `tag` attacks `sq`: one of the (at most two) is a horse step away with
   * its leg empty. The board is read too, not only the piece squares: isSafe and losingCapture
   * try a capture on the board alone.
   */
  private horseAttacks(sq: number, tag: number): boolean {
    const b = this.board;
    const ps = this.pieceSquare;
    for (let id = tag + HORSE_ID; id <= tag + HORSE_ID + 1; id++) {
      const from = ps[id]!;
      if (from === 0 || b[from] !== id) continue;
      const leg = HORSE_LEG_BY_STEP[sq - from + 256]!;
      if (leg !== 0 && b[from + leg] === 0) return true;
    }
    return false;
  }

  /**
   * Whether, along a line from `sq`, the first piece met is one of `tag`'s of a type in
   * `firstTypes` (a bit per type), or the second is a cannon of `tag`. Reads the line scans.
   */
  private lineAttacked(sq: number, tag: number, firstTypes: number): boolean {
    return this.fileAttacked(sq, tag, firstTypes) || this.rankAttacked(sq, tag, firstTypes);
  }

  /** {@link lineAttacked} along the file of `sq` only. */
  private fileAttacked(sq: number, tag: number, firstTypes: number): boolean {
    const b = this.board;
    const x = sq & 15;
    const fi = (((sq >> 4) - 3) * 1024 + (this.fileBits[x]! >> 3)) << 2;
    for (let k = 0; k < 4; k += 2) {
      let c = FILE_SCAN[fi + k]!;
      if (c === 0) continue;
      let pc = b[(c << 4) | x]!;
      if ((pc & tag) !== 0 && ((firstTypes >> TYPE_OF[pc]!) & 1) !== 0) return true;
      c = FILE_SCAN[fi + k + 1]!;
      if (c === 0) continue;
      pc = b[(c << 4) | x]!;
      if ((pc & tag) !== 0 && TYPE_OF[pc] === CANNON) return true;
    }
    return false;
  }

  /** {@link lineAttacked} along the rank of `sq` only. */
  private rankAttacked(sq: number, tag: number, firstTypes: number): boolean {
    const b = this.board;
    const rank = sq & 0xf0;
    const ri = (((sq & 15) - 3) * 512 + (this.rankBits[sq >> 4]! >> 3)) << 2;
    for (let k = 0; k < 4; k += 2) {
      let c = RANK_SCAN[ri + k]!;
      if (c === 0) continue;
      let pc = b[rank | c]!;
      if ((pc & tag) !== 0 && ((firstTypes >> TYPE_OF[pc]!) & 1) !== 0) return true;
      c = RANK_SCAN[ri + k + 1]!;
      if (c === 0) continue;
      pc = b[rank | c]!;
      if ((pc & tag) !== 0 && TYPE_OF[pc] === CANNON) return true;
    }
    return false;
  }

  /**
   * Writes the pseudo-legal moves of the side to move into `buf` from index `start` and returns
   * the end index. With `capturesOnly`, only captures. In check, only the moves that may answer
   * every check are written (see {@link keepEvasions}): the others are all illegal, and most
   * moves of a side in check are, so they are not made just to be refused.
   */
  generate(buf: Int32Array, start: number, capturesOnly: boolean): number {
    const end = this.generateKind(buf, start, capturesOnly ? GEN_CAPTURES : GEN_ALL);
    return this.inCheck() ? this.keepEvasions(buf, start, end) : end;
  }

  /** {@link GamePosition.generateQuiets}: {@link generate}'s moves onto empty points, in its order. */
  generateQuiets(buf: Int32Array, start: number): number {
    const end = this.generateKind(buf, start, GEN_QUIETS);
    return this.inCheck() ? this.keepEvasions(buf, start, end) : end;
  }

  /**
   * Every pseudo-legal move (by the pieces' rules alone, the mover's king left attacked or
   * not), in {@link generate}'s order, in check too. With `capturesOnly`, only captures.
   */
  generatePseudoLegal(buf: Int32Array, start: number, capturesOnly: boolean): number {
    return this.generateKind(buf, start, capturesOnly ? GEN_CAPTURES : GEN_ALL);
  }

  /**
   * With the side to move in check, keeps (in order, compacted) only the moves of
   * `buf[start..end)` that may answer every check: the king's moves, and moves that take a
   * checker, stand between a rook, cannon or facing king and the king, stand on a checking
   * horse's leg, or move a cannon's screen away. A move that does none of these leaves some
   * check standing, so this refuses only illegal moves; make() still tests the rest.
   */
  private keepEvasions(buf: Int32Array, start: number, end: number): number {
    const side = this.sideToMove;
    const king = this.pieceSquare[16 << side]!;
    const checks = this.markEvasions(king, side);
    if (checks === 0) return end;
    const want = (1 << checks) - 1;
    const stamp = this.evasionStamp << 4;
    const toMarks = this.evasionTo;
    const fromMarks = this.evasionFrom;
    let n = start;
    for (let i = start; i < end; i++) {
      const m = buf[i]!;
      const from = m & 0xff;
      if (from !== king) {
        // A mark of this use differs from the stamp in its low four bits only.
        const t = toMarks[(m >>> 8) & 0xff]! ^ stamp;
        const f = fromMarks[from]! ^ stamp;
        const bits = (t < 16 ? t : 0) | (f < 16 ? f : 0);
        if ((bits & want) !== want) continue;
      }
      buf[n++] = m;
    }
    return n;
  }

  /**
   * Finds the checks on `side`'s king on `king` (the same attacks {@link kingAttacked} looks
   * for) and marks, for the k-th (up to four; answering the first four is still necessary), the
   * points a move onto or away from may answer it. Returns how many checks were marked.
   */
  private markEvasions(king: number, side: number): number {
    let stamp = this.evasionStamp + 1;
    if (stamp >= 1 << 26) {
      this.evasionTo.fill(0);
      this.evasionFrom.fill(0);
      stamp = 1;
    }
    this.evasionStamp = stamp;
    const b = this.board;
    const ps = this.pieceSquare;
    const opp = 32 >> side;
    let k = 0;
    // Horses: take it, or stand on its leg.
    for (let id = opp + HORSE_ID; id <= opp + HORSE_ID + 1 && k < 4; id++) {
      const from = ps[id]!;
      if (from === 0) continue;
      const leg = HORSE_LEG_BY_STEP[king - from + 256]!;
      if (leg === 0 || b[from + leg] !== 0) continue;
      this.markEvasion(this.evasionTo, from, k);
      this.markEvasion(this.evasionTo, from + leg, k);
      k++;
    }
    // Pawns (ahead of the king, and beside it: a pawn there has crossed): take it.
    for (let j = 0; j < 3 && k < 4; j++) {
      const sq = j === 0 ? king - 16 + (side << 5) : j === 1 ? king - 1 : king + 1;
      const pc = b[sq]!;
      if ((pc & opp) !== 0 && TYPE_OF[pc] === PAWN) {
        this.markEvasion(this.evasionTo, sq, k);
        k++;
      }
    }
    // Lines: a rook or the facing king first, a cannon second.
    const kx = king & 15;
    const ky = king >> 4;
    const fi = ((ky - 3) * 1024 + (this.fileBits[kx]! >> 3)) << 2;
    const ri = ((kx - 3) * 512 + (this.rankBits[ky]! >> 3)) << 2;
    for (let dir = 0; dir < 4 && k < 4; dir++) {
      // 0, 1: along the file (FILE_SCAN's two directions); 2, 3: along the rank.
      const onFile = dir < 2;
      const scan = onFile ? FILE_SCAN : RANK_SCAN;
      const at = (onFile ? fi : ri) + (dir & 1) * 2;
      const c1 = scan[at]!;
      if (c1 === 0) continue;
      const s1 = onFile ? (c1 << 4) | kx : (ky << 4) | c1;
      const step = onFile ? (c1 > ky ? 16 : -16) : c1 > kx ? 1 : -1;
      const p1 = b[s1]!;
      if ((p1 & opp) !== 0 && (TYPE_OF[p1] === ROOK || TYPE_OF[p1] === KING)) {
        for (let s = king + step; s !== s1; s += step) this.markEvasion(this.evasionTo, s, k);
        this.markEvasion(this.evasionTo, s1, k);
        k++;
        if (k === 4) break;
      }
      const c2 = scan[at + 1]!;
      if (c2 === 0) continue;
      const s2 = onFile ? (c2 << 4) | kx : (ky << 4) | c2;
      const p2 = b[s2]!;
      if ((p2 & opp) === 0 || TYPE_OF[p2] !== CANNON) continue;
      // A second screen anywhere between, the cannon taken, or an own screen moved away.
      for (let s = king + step; s !== s2; s += step) if (s !== s1) this.markEvasion(this.evasionTo, s, k);
      this.markEvasion(this.evasionTo, s2, k);
      if ((p1 & opp) === 0) this.markEvasion(this.evasionFrom, s1, k);
      k++;
    }
    return k;
  }

  /** Sets bit `k` of `point`'s mark for the current use (see {@link evasionTo}). */
  private markEvasion(marks: Int32Array, point: number, k: number): void {
    const stamp = this.evasionStamp << 4;
    const v = marks[point]!;
    marks[point] = ((v ^ stamp) < 16 ? v : stamp) | (1 << k);
  }

  /** {@link generate} for one kind of move: all, captures only, or quiet moves only. */
  private generateKind(buf: Int32Array, start: number, kind: number): number {
    const b = this.board;
    const ps = this.pieceSquare;
    const side = this.sideToMove;
    const self = 16 << side;
    // A target is acceptable if it holds neither an own piece nor the edge; for captures it
    // must also hold an enemy piece, for quiet moves no piece at all.
    const reject = kind === GEN_QUIETS ? self | OFF_BOARD | (32 >> side) : self | OFF_BOARD;
    const need = kind === GEN_CAPTURES ? 32 >> side : 0;
    let n = start;

    // King, advisors, elephants, horses, pawns: table-driven steps.
    let sq = ps[self]!;
    if (sq !== 0) {
      for (let i = sq << 2, e = i + 4; i < e; i++) {
        const to = KING_TO[i]!;
        if (to === 0) break;
        const t = b[to]!;
        if ((t & reject) === 0 && (t & need) === need) buf[n++] = sq | (to << 8);
      }
    }
    for (let id = self + 1; id <= self + 2; id++) {
      sq = ps[id]!;
      if (sq === 0) continue;
      for (let i = sq << 2, e = i + 4; i < e; i++) {
        const to = ADVISOR_TO[i]!;
        if (to === 0) break;
        const t = b[to]!;
        if ((t & reject) === 0 && (t & need) === need) buf[n++] = sq | (to << 8);
      }
    }
    for (let id = self + 3; id <= self + 4; id++) {
      sq = ps[id]!;
      if (sq === 0) continue;
      for (let i = sq << 2, e = i + 4; i < e; i++) {
        const to = ELEPHANT_TO[i]!;
        if (to === 0) break;
        const t = b[to]!;
        if ((t & reject) === 0 && (t & need) === need && b[ELEPHANT_EYE[i]!] === 0) buf[n++] = sq | (to << 8);
      }
    }
    for (let id = self + 5; id <= self + 6; id++) {
      sq = ps[id]!;
      if (sq === 0) continue;
      for (let i = sq << 3, e = i + 8; i < e; i++) {
        const to = HORSE_TO[i]!;
        if (to === 0) break;
        const t = b[to]!;
        if ((t & reject) === 0 && (t & need) === need && b[HORSE_LEG[i]!] === 0) buf[n++] = sq | (to << 8);
      }
    }
    for (let id = self + 7; id <= self + 8; id++) {
      sq = ps[id]!;
      if (sq !== 0) n = this.slide(buf, n, sq, self, kind, false);
    }
    for (let id = self + 9; id <= self + 10; id++) {
      sq = ps[id]!;
      if (sq !== 0) n = this.slide(buf, n, sq, self, kind, true);
    }
    const pawnBase = side << 10;
    for (let id = self + 11; id <= self + 15; id++) {
      sq = ps[id]!;
      if (sq === 0) continue;
      for (let i = pawnBase + (sq << 2), e = i + 3; i < e; i++) {
        const to = PAWN_TO[i]!;
        if (to === 0) break;
        const t = b[to]!;
        if ((t & reject) === 0 && (t & need) === need) buf[n++] = sq | (to << 8);
      }
    }
    return n;
  }

  /**
   * Rook or cannon moves from `sq`: up, down, left, right, nearest first. The line scans give
   * where each direction's quiet moves end and where a capture may land, so a capture-only
   * pass never walks the empty squares. `kind` as in {@link generateKind}.
   */
  private slide(buf: Int32Array, n: number, sq: number, self: number, kind: number, cannon: boolean): number {
    const b = this.board;
    // A quiet-only pass takes nothing: no piece counts as an enemy.
    const opp = kind === GEN_QUIETS ? 0 : 48 ^ self;
    const capturesOnly = kind === GEN_CAPTURES;
    const x = sq & 15;
    const y = sq >> 4;
    const rank = sq & 0xf0;
    const ri = ((x - 3) * 512 + (this.rankBits[y]! >> 3)) << 2;
    const fi = ((y - 3) * 1024 + (this.fileBits[x]! >> 3)) << 2;
    const hit = cannon ? 1 : 0;
    // Up (towards y = 3), then down.
    let first = FILE_SCAN[fi + 2]!;
    if (!capturesOnly) for (let t = y - 1, e = first === 0 ? RANK_TOP - 1 : first; t > e; t--) buf[n++] = sq | (((t << 4) | x) << 8);
    let c = FILE_SCAN[fi + 2 + hit]!;
    if (c !== 0 && (b[(c << 4) | x]! & opp) !== 0) buf[n++] = sq | (((c << 4) | x) << 8);
    first = FILE_SCAN[fi]!;
    if (!capturesOnly) for (let t = y + 1, e = first === 0 ? RANK_BOTTOM + 1 : first; t < e; t++) buf[n++] = sq | (((t << 4) | x) << 8);
    c = FILE_SCAN[fi + hit]!;
    if (c !== 0 && (b[(c << 4) | x]! & opp) !== 0) buf[n++] = sq | (((c << 4) | x) << 8);
    // Left, then right.
    first = RANK_SCAN[ri + 2]!;
    if (!capturesOnly) for (let t = x - 1, e = first === 0 ? FILE_LEFT - 1 : first; t > e; t--) buf[n++] = sq | ((rank | t) << 8);
    c = RANK_SCAN[ri + 2 + hit]!;
    if (c !== 0 && (b[rank | c]! & opp) !== 0) buf[n++] = sq | ((rank | c) << 8);
    first = RANK_SCAN[ri]!;
    if (!capturesOnly) for (let t = x + 1, e = first === 0 ? FILE_RIGHT + 1 : first; t < e; t++) buf[n++] = sq | ((rank | t) << 8);
    c = RANK_SCAN[ri + hit]!;
    if (c !== 0 && (b[rank | c]! & opp) !== 0) buf[n++] = sq | ((rank | c) << 8);
    return n;
  }

  /**
   * Whether a pseudo-legal move certainly leaves the mover's king safe, from geometry alone:
   * when the mover is not in check, a move other than the king's can only matter if it leaves
   * or enters the king's file or rank (rooks, cannon screens, the facing king), or leaves a
   * diagonal neighbour of the king (a horse leg). False means "look at the board".
   */
  cannotExposeKing(move: Move, checked: boolean): boolean {
    if (checked) return false;
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const king = this.pieceSquare[16 << this.sideToMove]!;
    return (
      from !== king &&
      ((from ^ king) & 0x0f) !== 0 &&
      ((from ^ king) & 0xf0) !== 0 &&
      ((to ^ king) & 0x0f) !== 0 &&
      ((to ^ king) & 0xf0) !== 0 &&
      DIAGONAL_NEIGHBOUR[from - king + 256] === 0
    );
  }

  /**
   * Whether a pseudo-legal move leaves the mover's king safe. Moves that {@link cannotExposeKing}
   * are accepted without touching the board; the rest are tried on the board alone.
   * `checked` must be the current {@link inCheck}.
   */
  isSafe(move: Move, checked: boolean): boolean {
    if (this.cannotExposeKing(move, checked)) return true;
    const from = move & 0xff;
    const to = (move >>> 8) & 0xff;
    const side = this.sideToMove;
    const king = this.pieceSquare[16 << side]!;
    const b = this.board;
    const id = b[from]!;
    const captured = b[to]!;
    b[to] = id;
    b[from] = 0;
    this.flipBits(from);
    if (captured === 0) this.flipBits(to);
    const attacked = this.kingAttacked(from === king ? to : king, side);
    this.flipBits(from);
    if (captured === 0) this.flipBits(to);
    b[from] = id;
    b[to] = captured;
    return !attacked;
  }

  /**
   * Keeps only the legal moves among `buf[start..end)`, compacting them in place, and returns
   * the new end.
   */
  filterLegal(buf: Int32Array, start: number, end: number): number {
    const checked = this.inCheck();
    let n = start;
    for (let i = start; i < end; i++) {
      const m = buf[i]!;
      if (this.isSafe(m, checked)) buf[n++] = m;
    }
    return n;
  }

  /** Writes the legal moves into `buf` from `start` and returns the end index. */
  generateLegal(buf: Int32Array, start: number): number {
    return this.filterLegal(buf, start, this.generate(buf, start, false));
  }
}
