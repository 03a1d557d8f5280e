/**
 * Test suites: positions with the moves that solve them, searched one by one under one limit,
 * as engine authors run WAC or STS. A suite is EPD text, one position a line: the position's
 * fields (board, side, castling, en passant; xiangqi's `- -` in the last two), optionally its
 * two clocks, then operations: `bm` the moves that solve it, `am` the moves that fail it, `dm N`
 * a mate in at most N moves to find, and `id` its name. Moves may be written in any notation the
 * game reads (SAN or UCI; ICCS, WXF or Chinese).
 *
 * A position counts as solved when the search's final move is one of `bm`, is none of `am`,
 * and, with `dm`, scores a mate in at most N. It was *found* at the first report of the search
 * from which every report and the answer were right, so a move found and dropped again does not
 * count as found early.
 */
import { readEpdOperations } from '../core/epd.js';
import { QiengineError } from '../core/errors.js';
import { Chess } from '../chess/game.js';
import { moveToUci } from '../chess/san.js';
import { Xiangqi } from '../xiangqi/game.js';
import { moveToIccs } from '../xiangqi/notation.js';
import type { Engine } from './engine.js';
import type { GameKind } from './games.js';
import type { EngineInfo, EngineScore } from './searcher.js';

/** One position of a test suite. */
export interface SuitePosition {
  /** The EPD `id`, or `line N` (its line in the text) without one. */
  id: string;
  fen: string;
  /** The moves that solve it (`bm`), in protocol coordinates (UCI; ICCS). */
  best: string[];
  /** The moves that fail it (`am`), in protocol coordinates. */
  avoid: string[];
  /** `dm N`: a mate in at most N moves must be found. */
  mate?: number;
}

/**
 * Reads a suite: EPD lines (see the module's comment). Blank lines and lines starting with `#`
 * are skipped.
 * @throws {QiengineError} naming the first line whose position, operations or moves do not
 * read (or whose moves are not legal there), or that has none of `bm`, `am` and `dm`; or when
 * there is no position at all
 */
export function readSuite(text: string, game: GameKind): SuitePosition[] {
  const out: SuitePosition[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    try {
      out.push(readSuiteLine(line, game, i + 1));
    } catch (e) {
      if (e instanceof QiengineError) throw new QiengineError(`suite line ${i + 1}: ${e.message}`);
      throw e;
    }
  }
  if (out.length === 0) throw new QiengineError('the suite holds no position');
  return out;
}

/**
 * A legal move of `board`'s position, given in any notation its game reads, in protocol
 * coordinates (UCI; ICCS).
 * @throws {QiengineError} when it does not read or is not legal there
 */
export function coordinatesOf(board: Chess | Xiangqi, text: string): string {
  return board instanceof Chess ? moveToUci(board.parseMove(text)) : moveToIccs(board.parseMove(text));
}

function readSuiteLine(line: string, game: GameKind, lineNo: number): SuitePosition {
  const m = /^(\S+)\s+(\S+)\s+(\S+)\s+(\S+)(?:\s+(\d+)\s+(\d+)(?=\s|;|$))?(.*)$/s.exec(line);
  if (m === null) throw new QiengineError('a suite line needs four position fields, then operations');
  const fen = `${m[1]} ${m[2]} ${m[3]} ${m[4]} ${m[5] ?? '0'} ${m[6] ?? '1'}`;
  const ops = readEpdOperations(m[7]!, line);
  // The game reads the position (a FenError for a bad one) and each move in any notation.
  const board = game === 'chess' ? new Chess(fen) : new Xiangqi(fen);
  const coordinates = (texts: string[]): string[] => texts.map((t) => coordinatesOf(board, t));
  const operands = (opcode: string): string[] | undefined => ops.find((o) => o.opcode === opcode)?.operands;
  const best = coordinates(operands('bm') ?? []);
  const avoid = coordinates(operands('am') ?? []);
  const dm = operands('dm');
  let mate: number | undefined;
  if (dm !== undefined) {
    mate = Number(dm[0]);
    if (dm.length !== 1 || !Number.isInteger(mate) || mate < 1) throw new QiengineError(`dm needs a number of moves, 1 or more (got '${dm.join(' ').slice(0, 20)}')`);
  }
  if (best.length === 0 && avoid.length === 0 && mate === undefined) throw new QiengineError('no bm, am or dm operation: nothing to solve');
  const id = operands('id')?.join(' ') ?? `line ${lineNo}`;
  return { id, fen: board.fen(), best, avoid, ...(mate === undefined ? {} : { mate }) };
}

