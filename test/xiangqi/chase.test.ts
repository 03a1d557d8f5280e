import { describe, expect, it } from 'vitest';
import { MATE, parseIccs, REP_CHASE, REP_DRAW, REP_OPP_PERPETUAL, REP_SELF_PERPETUAL, Search, Xiangqi, xiangqiFromFen, xiangqiRepetition } from '../../src/index.js';
import { chasePairs } from '../../src/xiangqi/chase.js';
import { squareName } from '../../src/xiangqi/notation.js';
import type { XiangqiPosition } from '../../src/xiangqi/position.js';
import { repetitionVerdict } from '../../src/xiangqi/rules.js';
import { rng } from '../helpers/data.js';

/** The threats of `chaser` in a position, as "victim<attacker" squares, sorted. */
function threats(fen: string, chaser: number): string[] {
  const pos = xiangqiFromFen(fen);
  const out = new Int32Array(16);
  chasePairs(pos, chaser, out, 0);
  const list: string[] = [];
  for (let v = 0; v < 16; v++) {
    for (let a = 0; a < 16; a++) {
      if ((out[v]! >> a) & 1) list.push(`${squareName(pos.pieceSquare[(16 << (chaser ^ 1)) + v]!)}<${squareName(pos.pieceSquare[(16 << chaser) + a]!)}`);
    }
  }
  return list.sort();
}

/** Plays `cycle` twice (a threefold repetition) and returns the game and its search-style status after the first. */
function repeat(fen: string, cycle: string, rules = {}): { game: Xiangqi; once: number } {
  const game = new Xiangqi(fen, rules);
  const moves = cycle.split(' ');
  for (const m of moves) game.move(m);
  const once = xiangqiRepetition(game.position, 2);
  for (const m of moves) game.move(m);
  return { game, once };
}

describe('perpetual chase: which attacks threaten', () => {
  it('a rook threatens an unprotected cannon, not a protected one', () => {
    expect(threats('5k3/9/9/9/2c6/9/2R6/9/9/4K4 b', 0)).toEqual(['c5<c3']);
    expect(threats('5k3/9/1n7/9/2c6/9/2R6/9/9/4K4 b', 0)).toEqual([]);
  });
  it('a cannon threatens a rook even when it is protected (the rook is worth more)', () => {
    expect(threats('5k3/9/1n7/9/2r6/2P6/2C6/9/9/4K4 b', 0)).toEqual(['c5<c3']);
  });
  it('two pieces of a kind that attack each other do not chase, unless the victim cannot take back', () => {
    expect(threats('5k3/9/9/9/2r6/9/2R6/9/9/4K4 b', 0)).toEqual([]);
    // The black rook on f7 may not take a7: it shields its king from the rook on f2. It may
    // take f2 (along the pin), so only a7 threatens it.
    expect(threats('5k3/9/R4r3/9/9/9/9/5R3/9/4K4 b', 0)).toEqual(['f7<a7']);
    // Horses: the black horse's leg (d4) is blocked, so it cannot take the red horse back.
    expect(threats('5k3/9/9/9/3n5/9/2N6/9/9/4K4 b', 0)).toEqual([]);
    expect(threats('5k3/9/9/9/3n5/3p5/2N6/9/9/4K4 b', 0)).toEqual(['d5<c3']);
  });
  it('pawns and kings may chase; a pawn is chased only once it has crossed the river', () => {
    expect(threats('5k3/9/2c6/2P6/9/9/9/9/9/4K4 b', 0)).toEqual([]);
    expect(threats('5k3/9/9/2p6/9/9/2R6/9/9/4K4 b', 0)).toEqual([]);
    expect(threats('5k3/9/9/9/9/2p6/9/2R6/9/4K4 b', 0)).toEqual(['c4<c2']);
  });
  it('a capture that would expose the attacker\'s own king does not threaten', () => {
    expect(threats('5k3/9/9/9/9/9/4R1c2/9/9/4K4 b', 0)).toEqual(['g3<e3']);
    expect(threats('5k3/9/4r4/9/9/9/4R1c2/9/9/4K4 b', 0)).toEqual([]);
  });
  it('a check standing on the board is not held against the recapture that protects', () => {
    // The cannon on e5 checks; the rook on a6 attacks the horse on c6, which the rook on c9
    // protects: that recapture would leave black in the cannon's check, but the rule judges
    // the protection as if black had answered the check.
    expect(threats('2r1k4/9/4b4/R1n6/4C4/9/9/9/9/3K5 b', 0)).toEqual([]);
    expect(threats('2r1k4/9/4b4/R1n6/9/9/9/9/9/3K5 b', 0)).toEqual([]);
    expect(threats('4k4/9/4b4/R1n6/4C4/9/9/9/9/3K5 b', 0)).toEqual(['c6<a6']);
  });
  it('black chases as red does (the colour-flipped position)', () => {
    expect(threats('4k4/9/9/2r6/9/2C6/9/9/9/5K3 w', 1)).toEqual(['c4<c6']);
  });
});

