/**
 * The search as a service: a serialisable request in, progress reports and a result out, with
 * moves as text. The inline engine calls it directly; the worker calls the very same code on
 * its own thread, so both modes give identical answers.
 */
import type { Move } from '../core/move.js';
import { isMateScore, mateIn, Search, type SearchInfo, type SearchResult } from '../search/search.js';
import { BOUND_EXACT, BOUND_LOWER, BOUND_NONE, TranspositionTable } from '../search/tt.js';
import { Tablebases } from '../tablebase/probe.js';
import { openSession, type GameKind, type GameSession, type PositionSpec, type XiangqiLineNotation } from './games.js';
import type { BookChoice } from './book.js';

/** A transposition-table entry: the stored move, score, depth, and whether the score is exact or a bound. */
export interface HashEntry {
  move: string | null;
  score: EngineScore;
  depth: number;
  bound: 'exact' | 'lower' | 'upper';
}

/** A score: centipawns, or moves to mate (negative when the side to move is mated). */
export type EngineScore = { cp: number } | { mate: number };

/** A search request, as it crosses to a worker. */
export interface SearchRequest extends PositionSpec {
  depth?: number;
  nodes?: number;
  /** Hard time limit. */
  movetimeMs?: number;
  /** Intended time (no new iteration after about half of it). */
  softMs?: number;
  multiPv?: number;
  /** Stop once a mate in at most this many moves is found (UCI `go mate`). */
  mate?: number;
  /** Centipawns by which a draw is worth less to the side to move than the game's own draw score. */
  contempt?: number;
  /** Varied play: the largest root bonus in centipawns (see SearchLimits.randomness). */
  randomness?: number;
  /** The seed of the root bonuses. */
  randomSeed?: number;
  /** Whether null-move pruning runs (default true; see SearchLimits.nullMove). */
  nullMove?: boolean;
  /** Whether the evaluation uses its full knowledge (default true; see GamePosition.knowledge). */
  knowledge?: boolean;
  /** Only these root moves (protocol coordinates). */
  searchMoves?: readonly string[];
  /** Never these root moves (UCCI `banmoves`). */
  banMoves?: readonly string[];
  /** Human notation for xiangqi PVs (default WXF). */
  notation?: XiangqiLineNotation;
  /**
   * When the caller asked, as wall-clock milliseconds (`performance.timeOrigin +
   * performance.now()`, comparable across threads). A worker takes the time the request
   * spent reaching it (its own start-up, the first time) off the time limits.
   */
  issuedAt?: number;
}

/** Wall-clock milliseconds, comparable between the caller's thread and a worker. */
export function wallClock(): number {
  return performance.timeOrigin + performance.now();
}

/** The request with its time limits shortened by the time it took to arrive. */
export function lessTransit(req: SearchRequest): SearchRequest {
  if (req.issuedAt === undefined) return req;
  const lag = Math.max(0, wallClock() - req.issuedAt);
  return {
    ...req,
    movetimeMs: req.movetimeMs === undefined ? undefined : Math.max(1, req.movetimeMs - lag),
    softMs: req.softMs === undefined ? undefined : Math.max(1, req.softMs - lag),
  };
}

/** Nodes per second over `timeMs`, rounded (a time under 1 ms counts as 1 ms). */
export function nodesPerSecond(nodes: number, timeMs: number): number {
  return Math.round((nodes * 1000) / Math.max(1, timeMs));
}

/** A progress report after a completed depth, one per line with MultiPV. */
export interface EngineInfo {
  depth: number;
  seldepth: number;
  multipv: number;
  score: EngineScore;
  nodes: number;
  nps: number;
  hashfull: number;
  /** Positions the endgame tables scored so far (0 without tables). */
  tbhits: number;
  timeMs: number;
  /** The principal variation in protocol coordinates. */
  pv: string[];
  /** The same line in the game's human notation: SAN for chess, WXF or Chinese for xiangqi. */
  pvNotation: string[];
}

/** One line of a finished search. */
export interface EngineLine {
  multipv: number;
  score: EngineScore;
  pv: string[];
  pvNotation: string[];
}

