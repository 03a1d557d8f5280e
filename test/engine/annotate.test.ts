import { describe, expect, it } from 'vitest';
import { IllegalMoveError } from '../../src/core/errors.js';
import { readPgn } from '../../src/chess/pgn.js';
import { START_FEN as CHESS_START } from '../../src/chess/fen.js';
import { annotateChessPgn, annotateXiangqiPgn, reviewGame, reviewNag, winningChances } from '../../src/engine/annotate.js';
import { Engine } from '../../src/engine/engine.js';
import { readXiangqiPgn } from '../../src/xiangqi/pgn.js';

// Inline and depth-limited: the same review on every machine.
const engine = (): Engine => new Engine({ thread: 'inline' });

describe('winning chances and marks', () => {
  it('map scores onto -1..1 and losses onto ?!, ? and ??', () => {
    expect(winningChances({ cp: 0 })).toBe(0);
    expect(winningChances({ cp: 300 })).toBeCloseTo(0.5023, 4);
    expect(winningChances({ cp: -300 })).toBeCloseTo(-0.5023, 4);
    expect(winningChances({ mate: 3 })).toBe(1);
    expect(winningChances({ mate: -1 })).toBe(-1);
    expect([0, 0.099, 0.1, 0.2, 0.29, 0.3, 2].map(reviewNag)).toEqual([0, 0, 6, 2, 2, 4, 4]);
  });
});

describe('reviewGame', () => {
  it('marks the move that allows mate as a blunder with the better line, and the mate as no score', async () => {
    const e = engine();
    try {
      const moves = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];
      const reviews = await reviewGame(e, 'chess', CHESS_START, moves, { depth: 4 });
      expect(reviews.map((r) => r.move)).toEqual(moves);
      const blunder = reviews[2]!;
      expect(blunder.nag).toBe(4);
      expect(blunder.score).toEqual({ mate: -1 }); // from White's side: mated in one
      expect(blunder.best).not.toBe('g2g4');
      expect(blunder.bestLine[0]).toBe(blunder.best);
      const mate = reviews[3]!;
      expect(mate.score).toBeNull();
      expect(mate.loss).toBe(0);
      expect(mate.nag).toBe(0);
      // The engine's own choice never loses anything.
      for (const r of reviews) if (r.best === r.move) expect(r.loss).toBe(0);

      const [game] = readPgn('[White "A"]\n\n1. f3 e5 2. g4 Qh4# 0-1');
      const text = annotateChessPgn(game!, reviews);
      expect(text).toMatch(/2\. g4 \$4 \{-M1\/\d+\} \(2\. \S+/);
      expect(text).toMatch(/Qh4#\s+0-1\n$/);
      // What it writes reads back: the same main line, with the review's comments and line.
      const back = readPgn(text)[0]!;
      expect(back.moves.map((n) => n.uci)).toEqual(moves);
      expect(back.moves[2]!.nags).toEqual([4]);
      expect(back.moves[2]!.variations[0]!.map((n) => n.uci)).toEqual(blunder.bestLine);
    } finally {
      e.close();
    }
  });

  it('reviews a xiangqi game and writes it in the notation asked for', async () => {
    const e = engine();
    try {
      const [game] = readXiangqiPgn('[Game "Chinese Chess"]\n\n1. C2.5 H8+7 2. H2+3 {a comment} R9.8 *');
      const moves = game!.moves.map((n) => n.iccs);
      const reviews = await reviewGame(e, 'xiangqi', game!.fen, moves, { depth: 3 });
      expect(reviews).toHaveLength(4);
      for (const r of reviews) {
        expect(r.score).not.toBeNull();
        expect(r.depth).toBeGreaterThanOrEqual(3);
      }
      const text = annotateXiangqiPgn(game!, reviews, 'wxf');
      expect(text).toContain('[Format "WXF"]');
      const back = readXiangqiPgn(text)[0]!;
      expect(back.moves.map((n) => n.iccs)).toEqual(moves);
      expect(back.moves[2]!.comments[0]).toBe('a comment');
      expect(back.moves[2]!.comments[1]).toMatch(/^[+-]\d+\.\d\d\/\d+$/);
    } finally {
      e.close();
    }
  });

  it('refuses an illegal move before searching, and stops on its signal', async () => {
    const e = engine();
    try {
      let progress = 0;
      await expect(reviewGame(e, 'chess', CHESS_START, ['e2e4', 'e2e4'], { depth: 2, onProgress: () => progress++ })).rejects.toThrow(IllegalMoveError);
      expect(progress).toBe(0);
      const signal = AbortSignal.abort();
      await expect(reviewGame(e, 'chess', CHESS_START, ['e2e4'], { depth: 2, signal })).rejects.toThrow();
    } finally {
      e.close();
    }
  });
});
