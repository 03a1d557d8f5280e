/**
 * What a tablebase needs of each game, written once per game: where each kind of piece may
 * stand, how to put pieces on an empty board and read them back, the board's symmetries, how
 * the colours swap, and the few rules a table depends on (stalemate; what counts as a capture).
 *
 * The generator and the index work on any game through this interface and the game's ordinary
 * move generation (core/game.ts); nothing game-specific lives in them.
 */
import type { GamePosition } from '../core/game.js';
import { FLAG_EN_PASSANT, NO_SQUARE } from '../chess/board.js';
import { ChessPosition } from '../chess/position.js';
import { ADVISOR_POINTS, ELEPHANT_POINTS, IN_BOARD, PALACE_OF, flipSquare, mirrorSquare, pawnPointOk, squareX } from '../xiangqi/geometry.js';
import { COUNT, FIRST_ID, SIGNATURE_SHIFT, SIGNATURE_SIDE_BITS, sideTag } from '../xiangqi/pieces.js';
import { XiangqiPosition } from '../xiangqi/position.js';
import type { TablebaseGame } from './material.js';

/** A position a table can be built on: the seam, plus setting up pieces. */
export interface SetupPosition extends GamePosition {
  /** Plies since the last capture (or pawn move, in chess). */
  readonly halfmoveClock: number;
  clear(): void;
  flipSide(): void;
  resetHistory(halfmoveClock: number, fullmove: number): void;
}

/** One game's side of a tablebase. */
export interface TablebaseRules<P extends SetupPosition = SetupPosition> {
  readonly game: TablebaseGame;
  /** A new empty position to set up. */
  newPosition(): P;
  /** Board squares, ascending, where a piece (letter K or one of the game's) of `side` may stand. */
  domain(side: number, letter: string): Int16Array;
  /** Puts the `ordinal`-th piece of a kind (0, 1, ...) of `side` on an empty square. */
  place(pos: P, side: number, letter: string, ordinal: number, sq: number): void;
  /** Writes the squares of `side`'s pieces of a kind from `out[from]`; returns the end. */
  squaresOf(pos: P, side: number, letter: string, out: Int16Array, from: number): number;
  /** How many of `side`'s pieces of a kind stand on the board. */
  countOf(pos: P, side: number, letter: string): number;
  /** All pieces on the board, kings included. */
  pieceCount(pos: P): number;
  /** A number that tells materials apart (each side's count of each kind), read cheaply off a position. */
  materialKey(pos: P): number;
  /** The same number for a material's letters. */
  materialKeyOf(sides: readonly [string, string]): number;
  /** The board's symmetries for a material: with pawns (chess) fewer than without. */
  symmetry(hasPawns: boolean): Symmetry;
  /** The square map that turns the board for the other side (the colours swap with it). */
  readonly colourFlip: Int16Array;
  /** Whether a side with no legal move loses (xiangqi) rather than draws (chess stalemate). */
  readonly stalemateLoses: boolean;
  /**
   * Whether a side that checks on every one of its moves through a repetition loses (xiangqi's
   * perpetual-check rule), where the other side did not check all the time (both: a draw).
   */
  readonly perpetualCheckLoses: boolean;
  /** Whether a position's extra state (chess castling rights) keeps it out of the tables. */
  unprobeable(pos: P): boolean;
  /**
   * Whether a position has moves its placement alone does not give it (chess: an en-passant
   * square), found with {@link isStateMove}: the table holds it without them.
   */
  hasStateMoves(pos: P): boolean;
  /**
   * Whether a move is one a table position does not have, because it depends on state the
   * table leaves out (chess: an en-passant capture, open only right after the double step).
   */
  isStateMove(move: number): boolean;
}

/** A set of board symmetries a table folds. */
export interface Symmetry {
  /** Square maps (each `map[sq]`), the identity first. */
  readonly maps: readonly Int16Array[];
  /** For each square of the first player's king, the map that brings it into {@link kingDomain}. */
  readonly mapOf: Int8Array;
  /** The squares the first player's king is kept on in a table (one of each symmetric set). */
  readonly kingDomain: Int16Array;
}

function squaresWhere(test: (sq: number) => boolean, limit: number): Int16Array {
  const out: number[] = [];
  for (let sq = 0; sq < limit; sq++) if (test(sq)) out.push(sq);
  return Int16Array.from(out);
}

