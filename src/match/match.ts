/**
 * A match between two engines: colours alternate over a set of balanced openings (each
 * opening is played twice, once with each engine first), games run one or more at a time,
 * each with its own pair of engine processes, and the result is a score with an Elo estimate.
 */
import type { GameKind } from '../engine/games.js';
import { estimateElo, sprtState, type EloEstimate, type MatchScore, type SprtOptions, type SprtState } from './elo.js';
import { EngineProcess, type EngineSpec } from './engine-process.js';
import { BALANCED_OPENINGS } from './openings.js';
import { playGame, type GameRecord, type RefereeOptions } from './referee.js';

export interface MatchOptions extends RefereeOptions {
  game: GameKind;
  /** The engine being measured, then its opponent. */
  engines: [EngineSpec, EngineSpec];
  games: number;
  movetimeMs: number;
  /** Opening lines (default: the built-in balanced set of the game). */
  openings?: ReadonlyArray<readonly string[]>;
  /** Games played at once (default 1). */
  concurrency?: number;
  /**
   * Stop early when a sequential test decides between two Elo differences (see
   * {@link SprtOptions}); games already under way when it decides are still played and counted.
   */
  sprt?: SprtOptions;
  /** Called after every game (with the test's state when `sprt` is set). */
  onGame?: (record: GameRecord, score: MatchScore, done: number, sprt?: SprtState) => void;
}

export interface MatchReport {
  /** From the first engine's point of view. */
  score: MatchScore;
  elo: EloEstimate;
  /** The games played, in the order they were started (fewer than asked if the test stopped it). */
  records: GameRecord[];
  /** The sequential test's final state, when one was asked for. */
  sprt?: SprtState;
  /** Resident memory of each engine process after its first and its last game, in kB (Linux). */
  memory: Array<{ engine: string; firstKb?: number; lastKb?: number }>;
}

export async function runMatch(o: MatchOptions): Promise<MatchReport> {
  const openings = o.openings ?? BALANCED_OPENINGS[o.game];
  const score: MatchScore = { wins: 0, draws: 0, losses: 0 };
  const records: GameRecord[] = new Array(o.games);
  const memory: MatchReport['memory'] = [];
  let next = 0;
  let done = 0;
  let sprt: SprtState | undefined;
  const slots = Math.max(1, Math.min(o.concurrency ?? 1, o.games));
  const worker = async (): Promise<void> => {
    const a = new EngineProcess(o.engines[0], o.game, o.movetimeMs);
    const b = new EngineProcess(o.engines[1], o.game, o.movetimeMs);
    await a.start();
    await b.start();
    const mem = [
      { engine: o.engines[0].name, firstKb: undefined as number | undefined, lastKb: undefined as number | undefined },
      { engine: o.engines[1].name, firstKb: undefined as number | undefined, lastKb: undefined as number | undefined },
    ];
    try {
      while (next < o.games && sprt?.verdict === undefined) {
        const i = next++;
        const opening = openings[Math.floor(i / 2) % openings.length]!;
        const aFirst = i % 2 === 0;
        const r = await playGame(o.game, aFirst ? a : b, aFirst ? b : a, opening, o);
        records[i] = r;
        const aWon = (r.result === '1-0') === aFirst;
        if (r.result === '1/2-1/2') score.draws++;
        else if (aWon) score.wins++;
        else score.losses++;
        done++;
        for (const [k, p] of [a, b].entries()) {
          const kb = p.rssKb();
          mem[k]!.firstKb ??= kb;
          mem[k]!.lastKb = kb;
        }
        r.memoryKb = [mem[0]!.lastKb, mem[1]!.lastKb];
        // Once decided, the verdict stands: games that were under way only add to the count.
        if (o.sprt !== undefined) {
          const state = sprtState(score, o.sprt);
          sprt = sprt?.verdict !== undefined ? { ...state, verdict: sprt.verdict } : state;
        }
        o.onGame?.(r, { ...score }, done, sprt);
      }
    } finally {
      await a.quit();
      await b.quit();
      memory.push(...mem);
    }
  };
  await Promise.all(Array.from({ length: slots }, worker));
  records.length = next;
  return { score, elo: estimateElo(score), records, memory, sprt };
}

/**
 * A one-line progress bar: `[#####     ] 50/100 +20 =10 -20 55.0%`, followed by
 * `LLR 1.23 (-2.94, 2.94)` when a sequential test runs.
 */
export function progressBar(done: number, total: number, s: MatchScore, width = 30, sprt?: SprtState): string {
  const filled = Math.round((done / Math.max(1, total)) * width);
  const pct = estimateElo(s).score * 100;
  const test = sprt === undefined ? '' : ` LLR ${sprt.llr.toFixed(2)} (${sprt.lower.toFixed(2)}, ${sprt.upper.toFixed(2)})`;
  return `[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} +${s.wins} =${s.draws} -${s.losses} ${pct.toFixed(1)}%${test}`;
}
