/**
 * What the protocol sessions share: a line in, replies out through a callback, searches that
 * run while more lines arrive, and the state the CLI's loop watches (done, thinking, idle); and
 * the small readings and rules both protocols apply (option numbers, coordinate moves, draw
 * offers).
 */
import type { EngineScore } from '../engine/searcher.js';

/** A move in protocol coordinates: chess `e2e4`/`e7e8q`, xiangqi ICCS `h2e2` (ranks 0-9). */
export const COORDINATE_MOVE = /^[a-i]\d[a-i]\d[nbrq]?$/;

/**
 * The largest xiangqi move limit the protocols' options take, in plies without a capture (the
 * 60-move rule is 120; 0 is no limit).
 */
export const MOVE_LIMIT_MAX = 1000;

/** The whole number from `min` to `max` an option's value spells, or undefined for anything else. */
export function wholeNumber(value: string, min: number, max: number): number | undefined {
  const n = Number(value);
  return value.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/**
 * ElephantEye's UCCI grades of `randomness`, as the largest root bonus of qiengine's varied play
 * in centipawns (each grade doubles the one before; the scale is qiengine's own).
 */
export const RANDOMNESS_GRADES: ReadonlyMap<string, number> = new Map([
  ['none', 0],
  ['tiny', 10],
  ['small', 20],
  ['medium', 40],
  ['large', 80],
  ['huge', 160],
]);

/**
 * The centipawns of varied play an option's value asks for: one of {@link RANDOMNESS_GRADES}
 * by name (any case), or a whole number from 0 to `max`; undefined for anything else.
 */
export function randomnessOf(value: string, max: number): number | undefined {
  return RANDOMNESS_GRADES.get(value.trim().toLowerCase()) ?? wholeNumber(value, 0, max);
}

/**
 * Whether the engine takes a draw offered: its search scored the position below what a draw is
 * worth to the side to move (the game's draw score), or found a mate against it.
 */
export function takesDraw(score: EngineScore, drawScore: number): boolean {
  return 'mate' in score ? score.mate < 0 : score.cp < drawScore;
}

/** A running search of a session: `done` settles once it has answered. */
export interface Pending {
  done: Promise<void>;
}

/** A text protocol session (UCI/UCCI or xboard), fed one line at a time. */
export abstract class LineSession<T extends Pending> {
  /** The running search, if any. */
  protected thinking: T | null = null;
  /** Set by the protocol's quit command. */
  protected quit = false;

  /** Handles one line. Never throws: failures become the protocol's error replies. */
  abstract handle(raw: string): void;

  /** Whether the protocol's quit command has been received. */
  get finished(): boolean {
    return this.quit;
  }

  /** Whether a search is running. */
  get busy(): boolean {
    return this.thinking !== null;
  }

  /** Resolves once no search is running and every waiting line has been handled. */
  async idle(): Promise<void> {
    while (this.thinking !== null) await this.thinking.done;
  }
}
