/**
 * Move notation: UCI coordinates (`e2e4`, `e7e8q`) and Standard Algebraic Notation.
 *
 * SAN is written exactly as the PGN standard asks: the shortest disambiguation (file, then
 * rank, then both), `x` for captures, `=Q` for promotions, `O-O` / `O-O-O`, and `+` or `#`.
 * It is read leniently: `0-0`, missing or extra disambiguation, long forms like `Qh4xe1` or
 * `e2-e4`, `e8Q`, `exd6e.p.`, trailing `+#!?`, and bare UCI.
 */
import { IllegalMoveError, NotationError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import {
  FLAG_CASTLE,
  FLAG_EN_PASSANT,
  FLAG_PROMOTION_MASK,
  KING,
  PAWN,
  PIECE_LETTERS,
  TYPE_NAMES,
  parseSquare,
  squareName,
} from './board.js';
import { MAX_MOVES, type ChessPosition } from './position.js';
import { writeFen } from './fen.js';

// Two plies of scratch: the moves of the position, and the replies used to tell + from #.
const scratch = new Int32Array(MAX_MOVES * 2);

/** The UCI form of a move: `e2e4`, `e7e8q`, castling as the king's move `e1g1`. */
export function moveToUci(move: Move): string {
  const promo = (move >>> 16) & FLAG_PROMOTION_MASK;
  return squareName(move & 0xff) + squareName((move >>> 8) & 0xff) + (promo !== 0 ? 'nbrq'[promo - 2]! : '');
}

/** Whether `move` is among the legal moves of `pos`. */
export function isLegalMove(pos: ChessPosition, move: Move): boolean {
  const end = pos.generate(scratch, 0, false);
  for (let i = 0; i < end; i++) if (scratch[i] === move) return true;
  return false;
}

/**
 * Reads a UCI move and checks that it is legal.
 * @throws {NotationError} if malformed; {@link IllegalMoveError} if not legal here.
 */
export function parseUci(pos: ChessPosition, text: string): Move {
  const m = /^([a-h][1-8])([a-h][1-8])([nbrq]?)$/i.exec(typeof text === 'string' ? text.trim() : '');
  if (m === null) throw new NotationError(String(text), 'not a UCI move (like e2e4 or e7e8q)', writeFen(pos));
  const from = parseSquare(m[1]!);
  const to = parseSquare(m[2]!);
  const promo = m[3] === '' ? 0 : 'nbrq'.indexOf(m[3]!.toLowerCase()) + 2;
  const end = pos.generate(scratch, 0, false);
  for (let i = 0; i < end; i++) {
    const c = scratch[i]!;
    if ((c & 0xffff) === (from | (to << 8)) && ((c >>> 16) & FLAG_PROMOTION_MASK) === promo) return c;
  }
  throw new IllegalMoveError(text, whyIllegal(pos, from, to, promo), writeFen(pos));
}

function whyIllegal(pos: ChessPosition, from: number, to: number, promo: number): string {
  const pc = pos.board[from]!;
  if (pc === 0) return `no piece on ${squareName(from)}`;
  if (pc >> 4 !== pos.sideToMove) return `the piece on ${squareName(from)} is not the side to move's`;
  if ((pc & 7) === PAWN && (to >> 4 === 7 || to >> 4 === 0) && promo === 0) return 'a promotion needs a piece (q, r, b or n)';
  if (promo !== 0 && (pc & 7) !== PAWN) return 'only a pawn can promote';
  return `the ${TYPE_NAMES[pc & 7]} on ${squareName(from)} cannot legally move to ${squareName(to)}`;
}

/** Writes a legal move in SAN. */
export function moveToSan(pos: ChessPosition, move: Move): string {
  const end = pos.generate(scratch, 0, false);
  return sanWithMoves(pos, move, end);
}

/** SAN of `move`, with the position's legal moves already in `scratch[0..end)`. */
function sanWithMoves(pos: ChessPosition, move: Move, end: number): string {
  const from = move & 0xff;
  const to = (move >>> 8) & 0xff;
  const flags = move >>> 16;
  const pc = pos.board[from]!;
  const type = pc & 7;
  let san: string;
  if (flags & FLAG_CASTLE) {
    san = to > from ? 'O-O' : 'O-O-O';
  } else {
    const capture = pos.board[to] !== 0 || (flags & FLAG_EN_PASSANT) !== 0;
    if (type === PAWN) {
      san = capture ? squareName(from)[0]! + 'x' : '';
      san += squareName(to);
      const promo = flags & FLAG_PROMOTION_MASK;
      if (promo !== 0) san += '=' + PIECE_LETTERS[promo];
    } else {
      san = PIECE_LETTERS[type]!;
      if (type !== KING) {
        // Disambiguate against other pieces of the same kind that can reach `to`.
        let others = false;
        let sameFile = false;
        let sameRank = false;
        for (let i = 0; i < end; i++) {
          const o = scratch[i]!;
          const of = o & 0xff;
          if (of === from || ((o >>> 8) & 0xff) !== to || pos.board[of] !== pc) continue;
          others = true;
          if ((of & 7) === (from & 7)) sameFile = true;
          if (of >> 4 === from >> 4) sameRank = true;
        }
        if (others) {
          if (!sameFile) san += squareName(from)[0];
          else if (!sameRank) san += squareName(from)[1];
          else san += squareName(from);
        }
      }
      if (capture) san += 'x';
      san += squareName(to);
    }
  }
  pos.makeMove(move);
  if (pos.inCheck()) san += pos.generate(scratch, MAX_MOVES, false) === MAX_MOVES ? '#' : '+';
  pos.unmakeMove();
  return san;
}

/** SAN for each move of a line played from `pos` (which is left unchanged). */
export function lineToSan(pos: ChessPosition, moves: readonly Move[]): string[] {
  const out: string[] = [];
  let made = 0;
  try {
    for (const m of moves) {
      out.push(moveToSan(pos, m));
      pos.makeMove(m);
      made++;
    }
  } finally {
    for (; made > 0; made--) pos.unmakeMove();
  }
  return out;
}

const SAN_PATTERN = /^([NBRQK])?([a-h])?([1-8])?[x:-]?([a-h][1-8])(?:=?([NBRQnbrq]))?$/;

/**
 * Reads SAN leniently and returns the legal move it names.
 * @throws {NotationError} for malformed or ambiguous text; {@link IllegalMoveError} when it names no legal move.
 */
export function parseSan(pos: ChessPosition, text: string): Move {
  return findSan(pos, text);
}

/**
 * Reads SAN as {@link parseSan} does and also writes the move's canonical SAN, from the one
 * generation of the legal moves both need (PGN reading does both for every move).
 * @throws as {@link parseSan}.
 */
export function readSan(pos: ChessPosition, text: string): { move: Move; san: string } {
  const move = findSan(pos, text);
  return { move, san: sanWithMoves(pos, move, sanEnd) };
}

/** How many legal moves the last {@link findSan} left in `scratch`. */
let sanEnd = 0;

function findSan(pos: ChessPosition, text: string): Move {
  if (typeof text !== 'string') throw new NotationError(String(text), 'not a string', writeFen(pos));
  let s = text.trim();
  if (s.length === 0 || s.length > 16) throw new NotationError(text, 'not a SAN move', writeFen(pos));
  s = s.replace(/[+#!?]+$/, '').replace(/\s*e\.?p\.?$/, '');
  const end = pos.generate(scratch, 0, false);
  sanEnd = end;

  const castle = /^([O0o])-?\1(-?\1)?$/.exec(s);
  if (castle !== null) {
    const long = castle[2] !== undefined;
    for (let i = 0; i < end; i++) {
      const m = scratch[i]!;
      if ((m >>> 16) & FLAG_CASTLE && ((m >>> 8) & 0xff) > (m & 0xff) !== long) return m;
    }
    throw new IllegalMoveError(text, `${long ? 'queenside' : 'kingside'} castling is not legal here`, writeFen(pos));
  }

  const p = SAN_PATTERN.exec(s);
  if (p === null) throw new NotationError(text, 'not a SAN move', writeFen(pos));
  const pieceType = p[1] === undefined ? 0 : PIECE_LETTERS.indexOf(p[1]);
  const fromFile = p[2] === undefined ? -1 : p[2].charCodeAt(0) - 97;
  const fromRank = p[3] === undefined ? -1 : p[3].charCodeAt(0) - 49;
  const to = parseSquare(p[4]!);
  const promo = p[5] === undefined ? 0 : PIECE_LETTERS.indexOf(p[5].toUpperCase());
  // A full origin square (`e2e4`, `Qh4xe1`) names the piece even without a letter.
  const fullOrigin = fromFile >= 0 && fromRank >= 0;

  let found = 0;
  let count = 0;
  for (let i = 0; i < end; i++) {
    const m = scratch[i]!;
    if (((m >>> 8) & 0xff) !== to) continue;
    const from = m & 0xff;
    const type = pos.board[from]! & 7;
    if (pieceType !== 0 ? type !== pieceType : !fullOrigin && type !== PAWN) continue;
    if (fromFile >= 0 && (from & 7) !== fromFile) continue;
    if (fromRank >= 0 && from >> 4 !== fromRank) continue;
    const mp = (m >>> 16) & FLAG_PROMOTION_MASK;
    if (mp !== promo) {
      if (promo === 0 && mp !== 0) throw new NotationError(text, 'a promotion needs a piece, as in e8=Q', writeFen(pos));
      continue;
    }
    if ((m >>> 16) & FLAG_CASTLE && pieceType === KING) continue; // castling is written O-O
    found = m;
    count++;
  }
  if (count === 1) return found;
  if (count > 1) throw new NotationError(text, 'ambiguous: more than one piece can make this move', writeFen(pos));
  throw new IllegalMoveError(text, 'no legal move matches it', writeFen(pos));
}
