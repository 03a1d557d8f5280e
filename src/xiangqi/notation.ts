/**
 * Xiangqi move notations: ICCS/UCCI coordinates (`h2e2`), WXF (`C2.5`, `R+.3`) and Chinese
 * (`炮二平五`, `前车进一`).
 *
 * WXF and Chinese describe a move the same way: which piece (type, file counted from the
 * mover's right, or its place among same-type pieces on one file), which way (advance, retreat,
 * traverse) and a number (steps, or a destination file). Both writers render one
 * {@link MoveDescription}; both readers parse into a {@link MovePattern} and pick the single
 * legal move that fits it, so lenient spellings work and an ambiguous one is an error.
 */
import { IllegalMoveError, NotationError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import { iccsFile, iccsRank, squareFromIccs } from './geometry.js';
import { ADVISOR, CANNON, COUNT, ELEPHANT, FIRST_ID, HORSE, KING, PAWN, ROOK, TYPE_NAMES, TYPE_OF, typeFromLetter } from './pieces.js';
import { writeFen } from './fen.js';
import { MAX_MOVES, type XiangqiPosition } from './position.js';

/** The legal moves a reader looks through (readers read the list whole before they return). */
const scratch = new Int32Array(MAX_MOVES);

// ---------------------------------------------------------------- ICCS

/** ICCS name of a square, e.g. `e0`. */
export function squareName(sq: number): string {
  return String.fromCharCode(97 + iccsFile(sq)) + String(iccsRank(sq));
}

/** Square of an ICCS name (`a0`..`i9`, either case), or -1. */
export function parseSquare(name: string): number {
  if (name.length !== 2) return -1;
  const f = name.toLowerCase().charCodeAt(0) - 97;
  const r = name.charCodeAt(1) - 48;
  if (f < 0 || f > 8 || r < 0 || r > 9) return -1;
  return squareFromIccs(f, r);
}

/** A move in ICCS/UCCI coordinates, e.g. `h2e2`. */
export function moveToIccs(move: Move): string {
  return squareName(move & 0xff) + squareName((move >>> 8) & 0xff);
}

/**
 * Reads ICCS coordinates (`h2e2`, `H2-E2`) into an encoded move. Checks syntax only.
 * @throws {NotationError}
 */
export function parseIccs(text: string): Move {
  const m = /^([a-iA-I][0-9])-?([a-iA-I][0-9])$/.exec(text.trim());
  if (!m) throw new NotationError(text, 'not an ICCS move (expected like h2e2)');
  const from = parseSquare(m[1]!);
  const to = parseSquare(m[2]!);
  if (from === to) throw new NotationError(text, 'origin and destination are the same point');
  return from | (to << 8);
}

// ---------------------------------------------------------------- descriptions

/** How a move is described in WXF and Chinese notation. */
export interface MoveDescription {
  type: number;
  side: number;
  /** File of the origin counted from the mover's right, 1..9. */
  file: number;
  /** Place among same-type pieces on the origin file, 0 = frontmost; `count` of them. */
  index: number;
  count: number;
  /** Pawns only: another file also holds two or more of this side's pawns. */
  multiFile: boolean;
  /** `+` advance, `-` retreat, `.` traverse. */
  dir: '+' | '-' | '.';
  /** Steps for straight moves along a file; destination file for the rest. */
  target: number;
}

function sideFile(sq: number, side: number): number {
  return side === 0 ? 9 - iccsFile(sq) : iccsFile(sq) + 1;
}

/** How far forward a point is for `side` (0 = own back rank). */
function forwardness(sq: number, side: number): number {
  return side === 0 ? iccsRank(sq) : 9 - iccsRank(sq);
}

/** Describes a (pseudo-)legal move of the side to move in `pos`. */
export function describeMove(pos: XiangqiPosition, move: Move): MoveDescription {
  const from = move & 0xff;
  const to = (move >>> 8) & 0xff;
  const id = pos.board[from]!;
  const type = TYPE_OF[id]!;
  const side = id >> 5;
  const file = sideFile(from, side);
  const df = forwardness(to, side) - forwardness(from, side);
  const dir = df > 0 ? '+' : df < 0 ? '-' : '.';
  const diagonal = type === ADVISOR || type === ELEPHANT || type === HORSE;
  const target = diagonal || dir === '.' ? sideFile(to, side) : Math.abs(df);
  let index = 0;
  let count = 1;
  let multiFile = false;
  // Advisors and elephants are never ambiguous by file and direction, so they keep the file.
  if (type !== ADVISOR && type !== ELEPHANT && type !== KING) {
    const mine = forwardness(from, side);
    count = 0;
    const perFile = new Uint8Array(10);
    const base = (16 << side) + FIRST_ID[type]!;
    for (let k = 0; k < COUNT[type]!; k++) {
      const sq = pos.pieceSquare[base + k]!;
      if (sq === 0) continue;
      const f = sideFile(sq, side);
      perFile[f]!++;
      if (f !== file) continue;
      count++;
      if (forwardness(sq, side) > mine) index++;
    }
    if (type === PAWN) for (let f = 1; f <= 9; f++) if (f !== file && perFile[f]! >= 2) multiFile = true;
  }
  if (count < 2) multiFile = false;
  return { type, side, file, index, count, multiFile, dir, target };
}

// ---------------------------------------------------------------- WXF

const WXF_LETTERS = 'KAEHRCP';

/** WXF marker for the `index`-th of `count` tandem pieces: `+`/`-`, `++`/`--`, or '' for the middle. */
function wxfTandem(index: number, count: number): string {
  if (count <= 3) return index === 0 ? '+' : index === count - 1 ? '-' : '';
  if (index === 0) return '++';
  if (index === count - 1) return '--';
  if (index === 1) return '+';
  if (index === count - 2) return '-';
  return '';
}

/** Writes a description as WXF, e.g. `C2.5`, `R+.3`, `P+.4`, `++.4`, `3-.4`. */
export function descriptionToWxf(d: MoveDescription): string {
  const L = WXF_LETTERS[d.type]!;
  const tail = d.dir + String(d.target);
  if (d.count < 2) return L + String(d.file) + tail;
  const mark = wxfTandem(d.index, d.count);
  if (d.type === PAWN && d.multiFile) return String(d.file) + (mark === '' ? String(d.file) : mark) + tail;
  if (mark === '') return L + String(d.file) + tail;
  if (mark.length === 2) return mark + tail;
  return L + mark + tail;
}

/** The WXF name of a move of the side to move. */
export function moveToWxf(pos: XiangqiPosition, move: Move): string {
  return descriptionToWxf(describeMove(pos, move));
}

// ---------------------------------------------------------------- Chinese

const RED_NAMES = '帅仕相马车炮兵';
const BLACK_NAMES = '将士象马车炮卒';
const CHINESE_NUMERALS = '一二三四五六七八九';
const FULLWIDTH_DIGITS = '１２３４５６７８９';

function chineseNumber(n: number, side: number): string {
  return (side === 0 ? CHINESE_NUMERALS : FULLWIDTH_DIGITS)[n - 1]!;
}

/** Chinese ordinal of a tandem piece: 前/中/后, or 前/二/三/四/后 for four or five pawns. */
function chineseTandem(index: number, count: number): string {
  if (index === 0) return '前';
  if (index === count - 1) return '后';
  if (count === 3) return '中';
  return '二三四'[index - 1]!;
}

/** Writes a description in Chinese, e.g. `炮二平五`, `前车进一`, `马８进７`. */
export function descriptionToChinese(d: MoveDescription): string {
  const name = (d.side === 0 ? RED_NAMES : BLACK_NAMES)[d.type]!;
  const action = d.dir === '+' ? '进' : d.dir === '-' ? '退' : '平';
  const tail = action + chineseNumber(d.target, d.side);
  if (d.count < 2) return name + chineseNumber(d.file, d.side) + tail;
  const mark = chineseTandem(d.index, d.count);
  if (d.type === PAWN && d.multiFile) return mark + chineseNumber(d.file, d.side) + tail;
  return mark + name + tail;
}

/** The Chinese name of a move of the side to move. */
export function moveToChinese(pos: XiangqiPosition, move: Move): string {
  return descriptionToChinese(describeMove(pos, move));
}

// ---------------------------------------------------------------- reading WXF and Chinese

/** What a WXF or Chinese string says about a move; absent parts match anything. */
export interface MovePattern {
  type: number;
  file?: number;
  /** Tandem marker: front/rear/middle, `++`/`--`, or an ordinal (1-based from the front). */
  mark?: '+' | '-' | '++' | '--' | 'mid' | number;
  dir: '+' | '-' | '.';
  target: number;
}

function markMatches(mark: NonNullable<MovePattern['mark']>, d: MoveDescription): boolean {
  if (d.count < 2) return false;
  switch (mark) {
    case '++': return d.index === 0;
    case '--': return d.index === d.count - 1;
    case '+': return d.count <= 3 ? d.index === 0 : d.index === 1;
    case '-': return d.count <= 3 ? d.index === d.count - 1 : d.index === d.count - 2;
    case 'mid': return d.count % 2 === 1 && d.index === (d.count - 1) >> 1;
    default: return d.index === mark - 1;
  }
}

function patternMatches(p: MovePattern, d: MoveDescription): boolean {
  if (p.type !== d.type || p.dir !== d.dir || p.target !== d.target) return false;
  if (p.file !== undefined && p.file !== d.file) return false;
  if (p.mark !== undefined && !markMatches(p.mark, d)) return false;
  return true;
}

/**
 * Finds the one legal move that fits a pattern. When several fit a plain file form (no tandem
 * marker), the middle one of three or five tandem pawns is taken, as WXF writes it so.
 * @throws {NotationError} if none or several fit.
 */
export function findMove(pos: XiangqiPosition, pattern: MovePattern, text: string): Move {
  const buf = scratch;
  const end = pos.generateLegal(buf, 0);
  const fits: Array<{ move: Move; d: MoveDescription }> = [];
  for (let i = 0; i < end; i++) {
    const move = buf[i]!;
    // Only a piece of the pattern's type can fit: skip describing the others.
    if (TYPE_OF[pos.board[move & 0xff]!] !== pattern.type) continue;
    const d = describeMove(pos, move);
    if (patternMatches(pattern, d)) fits.push({ move, d });
  }
  if (fits.length === 1) return fits[0]!.move;
  if (fits.length === 0) throw new NotationError(text, 'no legal move fits it');
  if (pattern.mark === undefined) {
    // WXF writes the middle one of three (or five) pawns with its plain file.
    const middle = fits.filter((f) => markMatches('mid', f.d));
    if (middle.length === 1) return middle[0]!.move;
  }
  throw new NotationError(text, `ambiguous: ${fits.length} legal moves fit it`);
}

/** WXF letters are the FEN letters (either case), plus G for the general. */
function typeFromWxfLetter(ch: string): number {
  return ch === 'G' || ch === 'g' ? KING : typeFromLetter(ch);
}

/**
 * Parses WXF (`C2.5`, `C2=5`, `C25`, `R+.3`, `P+.4`, `++.4`, `3-.4`, `H2+3`) into a pattern.
 * @throws {NotationError} on a syntax error.
 */
export function parseWxfPattern(text: string): MovePattern {
  const s = text.trim().replace(/=/g, '.');
  const fail = (): never => {
    throw new NotationError(text, 'not a WXF move (expected like C2.5 or R+.3)');
  };
  const m = /^([KAEHRCPGBNkaehrcpgbn+\-1-9])([+\-1-9])([+\-.]?)([1-9])$/.exec(s);
  if (!m) return fail();
  const [, a, b, c, t] = m as unknown as [string, string, string, string, string];
  let dir = c as '+' | '-' | '.' | '';
  if (dir === '') dir = '.'; // `C25`: traverse written without a sign
  const target = Number(t);
  if (a === '+' || a === '-') {
    if (b !== a) fail();
    return { type: PAWN, mark: a === '+' ? '++' : '--', dir, target };
  }
  if (a >= '1' && a <= '9') {
    // Pawns on two files: the file digit comes first.
    if (b === '+' || b === '-') return { type: PAWN, file: Number(a), mark: b, dir, target };
    if (b !== a) fail();
    return { type: PAWN, file: Number(a), dir, target };
  }
  const type = typeFromWxfLetter(a);
  if (type < 0) fail();
  if (b === '+' || b === '-') return { type, mark: b, dir, target };
  return { type, file: Number(b), dir, target };
}

/** Finds the legal move a WXF string names. @throws {NotationError} */
export function parseWxf(pos: XiangqiPosition, text: string): Move {
  return findMove(pos, parseWxfPattern(text), text);
}

const CHINESE_TYPES: Record<string, number> = {
  帅: KING, 帥: KING, 将: KING, 將: KING, 仕: ADVISOR, 士: ADVISOR, 相: ELEPHANT, 象: ELEPHANT,
  马: HORSE, 馬: HORSE, 傌: HORSE, 車: ROOK, 车: ROOK, 俥: ROOK, 炮: CANNON, 砲: CANNON, 包: CANNON,
  兵: PAWN, 卒: PAWN,
};
const CHINESE_DIRS: Record<string, '+' | '-' | '.'> = { 进: '+', 進: '+', 退: '-', 平: '.' };

function chineseDigit(ch: string): number {
  let i = CHINESE_NUMERALS.indexOf(ch);
  if (i >= 0) return i + 1;
  i = FULLWIDTH_DIGITS.indexOf(ch);
  if (i >= 0) return i + 1;
  if (ch >= '1' && ch <= '9') return ch.charCodeAt(0) - 48;
  return -1;
}

const CHINESE_MARKS: Record<string, MovePattern['mark']> = { 前: '++', 后: '--', 後: '--', 中: 'mid' };

/**
 * Parses Chinese notation (`炮二平五`, `马８进７`, `前车进一`, `中兵平四`, `前三平四`), simplified or
 * traditional, with Chinese, full-width or ASCII digits for either side.
 * @throws {NotationError} on a syntax error.
 */
export function parseChinesePattern(text: string): MovePattern {
  const chars = [...text.trim().replace(/\s+/g, '')];
  const fail = (): never => {
    throw new NotationError(text, 'not a Chinese move (expected like 炮二平五 or 前车进一)');
  };
  if (chars.length !== 4) return fail();
  const [c0, c1, c2, c3] = chars as [string, string, string, string];
  const dir = CHINESE_DIRS[c2];
  const target = chineseDigit(c3);
  if (dir === undefined || target < 0) return fail();
  const type0 = CHINESE_TYPES[c0];
  if (type0 !== undefined) {
    const file = chineseDigit(c1);
    if (file < 0) return fail();
    return { type: type0, file, dir, target };
  }
  // A tandem marker first: 前/中/后, or an ordinal 一..五 counted from the front.
  let mark = CHINESE_MARKS[c0];
  if (mark === undefined) {
    const ord = chineseDigit(c0);
    if (ord < 1 || ord > 5) return fail();
    mark = ord === 1 ? '++' : ord;
  }
  const type1 = CHINESE_TYPES[c1];
  if (type1 !== undefined) return { type: type1, mark, dir, target };
  const file = chineseDigit(c1);
  if (file < 0) return fail();
  return { type: PAWN, file, mark, dir, target };
}

/** Finds the legal move a Chinese string names. @throws {NotationError} */
export function parseChinese(pos: XiangqiPosition, text: string): Move {
  return findMove(pos, parseChinesePattern(text), text);
}

// ---------------------------------------------------------------- any notation

/** Notations that {@link parseMoveText} reads. `auto` tells ICCS, WXF and Chinese apart by shape. */
export type XiangqiNotation = 'iccs' | 'wxf' | 'chinese' | 'auto';

/** Why a well-formed coordinate move is not legal here, in words. */
function whyIllegal(pos: XiangqiPosition, m: Move): string {
  const from = m & 0xff;
  const id = pos.board[from]!;
  if (id === 0) return `no piece on ${squareName(from)}`;
  if (id >> 5 !== pos.sideToMove) return `the piece on ${squareName(from)} is not the side to move's`;
  const buf = new Int32Array(MAX_MOVES);
  const end = pos.generate(buf, 0, false);
  for (let i = 0; i < end; i++) if (buf[i] === m) return 'it leaves the king in check';
  return `the ${TYPE_NAMES[TYPE_OF[id]!]} on ${squareName(from)} cannot move there`;
}

/**
 * Reads a move in ICCS (`h2e2`, `H2-E2`), WXF or Chinese and returns the legal move it names,
 * without making it. `auto` takes coordinates as ICCS, other ASCII as WXF and the rest as
 * Chinese: no spelling of one is a spelling of another.
 * @throws {IllegalMoveError} (or its subclass {@link NotationError}) if it is malformed or illegal.
 */
export function parseMoveText(pos: XiangqiPosition, text: string, notation: XiangqiNotation = 'auto'): Move {
  if (typeof text !== 'string') throw new NotationError(String(text), 'not a string', writeFen(pos));
  const viaIccs = (): Move => {
    const m = parseIccs(text);
    const end = pos.generateLegal(scratch, 0);
    if (!scratch.subarray(0, end).includes(m)) throw new IllegalMoveError(text, whyIllegal(pos, m), writeFen(pos));
    return m;
  };
  switch (notation) {
    case 'iccs': return viaIccs();
    case 'wxf': return parseWxf(pos, text);
    case 'chinese': return parseChinese(pos, text);
  }
  if (/^\s*[a-iA-I][0-9]-?[a-iA-I][0-9]\s*$/.test(text)) return viaIccs();
  if (/^[\x20-\x7e]+$/.test(text)) return parseWxf(pos, text);
  return parseChinese(pos, text);
}