/** The answer of a search. */
export interface EngineResult {
  /** The best move in protocol coordinates, or null when the side to move has no legal move. */
  bestMove: string | null;
  /** The expected reply, or null. */
  ponderMove: string | null;
  score: EngineScore;
  depth: number;
  seldepth: number;
  nodes: number;
  timeMs: number;
  pv: string[];
  pvNotation: string[];
  /** All lines of the last completed depth, best first (more than one with `multiPv`). */
  lines: EngineLine[];
  /** Positions the endgame tables scored (0 without tables). */
  tbhits: number;
  /**
   * With more than one search thread ({@link EngineOptions.threads}), each thread's nodes, the
   * main one first; {@link nodes} is their sum.
   */
  threadNodes?: number[];
  /**
   * Set when the answer came from the engine's opening book instead of a search
   * ({@link EngineOptions.book}): the move chosen, its weight and share. Score, depth and nodes
   * are then 0.
   */
  book?: BookChoice;
}

/** A search score as {@link EngineScore}. */
export function toEngineScore(score: number): EngineScore {
  return isMateScore(score) ? { mate: mateIn(score) } : { cp: score };
}

/** A thread's part in a Lazy SMP search (see {@link SearchLimits.thread}). */
export interface ThreadRole {
  /** 0 for the main search, 1, 2, ... for helpers. */
  thread: number;
  /** Each thread's node count, on a SharedArrayBuffer. */
  threadNodes: Float64Array;
}

/** Owns the searches (one per game, so each stays monomorphic) and their shared table. */
export class Searcher {
  private tt: TranspositionTable;
  private readonly searches = new Map<GameKind, Search>();
  /** The search that ran last (for {@link restoreRootEntry}). */
  private last: Search | null = null;

  /** The endgame tables searches probe (see {@link setTablebases}). */
  private tablebases: Tablebases | null = null;

  constructor(hashMb = 16) {
    this.tt = new TranspositionTable(hashMb);
  }

  /**
   * Probes these table files (`.qtb` bytes) in the searches from now on; none to stop.
   * @throws {TablebaseError} for a file that is not a table or is damaged
   */
  setTablebases(files: readonly Uint8Array[]): void {
    if (files.length === 0) {
      this.tablebases = null;
      return;
    }
    const set = new Tablebases();
    for (const f of files) set.addFile(f);
    this.tablebases = set;
  }

  /** Resizes (and clears) the table; a shared one (see {@link attachTable}) becomes this searcher's own. */
  setHash(mb: number): void {
    this.tt.resize(mb);
  }

  /**
   * Searches from now on with the table on `buffer` (made by {@link TranspositionTable.shared}
   * on another thread), shared with the other threads of a Lazy SMP search.
   */
  attachTable(buffer: SharedArrayBuffer): void {
    this.tt = TranspositionTable.attach(buffer);
    // Each search holds its table: the next ones are made on the new one.
    this.searches.clear();
    this.last = null;
  }

  /**
   * Lazy SMP: the main worker stores its last search's root entry again once the helpers have
   * stopped (see {@link Search.restoreRootEntry}).
   */
  restoreRootEntry(): void {
    this.last?.restoreRootEntry();
  }

  clear(): void {
    this.tt.clear();
    for (const s of this.searches.values()) s.clear();
  }

  /** `pv` and then the endgame tables' best line from where it ends (see {@link Tablebases.line}). */
  private withTableLine(session: GameSession, pv: readonly Move[]): Move[] {
    const pos = session.position;
    let made = 0;
    for (const m of pv) {
      if (!pos.make(m)) break;
      made++;
    }
    const tail = made === pv.length ? this.tablebases!.line(pos as Parameters<Tablebases['line']>[0]) : [];
    for (; made > 0; made--) pos.unmake();
    return [...pv, ...tail];
  }

  /** What the transposition table knows about a position, or null (UCCI `probe`). */
  probe(spec: { game: GameKind; fen?: string; moves?: readonly string[] }): HashEntry | null {
    const session = openSession(spec);
    const pos = session.position;
    if (!this.tt.probe(pos.keyLo, pos.keyHi, 0) || this.tt.bound === BOUND_NONE) return null;
    const bound = this.tt.bound === BOUND_EXACT ? 'exact' : this.tt.bound === BOUND_LOWER ? 'lower' : 'upper';
    return { move: this.tt.move === 0 ? null : session.format(this.tt.move), score: toEngineScore(this.tt.score), depth: this.tt.depth, bound };
  }

