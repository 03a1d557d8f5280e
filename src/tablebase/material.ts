/**
 * Endgame material: which pieces each side has, written as `KRvKAA` (xiangqi, WXF letters
 * K A E H R C P) or `KQvKR` (chess, K Q R B N P), the first player's side first.
 *
 * A table holds one material with the stronger side first (by the values below, then by the
 * letters); a position whose material is the other way round is probed with the colours
 * swapped. So `KvKR` is read as `KRvK`.
 */
import { QiengineError } from '../core/errors.js';

/** The games a tablebase can be built for. */
export type TablebaseGame = 'chess' | 'xiangqi';

/** One endgame's material: the pieces of each side other than its king, in letter order. */
export interface Material {
  readonly game: TablebaseGame;
  /** Side 0 (white / red), side 1: letters without the king, e.g. `['R', 'AA']`. */
  readonly sides: readonly [string, string];
}

/** The letters of each game's pieces other than the king, in the order a name lists them. */
export const PIECE_LETTERS: Record<TablebaseGame, string> = { chess: 'QRBNP', xiangqi: 'RCHPAE' };

/** Rough values that decide which side a name puts first. */
const VALUE: Record<string, number> = { Q: 9, R: 5, B: 3, N: 3, C: 4, H: 4, P: 1, A: 2, E: 2 };
/** How many of a kind a side may have. */
const MOST: Record<TablebaseGame, Record<string, number>> = {
  chess: { Q: 3, R: 3, B: 3, N: 3, P: 4 },
  xiangqi: { R: 2, C: 2, H: 2, P: 5, A: 2, E: 2 },
};

/** The most pieces, kings included, a table may hold. */
export const MAX_TABLE_PIECES = 6;

/** The name of a material: `KRvKAA`. */
export function materialName(m: Material): string {
  return `K${m.sides[0]}vK${m.sides[1]}`;
}

function sideValue(letters: string): number {
  let v = 0;
  for (const c of letters) v += VALUE[c]!;
  return v;
}

function sortLetters(game: TablebaseGame, letters: string): string {
  const order = PIECE_LETTERS[game];
  return [...letters].sort((a, b) => order.indexOf(a) - order.indexOf(b)).join('');
}

/**
 * Reads a material name (`KRvKAA`, `krvkaa`, `KR-KAA`; xiangqi also takes the FEN letters B for
 * the elephant and N for the horse). The letters of a side may come in any order.
 * @throws {QiengineError} for an unknown letter, a side without its king, too many of a kind,
 * or more than {@link MAX_TABLE_PIECES} pieces
 */
export function parseMaterial(game: TablebaseGame, text: string): Material {
  const parts = String(text).toUpperCase().split(/V|-/);
  const bad = (why: string): never => {
    throw new QiengineError(`material '${String(text).slice(0, 40)}': ${why}`);
  };
  if (parts.length !== 2) bad('expected two sides, as in KRvK');
  const sides = parts.map((p) => {
    if (!p.startsWith('K')) bad('each side starts with its king (K)');
    let rest = p.slice(1);
    if (game === 'xiangqi') rest = rest.replace(/B/g, 'E').replace(/N/g, 'H');
    for (const c of rest) {
      if (!PIECE_LETTERS[game].includes(c)) bad(`'${c}' is not a ${game} piece letter (${PIECE_LETTERS[game]})`);
      if ([...rest].filter((x) => x === c).length > MOST[game][c]!) bad(`too many ${c}`);
    }
    return sortLetters(game, rest);
  }) as [string, string];
  if (sides[0].length + sides[1].length + 2 > MAX_TABLE_PIECES) bad(`more than ${MAX_TABLE_PIECES} pieces`);
  return { game, sides };
}

/** Whether a material is written the way its table is (the stronger side first). */
export function isCanonical(m: Material): boolean {
  const [a, b] = m.sides;
  const va = sideValue(a);
  const vb = sideValue(b);
  if (va !== vb) return va > vb;
  if (a.length !== b.length) return a.length > b.length;
  return a <= b;
}

/** The material with the sides swapped. */
export function swapSides(m: Material): Material {
  return { game: m.game, sides: [m.sides[1], m.sides[0]] };
}

/** The material as its table holds it. */
export function canonicalMaterial(m: Material): Material {
  return isCanonical(m) ? m : swapSides(m);
}

/**
 * Whether no position of a material can be won by either side, so that it needs no table:
 * in chess, a lone king against a king with at most one minor piece; in xiangqi, neither side
 * with a piece that can cross the river to attack (rook, horse, cannon, pawn), which the rules
 * call a draw.
 */
export function isDeadDraw(m: Material): boolean {
  if (m.game === 'xiangqi') return !/[RHCP]/.test(m.sides[0] + m.sides[1]);
  const minorOnly = (s: string): boolean => s === '' || s === 'B' || s === 'N';
  return minorOnly(m.sides[0]) && minorOnly(m.sides[1]);
}

/**
 * The materials one move away that are not this one: each side losing one piece (a capture)
 * and, in chess, a pawn becoming a queen, rook, bishop or knight (a promotion), with or without
 * a capture. Canonical, without repeats.
 */
export function capturesFrom(m: Material): Material[] {
  const out = new Map<string, Material>();
  const put = (sides: [string, string]): void => {
    const next = canonicalMaterial({ game: m.game, sides: [sortLetters(m.game, sides[0]), sortLetters(m.game, sides[1])] });
    out.set(materialName(next), next);
  };
  const without = (letters: string, i: number): string => letters.slice(0, i) + letters.slice(i + 1);
  for (const side of [0, 1] as const) {
    const mine = m.sides[side];
    const theirs = m.sides[1 - side]!;
    const arrange = (a: string, b: string): [string, string] => (side === 0 ? [a, b] : [b, a]);
    // Captures of one of their pieces.
    for (let i = 0; i < theirs.length; i++) put(arrange(mine, without(theirs, i)));
    // Promotions, alone or with a capture.
    if (m.game !== 'chess' || !mine.includes('P')) continue;
    const rest = without(mine, mine.indexOf('P'));
    for (const piece of 'QRBN') {
      put(arrange(rest + piece, theirs));
      for (let i = 0; i < theirs.length; i++) put(arrange(rest + piece, without(theirs, i)));
    }
  }
  return [...out.values()];
}