/** How hard to search each position. Without a limit, 1 s each. */
export interface SuiteOptions {
  movetimeMs?: number;
  depth?: number;
  nodes?: number;
  /** Called after each position, with its result and how many are done. */
  onResult?: (result: SuiteResult, done: number, total: number) => void;
  /** Stops the run; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Where a search first reached the answer it kept. */
export interface SuiteFound {
  depth: number;
  timeMs: number;
  nodes: number;
}

/** What the search made of one position. */
export interface SuiteResult {
  position: SuitePosition;
  solved: boolean;
  /** The search's move (protocol coordinates) and its notation, or null without a legal move. */
  move: string | null;
  moveNotation: string | null;
  /** The score of the move, or null when an engine over a protocol gave none. */
  score: EngineScore | null;
  /** Depth and nodes of the last report (0 when an engine over a protocol gave none). */
  depth: number;
  timeMs: number;
  nodes: number;
  /**
   * Where the answer was first right and stayed so: null when not solved. An engine run over a
   * protocol (see match/suite.ts) is read from its reports, each by the first move of its line
   * (a report without a line counts as not right); one that reported nothing is taken as found
   * at its final report.
   */
  found: SuiteFound | null;
}

/** The results of a run, in the suite's order, and their totals. */
export interface SuiteReport {
  results: SuiteResult[];
  solved: number;
  total: number;
  timeMs: number;
  nodes: number;
}

/**
 * Whether a move (protocol coordinates) and its score answer a suite position: one of its `bm`,
 * none of its `am`, and with `dm N` a mate in at most N (a null score, an engine that said none,
 * never answers a `dm`).
 */
export function solvesPosition(p: SuitePosition, move: string | null | undefined, score: EngineScore | null): boolean {
  if (move === undefined || move === null) return false;
  if (p.best.length > 0 && !p.best.includes(move)) return false;
  if (p.avoid.includes(move)) return false;
  return p.mate === undefined || (score !== null && 'mate' in score && score.mate > 0 && score.mate <= p.mate);
}

/**
 * Searches every position of a suite in turn with `engine` (its table cleared before each, so
 * that no position helps the next) and says which it solved, and where.
 */
export async function solveSuite(engine: Engine, game: GameKind, positions: readonly SuitePosition[], options: SuiteOptions = {}): Promise<SuiteReport> {
  const limit = options.movetimeMs === undefined && options.depth === undefined && options.nodes === undefined ? { movetimeMs: 1000 } : { movetimeMs: options.movetimeMs, depth: options.depth, nodes: options.nodes };
  const results: SuiteResult[] = [];
  let timeMs = 0;
  let nodes = 0;
  for (const p of positions) {
    options.signal?.throwIfAborted();
    engine.clear();
    let found: SuiteFound | null = null;
    const onInfo = (i: EngineInfo): void => {
      if (i.multipv !== 1) return;
      if (!solvesPosition(p, i.pv[0], i.score)) found = null;
      else found ??= { depth: i.depth, timeMs: i.timeMs, nodes: i.nodes };
    };
    const r = await engine.search({ game, fen: p.fen }, { ...limit, onInfo, signal: options.signal });
    options.signal?.throwIfAborted();
    const solved = solvesPosition(p, r.bestMove, r.score);
    // A search may end on a move its last report did not show (a book move, one legal move).
    if (solved) found ??= { depth: r.depth, timeMs: r.timeMs, nodes: r.nodes };
    const result: SuiteResult = {
      position: p,
      solved,
      move: r.bestMove,
      moveNotation: r.pvNotation[0] ?? null,
      score: r.score,
      depth: r.depth,
      timeMs: r.timeMs,
      nodes: r.nodes,
      found: solved ? found : null,
    };
    results.push(result);
    timeMs += r.timeMs;
    nodes += r.nodes;
    options.onResult?.(result, results.length, positions.length);
  }
  return { results, solved: results.filter((r) => r.solved).length, total: results.length, timeMs, nodes };
}
