/**
 * Test suites through any engine that speaks UCI, UCCI or xboard (qiengine's own binary
 * included), so that one suite can be run side by side over several engines at the same time
 * per move. Each position is set up as a new game from its FEN and the engine asked for one
 * move; it counts as solved by the rule of engine/suite.ts ({@link solvesPosition}).
 */
import { openSession, type GameKind } from '../engine/games.js';
import type { EngineScore } from '../engine/searcher.js';
import { solvesPosition, type SuitePosition, type SuiteReport, type SuiteResult } from '../engine/suite.js';
import { EngineProcess, type EngineSpec } from './engine-process.js';

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
      const result: SuiteResult = {
        position: p,
        solved: moveNotation !== null && solvesPosition(p, reply.move, score),
        move: reply.move,
        moveNotation,
        score,
        depth: reply.depth ?? 0,
        timeMs: Math.round(reply.timeMs),
        nodes: reply.nodes ?? 0,
        found: null,
      };
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
