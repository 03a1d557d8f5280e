/**
 * Time controls for matches: a base time per game (or per period of moves) and an increment
 * per move, as chess and xiangqi GUIs give them, with the clocks the referee keeps for the two
 * sides of a game.
 */
import { UsageError } from '../core/errors.js';

/** A time control: `baseMs` for the game, or for every `moves` moves when set; `incrementMs` after each move. */
export interface TimeControl {
  baseMs: number;
  incrementMs: number;
  /** Moves per period (the base time comes again after each period); none: the whole game. */
  moves?: number;
}

/** What the side to move is told of the clocks before it moves. */
export interface ClockState {
  /** Time left on the first (white/red) and the second player's clock, in milliseconds. */
  firstMs: number;
  secondMs: number;
  incrementMs: number;
  /** The mover's moves to the next period, under a time control with periods. */
  movesToGo?: number;
}

/**
 * Reads a time control written as cutechess-cli writes one: `[MOVES/]SECONDS[+INCREMENT]`, in
 * seconds (decimals allowed): `60+0.6`, `40/120`, `10`.
 * @throws {UsageError} for anything else, or a control with no time at all
 */
export function parseTimeControl(text: string): TimeControl {
  const m = /^(?:(\d+)\/)?(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(text.trim());
  if (m === null) throw new UsageError(`time control '${text}' should read [MOVES/]SECONDS[+INCREMENT], e.g. 60+0.6 or 40/120`);
  const baseMs = Math.round(Number(m[2]) * 1000);
  const incrementMs = m[3] === undefined ? 0 : Math.round(Number(m[3]) * 1000);
  const moves = m[1] === undefined ? undefined : Number(m[1]);
  if (moves === 0) throw new UsageError(`time control '${text}': a period needs at least one move`);
  if (baseMs <= 0) throw new UsageError(`time control '${text}': the base time must be above 0`);
  return moves === undefined ? { baseMs, incrementMs } : { baseMs, incrementMs, moves };
}

/** A time control as {@link parseTimeControl} reads it (and as PGN's TimeControl tag carries it). */
export function timeControlText(tc: TimeControl): string {
  const s = (ms: number): string => String(+(ms / 1000).toFixed(3));
  return `${tc.moves === undefined ? '' : `${tc.moves}/`}${s(tc.baseMs)}${tc.incrementMs > 0 ? `+${s(tc.incrementMs)}` : ''}`;
}

/** The two clocks of a game under a time control, as the referee runs them. */
export class GameClocks {
  private readonly left: [number, number];
  private readonly moved: [number, number] = [0, 0];

  constructor(private readonly tc: TimeControl) {
    this.left = [tc.baseMs, tc.baseMs];
  }

  /** What `side` (0 first, 1 second) is told before its move. */
  state(side: 0 | 1): ClockState {
    const s: ClockState = { firstMs: Math.max(0, Math.round(this.left[0])), secondMs: Math.max(0, Math.round(this.left[1])), incrementMs: this.tc.incrementMs };
    if (this.tc.moves !== undefined) s.movesToGo = this.tc.moves - (this.moved[side] % this.tc.moves);
    return s;
  }

  /** Time left on `side`'s clock, in milliseconds (below 0 once it has run out). */
  leftMs(side: 0 | 1): number {
    return this.left[side];
  }

  /**
   * Charges `side` for a move that took `ms`; false when its time ran out (more than
   * `marginMs` past zero). Otherwise the increment is added, and a new period's base time.
   */
  charge(side: 0 | 1, ms: number, marginMs = 0): boolean {
    this.left[side] -= ms;
    if (this.left[side] < -marginMs) return false;
    this.left[side] += this.tc.incrementMs;
    this.moved[side]++;
    if (this.tc.moves !== undefined && this.moved[side] % this.tc.moves === 0) this.left[side] += this.tc.baseMs;
    return true;
  }
}
