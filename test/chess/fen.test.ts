import { describe, expect, it } from 'vitest';
import { Chess, CHESS_START_FEN, FenError, readEpd, writeEpd, chessFromFen, writeChessFen } from '../../src/index.js';
import { readPerftEpd } from '../helpers/data.js';

function fenError(fen: string): FenError {
  try {
    new Chess(fen);
  } catch (e) {
    if (e instanceof FenError) return e;
    throw e;
  }
  throw new Error(`accepted: ${fen}`);
}

describe('chess FEN', () => {
  it('round-trips the start position and every perft-suite position', () => {
    expect(new Chess().fen()).toBe(CHESS_START_FEN);
    for (const { fen } of readPerftEpd('chess-perftsuite.epd')) expect(writeChessFen(chessFromFen(fen))).toBe(fen);
  });

  it('defaults missing clocks and keeps given ones', () => {
    expect(new Chess('4k3/8/8/8/8/8/8/4K3 b - -').fen()).toBe('4k3/8/8/8/8/8/8/4K3 b - - 0 1');
    expect(new Chess('4k3/8/8/8/8/8/8/4K3 b - - 37 80').fen()).toBe('4k3/8/8/8/8/8/8/4K3 b - - 37 80');
  });

  it('keeps an en-passant square only when a pawn of the side to move could use it', () => {
    expect(new Chess('rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2').fen()).toContain(' d3 ');
    expect(new Chess('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1').fen()).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
  });

  it.each([
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1', 'board', /expected 8 rows/],
    ['rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'board', /counts run from 1 to 8/],
    ['rnbqkbnr/pppppppp/8p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'board', /wider than 8/],
    ['rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'board', /has 7 squares/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1', 'board', /unknown piece letter 'X'/],
    ['rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1', 'board', /one black king, found 0/],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1', 'board', /one white king, found 2/],
    ['4k3/8/8/8/8/8/8/P3K3 w - - 0 1', 'board', /first or last rank/],
    ['p3k3/8/8/8/8/8/8/4K3 w - - 0 1', 'board', /first or last rank/],
    ['4k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/4K3 w - - 0 1', 'board', /more pieces than promotions/],
    ['4k3/8/8/8/8/8/8/4K3 x - - 0 1', 'turn', /expected 'w' or 'b'/],
    ['4k3/8/8/8/8/8/8/4K3', 'turn', /missing/],
    ['4k3/8/8/8/8/8/8/4K2R w Q - 0 1', 'castling', /rook on a1/],
    ['4k3/8/8/8/8/8/8/3K3R w K - 0 1', 'castling', /king on e1/],
    ['4k3/8/8/8/8/8/8/4K2R w KK - 0 1', 'castling', /twice/],
    ['4k3/8/8/8/8/8/8/4K2R w X - 0 1', 'castling', /unexpected 'X'/],
    ['4k3/8/8/8/8/8/8/4K3 w - e4 0 1', 'enPassant', /sixth rank/],
    ['4k3/8/8/8/8/8/8/4K3 w - e6 0 1', 'enPassant', /no black pawn on e5/],
    ['4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1', 'enPassant', /must be empty/],
    ['4k3/8/8/8/8/8/8/4K3 w - z9 0 1', 'enPassant', /not a square/],
    ['4k3/8/8/8/8/8/8/4K3 w - - -1 1', 'halfmove', /non-negative integer/],
    ['4k3/8/8/8/8/8/8/4K3 w - - 0 0', 'fullmove', /at least 1/],
    ['4k3/8/8/8/8/8/8/4K2R w - - 0 1 extra', 'position', /at most 6 fields/],
    ['4k2R/8/8/8/8/8/8/4K3 w - - 0 1', 'position', /side not to move \(black\) is in check/],
    ['8/8/8/8/8/8/8/3Kk3 b - - 0 1', 'position', /in check/],
  ] as const)('%s → %s', (fen, field, reason) => {
    const e = fenError(fen);
    expect(e.field).toBe(field);
    expect(e.reason).toMatch(reason);
    expect(e.fen).toBe(fen);
  });

  it('a bad FEN in load() keeps the current game', () => {
    const game = new Chess();
    game.move('e4');
    const before = game.fen();
    expect(() => game.load('not a fen')).toThrow(FenError);
    expect(game.fen()).toBe(before);
    expect(game.history()).toEqual(['e4']);
  });
});

describe('EPD', () => {
  it('reads operations, quoted operands and the perft-suite form', () => {
    const epd = readEpd('r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5 Bc4; id "Open game: test";');
    expect(epd.position.sideToMove).toBe(0);
    expect(epd.operations).toEqual([
      { opcode: 'bm', operands: ['Bb5', 'Bc4'] },
      { opcode: 'id', operands: ['Open game: test'] },
    ]);
    const suite = readEpd('4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66 ;D3 1197');
    expect(suite.operations).toEqual([
      { opcode: 'D1', operands: ['15'] },
      { opcode: 'D2', operands: ['66'] },
      { opcode: 'D3', operands: ['1197'] },
    ]);
  });

  it('writes four fields and the operations, quoting where needed, and reads its own output', () => {
    const pos = chessFromFen(CHESS_START_FEN);
    const ops = [
      { opcode: 'bm', operands: ['e4'] },
      { opcode: 'id', operands: ['start position'] },
      { opcode: 'D1', operands: ['20'] },
    ];
    const line = writeEpd(pos, ops);
    expect(line).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "start position"; D1 20;');
    expect(readEpd(line).operations).toEqual(ops);
  });

  it('rejects bad EPD with a FenError', () => {
    expect(() => readEpd('4k3/8/8/8/8/8/8/4K3 w')).toThrow(FenError);
    expect(() => readEpd('4k3/8/8/8/8/8/8/4K3 w - - id "open')).toThrow(/unterminated/);
    expect(() => readEpd('4k3/8/8/8/8/8/8/4K3 w - - 9x 1;')).toThrow(/opcode/);
  });
});
