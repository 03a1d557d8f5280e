/**
 * The referee: plays one game between two engine processes under qiengine's rules. It checks
 * every move, ends the game on mate, stalemate, repetition, perpetual check and chase, the move
 * limits and insufficient material, and adjudicates when both engines agree that one side is
 * winning. An engine that sends an illegal move, crashes or runs out of time loses; under a
 * time control the referee keeps both clocks, and a flag against a chess side that has only its
 * king, or its king and one bishop or knight, is a draw (that side could never mate). Given
 * endgame tables, it ends a game as soon as it reaches a position they hold.
 */
import { QiengineError } from '../core/errors.js';
import { ChessPosition } from '../chess/position.js';
import { sideCannotMate } from '../chess/rules.js';
import { openSession, type GameKind } from '../engine/games.js';
import { GameClocks, type TimeControl } from './clock.js';
import { DrawClaim, type EngineProcess } from './engine-process.js';
import { PROBE_MISS, PROBE_RULE_WIN, PROBE_WIN, type GamePosition } from '../core/game.js';
import type { Tablebases } from '../tablebase/probe.js';
import type { OpeningLine } from './openings.js';

export type GameResult = '1-0' | '0-1' | '1/2-1/2';

export interface GameRecord {
  /** Engine names: who played first (white/red) and second. */
  first: string;
  second: string;
  /** The position the game started from, where it was not the game's start position. */
  fen?: string;
  /** The opening's moves (from `fen`, or the start). */
  opening: readonly string[];
  /** Every move, the opening included (ICCS/UCI). */
  moves: string[];
  result: GameResult;
  reason: string;
  /** Resident memory (kB, Linux) of the match's first and second engine after the game. */
  memoryKb?: [number | undefined, number | undefined];
  /**
   * The game's number in its match, from 0: it played opening `floor(game / 2)`, with the
   * match's first engine moving first when it is even. Set by `runMatch`; it is what lets a
   * stopped match be resumed.
   */
  game?: number;
  /** What `first` and `second` reported of their searches in this game (see {@link SearchTally}). */
  search?: [SearchTally, SearchTally];
  /**
   * What the mover reported for each move after the opening, in order (the engines alternate,
   * so entry k is the move at ply `opening.length + k`): its score, depth and nodes where it
   * gave them, and the time it took. This is what a GUI shows beside each move (cutechess
   * writes it into PGN comments): where the two engines' views of a game parted.
   */
  reports?: MoveReport[];
}

/**
 * One engine move as its engine reported it. The score is from the mover's point of view, in
 * centipawns, mates as ±(100000 - n) for the engine's mate in n (as the resign adjudication
 * reads them); a field the engine did not report is left out.
 */
export interface MoveReport {
  score?: number;
  depth?: number;
  nodes?: number;
  /** From `go` to the move, in whole milliseconds. */
  ms: number;
}

/** Whether `r` (read from a file) is a {@link MoveReport}. */
export function isMoveReport(r: unknown): r is MoveReport {
  if (r === null || typeof r !== 'object') return false;
  const o = r as Record<string, unknown>;
  const optional = (v: unknown): boolean => v === undefined || (typeof v === 'number' && Number.isFinite(v));
  return typeof o.ms === 'number' && Number.isFinite(o.ms) && o.ms >= 0 && optional(o.score) && optional(o.depth) && optional(o.nodes);
}

/**
 * One engine's searches over a game, as it reported them: how deep it got and how fast it
 * counted nodes, which tells where the time per move went beside the opponent's.
 */
export interface SearchTally {
  /** Moves it chose (the opening's are not its own). */
  moves: number;
  /** Moves for which it reported a completed depth, and the sum of those depths. */
  depthMoves: number;
  depthSum: number;
  /**
   * How many of those moves reported each depth (index: the depth, the last index also counting
   * every deeper one), for the median: a mean misleads where an engine that has seen the game
   * decided runs its iterations up to its limit (Fairy-Stockfish reports depth 245 once it sees
   * a mate). Absent from records written before it was kept.
   */
  depthCounts?: number[];
  /** Nodes it reported, summed over the moves for which it did, and those moves' time in ms. */
  nodes: number;
  nodesTimeMs: number;
}

/** Every count of a {@link SearchTally}, so that making, adding and checking one list them once. */
const SEARCH_TALLY_KEYS = ['moves', 'depthMoves', 'depthSum', 'nodes', 'nodesTimeMs'] as const satisfies ReadonlyArray<keyof SearchTally>;

