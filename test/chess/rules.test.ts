import { describe, expect, it } from 'vitest';
import { Chess, parseUci } from '../../src/index.js';
import { sideCannotMate } from '../../src/chess/rules.js';

function play(game: Chess, moves: string): Chess {
  for (const m of moves.split(/\s+/).filter(Boolean)) game.move(m);
  return game;
}

describe('chess game status', () => {
  it('checkmate (fool\'s mate) and the result', () => {
    const game = play(new Chess(), 'f3 e5 g4 Qh4#');
    expect(game.status()).toEqual({ over: true, result: '0-1', reason: 'checkmate', winner: 'black', claims: [], check: true });
    expect(game.isCheckmate()).toBe(true);
    expect(game.isGameOver()).toBe(true);
    expect(game.moves()).toEqual([]);
  });

  it('stalemate', () => {
    const game = new Chess('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1');
    expect(game.isStalemate()).toBe(true);
    expect(game.status()).toMatchObject({ over: true, result: '1/2-1/2', reason: 'stalemate', check: false });
  });

  it('a game in progress', () => {
    expect(new Chess().status()).toEqual({ over: false, result: '*', claims: [], check: false });
    expect(play(new Chess(), 'e4 f5 Qh5+').status()).toEqual({ over: false, result: '*', claims: [], check: true });
  });

  it('the 50-move rule can be claimed at 100 plies; the 75-move rule ends the game at 150', () => {
    const fen = (clock: number) => `4k3/8/8/8/8/8/3R4/4K3 b - - ${clock} 90`;
    expect(new Chess(fen(99)).status().claims).toEqual([]);
    expect(new Chess(fen(100)).status()).toMatchObject({ over: false, claims: ['fifty-moves'] });
    expect(new Chess(fen(149)).status().over).toBe(false);
    expect(new Chess(fen(150)).status()).toMatchObject({ over: true, result: '1/2-1/2', reason: 'seventy-five-moves' });
    // The clock counts up with quiet moves and resets on a pawn move.
    const game = play(new Chess('4k3/8/8/8/8/8/3R3P/4K3 w - - 98 90'), 'Ra2 Kd7');
    expect(game.status().claims).toEqual(['fifty-moves']);
    play(game, 'h3');
    expect(game.status().claims).toEqual([]);
  });

  it('checkmate on the 150th ply beats the 75-move rule', () => {
    const game = new Chess('7k/8/6K1/8/8/8/8/R7 w - - 149 120');
    game.move('Ra8#');
    expect(game.status()).toMatchObject({ over: true, reason: 'checkmate', result: '1-0' });
  });

  it('threefold repetition can be claimed; fivefold ends the game', () => {
    const game = new Chess();
    const cycle = 'Nf3 Nf6 Ng1 Ng8';
    play(game, cycle);
    expect(game.isThreefoldRepetition()).toBe(false);
    play(game, cycle);
    expect(game.isThreefoldRepetition()).toBe(true);
    expect(game.status()).toMatchObject({ over: false, claims: ['threefold-repetition'] });
    expect(game.isDraw()).toBe(true);
    play(game, cycle);
    expect(game.status().over).toBe(false);
    play(game, cycle);
    expect(game.status()).toMatchObject({ over: true, reason: 'fivefold-repetition', result: '1/2-1/2' });
  });

  it('positions differ when castling rights differ, even with the same pieces', () => {
    const game = play(new Chess('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'), 'Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8');
    // The first position had castling rights; the later ones do not: only two repetitions.
    expect(game.isThreefoldRepetition()).toBe(false);
    play(game, 'Ke2 Ke7 Ke1 Ke8');
    expect(game.isThreefoldRepetition()).toBe(true);
  });

  it.each([
    ['4k3/8/8/8/8/8/8/4K3 w - - 0 1', true, 'K v K'],
    ['4k3/8/8/8/8/8/8/4KN2 w - - 0 1', true, 'K+N v K'],
    ['4k3/8/8/8/8/8/8/4KB2 w - - 0 1', true, 'K+B v K'],
    ['4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1', true, 'K+B v K+B, both on dark squares'],
    ['4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1', false, 'two bishops on both colours'],
    ['2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1', false, 'K+B v K+B on different colours'],
    ['4k3/8/8/8/8/8/8/3NKN2 w - - 0 1', false, 'K+N+N v K (mate is possible with help)'],
    ['4kn2/8/8/8/8/8/8/4KN2 w - - 0 1', false, 'K+N v K+N'],
    ['4k3/8/8/8/8/8/8/4KR2 w - - 0 1', false, 'K+R v K'],
    ['4k3/8/8/8/8/8/P7/4K3 w - - 0 1', false, 'K+P v K'],
  ])('insufficient material: %s → %s (%s)', (fen, dead, _label) => {
    const game = new Chess(fen);
    expect(game.isInsufficientMaterial()).toBe(dead);
    expect(game.status().over).toBe(dead);
    if (dead) expect(game.status().reason).toBe('insufficient-material');
  });

  it('a side with a bare king, or a king and one minor piece, can never mate (how a flag is judged)', () => {
    const side = (fen: string, s: 0 | 1) => sideCannotMate(new Chess(fen).position, s);
    expect(side('4k3/8/8/8/8/8/8/4K3 w - - 0 1', 0)).toBe(true);
    expect(side('4k3/8/8/8/8/8/8/4KN2 w - - 0 1', 0)).toBe(true);
    expect(side('4k3/8/8/8/8/8/8/3BKN2 w - - 0 1', 0)).toBe(false);
    expect(side('4k3/p7/8/8/8/8/8/4K3 w - - 0 1', 1)).toBe(false);
    expect(side('4kb2/8/8/8/8/8/8/4K3 w - - 0 1', 1)).toBe(true);
  });

  it('undo restores the status, the FEN and the key', () => {
    const game = new Chess();
    const fen = game.fen();
    const key = game.key();
    play(game, 'f3 e5 g4 Qh4#');
    expect(game.undo()).toEqual({ from: 'd8', to: 'h4', uci: 'd8h4' });
    expect(game.status().over).toBe(false);
    while (game.undo() !== null);
    expect(game.fen()).toBe(fen);
    expect(game.key()).toBe(key);
  });
});

