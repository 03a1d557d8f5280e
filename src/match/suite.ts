/**
 * Test suites through any engine that speaks UCI, UCCI or xboard (qiengine's own binary
 * included), so that one suite can be run side by side over several engines at the same time
 * per move. Each position is set up as a new game from its FEN and the engine asked for one
 * move; it counts as solved by the rule of engine/suite.ts ({@link solvesPosition}), and was
 * found at the first of the engine's reports from which every report's line and the move played
 * solve it (as a search in process is read).
 */
import { openSession, type GameKind } from '../engine/games.js';
import type { EngineScore } from '../engine/searcher.js';
import { coordinatesOf, solvesPosition, type SuiteFound, type SuitePosition, type SuiteReport, type SuiteResult } from '../engine/suite.js';
import { Chess } from '../chess/game.js';
import { Xiangqi } from '../xiangqi/game.js';
import { EngineProcess, type EngineProgress, type EngineSpec } from './engine-process.js';

/** How the engine is asked. */
export interface EngineSuiteOptions {
  /** A fixed time per move (default 1000 ms). */
  movetimeMs?: number;
  /** Called after each position, with its result and how many are done. */
  onResult?: (result: SuiteResult, done: number, total: number) => void;
}

/** An engine's reported score (centipawns, mates as ±(100000 - n)) as an EngineScore. */
function scoreOf(reported: number | undefined): EngineScore | null {
  if (reported === undefined) return null;
  if (Math.abs(reported) > 90000) return { mate: Math.sign(reported) * (100000 - Math.abs(reported)) };
  return { cp: reported };
}

/**
 * Where an engine's reports first gave a line that solves `p` and went on doing so to the last,
 * or null when the last did not (or there were none).
 */
function foundAt(game: GameKind, p: SuitePosition, progress: readonly EngineProgress[]): SuiteFound | null {
  const board = game === 'chess' ? new Chess(p.fen) : new Xiangqi(p.fen);
  let found: SuiteFound | null = null;
  for (const r of progress) {
    let move: string | null = null;
    if (r.move !== undefined) {
      try {
        move = coordinatesOf(board, r.move);
      } catch {
        move = null; // a line the game cannot read is not an answer
      }
    }
    if (!solvesPosition(p, move, scoreOf(r.score))) found = null;
    else found ??= { depth: r.depth ?? 0, timeMs: Math.round(r.timeMs), nodes: r.nodes ?? 0 };
  }
  return found;
}

/**
 * Runs a suite through the engine of `spec`: started once, a new game for each position, one
 * move asked at a fixed time. The engine is made to quit at the end, and on an error.
 * @throws {QiengineError} when the engine cannot be started or does not answer
 */
export async function solveSuiteWithEngine(spec: EngineSpec, game: GameKind, positions: readonly SuitePosition[], options: EngineSuiteOptions = {}): Promise<SuiteReport> {
  const movetimeMs = options.movetimeMs ?? 1000;
  const engine = new EngineProcess(spec, game, movetimeMs);
  const results: SuiteResult[] = [];
  let timeMs = 0;
  let nodes = 0;
  try {
    await engine.start();
    for (const p of positions) {
      const session = openSession({ game, fen: p.fen });
      const side = session.position.sideToMove as 0 | 1;
      await engine.newGame({ fen: p.fen, side });
      const reply = await engine.play([]);
      const score = scoreOf(reply.score);
      // A move the position does not allow is the engine's failure, not the run's.
      let moveNotation: string | null = null;
      try {
        moveNotation = session.humanLine([session.parse(reply.move)])[0] ?? null;
      } catch {
        moveNotation = null;
      }
      const solved = moveNotation !== null && solvesPosition(p, reply.move, score);
      const result: SuiteResult = {
        position: p,
        solved,
        move: reply.move,
        moveNotation,
        score,
        depth: reply.depth ?? 0,
        timeMs: Math.round(reply.timeMs),
        nodes: reply.nodes ?? 0,
        found: null,
      };
      if (solved) result.found = foundAt(game, p, reply.progress) ?? { depth: result.depth, timeMs: result.timeMs, nodes: result.nodes };
      results.push(result);
      timeMs += result.timeMs;
      nodes += result.nodes;
      options.onResult?.(result, results.length, positions.length);
    }
  } finally {
    await engine.quit();
  }
  return { results, solved: results.filter((r) => r.solved).length, total: results.length, timeMs, nodes };
}