/** The last index of {@link SearchTally.depthCounts}: this depth and every deeper one. */
export const DEPTH_COUNTS_TOP = 127;

/** An empty tally. */
export function newSearchTally(): SearchTally {
  return { moves: 0, depthMoves: 0, depthSum: 0, depthCounts: [], nodes: 0, nodesTimeMs: 0 };
}

/**
 * Adds `b` into `a`. Where either lacks depth counts (an older record), the sum has none: a
 * median of only some of the moves would pass for all of them.
 */
export function addSearchTally(a: SearchTally, b: SearchTally): void {
  for (const k of SEARCH_TALLY_KEYS) a[k] += b[k];
  const ac = a.depthCounts;
  const bc = b.depthCounts;
  if (ac === undefined || bc === undefined) {
    delete a.depthCounts;
    return;
  }
  for (let d = 0; d < bc.length; d++) ac[d] = (ac[d] ?? 0) + bc[d]!;
}

/** Counts one more move searched to `depth` in `t`'s depth counts (if it keeps them). */
function countDepth(t: SearchTally, depth: number): void {
  const c = t.depthCounts;
  if (c === undefined) return;
  const d = Math.min(Math.max(Math.floor(depth), 0), DEPTH_COUNTS_TOP);
  while (c.length <= d) c.push(0);
  c[d]!++;
}

/**
 * Whether `t` (read from a file) is a tally: every count a finite number, none negative, and
 * depth counts, where kept, whole numbers that add up to the moves with a depth.
 */
export function isSearchTally(t: unknown): t is SearchTally {
  if (t === null || typeof t !== 'object') return false;
  const o = t as Record<string, unknown>;
  if (!SEARCH_TALLY_KEYS.every((k) => typeof o[k] === 'number' && Number.isFinite(o[k]) && o[k] >= 0)) return false;
  const c = o.depthCounts;
  if (c === undefined) return true;
  return Array.isArray(c) && c.length <= DEPTH_COUNTS_TOP + 1 && c.every((n) => Number.isInteger(n) && n >= 0) && c.reduce((x: number, n: number) => x + n, 0) === o.depthMoves;
}

export interface RefereeOptions {
  /** Plies (opening included) after which the game is drawn; default 400. */
  maxPlies?: number;
  /** Both engines must agree on a score of at least this (centipawns) ... (default 1000) */
  resignScore?: number;
  /** ... for this many consecutive moves of each side (default 3). */
  resignMoves?: number;
  /**
   * Play under this time control, with clocks the referee keeps (each move charged the time from
   * `go` to the answer), instead of the engines' fixed time per move; the engine processes must
   * have been made with it.
   */
  timeControl?: TimeControl;
  /** Under a time control, a clock may run this far past zero before its side loses (default 0). */
  timeMarginMs?: number;
  /**
   * Endgame tables: a game that reaches a position they hold ends there with their result
   * (see {@link tableVerdict}), as cutechess-cli's tablebase adjudication does.
   */
  tablebases?: Tablebases;
}

/**
 * What endgame tables make of a game's position, as a result from the first player's side, or
 * null where they hold no answer the game's rules would keep: no table of its material, or (as
 * the search's probe reads them) a mate the move limit would come before, counted from the
 * position's clock, or a result by xiangqi's perpetual-check rule with less than 40 plies left
 * before it. A table draw is a draw: the tables know no perpetual chase.
 */
export function tableVerdict(tables: Tablebases, game: GameKind, pos: GamePosition): { result: GameResult; reason: string } | null {
  const code = tables.endgameProbe(game)?.(pos) ?? PROBE_MISS;
  if (code === PROBE_MISS) return null;
  if (code === 0) return { result: '1/2-1/2', reason: 'adjudicated: tablebase draw' };
  const moverWins = code > 0;
  const result: GameResult = moverWins === (pos.sideToMove === 0) ? '1-0' : '0-1';
  const plies = PROBE_WIN - Math.abs(code);
  const how = Math.abs(code) === PROBE_RULE_WIN ? 'by the perpetual-check rule' : `mate in ${Math.ceil(plies / 2)}`;
  return { result, reason: `adjudicated: tablebase win, ${how}` };
}

/**
 * Plays the opening's moves (from its position, or the start) and then lets the engines play
 * it out. `first` plays white (red), whichever side is to move in the opening's position.
 */
