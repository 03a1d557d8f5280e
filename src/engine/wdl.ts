/**
 * Win, draw and loss chances for a search score, as UCI's `UCI_ShowWDL` reports them: per mille,
 * from the side to move's point of view, summing to 1000.
 *
 * The model is Stockfish's shape with one pair of numbers per game: a score of x centipawns wins
 * with probability s((x - a) / b) and loses with s((-x - a) / b), s the logistic function, the
 * rest a draw. `a` and `b` are maximum-likelihood fits to qiengine's own reported scores and the
 * games' results (bench/RESULTS.md, stop 97): xiangqi on 140,045 scores from 2,200 games against
 * Fairy-Stockfish 11.1 at 0.2 s a move, chess on 6,392 scores from 120 games at full strength
 * against Stockfish 15.1 at `UCI_Elo` 1800, 2000 and 2100 at 0.1 s a move (49.2% in all). They
 * describe fast games: at longer times the same score wins more often. A mate found is a win or
 * a loss for certain.
 */
import type { GameKind } from './games.js';
import type { EngineScore } from './searcher.js';

/** The model's two numbers per game, in centipawns. */
export const WDL_MODEL: Readonly<Record<GameKind, { readonly a: number; readonly b: number }>> = {
  xiangqi: { a: 139, b: 185 },
  chess: { a: 78, b: 198 },
};

/** `[win, draw, loss]` per mille for the side to move, for a score of `game`. */
export function winDrawLoss(game: GameKind, score: EngineScore): [win: number, draw: number, loss: number] {
  if ('mate' in score) return score.mate > 0 ? [1000, 0, 0] : [0, 0, 1000];
  const { a, b } = WDL_MODEL[game];
  const win = Math.round(1000 / (1 + Math.exp((a - score.cp) / b)));
  const loss = Math.round(1000 / (1 + Math.exp((a + score.cp) / b)));
  return [win, 1000 - win - loss, loss];
}
