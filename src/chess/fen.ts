/**
 * Chess FEN and EPD.
 *
 * FEN: `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`. The clocks may be left out
 * (they default to `0 1`). Reading validates the position fully and says which field is wrong
 * and why. The en-passant square is kept only when a pawn of the side to move could capture
 * there (the Polyglot convention), so writing a FEN drops a square no pawn can use.
 *
 * EPD: the first four FEN fields, then operations `opcode operand...;` such as `bm Nf3;`,
 * `id "WAC.001";` or the perft suites' `;D1 20 ;D2 400`.
 */
import { FenError, type FenField } from '../core/errors.js';
import { readEpdOperations, type EpdOperation } from '../core/epd.js';
import {
  BLACK,
  BLACK_KINGSIDE,
  BLACK_QUEENSIDE,
  BLACK_TAG,
  KING,
  NO_SQUARE,
  PAWN,
  ROOK,
  WHITE_KINGSIDE,
  WHITE_QUEENSIDE,
  WHITE_TAG,
  parseSquare,
  pieceFromLetter,
  pieceLetter,
  squareAt,
  squareName,
} from './board.js';
import { ChessPosition } from './position.js';

export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const CASTLING_LETTERS = 'KQkq';
const CASTLING_BITS = [WHITE_KINGSIDE, WHITE_QUEENSIDE, BLACK_KINGSIDE, BLACK_QUEENSIDE] as const;
/** For each right: the king's square and the rook's square it needs. */
const CASTLING_HOMES = [
  [0x04, 0x07, WHITE_TAG],
  [0x04, 0x00, WHITE_TAG],
  [0x74, 0x77, BLACK_TAG],
  [0x74, 0x70, BLACK_TAG],
] as const;
const START_COUNTS = [0, 8, 2, 2, 2, 1, 1]; // by type: pawns, knights, bishops, rooks, queen, king

/**
 * Reads a FEN into `pos` (which is cleared first), validating it fully.
 * @throws {FenError} naming the field and the reason; `pos` is then left cleared.
 */
export function readFen(fen: string, pos: ChessPosition): void {
  if (typeof fen !== 'string') throw new FenError('board', 'not a string', String(fen));
  const fields = fen.trim().split(/\s+/);
  if (fields.length > 6) fail(pos, fen, 'position', `expected at most 6 fields, got ${fields.length}`);
  if (fields.length < 2 && fields[0] !== '') fail(pos, fen, 'turn', 'the side-to-move field is missing');
  readFields(fields, fen, pos);
}

function fail(pos: ChessPosition, fen: string, field: FenField, reason: string): never {
  pos.clear();
  throw new FenError(field, reason, fen);
}

/** Reads the fields of a FEN (or the first four of an EPD) into `pos`. */
function readFields(fields: string[], fen: string, pos: ChessPosition): void {
  const bad = (field: FenField, reason: string): never => fail(pos, fen, field, reason);
  if (fields[0] === undefined || fields[0] === '') bad('board', 'empty FEN');
  pos.clear();

  // Board: eight rows from rank 8 down, each exactly eight squares wide.
  const rows = fields[0]!.split('/');
  if (rows.length !== 8) bad('board', `expected 8 rows, got ${rows.length}`);
  const counts = new Uint8Array(32);
  for (let r = 0; r < 8; r++) {
    const row = rows[r]!;
    const rank = 7 - r;
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '8') {
        file += ch.charCodeAt(0) - 48;
        if (file > 8) bad('board', `row ${r + 1} ('${row}') is wider than 8 squares`);
        continue;
      }
      const pc = pieceFromLetter(ch);
      if (ch === '0' || ch === '9') bad('board', `'${ch}' in row ${r + 1}: empty-square counts run from 1 to 8`);
      if (pc === 0) bad('board', `unknown piece letter '${ch}' in row ${r + 1}`);
      if (file >= 8) bad('board', `row ${r + 1} ('${row}') is wider than 8 squares`);
      const sq = squareAt(file, rank);
      if ((pc & 7) === PAWN && (rank === 0 || rank === 7)) bad('board', `pawn on ${squareName(sq)}: pawns cannot stand on the first or last rank`);
      counts[pc]!++;
      pos.addPiece(pc, sq);
      file++;
    }
    if (file !== 8) bad('board', `row ${r + 1} ('${row}') has ${file} squares, expected 8`);
  }
  for (const [tag, color] of [
    [WHITE_TAG, 'white'],
    [BLACK_TAG, 'black'],
  ] as const) {
    const kings = counts[KING | tag]!;
    if (kings !== 1) bad('board', `expected one ${color} king, found ${kings}`);
    // Every piece beyond the starting set must be a promoted pawn.
    const pawns = counts[PAWN | tag]!;
    if (pawns > 8) bad('board', `${color} has ${pawns} pawns (at most 8)`);
    let extra = 0;
    for (let t = 2; t <= 5; t++) extra += Math.max(0, counts[t | tag]! - START_COUNTS[t]!);
    if (pawns + extra > 8) bad('board', `${color} has more pieces than promotions could produce`);
  }

  // Side to move.
  const turn = fields[1] ?? 'w';
  if (turn === 'b') pos.flipSide();
  else if (turn !== 'w') bad('turn', `expected 'w' or 'b', got '${turn}'`);

  // Castling rights must match the king and rook placement.
  const castling = fields[2] ?? '-';
  let rights = 0;
  if (castling !== '-') {
    for (const ch of castling) {
      const k = CASTLING_LETTERS.indexOf(ch);
      if (k < 0) bad('castling', `unexpected '${ch}' (expected letters from KQkq, or '-')`);
      if (rights & CASTLING_BITS[k]!) bad('castling', `'${ch}' appears twice`);
      const [kingSq, rookSq, tag] = CASTLING_HOMES[k]!;
      if (pos.board[kingSq] !== (KING | tag)) bad('castling', `'${ch}' needs the ${tag === WHITE_TAG ? 'white' : 'black'} king on ${squareName(kingSq)}`);
      if (pos.board[rookSq] !== (ROOK | tag)) bad('castling', `'${ch}' needs a ${tag === WHITE_TAG ? 'white' : 'black'} rook on ${squareName(rookSq)}`);
      rights |= CASTLING_BITS[k]!;
    }
  }
  pos.setCastling(rights);

  // The side not to move may not be in check.
  const other = pos.sideToMove ^ 1;
  if (pos.attackedBy(pos.kingSquare(other), pos.sideToMove)) {
    bad('position', `the side not to move (${other === 0 ? 'white' : 'black'}) is in check`);
  }

  // En passant: the square a pawn just skipped, with that pawn in front of it.
  const epText = fields[3] ?? '-';
  if (epText !== '-') {
    const ep = parseSquare(epText);
    if (ep < 0) bad('enPassant', `'${epText}' is not a square`);
    const white = pos.sideToMove === 0;
    const rank = ep >> 4;
    if (rank !== (white ? 5 : 2)) bad('enPassant', `${epText} is not on the ${white ? 'sixth' : 'third'} rank, where ${white ? 'black' : 'white'}'s double step would leave it`);
    const pawnSq = ep + (white ? -16 : 16);
    const originSq = ep + (white ? 16 : -16);
    if (pos.board[pawnSq] !== (PAWN | (white ? BLACK_TAG : WHITE_TAG))) bad('enPassant', `no ${white ? 'black' : 'white'} pawn on ${squareName(pawnSq)} that could have just moved two squares`);
    if (pos.board[ep] !== 0 || pos.board[originSq] !== 0) bad('enPassant', `${squareName(ep)} and ${squareName(originSq)} must be empty after a double step`);
    pos.setEnPassant(ep);
  }

  const halfmove = readCount(fields[4], 0, 'halfmove', bad);
  const fullmove = readCount(fields[5], 1, 'fullmove', bad);
  if (fullmove < 1) bad('fullmove', 'must be at least 1');
  pos.resetHistory(halfmove, fullmove);
}

