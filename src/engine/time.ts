/**
 * Time management: how long to think with a clock.
 *
 * The budget is an even share of the remaining time over the moves still to play (30 when the
 * time control does not say), plus most of the increment. The search aims at that budget (its
 * soft limit: it starts no iteration after half of it) and never runs past the hard limit,
 * which allows up to three budgets when an iteration is nearly done but never more than 40%
 * of what is left. The GUI's overhead for sending moves is taken off both.
 */

/** The side to move's clock. */
export interface Clock {
  /** Time left on the clock, in milliseconds. */
  remainingMs: number;
  /** Added after each move, in milliseconds. */
  incrementMs?: number;
  /** Moves until the next time control, if the control has one. */
  movesToGo?: number;
}

export interface TimeBudget {
  softMs: number;
  hardMs: number;
}

/** The minimum time given to any search, so that at least depth 1 completes. */
const MIN_MS = 5;

/**
 * A fixed move time less what the reply needs to reach the GUI: 2% of it, at most
 * `overheadMs`. A GUI's stopwatch also counts the time to send the reply; the search polls its
 * clock about every millisecond, and native engines use the whole time (Stockfish applies no
 * overhead to movetime), so a larger reserve only gives thinking time away.
 */
export function fixedMoveTime(movetimeMs: number, overheadMs = 30): number {
  return Math.max(1, movetimeMs - Math.min(overheadMs, movetimeMs * 0.02));
}

/** The soft and hard limits for a clock, less `overheadMs` for transmission. */
export function budgetFor(clock: Clock, overheadMs = 30): TimeBudget {
  const left = Math.max(0, clock.remainingMs - overheadMs);
  const inc = Math.max(0, clock.incrementMs ?? 0);
  const mtg = clock.movesToGo !== undefined && clock.movesToGo > 0 ? clock.movesToGo : 30;
  const share = left / mtg + inc * 0.75;
  const cap = clock.movesToGo === 1 ? left * 0.9 : left * 0.4;
  const softMs = Math.max(MIN_MS, Math.min(share, cap));
  const hardMs = Math.max(MIN_MS, Math.min(share * 3, cap));
  return { softMs: Math.floor(softMs), hardMs: Math.floor(hardMs) };
}
