/**
 * How a chess game ends, under the FIDE Laws.
 *
 * Automatic ends: checkmate, stalemate, insufficient material (a dead position with no pawn,
 * rook or queen left and no way to mate: K v K, K+minor v K, bishops all on one colour), the
 * 75-move rule and fivefold repetition. Claimable draws: the 50-move rule and threefold
 * repetition; they are reported in `claims` and end the game only when a caller says so.
 *
 * Repetition compares Polyglot keys, which include the side to move, castling rights and the
 * en-passant file whenever an en-passant capture is pseudo-legal. FIDE counts the right only
 * when the capture is legal; the two differ only when the capturing pawn is pinned.
 */
import { BISHOP, KNIGHT, PAWN, QUEEN, ROOK, WHITE_TAG, isLightSquare } from './board.js';
import { MAX_MOVES, type ChessPosition } from './position.js';

export type ChessColor = 'white' | 'black';

/** Ways a game is over without anyone's claim. */
export type ChessEnd = 'checkmate' | 'stalemate' | 'insufficient-material' | 'seventy-five-moves' | 'fivefold-repetition';

/** Draws a player may claim. */
export type ChessClaim = 'fifty-moves' | 'threefold-repetition';

/** The state of a game. */
export interface ChessStatus {
  over: boolean;
  /** `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on. */
  result: '1-0' | '0-1' | '1/2-1/2' | '*';
  reason?: ChessEnd;
  winner?: ChessColor;
  /** Draws the side to move could claim now (empty once the game is over). */
  claims: ChessClaim[];
  /** Whether the side to move is in check. */
  check: boolean;
}

const scratch = new Int32Array(MAX_MOVES);

/**
 * How many times the current position has occurred, counting this one, since the last capture
 * or pawn move (positions before the root FEN are unknown and not counted).
 */
export function repetitionCount(pos: ChessPosition): number {
  const p = pos.ply;
  const lo = pos.keyLo;
  const hi = pos.keyHi;
  const first = Math.max(0, p - pos.halfmoveClock);
  let n = 1;
  for (let q = p - 2; q >= first; q -= 2) {
    if (pos.histKeyLo[q] === lo && pos.histKeyHi[q] === hi) n++;
  }
  return n;
}

/** Whether neither side has mating material (see the module comment). */
export function isInsufficientMaterial(pos: ChessPosition): boolean {
  const c = pos.count;
  for (const t of [PAWN, ROOK, QUEEN]) if (c[t | 8]! + c[t | 16]! > 0) return false;
  const knights = c[KNIGHT | 8]! + c[KNIGHT | 16]!;
  const bishops = c[BISHOP | 8]! + c[BISHOP | 16]!;
  if (knights + bishops <= 1) return true;
  if (knights > 0) return false;
  // Only bishops: dead if they all stand on squares of one colour.
  let light = 0;
  for (const pc of [BISHOP | 8, BISHOP | 16]) {
    for (let i = 0; i < c[pc]!; i++) if (isLightSquare(pos.squares[(pc << 4) | i]!)) light++;
  }
  return light === 0 || light === bishops;
}

/**
 * Whether `side` (0 white, 1 black) alone can never mate: it has only its king, or its king and
 * one bishop or knight. Match tools judge a flag by it: a side that runs out of time against
 * such a side draws.
 */
export function sideCannotMate(pos: ChessPosition, side: 0 | 1): boolean {
  const c = pos.count;
  const tag = WHITE_TAG << side;
  for (const t of [PAWN, ROOK, QUEEN]) if (c[t | tag]! > 0) return false;
  return c[KNIGHT | tag]! + c[BISHOP | tag]! <= 1;
}

/** The game status (see {@link ChessStatus}). */
export function gameStatus(pos: ChessPosition): ChessStatus {
  const check = pos.inCheck();
  const mover: ChessColor = pos.sideToMove === 0 ? 'white' : 'black';
  const other: ChessColor = mover === 'white' ? 'black' : 'white';
  const draw = (reason: ChessEnd): ChessStatus => ({ over: true, result: '1/2-1/2', reason, claims: [], check });
  if (pos.generate(scratch, 0, false) === 0) {
    if (check) return { over: true, result: other === 'white' ? '1-0' : '0-1', reason: 'checkmate', winner: other, claims: [], check };
    return draw('stalemate');
  }
  if (isInsufficientMaterial(pos)) return draw('insufficient-material');
  const reps = repetitionCount(pos);
  if (reps >= 5) return draw('fivefold-repetition');
  if (pos.halfmoveClock >= 150) return draw('seventy-five-moves');
  const claims: ChessClaim[] = [];
  if (pos.halfmoveClock >= 100) claims.push('fifty-moves');
  if (reps >= 3) claims.push('threefold-repetition');
  return { over: false, result: '*', claims, check };
}