function squareMap(f: (sq: number) => number, limit: number, valid: (sq: number) => boolean): Int16Array {
  const m = new Int16Array(limit).fill(-1);
  for (let sq = 0; sq < limit; sq++) if (valid(sq)) m[sq] = f(sq);
  return m;
}

// ---------------------------------------------------------------- xiangqi

const XQ_TYPE: Record<string, number> = { K: 0, A: 1, E: 2, H: 3, R: 4, C: 5, P: 6 };

const xqValid = (sq: number): boolean => IN_BOARD[sq] === 1;
const xqMirror = squareMap(mirrorSquare, 256, xqValid);
const xqDomains = new Map<string, Int16Array>();
for (const side of [0, 1]) {
  for (const letter of 'KAEHRCP') {
    const test =
      letter === 'K'
        ? (sq: number) => PALACE_OF[side * 256 + sq] === 1
        : letter === 'A'
          ? (sq: number) => ADVISOR_POINTS[side * 256 + sq] === 1
          : letter === 'E'
            ? (sq: number) => ELEPHANT_POINTS[side * 256 + sq] === 1
            : letter === 'P'
              ? (sq: number) => xqValid(sq) && pawnPointOk(sq, side)
              : xqValid;
    xqDomains.set(`${side}${letter}`, squaresWhere(test, 256));
  }
}

/** Xiangqi: the left-right mirror; red's king kept on files d and e. */
const XQ_SYMMETRY: Symmetry = {
  maps: [squareMap((sq) => sq, 256, xqValid), xqMirror],
  mapOf: Int8Array.from({ length: 256 }, (_, sq) => (xqValid(sq) && squareX(sq) > 7 ? 1 : 0)),
  kingDomain: squaresWhere((sq) => PALACE_OF[sq] === 1 && squareX(sq) <= 7, 256),
};

/** Xiangqi's tables: pawns never change the symmetry. */
export const XIANGQI_TABLEBASE_RULES: TablebaseRules<XiangqiPosition> = {
  game: 'xiangqi',
  newPosition: () => new XiangqiPosition(),
  domain: (side, letter) => xqDomains.get(`${side}${letter}`)!,
  place: (pos, side, letter, ordinal, sq) => pos.addPiece(sideTag(side) + FIRST_ID[XQ_TYPE[letter]! as 0] + ordinal, sq),
  squaresOf: (pos, side, letter, out, from) => {
    const t = XQ_TYPE[letter]! as 0;
    const first = sideTag(side) + FIRST_ID[t];
    let n = from;
    for (let id = first, end = first + COUNT[t]; id < end; id++) {
      const sq = pos.pieceSquare[id]!;
      if (sq !== 0) out[n++] = sq;
    }
    return n;
  },
  countOf: (pos, side, letter) => {
    const t = XQ_TYPE[letter]! as 0;
    const first = sideTag(side) + FIRST_ID[t];
    let n = 0;
    for (let id = first, end = first + COUNT[t]; id < end; id++) if (pos.pieceSquare[id] !== 0) n++;
    return n;
  },
  pieceCount: (pos) => {
    let n = 0;
    for (let id = 16; id < 48; id++) if (pos.pieceSquare[id] !== 0) n++;
    return n;
  },
  // The position keeps the signature up to date on every move.
  materialKey: (pos) => pos.materialSignature,
  materialKeyOf: (sides) => {
    let key = 0;
    sides.forEach((letters, side) => {
      for (const l of letters) key += 1 << (SIGNATURE_SHIFT[XQ_TYPE[l]! as 1] + side * SIGNATURE_SIDE_BITS);
    });
    return key;
  },
  symmetry: () => XQ_SYMMETRY,
  colourFlip: squareMap(flipSquare, 256, xqValid),
  stalemateLoses: true,
  perpetualCheckLoses: true,
  unprobeable: () => false,
  hasStateMoves: () => false,
  isStateMove: () => false,
};

// ---------------------------------------------------------------- chess