function readCount(text: string | undefined, fallback: number, field: 'halfmove' | 'fullmove', bad: (f: FenField, r: string) => never): number {
  if (text === undefined) return fallback;
  if (!/^\d{1,6}$/.test(text)) bad(field, `expected a non-negative integer, got '${text}'`);
  return Number(text);
}

/** The board, side, castling and en-passant fields (the first four of FEN and EPD). */
function writeFields(pos: ChessPosition): string {
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = '';
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const pc = pos.board[squareAt(file, rank)]!;
      if (pc === 0) {
        empty++;
        continue;
      }
      if (empty > 0) row += String(empty);
      empty = 0;
      row += pieceLetter(pc);
    }
    if (empty > 0) row += String(empty);
    rows.push(row);
  }
  let castling = '';
  for (let k = 0; k < 4; k++) if (pos.castling & CASTLING_BITS[k]!) castling += CASTLING_LETTERS[k];
  const ep = pos.epSquare === NO_SQUARE ? '-' : squareName(pos.epSquare);
  return `${rows.join('/')} ${pos.sideToMove === BLACK ? 'b' : 'w'} ${castling || '-'} ${ep}`;
}

/** Writes the FEN of a position. */
export function writeFen(pos: ChessPosition): string {
  return `${writeFields(pos)} ${pos.halfmoveClock} ${pos.fullmove}`;
}

/** Parses a FEN into a new position. @throws {FenError} */
export function positionFromFen(fen: string): ChessPosition {
  const pos = new ChessPosition();
  readFen(fen, pos);
  return pos;
}

/** A parsed EPD line. */
export interface Epd {
  position: ChessPosition;
  operations: EpdOperation[];
}

/**
 * Reads one EPD line: four position fields, then operations separated by `;`. Quoted operands
 * (`id "a b";`) keep their spaces. Also reads the perft-suite form, where six FEN fields are
 * followed by `;D1 20 ;D2 400`.
 * @throws {FenError}
 */
export function readEpd(line: string): Epd {
  if (typeof line !== 'string') throw new FenError('board', 'not a string', String(line));
  const text = line.trim();
  const m = /^(\S+)\s+(\S+)\s+(\S+)\s+(\S+)(.*)$/s.exec(text);
  if (m === null) throw new FenError('position', 'an EPD line needs four position fields', line);
  const fields = [m[1]!, m[2]!, m[3]!, m[4]!];
  let rest = m[5]!.trim();
  // Perft-suite style: the two FEN clocks before the first ';'.
  const clocks = /^(\d+)\s+(\d+)\s*(;.*|)$/s.exec(rest);
  if (clocks !== null) {
    fields.push(clocks[1]!, clocks[2]!);
    rest = clocks[3]!;
  }
  const position = new ChessPosition();
  readFields(fields, line, position);
  return { position, operations: readEpdOperations(rest, line) };
}

/** Writes an EPD line: the four position fields and the operations, each closed by `;`. */
export function writeEpd(pos: ChessPosition, operations: readonly EpdOperation[] = []): string {
  let out = writeFields(pos);
  for (const op of operations) {
    const operands = op.operands.map((o) => (/[\s;"]/.test(o) || o === '' ? `"${o.replace(/"/g, '')}"` : o));
    out += ` ${[op.opcode, ...operands].join(' ')};`;
  }
  return out;
}
