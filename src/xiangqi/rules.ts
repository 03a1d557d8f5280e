/**
 * Xiangqi game-ending rules: checkmate, stalemate (a loss for the side that cannot move),
 * repetition with perpetual check and perpetual chase, the move limit, and "no attacking
 * pieces".
 *
 * Repetition works on the history stack of the position: keys, moves, captured ids and the
 * check flag of every position since the root. A cycle is the run of positions back to the
 * last irreversible move (a capture, or a null move in search). The check flags tell who
 * checked on every move of the cycle; when neither side did, chase.ts replays the cycle to
 * tell who chased the same piece on every move.
 */
import { REP_CHASE, REP_DRAW, REP_NONE, REP_OPP_PERPETUAL, REP_SELF_PERPETUAL } from '../core/game.js';
import { MAX_MOVES, type XiangqiPosition } from './position.js';

/** Flags returned by {@link repetitionStatus}, as ElephantEye's RepStatus (shared with the search seam). */
export { REP_CHASE, REP_DRAW, REP_NONE, REP_OPP_PERPETUAL, REP_SELF_PERPETUAL };

/**
 * Whether the current position has occurred `times - 1` times before, since the last
 * irreversible move. Returns {@link REP_NONE} or {@link REP_DRAW} ORed with the perpetual
 * flags, judged over the moves from the earliest counted occurrence to now: perpetual check
 * first, then (unless `chases`, by default the position's `chaseRule`, is false) perpetual
 * chase, marked {@link REP_CHASE}. For search use `times = 2`; the game rule is threefold
 * (`times = 3`).
 */
export function repetitionStatus(pos: XiangqiPosition, times = 2, chases?: boolean): number {
  return pos.repetitionStatus(times, chases);
}

/**
 * The verdict of a repetition: who loses (the side that alone checked, or else alone chased,
 * throughout the cycle), or null for a draw; and by which rule.
 */
export function repetitionVerdict(status: number, sideToMove: number): { loser: number | null; perpetual: boolean; chase: boolean } {
  const self = (status & REP_SELF_PERPETUAL) !== 0;
  const opp = (status & REP_OPP_PERPETUAL) !== 0;
  const chase = (status & REP_CHASE) !== 0;
  if (self && !opp) return { loser: sideToMove, perpetual: true, chase };
  if (opp && !self) return { loser: sideToMove ^ 1, perpetual: true, chase };
  return { loser: null, perpetual: false, chase: false };
}

/** Options of the xiangqi rules. */
export interface XiangqiRules {
  /**
   * Plies without a capture after which the game is drawn. Default 120: the 60-move rule.
   * 0 disables it.
   */
  moveLimitPlies?: number;
  /**
   * Whether checking moves count towards the move limit. Default true: every ply counts, as in
   * ElephantEye and Pikafish. With false, plies that gave check are not counted (some
   * tournament rules exclude checks so that a checking side cannot run out the clock). The
   * game API gives the setting to its position, so that its searches count the limit the same
   * way.
   */
  checksCountTowardsLimit?: boolean;
  /** How often a position must occur for the repetition rule. Default 3. */
  repetitions?: number;
  /**
   * Whether a repetition in which one side alone chased the same piece on every move loses
   * for that side (the perpetual-chase rule; see chase.ts). Default true (for
   * {@link gameStatus}: the position's `chaseRule`, which the game API sets from this). With
   * false, only perpetual check decides a repetition, as in ElephantEye.
   */
  perpetualChase?: boolean;
}

/** Why a game ended. */
export type XiangqiEnd = 'checkmate' | 'stalemate' | 'perpetual-check' | 'perpetual-chase' | 'repetition' | 'move-limit' | 'insufficient-material';

/** The state of a game: still going, or ended with a winner (null for a draw). */
export type XiangqiStatus = { over: false } | { over: true; reason: XiangqiEnd; winner: 'red' | 'black' | null };

/** Whether a side has any attacking piece (rook, horse, cannon or pawn) on the board. */
export function hasAttackers(pos: XiangqiPosition, side: number): boolean {
  const base = 16 << side;
  // Ids base+5 .. base+15 are horses, rooks, cannons and pawns.
  for (let id = base + 5; id <= base + 15; id++) if (pos.pieceSquare[id] !== 0) return true;
  return false;
}

const colorName = (side: number): 'red' | 'black' => (side === 0 ? 'red' : 'black');

/**
 * The status of the game in `pos`, judged in this order: no legal move (checkmate or
 * stalemate, both lost by the side to move), repetition (perpetual check loses for the checker,
 * then perpetual chase for the chaser, anything else draws), the move limit, and no attacking
 * piece on either side.
 * The history must have been made with `make` (which records checks), as the game API does.
 */
export function gameStatus(pos: XiangqiPosition, rules: XiangqiRules = {}): XiangqiStatus {
  const side = pos.sideToMove;
  const buf = new Int32Array(MAX_MOVES);
  if (pos.generateLegal(buf, 0) === 0) {
    return { over: true, reason: pos.inCheck() ? 'checkmate' : 'stalemate', winner: colorName(side ^ 1) };
  }
  const rep = repetitionStatus(pos, rules.repetitions ?? 3, rules.perpetualChase);
  if (rep !== REP_NONE) {
    const v = repetitionVerdict(rep, side);
    if (v.loser !== null) return { over: true, reason: v.chase ? 'perpetual-chase' : 'perpetual-check', winner: colorName(v.loser ^ 1) };
    return { over: true, reason: 'repetition', winner: null };
  }
  const limit = rules.moveLimitPlies ?? 120;
  if (limit > 0 && pos.pliesTowardsLimit(rules.checksCountTowardsLimit ?? true) >= limit) {
    return { over: true, reason: 'move-limit', winner: null };
  }
  if (!hasAttackers(pos, 0) && !hasAttackers(pos, 1)) return { over: true, reason: 'insufficient-material', winner: null };
  return { over: false };
}