const CHESS_TYPE: Record<string, number> = { P: 1, N: 2, B: 3, R: 4, Q: 5, K: 6 };
const chessValid = (sq: number): boolean => (sq & 0x88) === 0;
const chessAll = squaresWhere(chessValid, 128);
/** Pawns stand on ranks 2 to 7. */
const chessPawnSquares = squaresWhere((sq) => chessValid(sq) && sq >> 4 >= 1 && sq >> 4 <= 6, 128);
/** The eight symmetries of a pawnless board: files flipped, ranks flipped, and the diagonal. */
const chessSymmetries: Int16Array[] = [];
for (let t = 0; t < 8; t++) {
  chessSymmetries.push(
    squareMap(
      (sq) => {
        let x = sq & 7;
        let y = sq >> 4;
        if (t & 1) x = 7 - x;
        if (t & 2) y = 7 - y;
        if (t & 4) [x, y] = [y, x];
        return (y << 4) | x;
      },
      128,
      chessValid,
    ),
  );
}
/** The a1-d1-d4 triangle. */
const inTriangle = (sq: number): boolean => chessValid(sq) && (sq & 7) <= 3 && sq >> 4 <= (sq & 7);
const chessSymmetryOf = new Int8Array(128);
for (const sq of chessAll) chessSymmetryOf[sq] = chessSymmetries.findIndex((m) => inTriangle(m[sq]!));
const CHESS_PAWNLESS: Symmetry = { maps: chessSymmetries, mapOf: chessSymmetryOf, kingDomain: squaresWhere(inTriangle, 128) };
/** With pawns only the files can be mirrored: white's king kept on files a-d. */
const CHESS_PAWNS: Symmetry = {
  maps: [chessSymmetries[0]!, chessSymmetries[1]!],
  mapOf: Int8Array.from({ length: 128 }, (_, sq) => (chessValid(sq) && (sq & 7) > 3 ? 1 : 0)),
  kingDomain: squaresWhere((sq) => chessValid(sq) && (sq & 7) <= 3, 128),
};

/** Chess: the eight symmetries of the board without pawns (white's king kept in a1-d1-d4), the file mirror with them. */
export const CHESS_TABLEBASE_RULES: TablebaseRules<ChessPosition> = {
  game: 'chess',
  newPosition: () => new ChessPosition(),
  domain: (_side, letter) => (letter === 'P' ? chessPawnSquares : chessAll),
  place: (pos, side, letter, _ordinal, sq) => pos.addPiece(CHESS_TYPE[letter]! | (8 << side), sq),
  squaresOf: (pos, side, letter, out, from) => {
    const pc = CHESS_TYPE[letter]! | (8 << side);
    const c = pos.count[pc]!;
    for (let i = 0; i < c; i++) out[from + i] = pos.squares[(pc << 4) | i]!;
    return from + c;
  },
  countOf: (pos, side, letter) => pos.count[CHESS_TYPE[letter]! | (8 << side)]!,
  pieceCount: (pos) => {
    let n = 0;
    for (let pc = 9; pc < 23; pc++) n += pos.count[pc]!;
    return n;
  },
  // Three bits a count: pawns, knights, bishops, rooks, queens of white, then of black.
  materialKey: (pos) => {
    let key = 0;
    for (let side = 0; side < 2; side++) for (let t = 1; t <= 5; t++) key += pos.count[t | (8 << side)]! << (3 * (t - 1 + 5 * side));
    return key;
  },
  materialKeyOf: (sides) => {
    let key = 0;
    sides.forEach((letters, side) => {
      for (const l of letters) key += 1 << (3 * (CHESS_TYPE[l]! - 1 + 5 * side));
    });
    return key;
  },
  symmetry: (hasPawns) => (hasPawns ? CHESS_PAWNS : CHESS_PAWNLESS),
  colourFlip: squareMap((sq) => sq ^ 0x70, 128, chessValid),
  stalemateLoses: false,
  perpetualCheckLoses: false,
  unprobeable: (pos) => pos.castling !== 0,
  hasStateMoves: (pos) => pos.epSquare !== NO_SQUARE,
  isStateMove: (move) => ((move >>> 16) & FLAG_EN_PASSANT) !== 0,
};

/** The rules of a game's tables. */
export function tablebaseRules(game: TablebaseGame): TablebaseRules {
  return (game === 'chess' ? CHESS_TABLEBASE_RULES : XIANGQI_TABLEBASE_RULES) as unknown as TablebaseRules;
}
