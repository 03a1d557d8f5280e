/**
 * A match between two engines: colours alternate over a set of balanced openings (each
 * opening is played twice, once with each engine first), games run one or more at a time,
 * each with its own pair of engine processes, and the result is a score with an Elo estimate.
 */
import type { GameKind } from '../engine/games.js';
import { UsageError } from '../core/errors.js';
import { estimateElo, sprtState, type EloEstimate, type MatchScore, type SprtOptions, type SprtState } from './elo.js';
import { EngineProcess, type EngineSpec } from './engine-process.js';
import { BALANCED_OPENINGS, type OpeningLine } from './openings.js';
import { addSearchTally, isMoveReport, isSearchTally, newSearchTally, playGame, type GameRecord, type RefereeOptions, type SearchTally } from './referee.js';

export interface MatchOptions extends RefereeOptions {
  game: GameKind;
  /** The engine being measured, then its opponent. */
  engines: [EngineSpec, EngineSpec];
  games: number;
  /** A fixed time per move, in milliseconds; or else a {@link RefereeOptions.timeControl} (one of the two). */
  movetimeMs?: number;
  /** Opening lines (default: the built-in balanced set of the game). */
  openings?: readonly OpeningLine[];
  /** Games played at once (default 1). */
  concurrency?: number;
  /**
   * Stop early when a sequential test decides between two Elo differences (see
   * {@link SprtOptions}); games already under way when it decides are still played and counted.
   */
  sprt?: SprtOptions;
  /**
   * Games of an earlier run of the same match (each with its `game` number, as `runMatch` writes
   * them): they count in the score and are not played again, so a stopped match can be resumed.
   * Each must fit this match (its number below `games`, its opening and first engine the ones
   * that number gets here), else a {@link UsageError} is thrown before any game starts.
   */
  played?: readonly GameRecord[];
  /** Called after every game (with the test's state when `sprt` is set). */
  onGame?: (record: GameRecord, score: MatchScore, done: number, sprt?: SprtState) => void;
}

export interface MatchReport {
  /** From the first engine's point of view. */
  score: MatchScore;
  elo: EloEstimate;
  /**
   * The games played, resumed ones included, in game order (fewer than asked if the test
   * stopped it).
   */
  records: GameRecord[];
  /** The sequential test's final state, when one was asked for. */
  sprt?: SprtState;
  /** Resident memory of each engine process after its first and its last game, in kB (Linux). */
  memory: Array<{ engine: string; firstKb?: number; lastKb?: number }>;
  /**
   * Each engine's searches over all the games (resumed ones included where their records carry
   * them), engine1 then engine2: see {@link searchSummary} for its mean depth and nodes/second.
   */
  search: [SearchTally, SearchTally];
}

/**
 * An engine's mean and median reported depth and nodes/second over a tally (each undefined
 * where it reported none; the median also where older records kept no depth counts).
 */
export function searchSummary(t: SearchTally): { meanDepth?: number; medianDepth?: number; nps?: number } {
  return {
    meanDepth: t.depthMoves > 0 ? t.depthSum / t.depthMoves : undefined,
    medianDepth: t.depthMoves > 0 && t.depthCounts !== undefined ? medianOfCounts(t.depthCounts, t.depthMoves) : undefined,
    nps: t.nodesTimeMs > 0 ? (t.nodes * 1000) / t.nodesTimeMs : undefined,
  };
}

/** The median of `total` values given as counts by value (the mean of the middle two for an even total). */
function medianOfCounts(counts: ReadonlyArray<number>, total: number): number {
  // The values at the 0-based ranks lo and hi (equal for an odd total).
  const lo = (total - 1) >> 1;
  const hi = total >> 1;
  let seen = 0;
  let atLo = -1;
  for (let v = 0; v < counts.length; v++) {
    seen += counts[v]!;
    if (atLo < 0 && seen > lo) atLo = v;
    if (seen > hi) return (atLo + v) / 2;
  }
  return atLo;
}