  private searchFor(game: GameKind): Search {
    let s = this.searches.get(game);
    if (s === undefined) {
      s = new Search(this.tt);
      this.searches.set(game, s);
    }
    return s;
  }

  /**
   * Runs one search. Throws a {@link QiengineError} for a bad position or move list, before
   * anything is searched.
   */
  run(req: SearchRequest, onInfo?: (info: EngineInfo) => void, stopFlag?: Int32Array, signal?: AbortSignal, smp?: ThreadRole): EngineResult {
    const session = openSession({ game: req.game, fen: req.fen, moves: req.moves, perpetualChase: req.perpetualChase, moveLimitPlies: req.moveLimitPlies, checksCountTowardsLimit: req.checksCountTowardsLimit });
    const rootMoves = rootMoveList(session, req);
    const notation = req.notation ?? 'wxf';
    const search = this.searchFor(req.game);
    this.last = search;
    session.position.knowledge = req.knowledge !== false;
    const result: SearchResult = search.run(session.position, {
      depth: req.depth,
      nodes: req.nodes,
      movetimeMs: req.movetimeMs,
      softMs: req.softMs,
      multiPv: req.multiPv,
      mate: req.mate,
      rootMoves,
      drawScore: session.drawScore - (req.contempt ?? 0),
      randomness: req.randomness,
      randomSeed: req.randomSeed,
      nullMove: req.nullMove,
      endgame: this.tablebases?.endgameProbe(req.game),
      stopFlag,
      signal,
      thread: smp?.thread,
      threadNodes: smp?.threadNodes,
      onInfo: onInfo === undefined ? undefined : (i: SearchInfo) => onInfo(infoOf(session, i, notation)),
    });
    const fmt = (m: Move): string => session.format(m);
    // A line that ends in a position the endgame tables hold goes on with their best moves, to
    // the mate the score announces.
    if (this.tablebases !== null && result.pv.length > 0 && isMateScore(result.score)) result.pv = this.withTableLine(session, result.pv);
    return {
      bestMove: result.bestMove === 0 ? null : fmt(result.bestMove),
      ponderMove: result.ponderMove === 0 ? null : fmt(result.ponderMove),
      score: toEngineScore(result.score),
      depth: result.depth,
      seldepth: result.seldepth,
      nodes: result.nodes,
      timeMs: Math.round(result.timeMs),
      pv: result.pv.map(fmt),
      pvNotation: session.humanLine(result.pv, notation),
      lines: result.lines.map((l, k) => ({ multipv: k + 1, score: toEngineScore(l.score), pv: l.pv.map(fmt), pvNotation: session.humanLine(l.pv, notation) })),
      tbhits: search.tableHits,
    };
  }
}

function infoOf(session: GameSession, i: SearchInfo, notation: XiangqiLineNotation): EngineInfo {
  return {
    depth: i.depth,
    seldepth: i.seldepth,
    multipv: i.multipv,
    score: toEngineScore(i.score),
    nodes: i.nodes,
    nps: i.nps,
    hashfull: i.hashfull,
    tbhits: i.tbhits,
    timeMs: Math.round(i.timeMs),
    pv: i.pv.map((m) => session.format(m)),
    pvNotation: session.humanLine(i.pv, notation),
  };
}

/** The root moves allowed by `searchMoves` and `banMoves`, or undefined for all. */
function rootMoveList(session: GameSession, req: SearchRequest): Move[] | undefined {
  if (req.searchMoves === undefined && req.banMoves === undefined) return undefined;
  let allowed = req.searchMoves === undefined ? session.legalMoves() : req.searchMoves.map((m) => session.parse(m));
  if (req.banMoves !== undefined) {
    const banned = new Set(req.banMoves.map((m) => session.parse(m)));
    allowed = allowed.filter((m) => !banned.has(m));
  }
  // An empty list is allowed: the search then reports no best move (UCCI `nobestmove`).
  return allowed;
}
