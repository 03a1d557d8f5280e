/**
 * When an engine gives a game up: once its searches for its own moves have scored the position
 * at or below minus the threshold, or found a mate against it, so many times in a row. Both
 * xboard (`resign`) and UCCI (`bestmove m resign`) sessions use it; a threshold of 0 (the
 * default) never resigns, leaving the end of the game to the GUI's rules and adjudication.
 */
import type { EngineScore } from '../engine/searcher.js';

/** The largest threshold the options accept, in centipawns. */
export const RESIGN_MAX = 10_000;

export class ResignRule {
  /** Centipawns; 0 never resigns. */
  threshold = 0;
  private count = 0;

  /** @param moves how many lost scores in a row it takes */
  constructor(readonly moves = 3) {}

  /** A new game (or a position taken back): the count starts again. */
  reset(): void {
    this.count = 0;
  }

  /** Records the score of a search for the engine's move; whether to resign now. */
  record(score: EngineScore): boolean {
    if (this.threshold <= 0) return false;
    const lost = 'mate' in score ? score.mate < 0 : score.cp <= -this.threshold;
    this.count = lost ? this.count + 1 : 0;
    return this.count >= this.moves;
  }
}
