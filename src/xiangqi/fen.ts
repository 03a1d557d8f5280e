/**
 * Xiangqi FEN: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
 *
 * Black is at the top. Red to move is `w` (also accepted: `r`); black is `b`. The letters B/E
 * (elephant) and N/H (horse) are both read; B and N are written. The castling and en-passant
 * fields, when present, must be `-`. Missing trailing fields default to `- - 0 1`.
 */
import { FenError } from '../core/errors.js';
import { ADVISOR_POINTS, ELEPHANT_POINTS, FILE_LEFT, PALACE_OF, RANK_TOP, pawnPointOk, squareAt } from './geometry.js';
import { ADVISOR, COUNT, ELEPHANT, FEN_LETTERS, FIRST_ID, KING, PAWN, TYPE_OF, TYPE_NAMES, sideTag, typeFromLetter } from './pieces.js';
import { XiangqiPosition } from './position.js';

export const START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

const RANK_NAMES = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/**
 * Reads a FEN into `pos` (which is cleared first), validating it fully.
 * @throws {FenError} naming the field and the reason; `pos` is then left cleared.
 */
export function readFen(fen: string, pos: XiangqiPosition): void {
  const fail = (field: ConstructorParameters<typeof FenError>[0], reason: string): never => {
    pos.clear();
    throw new FenError(field, reason, fen);
  };
  if (typeof fen !== 'string') fail('board', 'not a string');
  const fields = fen.trim().split(/\s+/);
  if (fields.length === 0 || fields[0] === '') fail('board', 'empty FEN');
  if (fields.length > 6) fail('position', `expected at most 6 fields, got ${fields.length}`);
  pos.clear();

  // Board.
  const rows = fields[0]!.split('/');
  if (rows.length !== 10) fail('board', `expected 10 rows, got ${rows.length}`);
  const used = new Uint8Array(14); // pieces placed per side*7+type
  for (let r = 0; r < 10; r++) {
    const row = rows[r]!;
    let x = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '9') {
        x += ch.charCodeAt(0) - 48;
        if (x > 9) fail('board', `row ${r + 1} ('${row}') is wider than 9 points`);
        continue;
      }
      const type = typeFromLetter(ch);
      if (type < 0) fail('board', `unknown piece letter '${ch}' in row ${r + 1}`);
      if (x >= 9) fail('board', `row ${r + 1} ('${row}') is wider than 9 points`);
      const side = ch === ch.toUpperCase() ? 0 : 1;
      const k = side * 7 + type;
      if (used[k]! >= COUNT[type]!) {
        fail('board', `too many ${side === 0 ? 'red' : 'black'} ${TYPE_NAMES[type]}s (the game has ${COUNT[type]})`);
      }
      const id = sideTag(side) + FIRST_ID[type]! + used[k]!;
      used[k]!++;
      const sq = squareAt(x + FILE_LEFT, r + RANK_TOP);
      const color = side === 0 ? 'red' : 'black';
      const where = `${String.fromCharCode(97 + x)}${9 - r}`;
      if (type === KING && !PALACE_OF[side * 256 + sq]) fail('board', `${color} king on ${where} is outside its palace`);
      if (type === ADVISOR && !ADVISOR_POINTS[side * 256 + sq]) fail('board', `${color} advisor on ${where} is on a point it can never reach`);
      if (type === ELEPHANT && !ELEPHANT_POINTS[side * 256 + sq]) fail('board', `${color} elephant on ${where} is on a point it can never reach`);
      if (type === PAWN && !pawnPointOk(sq, side)) fail('board', `${color} pawn on ${where} is on a point it can never reach`);
      pos.addPiece(id, sq);
      x++;
    }
    if (x !== 9) fail('board', `row ${r + 1} ('${row}') has ${x} points, expected 9 (the ${RANK_NAMES[r]} row from the top)`);
  }
  if (used[0] === 0) fail('board', 'the red king is missing');
  if (used[7] === 0) fail('board', 'the black king is missing');

  // Side to move.
  const turn = fields[1] ?? 'w';
  if (turn === 'b') pos.flipSide();
  else if (turn !== 'w' && turn !== 'r') fail('turn', `expected 'w', 'r' or 'b', got '${turn}'`);

  // Castling and en passant do not exist in xiangqi.
  if (fields[2] !== undefined && fields[2] !== '-') fail('castling', `xiangqi has no castling, expected '-', got '${fields[2]}'`);
  if (fields[3] !== undefined && fields[3] !== '-') fail('enPassant', `xiangqi has no en passant, expected '-', got '${fields[3]}'`);

  const halfmove = readCount(fields[4], 0, 'halfmove', fail);
  const fullmove = readCount(fields[5], 1, 'fullmove', fail);
  if (fields[5] !== undefined && fullmove < 1) fail('fullmove', 'must be at least 1');

  // The side that just moved may not be in check (the flying general counts).
  const other = pos.sideToMove ^ 1;
  if (pos.kingAttacked(pos.pieceSquare[sideTag(other)]!, other)) {
    fail('position', `the side not to move (${other === 0 ? 'red' : 'black'}) is in check`);
  }
  pos.resetHistory(halfmove, fullmove);
}

function readCount(text: string | undefined, fallback: number, field: 'halfmove' | 'fullmove', fail: (f: 'halfmove' | 'fullmove', r: string) => never): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,6}$/.test(text)) fail(field, `expected a non-negative integer, got '${text}'`);
  return Number(text);
}

/** Writes the standard FEN of a position. */
export function writeFen(pos: XiangqiPosition): string {
  const rows: string[] = [];
  for (let y = RANK_TOP; y < RANK_TOP + 10; y++) {
    let row = '';
    let empty = 0;
    for (let x = FILE_LEFT; x < FILE_LEFT + 9; x++) {
      const id = pos.board[squareAt(x, y)]!;
      if (id === 0) {
        empty++;
        continue;
      }
      if (empty > 0) row += String(empty);
      empty = 0;
      const letter = FEN_LETTERS[TYPE_OF[id]!]!;
      row += id < 32 ? letter : letter.toLowerCase();
    }
    if (empty > 0) row += String(empty);
    rows.push(row);
  }
  return `${rows.join('/')} ${pos.sideToMove === 0 ? 'w' : 'b'} - - ${pos.halfmoveClock} ${pos.fullmove}`;
}

/** Parses a FEN into a new position. @throws {FenError} */
export function positionFromFen(fen: string): XiangqiPosition {
  const pos = new XiangqiPosition();
  readFen(fen, pos);
  return pos;
}