export async function runMatch(o: MatchOptions): Promise<MatchReport> {
  if ((o.movetimeMs === undefined) === (o.timeControl === undefined)) throw new UsageError('a match needs a time per move or a time control, not both');
  const control = o.timeControl ?? o.movetimeMs!;
  const openings = o.openings ?? BALANCED_OPENINGS[o.game];
  const score: MatchScore = { wins: 0, draws: 0, losses: 0 };
  const records: GameRecord[] = new Array(o.games);
  const memory: MatchReport['memory'] = [];
  const search: [SearchTally, SearchTally] = [newSearchTally(), newSearchTally()];
  // Game i plays opening line i / 2 (rounded down), engine 0 first when i is even.
  const lineOf = (i: number): number => Math.floor(i / 2) % openings.length;
  const openingOf = (i: number): OpeningLine => openings[lineOf(i)]!;
  // Every game counted, played or resumed, adds to the score and to each engine's tallies
  // (a record's tallies are by colour: engine 0 moved first when aFirst).
  const count = (r: GameRecord, aFirst: boolean): void => {
    const aWon = (r.result === '1-0') === aFirst;
    if (r.result === '1/2-1/2') score.draws++;
    else if (aWon) score.wins++;
    else score.losses++;
    if (r.search !== undefined) {
      addSearchTally(search[0], r.search[aFirst ? 0 : 1]);
      addSearchTally(search[1], r.search[aFirst ? 1 : 0]);
    }
  };
  for (const r of o.played ?? []) {
    const i = r.game;
    const where = `resumed game ${String(i)}`;
    if (i === undefined || !Number.isInteger(i) || i < 0 || i >= o.games) throw new UsageError(`${where}: needs a game number from 0 to ${o.games - 1}`);
    if (records[i] !== undefined) throw new UsageError(`${where}: played twice`);
    const aFirst = i % 2 === 0;
    const firstName = o.engines[aFirst ? 0 : 1].name;
    if (r.first !== firstName) throw new UsageError(`${where}: ${r.first} moved first, but here ${firstName} does`);
    const line = openingOf(i);
    if (r.opening.join(' ') !== line.moves.join(' ') || r.fen !== line.fen) throw new UsageError(`${where}: its opening is not this match's line ${lineOf(i) + 1}`);
    if (r.result !== '1-0' && r.result !== '0-1' && r.result !== '1/2-1/2') throw new UsageError(`${where}: no result`);
    records[i] = r;
    count(r, aFirst);
  }
  let next = 0;
  let done = o.played?.length ?? 0;
  const slots = Math.max(1, Math.min(o.concurrency ?? 1, o.games - done));
  // A resumed match's test starts from the games already played (and may already be decided).
  let sprt: SprtState | undefined = o.sprt !== undefined && done > 0 ? sprtState(score, o.sprt) : undefined;

  const worker = async (): Promise<void> => {
    const a = new EngineProcess(o.engines[0], o.game, control);
    const b = new EngineProcess(o.engines[1], o.game, control);
    await a.start();
    await b.start();
    const mem = [
      { engine: o.engines[0].name, firstKb: undefined as number | undefined, lastKb: undefined as number | undefined },
      { engine: o.engines[1].name, firstKb: undefined as number | undefined, lastKb: undefined as number | undefined },
    ];
    try {
      for (;;) {
        while (next < o.games && records[next] !== undefined) next++;
        if (next >= o.games || sprt?.verdict !== undefined) break;
        const i = next++;
        const aFirst = i % 2 === 0;
        const r = await playGame(o.game, aFirst ? a : b, aFirst ? b : a, openingOf(i), o);
        r.game = i;
        records[i] = r;
        count(r, aFirst);
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
  // With nothing left to play (a resumed match already complete or decided), no engine starts:
  // the resumed games are distinct and below `games`, so `done` counts what is already there.
  if (done < o.games && sprt?.verdict === undefined) await Promise.all(Array.from({ length: slots }, worker));
  // In game order: every game started, and the resumed ones (a test that stops early leaves
  // the rest unplayed).
  return { score, elo: estimateElo(score), records: records.filter((r) => r !== undefined), memory, sprt, search };
}

/**
 * Reads the games of a match file (`qiengine match --out`: one JSON game record a line, blank
 * lines skipped), for {@link MatchOptions.played}. A line that is not a record with a game
 * number throws a {@link UsageError} naming it; whether the games fit a match is checked by
 * `runMatch`.
 */
export function readMatchRecords(text: string): GameRecord[] {
  const records: GameRecord[] = [];
  text.split(/\r?\n/).forEach((line, k) => {
    if (line.trim() === '') return;
    let r: unknown;
    try {
      r = JSON.parse(line);
    } catch {
      throw new UsageError(`line ${k + 1}: not a JSON game record`);
    }
    const g = r as Partial<GameRecord> | null;
    if (g === null || typeof g !== 'object' || typeof g.first !== 'string' || typeof g.second !== 'string' || !Array.isArray(g.opening) || !Array.isArray(g.moves) || typeof g.result !== 'string' || typeof g.reason !== 'string') {
      throw new UsageError(`line ${k + 1}: not a game record`);
    }
    if (typeof g.game !== 'number') throw new UsageError(`line ${k + 1}: the game has no number (a file written before matches could be resumed)`);
    if (g.fen !== undefined && typeof g.fen !== 'string') throw new UsageError(`line ${k + 1}: its start position is not a FEN`);
    // Files written before the tallies existed have none; a record that has them must have both.
    if (g.search !== undefined && !(Array.isArray(g.search) && g.search.length === 2 && g.search.every(isSearchTally))) {
      throw new UsageError(`line ${k + 1}: its search tallies are not two sets of counts`);
    }
    // Likewise the move reports (newer still): one for each move after the opening.
    if (g.reports !== undefined && !(Array.isArray(g.reports) && g.reports.length === g.moves.length - g.opening.length && g.reports.every(isMoveReport))) {
      throw new UsageError(`line ${k + 1}: its move reports are not one for each move after the opening`);
    }
    records.push(g as GameRecord);
  });
  return records;
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
