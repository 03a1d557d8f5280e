import { describe, expect, it } from 'vitest';
import { REP_DRAW, REP_NONE, REP_OPP_PERPETUAL, Xiangqi, xiangqiRepetition } from '../../src/index.js';

function play(g: Xiangqi, moves: string): Xiangqi {
  for (const m of moves.split(' ').filter(Boolean)) g.move(m);
  return g;
}

describe('xiangqi game status', () => {
  it('the start position is ongoing', () => {
    expect(new Xiangqi().status()).toEqual({ over: false });
  });
  it('checkmate that rests on the flying general', () => {
    // The rook checks on the d-file; e9 would face the red king.
    const g = new Xiangqi('3k5/9/9/9/9/9/9/9/9/3RK4 b');
    expect(g.inCheck()).toBe(true);
    expect(g.status()).toEqual({ over: true, reason: 'checkmate', winner: 'red' });
    expect(g.isCheckmate()).toBe(true);
  });
  it('stalemate loses for the side that cannot move', () => {
    const g = new Xiangqi('3k5/8R/9/9/9/9/9/9/9/4K4 b');
    expect(g.inCheck()).toBe(false);
    expect(g.moves()).toEqual([]);
    expect(g.status()).toEqual({ over: true, reason: 'stalemate', winner: 'red' });
    expect(g.isStalemate()).toBe(true);
  });
  it('perpetual check loses for the checking side', () => {
    const g = play(new Xiangqi('3k5/9/9/9/9/9/9/9/9/R4K3 w'), 'a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9');
    expect(g.status()).toEqual({ over: false }); // twice so far
    g.move('a8a9');
    expect(g.status()).toEqual({ over: true, reason: 'perpetual-check', winner: 'black' });
    const rep = xiangqiRepetition(g.position, 3);
    expect(rep & REP_DRAW).toBe(REP_DRAW);
    expect(rep & REP_OPP_PERPETUAL).toBe(REP_OPP_PERPETUAL);
  });
  it('any other threefold repetition is a draw', () => {
    const g = play(new Xiangqi('3k5/9/9/9/9/9/9/9/9/R4K3 w'), 'a0a1 d9d8 a1a0 d8d9 a0a1 d9d8 a1a0');
    expect(g.status()).toEqual({ over: false });
    g.move('d8d9');
    expect(g.status()).toEqual({ over: true, reason: 'repetition', winner: null });
    expect(xiangqiRepetition(g.position, 2)).toBe(REP_DRAW); // search-style: once before is enough
  });
  it('a capture breaks the repetition chain', () => {
    const g = play(new Xiangqi('3k5/9/9/9/9/9/9/p8/9/R4K3 w'), 'a0a1 d9d8 a1a0 d8d9');
    expect(xiangqiRepetition(g.position, 2)).toBe(REP_DRAW);
    play(g, 'a0a2 d9d8 a2a0 d8d9');
    expect(xiangqiRepetition(g.position, 2)).toBe(REP_NONE); // the rook's position repeats, but the pawn is gone
    expect(g.position.halfmoveClock).toBe(3);
  });
  it('the 60-move rule: 120 plies without a capture draw', () => {
    const g = new Xiangqi('3k5/9/9/9/9/9/9/9/9/R4K3 w - - 119 80');
    expect(g.status()).toEqual({ over: false });
    g.move('a0a1');
    expect(g.status()).toEqual({ over: true, reason: 'move-limit', winner: null });
  });
  it('the move limit is configurable, and can leave checks out of the count', () => {
    const fen = '3k5/9/9/9/9/9/9/9/9/R4K3 w - - 118 80';
    const counted = play(new Xiangqi(fen), 'a0a9 d9d8');
    expect(counted.status()).toMatchObject({ reason: 'move-limit' });
    const uncounted = play(new Xiangqi(fen, { checksCountTowardsLimit: false }), 'a0a9 d9d8');
    expect(uncounted.status()).toEqual({ over: false }); // the check a0a9 did not count
    expect(play(new Xiangqi(fen, { checksCountTowardsLimit: false }), 'a0a9 d9d8 a9b9').status()).toMatchObject({ reason: 'move-limit' });
    expect(new Xiangqi('3k5/9/9/9/9/9/9/9/9/R4K3 w - - 10 80', { moveLimitPlies: 10 }).status()).toMatchObject({ reason: 'move-limit' });
    expect(new Xiangqi('3k5/9/9/9/9/9/9/9/9/R4K3 w - - 500 80', { moveLimitPlies: 0 }).status()).toEqual({ over: false });
  });
  it('the search\'s move limit (repetition()) leaves checks out too when the game\'s rules do', () => {
    const fen = '3k5/9/9/9/9/9/9/9/9/R4K3 w - - 118 80';
    const counted = play(new Xiangqi(fen), 'a0a9 d9d8');
    expect(counted.position.repetition()).toBe(REP_DRAW);
    expect(counted.position.pliesTowardsLimit()).toBe(120);
    const uncounted = play(new Xiangqi(fen, { checksCountTowardsLimit: false }), 'a0a9 d9d8');
    expect(uncounted.position.checksCountTowardsLimit).toBe(false);
    expect(uncounted.position.pliesTowardsLimit()).toBe(119);
    expect(uncounted.position.pliesTowardsLimit(true)).toBe(120);
    expect(uncounted.position.repetition()).toBe(REP_NONE);
    // A null move (the search's) counts for neither; a quiet move does.
    uncounted.position.makeNull();
    expect(uncounted.position.pliesTowardsLimit()).toBe(119);
    expect(uncounted.position.repetition()).toBe(REP_NONE);
    uncounted.position.unmakeNull();
    play(uncounted, 'a9b9');
    expect(uncounted.position.repetition()).toBe(REP_DRAW);
    // The setting stays with the game through load, clone and a PGN.
    const g = new Xiangqi(fen, { checksCountTowardsLimit: false });
    g.load('3k5/9/9/9/9/9/9/9/9/R4K3 w - - 0 1');
    expect(g.position.checksCountTowardsLimit).toBe(false);
    expect(g.clone().position.checksCountTowardsLimit).toBe(false);
    g.loadPgn(new Xiangqi().pgn());
    expect(g.position.checksCountTowardsLimit).toBe(false);
    expect(new Xiangqi().position.checksCountTowardsLimit).toBe(true);
  });
  it('no rook, horse, cannon or pawn on either side is a draw', () => {
    expect(new Xiangqi('3k5/4a4/9/9/9/9/9/9/4A4/5K3 w').status()).toEqual({ over: true, reason: 'insufficient-material', winner: null });
    expect(new Xiangqi('3k5/4a4/9/9/9/9/9/9/4A4/5KB2 w').status()).toMatchObject({ reason: 'insufficient-material' });
    expect(new Xiangqi('3k5/4a4/9/9/9/9/9/p8/4A4/5K3 w').status()).toEqual({ over: false });
  });
  it('undo restores status and keys', () => {
    const g = new Xiangqi('3k5/9/9/9/9/9/9/9/9/R4K3 w');
    const key = g.key64();
    g.move('a0a9');
    expect(g.inCheck()).toBe(true);
    expect(g.undo()).toEqual({ from: 'a0', to: 'a9', iccs: 'a0a9' });
    expect(g.key64()).toBe(key);
    expect(g.undo()).toBeNull();
  });
});