describe('perpetual chase: the repetition verdict', () => {
  it('a rook that chases an unprotected cannon on every move loses', () => {
    const { game, once } = repeat('5k3/9/9/9/2c6/9/3R5/9/9/4K4 w', 'd3c3 c5d5 c3d3 d5c5');
    // Search-style, after one cycle: red (to move) chased throughout.
    expect(once).toBe(REP_DRAW | REP_CHASE | REP_SELF_PERPETUAL);
    expect(game.status()).toEqual({ over: true, reason: 'perpetual-chase', winner: 'black' });
  });
  it('the same moves against a protected cannon are a draw', () => {
    const { game, once } = repeat('5k3/9/1n7/5n3/2c6/9/3R5/9/9/4K4 w', 'd3c3 c5d5 c3d3 d5c5');
    expect(once).toBe(REP_DRAW);
    expect(game.status()).toEqual({ over: true, reason: 'repetition', winner: null });
  });
  it('a cannon chasing a protected rook loses', () => {
    const { game } = repeat('5k3/9/1n3n3/9/2r6/2P1P4/4C4/9/9/4K4 w', 'e3c3 c5e5 c3e3 e5c5');
    expect(game.status()).toEqual({ over: true, reason: 'perpetual-chase', winner: 'black' });
  });
  it('rook against rook, and a pawn chasing, are draws', () => {
    expect(repeat('5k3/9/9/9/2r6/9/3R5/9/9/4K4 w', 'd3c3 c5d5 c3d3 d5c5').game.status()).toMatchObject({ reason: 'repetition' });
    expect(repeat('5k3/9/2c6/3P5/9/9/9/9/9/4K4 w', 'd6c6 c7d7 c6d6 d7c7').game.status()).toMatchObject({ reason: 'repetition' });
  });
  it('a rook chasing a pawn across the river loses', () => {
    expect(repeat('5k3/9/9/9/9/2p6/9/3R5/9/4K4 w', 'd2c2 c4d4 c2d2 d4c4').game.status()).toEqual({ over: true, reason: 'perpetual-chase', winner: 'black' });
  });
  it('black chases as red does, and the flags follow the side to move', () => {
    // The first case with the colours flipped: black's rook chases red's cannon.
    const { game, once } = repeat('4k4/9/9/3r5/9/2C6/9/9/9/5K3 b', 'd6c6 c4d4 c6d6 d4c4');
    expect(once).toBe(REP_DRAW | REP_CHASE | REP_SELF_PERPETUAL);
    expect(game.status()).toEqual({ over: true, reason: 'perpetual-chase', winner: 'red' });
    // One ply further the repetition is judged with the chaser not to move.
    const g = new Xiangqi('5k3/9/9/9/2c6/9/3R5/9/9/4K4 w');
    for (const m of 'd3c3 c5d5 c3d3 d5c5 d3c3'.split(' ')) g.move(m);
    expect(xiangqiRepetition(g.position, 2)).toBe(REP_DRAW | REP_CHASE | REP_OPP_PERPETUAL);
  });
  it('the rule can be switched off (ElephantEye\'s rules)', () => {
    const { game } = repeat('5k3/9/9/9/2c6/9/3R5/9/9/4K4 w', 'd3c3 c5d5 c3d3 d5c5', { perpetualChase: false });
    expect(game.status()).toEqual({ over: true, reason: 'repetition', winner: null });
    expect(game.position.chaseRule).toBe(false);
  });
  it('mutual perpetual chase is a draw; one-sided is a loss', () => {
    expect(repetitionVerdict(REP_DRAW | REP_CHASE | REP_SELF_PERPETUAL | REP_OPP_PERPETUAL, 0)).toEqual({ loser: null, perpetual: false, chase: false });
    expect(repetitionVerdict(REP_DRAW | REP_CHASE | REP_OPP_PERPETUAL, 0)).toEqual({ loser: 1, perpetual: true, chase: true });
    expect(repetitionVerdict(REP_DRAW | REP_SELF_PERPETUAL, 1)).toEqual({ loser: 1, perpetual: true, chase: false });
  });
});