/**
 * One of the search's cheap tests (`losingCapture`, `losingQuiet`) of the move `uci` in `fen`,
 * after checking that the test gives back the board it borrows.
 */
function cheapTest(test: 'losingCapture' | 'losingQuiet', fen: string, uci: string): boolean {
  const game = new Chess(fen);
  const pos = game.position;
  const before = game.fen();
  const answer = pos[test](parseUci(pos, uci));
  expect(game.fen()).toBe(before); // the board is borrowed, and given back
  return answer;
}

describe('losingCapture (the search\'s cheap exchange test)', () => {
  const losing = (fen: string, uci: string) => cheapTest('losingCapture', fen, uci);
  it('a dearer piece taking a defended one loses; an undefended victim or a cheaper capturer does not', () => {
    expect(losing('4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1', 'd1d5')).toBe(true);
    expect(losing('4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1', 'd1d5')).toBe(false);
    expect(losing('4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1', 'e4d5')).toBe(false);
    // Bishop for knight is an even trade, not a loss.
    expect(losing('4k3/8/4p3/3n4/8/8/6B1/4K3 w - - 0 1', 'g2d5')).toBe(false);
  });
  it('looks through the capturer\'s own square, and never calls promotions or en passant losing', () => {
    // The black rook on d1 defends d5 once the white rook has left d4.
    expect(losing('4k3/8/8/3n4/3R4/8/7K/3r4 w - - 0 1', 'd4d5')).toBe(true);
    expect(losing('3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1', 'c7d8q')).toBe(false);
    expect(losing('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1', 'e5d6')).toBe(false);
  });
});

describe('losingQuiet (the search\'s cheap test of a quiet move)', () => {
  const losing = (fen: string, uci: string) => cheapTest('losingQuiet', fen, uci);
  it('a piece that would stand attacked and undefended loses; a defended one, a pawn or the king does not', () => {
    expect(losing('4k3/8/8/8/3p4/8/8/1N2K3 w - - 0 1', 'b1c3')).toBe(true);
    expect(losing('4k3/8/8/8/3p4/8/1P6/1N2K3 w - - 0 1', 'b1c3')).toBe(false);
    expect(losing('4k3/8/8/8/3p4/8/8/1N2K3 w - - 0 1', 'b1a3')).toBe(false);
    // The knight does not guard its own target from where it stood.
    expect(losing('2r1k3/8/8/8/8/8/8/1N5K w - - 0 1', 'b1c3')).toBe(true);
    expect(losing('2r1k3/8/8/8/8/8/8/1N5K w - - 0 1', 'b1a3')).toBe(false);
    expect(losing('4k3/8/8/8/8/3r4/8/1N5K w - - 0 1', 'b1c3')).toBe(true);
    expect(losing('4k3/8/8/8/3p4/8/8/4K3 b - - 0 1', 'd4d3')).toBe(false);
    expect(losing('4k3/3R4/8/8/8/8/8/4K3 b - - 0 1', 'e8f8')).toBe(false);
  });
});
