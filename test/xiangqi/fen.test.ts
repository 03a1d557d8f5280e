import { describe, expect, it } from 'vitest';
import { FenError, Xiangqi, XIANGQI_START_FEN } from '../../src/index.js';

function fenError(fen: string): FenError {
  try {
    new Xiangqi(fen);
  } catch (e) {
    expect(e).toBeInstanceOf(FenError);
    return e as FenError;
  }
  throw new Error(`accepted: ${fen}`);
}

describe('xiangqi FEN', () => {
  it('round-trips the start position', () => {
    expect(new Xiangqi(XIANGQI_START_FEN).fen()).toBe(XIANGQI_START_FEN);
  });
  it('accepts r for red, E/H letters, and missing trailing fields; writes the standard form', () => {
    expect(new Xiangqi('rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r').fen()).toBe(XIANGQI_START_FEN);
    expect(new Xiangqi('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7').fen()).toBe(
      'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 3 7',
    );
  });
  it('counts fullmoves after black moves', () => {
    const g = new Xiangqi();
    g.move('h2e2');
    expect(g.fen().endsWith(' b - - 1 1')).toBe(true);
    g.move('h9g7');
    expect(g.fen().endsWith(' w - - 2 2')).toBe(true);
  });

  it.each([
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w', 'board', /10 rows/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w', 'board', /wider than 9/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w', 'board', /has 8 points/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKXBNR w', 'board', /unknown piece letter 'X'/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN8 w', 'board', /wider/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4R4/RNBAKABNR w', 'board', /too many red rooks/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/4p4/P1P1P1P1P/1C5C1/9/RNBAKABNR w', 'board', /too many black pawns/],
    ['rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w', 'board', /black king is missing/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w', 'board', /red king is missing/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNK w', 'board', /red king on i0 is outside its palace/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNB1KABNA w', 'board', /advisor on i0 is on a point it can never reach/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4B4/RN1AKABNR w', 'board', /elephant on e1 is on a point it can never reach/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/4b4/P1P1P1P1P/1C5C1/9/RNBAKA1NR w', 'board', /too many black elephants/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/P8/RNBAKABNR w', 'board', /too many red pawns/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P2/1C5C1/7P1/RNBAKABNR w', 'board', /red pawn on h1 is on a point it can never reach/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1PP3/1C5C1/9/RNBAKABNR w', 'board', /red pawn on f3 is on a point it can never reach/],
    ['rnbakabnr/9/1c5c1/p1p1p2p1/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w', 'board', /black pawn on h6 is on a point/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x', 'turn', /expected 'w', 'r' or 'b'/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ', 'castling', /no castling/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - e3', 'enPassant', /no en passant/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1', 'halfmove', /non-negative integer/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0', 'fullmove', /at least 1/],
    ['rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 extra', 'position', /at most 6 fields/],
    ['', 'board', /empty/],
    // Black to move, but red is in check from the rook: the side not to move is in check.
    ['4k4/9/9/9/9/9/9/9/3r5/3K5 b', 'position', /side not to move \(red\) is in check/],
    // Flying general: the kings face each other on an open file.
    ['4k4/9/9/9/9/9/9/9/9/4K4 w', 'position', /side not to move \(black\) is in check/],
  ] as const)('rejects %s', (fen, field, reason) => {
    const e = fenError(fen);
    expect(e.field).toBe(field);
    expect(e.reason).toMatch(reason);
    expect(e.message).toContain(field);
  });

  it('load() keeps the game when the FEN is bad', () => {
    const g = new Xiangqi();
    g.move('h2e2');
    const before = g.fen();
    expect(() => g.load('nonsense')).toThrow(FenError);
    expect(g.fen()).toBe(before);
    expect(g.history()).toEqual(['h2e2']);
  });

  it('accepts pawns on any file once across the river, and red pawns on rank 4 of the start files', () => {
    expect(() => new Xiangqi('4k4/9/9/2P1P4/1P7/9/P8/9/9/4K4 w')).not.toThrow();
  });
});