describe('perpetual chase in the search', () => {
  const fen = '5k3/9/9/9/2c6/9/3R5/9/9/4K4 w';
  it('a repetition that completes the other side\'s chase is a draw for the root, and its own chase a loss', () => {
    const g = new Xiangqi(fen);
    for (const m of 'd3c3 c5d5 c3d3'.split(' ')) g.move(m);
    // Red has chased throughout: black's d5c5 repeats, which the rule would give black, but the
    // search does not count on the other side's chase to win and scores it as a draw.
    const taken = new Search().run(g.position, { depth: 4, drawScore: -20, rootMoves: [parseIccs('d5c5')] });
    expect(taken.score).toBe(-20);
    // The chaser's own side keeps out of it: completing its chase loses (BAN).
    const h = new Xiangqi(fen);
    for (const m of 'd3c3 c5d5'.split(' ')) h.move(m);
    const forced = new Search().run(h.position, { depth: 4, rootMoves: [parseIccs('c3d3')] });
    expect(forced.score).toBe(-(MATE - 100));
    // Under ElephantEye's rules the same line is an ordinary repetition: a draw at worst.
    h.position.chaseRule = false;
    const plain = new Search().run(h.position, { depth: 4, rootMoves: [parseIccs('c3d3')] });
    expect(plain.score).toBeGreaterThanOrEqual(0);
  });
});

describe('perpetual chase: the replay and its memo', () => {
  const swap = (m: number): number => ((m >>> 8) & 0xff) | ((m & 0xff) << 8);
  /** A random legal quiet move, or 0. */
  function quietMove(pos: XiangqiPosition, rand: () => number): number {
    const buf = new Int32Array(256);
    const end = pos.generateQuiets(buf, 0);
    const moves: number[] = [];
    for (let i = 0; i < end; i++) {
      if (!pos.make(buf[i]!)) continue;
      moves.push(buf[i]!);
      pos.unmake();
    }
    return moves.length === 0 ? 0 : moves[Math.floor(rand() * moves.length)]!;
  }
  /** Makes the move if it is pseudo-legal and legal here. */
  const tryMake = (pos: XiangqiPosition, m: number): boolean => m !== 0 && pos.isPseudoLegal(m) && pos.make(m);
  /**
   * A move, a reply, and both taken back by moves: four plies that repeat the position (each
   * position's check flag asked, as the game and search do). Returns how many plies it made.
   */
  function fourPlyCycle(pos: XiangqiPosition, rand: () => number): number {
    const m1 = quietMove(pos, rand);
    if (!tryMake(pos, m1)) return 0;
    pos.inCheck();
    const m2 = quietMove(pos, rand);
    if (!tryMake(pos, m2)) return 1;
    pos.inCheck();
    if (!tryMake(pos, swap(m1))) return 2;
    pos.inCheck();
    return tryMake(pos, swap(m2)) ? 4 : 3;
  }
  const snapshot = (pos: XiangqiPosition) => ({
    ply: pos.ply,
    board: Array.from(pos.board),
    keys: [pos.keyLo, pos.keyHi, pos.lock1, pos.halfmoveClock, pos.sideToMove],
    checks: Array.from(pos.histCheck.subarray(0, pos.ply + 1)),
    moves: Array.from(pos.histMove.subarray(0, pos.ply)),
  });

  it('judging a repetition leaves the position as it was, and the memo answers as a fresh replay does', () => {
    const rand = rng(2026);
    let cycles = 0;
    let chased = 0;
    for (let t = 0; t < 400; t++) {
      const pos = xiangqiFromFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1');
      // A random opening.
      for (let i = 0; i < 8 + (t % 40); i++) {
        const buf = new Int32Array(256);
        const n = pos.generateLegal(buf, 0);
        if (n === 0) break;
        pos.make(buf[Math.floor(rand() * n)]!);
      }
      // Several cycles from the same position, one after another: each is judged at the same
      // plies as the one before, so a memo entry left over from another cycle would show.
      for (let k = 0; k < 4; k++) {
        const made = fourPlyCycle(pos, rand);
        if (made < 4) {
          for (let i = 0; i < made; i++) pos.unmake();
          continue;
        }
        cycles++;
        pos.inCheck(); // the one flag a repetition test may fill in (it is a cache)
        const before = snapshot(pos);
        const fresh = pos.clone().repetitionStatus(2);
        const status = pos.repetitionStatus(2);
        expect(status & REP_DRAW).toBe(REP_DRAW);
        expect(status).toBe(fresh);
        expect(pos.repetitionStatus(2)).toBe(status);
        expect(snapshot(pos)).toEqual(before);
        if ((status & REP_CHASE) !== 0) chased++;
        for (let i = 0; i < 4; i++) pos.unmake();
      }
    }
    expect(cycles).toBeGreaterThan(800);
    expect(chased).toBeGreaterThan(0);
  });
});