export async function playGame(game: GameKind, first: EngineProcess, second: EngineProcess, line: OpeningLine, o: RefereeOptions = {}): Promise<GameRecord> {
  const maxPlies = o.maxPlies ?? 400;
  const resignScore = o.resignScore ?? 1000;
  const resignMoves = o.resignMoves ?? 3;
  const fen = line.fen;
  const opening = line.moves;
  const session = openSession({ game, fen, moves: opening });
  // The side to move where the game starts (before the opening's moves).
  const startSide = (session.position.sideToMove + opening.length) % 2 as 0 | 1;
  const moves = [...opening];
  const search: [SearchTally, SearchTally] = [newSearchTally(), newSearchTally()];
  const reports: MoveReport[] = [];
  const record = (result: GameResult, reason: string): GameRecord => ({ first: first.spec.name, second: second.spec.name, ...(fen === undefined ? {} : { fen }), opening, moves, result, reason, search, reports });
  const winFor = (side: number): GameResult => (side === 0 ? '1-0' : '0-1');
  const clocks = o.timeControl === undefined ? undefined : new GameClocks(o.timeControl);
  // A flag loses, unless the other side could never mate.
  const flagged = (side: 0 | 1, name: string): GameRecord =>
    session.position instanceof ChessPosition && sideCannotMate(session.position, side === 0 ? 1 : 0)
      ? record('1/2-1/2', `${name} lost on time, but the other side cannot mate`)
      : record(winFor(side ^ 1), `${name} lost on time`);
  const start = fen === undefined ? undefined : { fen, side: startSide };
  await first.newGame(start);
  await second.newGame(start);
  // Consecutive plies on which the mover claimed a win of at least resignScore while the
  // other side had conceded as much on its last move; signed by the side ahead.
  let agree = 0;
  let lastScore: number | undefined;
  for (;;) {
    const status = session.status();
    if (status.over) return record(status.winner === null ? '1/2-1/2' : winFor(status.winner), status.reason);
    if (moves.length >= maxPlies) return record('1/2-1/2', 'adjudicated: move limit');
    const verdict = o.tablebases === undefined ? null : tableVerdict(o.tablebases, game, session.position);
    if (verdict !== null) return record(verdict.result, verdict.reason);
    const side = session.position.sideToMove as 0 | 1;
    const mover = side === 0 ? first : second;
    let reply;
    const asked = performance.now();
    try {
      reply = await mover.play(moves, clocks?.state(side));
    } catch (e) {
      // Silence past the end of its clock is a loss on time.
      if (clocks !== undefined && !(e instanceof DrawClaim) && !clocks.charge(side, performance.now() - asked, o.timeMarginMs)) return flagged(side, mover.spec.name);
      // A draw claim by the common 50-move rule (100 plies without a capture) is accepted,
      // as a GUI would; any other refusal to move loses.
      if (e instanceof DrawClaim && /fifty|50/i.test(e.claim) && session.quietPlies() >= 100) return record('1/2-1/2', `${mover.spec.name} claimed the 50-move rule`);
      return record(winFor(side ^ 1), `${mover.spec.name} gave no move: ${e instanceof Error ? e.message : String(e)}`);
    }
    // A move that comes after the flag fell is not played: the flag ends the game.
    if (clocks !== undefined && !clocks.charge(side, reply.timeMs, o.timeMarginMs)) return flagged(side, mover.spec.name);
    try {
      session.play(reply.move);
    } catch (e) {
      if (e instanceof QiengineError) return record(winFor(side ^ 1), `${mover.spec.name} played an illegal move '${reply.move}'`);
      throw e;
    }
    moves.push(reply.move);
    const report: MoveReport = { ms: Math.round(reply.timeMs) };
    if (reply.score !== undefined) report.score = reply.score;
    if (reply.depth !== undefined) report.depth = reply.depth;
    if (reply.nodes !== undefined) report.nodes = reply.nodes;
    reports.push(report);
    const tally = search[side]!;
    tally.moves++;
    if (reply.depth !== undefined) {
      tally.depthMoves++;
      tally.depthSum += reply.depth;
      countDepth(tally, reply.depth);
    }
    if (reply.nodes !== undefined) {
      tally.nodes += reply.nodes;
      tally.nodesTimeMs += reply.timeMs;
    }
    // Resign adjudication: the mover says it is winning and the other side agreed last move.
    const s = reply.score;
    if (s !== undefined && lastScore !== undefined && Math.abs(s) >= resignScore && Math.sign(s) === -Math.sign(lastScore) && Math.abs(lastScore) >= resignScore) {
      agree++;
      if (agree >= 2 * resignMoves) return record(winFor(s > 0 ? side : side ^ 1), 'adjudicated: both engines agree');
    } else {
      agree = 0;
    }
    lastScore = s;
  }
}
