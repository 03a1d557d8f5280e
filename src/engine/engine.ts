/**
 * The embeddable engine: `await engine.search(position, limits)`.
 *
 * Searches run off the caller's thread (`worker_threads` in Node, a module Web Worker in
 * browsers), so the caller's event loop stays free; where no worker can start, the engine
 * falls back to searching inline. A shared stop flag lets an `AbortSignal` end a worker's
 * search within a millisecond or so, and the search still answers with the best move of its
 * last completed depth. Searches on one engine run one after another, in call order.
 */
import { QiengineError } from '../core/errors.js';
import type { Chess } from '../chess/game.js';
import type { Xiangqi } from '../xiangqi/game.js';
import { TranspositionTable } from '../search/tt.js';
import { Tablebases } from '../tablebase/probe.js';
import { bookChoices, bookGame, chooseBookMove, type OpeningBook } from './book.js';
import { applySkill, ELO_MAX, ELO_MIN, SKILL_LINES, SKILL_MAX, SKILL_MIN, skillDepth, skillForElo } from './skill.js';
import { openSession, specFor, type GameKind, type PositionSpec, type XiangqiLineNotation } from './games.js';
import { nodesPerSecond, Searcher, wallClock, type EngineInfo, type EngineResult, type HashEntry, type SearchRequest } from './searcher.js';
import { budgetFor, type Clock } from './time.js';

export type { EngineInfo, EngineLine, EngineResult, EngineScore, HashEntry } from './searcher.js';
export type { Clock } from './time.js';

/** A position: a spec (game, FEN, moves) or a game object, whose history comes along. */
export type EnginePosition = PositionSpec | Chess | Xiangqi;

export interface EngineOptions {
  /** Transposition table size in megabytes (default 16). */
  hashMb?: number;
  /** `auto` (default): a worker if one starts, else inline. `worker`: a worker or an error. `inline`: never a worker. */
  thread?: 'auto' | 'worker' | 'inline';
  /** Where the worker script is (default: `worker.js` beside this module, as the package ships it). */
  workerUrl?: string | URL;
  /** Taken off clock budgets for transmission delays, in milliseconds (default 30). */
  moveOverheadMs?: number;
  /**
   * Search threads (default 1, at most {@link MAX_THREADS}). With more than one, each search
   * runs on that many workers sharing one transposition table (Lazy SMP): more nodes per
   * second on more cores, but no longer the same answer every time. It needs workers and
   * SharedArrayBuffer (Node, or a cross-origin-isolated page); without them one thread
   * searches, and {@link EngineResult.threadNodes} is left out.
   */
  threads?: number;
  /**
   * Endgame table files (`.qtb` bytes, as `qiengine tablebase --generate` writes them) that
   * searches probe below the root: a position they hold is scored exactly, as a mate at its
   * distance or a draw. See {@link Engine.setTablebases}.
   */
  tablebases?: readonly Uint8Array[];
  /**
   * Opening books (a Polyglot book for chess, an ElephantEye book for xiangqi; at most one per
   * game, see `openBook`): a search of a position the game's book knows answers with a book
   * move at once instead of searching, unless the search asks otherwise
   * ({@link EngineSearchOptions.book}). See {@link Engine.setBook}.
   */
  book?: OpeningBook | readonly OpeningBook[];
  /**
   * Playing strength from 0 (weakest) to 20 (full, the default), as Stockfish's `Skill Level`:
   * below 20 a search goes no deeper than 1 + level plies, looks at four lines at least, and
   * plays one of them picked with a random push towards the worse ones, the larger the lower
   * the level. An {@link EngineOptions.elo} overrides it. See {@link Engine.setSkill}.
   */
  skill?: number;
  /**
   * Playing strength as an Elo rating instead of a level, as Stockfish's `UCI_Elo` with
   * `UCI_LimitStrength`: a whole number from {@link ELO_MIN} to {@link ELO_MAX} (full strength),
   * on Stockfish 15.1's scale as measured in chess (see `ELO_LEVELS`); it picks a level, whole or
   * between two, and overrides `skill` while set. In xiangqi the same levels are played, but no
   * calibrated xiangqi rating scale exists to measure them on (Fairy-Stockfish's `UCI_Elo` there
   * is far weaker than the same number here). See {@link Engine.setElo}.
   */
  elo?: number;
  /** The searches' contempt unless one gives its own (see {@link EngineSearchOptions.contempt}; default 0). */
  contempt?: number;
  /**
   * Varied play at full strength, for the searches that give none of their own (see
   * {@link EngineSearchOptions.randomness}; default 0, none). See {@link Engine.setRandomness}.
   */
  randomness?: number;
  /**
   * Null-move pruning in the searches that give no setting of their own (see
   * {@link EngineSearchOptions.nullMove}; default true). See {@link Engine.setNullMove}.
   */
  nullMove?: boolean;
  /**
   * The evaluation's full knowledge in the searches that give no setting of their own (see
   * {@link EngineSearchOptions.knowledge}; default true). See {@link Engine.setKnowledge}.
   */
  knowledge?: boolean;
  /**
   * The dice of book choices, skill picks and the seeds of varied play: returns a number in
   * [0, 1) (default `Math.random`); a seeded one makes games repeat.
   */
  random?: () => number;
}

/** A search under way, from {@link Engine.analyse}: its progress reports, its answer and a way to stop it. */
export interface EngineAnalysis extends AsyncIterable<EngineInfo> {
  /** The answer, as {@link Engine.search} gives it; a stopped search still answers. */
  readonly result: Promise<EngineResult>;
  /** Ends the search (it answers with the best move found so far); the reports end with it. */
  stop(): void;
}

/** The most search threads an engine runs. */
export const MAX_THREADS = 64;

export interface EngineSearchOptions {
  /** Think this long, in milliseconds. */
  movetimeMs?: number;
  /** Search to this depth. */
  depth?: number;
  /** Stop after about this many nodes. */
  nodes?: number;
  /** Manage this clock (the side to move's). */
  clock?: Clock;
  /** Report this many best lines (default 1). */
  multiPv?: number;
  /**
   * Stop as soon as a mate in at most this many moves is found for the side to move (UCI `go
   * mate`). It ends a search early and is not a limit of its own: with no other limit the
   * default move time applies (give a signal to search until it is found).
   */
  mate?: number;
  /** Only these root moves, in protocol coordinates. */
  searchMoves?: readonly string[];
  /** Never these root moves (UCCI `banmoves`). */
  banMoves?: readonly string[];
  /** Stops the search; the promise still resolves with the best move found so far. */
  signal?: AbortSignal;
  /** Progress after every completed depth (one call per line with MultiPV). */
  onInfo?: (info: EngineInfo) => void;
  /** Human notation of xiangqi lines: `wxf` (default) or `chinese`. */
  notation?: XiangqiLineNotation;
  /** Overrides the engine's `moveOverheadMs` for this search's clock. */
  moveOverheadMs?: number;
  /**
   * Whether a position the engine's book knows is answered from it (default true). The book
   * is never asked when more than one line is wanted (`multiPv` above 1), for a mate search
   * (`mate`), or when only a signal ends the search (analysis until stopped); it honours
   * `searchMoves` and `banMoves`, and never steers back into a position the game has had.
   */
  book?: boolean;
  /** This search's playing strength, 0 to 20 (default: the engine's; see {@link EngineOptions.skill}). */
  skill?: number;
  /**
   * This search's playing strength as an Elo rating (see {@link EngineOptions.elo}); it
   * overrides any level, the search's or the engine's.
   */
  elo?: number;
  /**
   * Centipawns by which a draw is worth less to the side to move than the game's own draw
   * score (0 in chess; +50 in xiangqi, where a draw is good for the side to move at
   * the root): positive to steer away from draws against a weaker opponent, negative to seek
   * them (default 0, at most ±1000).
   */
  contempt?: number;
  /**
   * Varied play at full strength: a whole number of centipawns from 0 (none, the default) to
   * {@link RANDOMNESS_MAX}. Each root move gets a random bonus of 0 up to that much, counted
   * when the root moves are compared, so that moves within that much of the best are played
   * now and then, and the move played is never more than that much below the best by the
   * search's own scores. Reported scores leave the bonus out. Unlike a skill level it makes
   * the search no shallower. The bonuses come from the engine's `random`
   * ({@link EngineOptions.random}): a seeded one repeats them.
   */
  randomness?: number;
  /**
   * Whether null-move pruning runs (default: the engine's, true unless set). Off, the search
   * reaches less depth in the same time, and cannot be misled by zugzwang (ElephantEye's UCCI
   * `pruning none`).
   */
  nullMove?: boolean;
  /**
   * Whether the evaluation uses its full knowledge (default: the engine's, true unless set).
   * Off, it scores only material and piece-square tables and what else the game's cheap
   * estimate holds (xiangqi: the material imbalance and the attack across the river; chess:
   * pawn structure and the bishop pair), without the pattern terms (cannon threats, pins,
   * mobility, king safety...): weaker play, as ElephantEye's UCCI `knowledge none`. The
   * transposition table is not cleared when it changes: clear it (`clear()`) for searches
   * that must not meet the other setting's scores.
   */
  knowledge?: boolean;
}

/** The largest {@link EngineSearchOptions.randomness}, in centipawns. */
export const RANDOMNESS_MAX = 500;

/** With no limit at all (and no signal to end it), a search thinks this long. */
export const DEFAULT_MOVETIME_MS = 1000;

/** The small surface the engine needs from a Node or a browser worker. */
interface WorkerHandle {
  post(message: unknown): void;
  terminate(): void;
  ref(): void;
  unref(): void;
}

type Outbound =
  | { type: 'ready' }
  | { type: 'info'; id: number; info: EngineInfo }
  | { type: 'done'; id: number; result: EngineResult }
  | { type: 'probed'; id: number; entry: HashEntry | null }
  | { type: 'warmed'; id: number }
  | { type: 'error'; id: number; message: string };

interface Pending {
  onInfo?: (info: EngineInfo) => void;
  // A search resolves with a result, a probe with an entry.
  resolve: (r: EngineResult & HashEntry) => void;
  reject: (e: Error) => void;
  last?: EngineInfo;
}

const isNode = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

export class Engine {
  private readonly options: Required<Pick<EngineOptions, 'hashMb' | 'thread' | 'moveOverheadMs' | 'threads'>> & Pick<EngineOptions, 'workerUrl'>;
  private searcher: Searcher | null = null;
  private worker: Promise<WorkerHandle | null> | null = null;
  /** Lazy SMP: the helper workers (threads - 1 of them) and the table all workers share. */
  private helpers: WorkerHandle[] = [];
  private sharedTable: TranspositionTable | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** {@link prepare}'s promise once called, and whether it has finished. */
  private preparing: Promise<void> | null = null;
  private ready = false;
  /** The thread count {@link prepare} last prepared for, and the workers it has warmed. */
  private preparedThreads = 0;
  private readonly warmed = new WeakSet<WorkerHandle>();
  /** The endgame table files searches probe. */
  private tablebases: readonly Uint8Array[] = [];
  /** The opening book of each game. */
  private books = new Map<GameKind, OpeningBook>();
  /** The playing strength (see {@link EngineOptions.skill}). */
  private skill = SKILL_MAX;
  /** The playing strength as a rating, overriding `skill` (see {@link EngineOptions.elo}); null: none. */
  private elo: number | null = null;
  /** The searches' contempt (see {@link EngineOptions.contempt}). */
  private contempt = 0;
  /** Varied play's largest root bonus (see {@link EngineOptions.randomness}). */
  private randomness = 0;
  /** Null-move pruning (see {@link EngineOptions.nullMove}). */
  private nullMove = true;
  /** The evaluation's full knowledge (see {@link EngineOptions.knowledge}). */
  private knowledge = true;
  /** The dice of book choices, skill picks and varied play's seeds. */
  private readonly random: () => number;

  constructor(options: EngineOptions = {}) {
    this.options = {
      hashMb: options.hashMb ?? 16,
      thread: options.thread ?? 'auto',
      moveOverheadMs: options.moveOverheadMs ?? 30,
      threads: 1,
      workerUrl: options.workerUrl,
    };
    if (options.threads !== undefined) this.setThreads(options.threads);
    if (options.tablebases !== undefined) this.setTablebases(options.tablebases);
    if (options.book !== undefined) this.setBook(options.book);
    if (options.skill !== undefined) this.setSkill(options.skill);
    if (options.elo !== undefined) this.setElo(options.elo);
    if (options.contempt !== undefined) this.setContempt(options.contempt);
    if (options.randomness !== undefined) this.setRandomness(options.randomness);
    if (options.nullMove !== undefined) this.setNullMove(options.nullMove);
    if (options.knowledge !== undefined) this.setKnowledge(options.knowledge);
    this.random = options.random ?? Math.random;
  }

  /**
   * Sets the playing strength of the searches that follow: 0 (weakest) to 20 (full); see
   * {@link EngineOptions.skill}.
   * @throws {QiengineError} for anything but a whole number from 0 to 20 (nothing changes)
   */
  setSkill(level: number): void {
    this.skill = checkSkill(level);
  }

  /**
   * Sets the playing strength of the searches that follow as an Elo rating (see
   * {@link EngineOptions.elo}), or with null goes back to the skill level.
   * @throws {QiengineError} for anything but null or a whole number in the rating range (nothing changes)
   */
  setElo(elo: number | null): void {
    this.elo = elo === null ? null : checkElo(elo);
  }

  /**
   * Sets the contempt of the searches that follow that give none of their own (see
   * {@link EngineSearchOptions.contempt}).
   * @throws {QiengineError} for anything but a whole number from -1000 to 1000 (nothing changes)
   */
  setContempt(centipawns: number): void {
    this.contempt = checkContempt(centipawns);
  }

  /**
   * Sets the varied play of the searches that follow that give none of their own (see
   * {@link EngineSearchOptions.randomness}); 0 turns it off.
   * @throws {QiengineError} for anything but a whole number from 0 to {@link RANDOMNESS_MAX} (nothing changes)
   */
  setRandomness(centipawns: number): void {
    this.randomness = checkRandomness(centipawns);
  }

  /**
   * Turns null-move pruning on or off for the searches that follow that give no setting of
   * their own (see {@link EngineSearchOptions.nullMove}).
   * @throws {QiengineError} for anything but true or false (nothing changes)
   */
  setNullMove(on: boolean): void {
    this.nullMove = checkSwitch('nullMove', on);
  }

  /**
   * Turns the evaluation's full knowledge on or off for the searches that follow that give no
   * setting of their own (see {@link EngineSearchOptions.knowledge}).
   * @throws {QiengineError} for anything but true or false (nothing changes)
   */
  setKnowledge(on: boolean): void {
    this.knowledge = checkSwitch('knowledge', on);
  }

  /**
   * The search a skill level runs instead of the one asked for: no deeper than its depth, at
   * least four lines, and progress reports only of the lines asked for.
   */
  private weakened(o: EngineSearchOptions, level: number): EngineSearchOptions {
    const wanted = o.multiPv ?? 1;
    const onInfo = o.onInfo;
    return {
      ...o,
      depth: Math.min(o.depth ?? Infinity, skillDepth(level)),
      multiPv: Math.max(wanted, SKILL_LINES),
      onInfo: onInfo === undefined ? undefined : (i) => void (i.multipv <= wanted && onInfo(i)),
    };
  }

  /**
   * Answers the searches that follow from these opening books where they know the position
   * (see {@link EngineOptions.book}); null or an empty list stops using books. The lookup runs
   * on the caller's thread: a few microseconds, no worker involved.
   * @throws {QiengineError} for two books of one game (nothing changes)
   */
  setBook(book: OpeningBook | readonly OpeningBook[] | null): void {
    const list: readonly OpeningBook[] = book === null ? [] : Array.isArray(book) ? book : [book as OpeningBook];
    const books = new Map<GameKind, OpeningBook>();
    for (const b of list) {
      const game = bookGame(b);
      if (books.has(game)) throw new QiengineError(`two opening books for ${game}: give at most one per game`);
      books.set(game, b);
    }
    this.books = books;
  }

  /**
   * Probes these endgame table files (`.qtb` bytes) in the searches that follow, on every search
   * thread; an empty list stops probing. The files are checked here, in the caller's thread.
   * @throws {TablebaseError} for a file that is not a table or is damaged (nothing changes)
   */
  setTablebases(files: readonly Uint8Array[]): void {
    const check = new Tablebases();
    for (const f of files) check.addFile(f);
    this.tablebases = [...files];
    this.searcher?.setTablebases(this.tablebases);
    void this.worker?.then((w) => w?.post({ type: 'tablebases', files: this.tablebases }));
    for (const h of this.helpers) h.post({ type: 'tablebases', files: this.tablebases });
  }

  /**
   * Sets the number of search threads (see {@link EngineOptions.threads}) for the searches that
   * follow. A change starts or ends helper workers and clears the transposition table.
   */
  setThreads(threads: number): void {
    if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) throw new QiengineError(`threads must be an integer from 1 to ${MAX_THREADS}`);
    this.options.threads = threads;
  }

  /**
   * Searches a position. Rejects with a {@link FenError} or {@link IllegalMoveError} for a bad
   * position, before anything is searched.
   */
  async search(position: EnginePosition, options: EngineSearchOptions = {}): Promise<EngineResult> {
    if (this.closed) throw new QiengineError('the engine is closed');
    const plan = this.plan(position, options);
    // A book answer still waits for the searches queued before it, so results come in call order.
    const run = this.queue.then(() => plan.fromBook ?? this.dispatch(plan.request, plan.asked).then(plan.finish));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Searches a position and streams its progress as an async iterable: `for await (const info
   * of engine.analyse(position, limits))` yields each {@link EngineInfo} as the search reports
   * it (one per line with MultiPV) and ends when the search does; `result` resolves with the
   * answer, as {@link search}'s promise would. Without a depth, node, time or clock limit it
   * runs until stopped: by `stop()`, by the `signal` given, or by leaving the loop (`break`,
   * `return` or a throw inside it ends the search, which still answers through `result`). The
   * book is not asked unless `book: true`. A bad position makes the loop throw and `result`
   * reject with the typed error. One consumer: the infos go to whichever loop reads first.
   */
  analyse(position: EnginePosition, options: EngineSearchOptions = {}): EngineAnalysis {
    const controller = new AbortController();
    const outer = options.signal;
    const forward = (): void => controller.abort();
    if (outer?.aborted === true) controller.abort();
    else outer?.addEventListener('abort', forward, { once: true });
    const queue: EngineInfo[] = [];
    let wake: (() => void) | null = null;
    let finished = false;
    let left = false;
    let failure: { error: unknown } | null = null;
    const notify = (): void => {
      const w = wake;
      wake = null;
      w?.();
    };
    const result = this.search(position, {
      ...options,
      book: options.book ?? false,
      signal: controller.signal,
      onInfo: (info) => {
        options.onInfo?.(info);
        if (!left) queue.push(info);
        notify();
      },
    });
    const settle = (): void => {
      finished = true;
      outer?.removeEventListener('abort', forward);
      notify();
    };
    result.then(settle, (error: unknown) => {
      failure = { error };
      settle();
    });
    const leave = (): Promise<IteratorResult<EngineInfo>> => {
      left = true;
      queue.length = 0;
      controller.abort();
      return Promise.resolve({ value: undefined, done: true });
    };
    const iterator: AsyncIterator<EngineInfo> = {
      next: async () => {
        for (;;) {
          if (left) return { value: undefined, done: true };
          const info = queue.shift();
          if (info !== undefined) return { value: info, done: false };
          if (finished) {
            left = true;
            if (failure !== null) throw (failure as { error: unknown }).error;
            return { value: undefined, done: true };
          }
          await new Promise<void>((r) => (wake = r));
        }
      },
      return: leave,
      throw: async (e: unknown) => {
        await leave();
        throw e;
      },
    };
    return { result, stop: () => controller.abort(), [Symbol.asyncIterator]: () => iterator };
  }

  /**
   * Starts the search worker and warms it up now (short searches on a table of their own,
   * thrown away; see `warmUp`), instead of with the first search, whose time limit would
   * otherwise pay for both: from a fresh engine a 0.2 s search spent most of it starting the
   * worker, and the next few ran at a fraction of full speed while V8 compiled the search.
   * Call it while the app starts; `qiengine uci` does on `uci` and answers `isready` after it.
   * With more than one thread ({@link setThreads}) it starts and warms the Lazy SMP helpers
   * too, all at once (each on a core of its own), queued with the searches so that none starts
   * or ends helpers meanwhile; after the thread count changes, a new call does the same for the
   * new helpers. An engine that searches inline has nothing to start: it resolves at once. It
   * never rejects (a worker that fails to start leaves searches inline, as it would have), and
   * a call while nothing has changed returns the last call's promise.
   */
  prepare(): Promise<void> {
    const threads = this.options.threads;
    if (this.preparing === null || this.preparedThreads !== threads) {
      this.preparedThreads = threads;
      this.ready = false;
      const done = (): void => {
        if (this.preparedThreads === threads) this.ready = true;
      };
      this.preparing = (this.preparing ?? Promise.resolve()).then(() => this.warmWorkers()).then(done, done);
    }
    return this.preparing;
  }

  /** Whether {@link prepare} has finished for the current thread count; always true for an engine that searches inline. */
  get prepared(): boolean {
    return (this.ready && this.preparedThreads === this.options.threads) || this.options.thread === 'inline';
  }

  private async warmWorkers(): Promise<void> {
    if (this.options.thread === 'inline') return;
    const w = await this.ensureWorker();
    if (w === null || this.closed) return;
    if (!this.warmed.has(w)) {
      await this.ask(w, { type: 'warm' });
      this.warmed.add(w);
    }
    if (this.options.threads === 1) return;
    const job = this.queue.then(async () => {
      if (this.closed) return;
      const cold = (await this.ensureHelpers(w)).filter((h) => !this.warmed.has(h));
      await Promise.all(cold.map((h) => this.ask(h, { type: 'warm' }).then(() => void this.warmed.add(h))));
    });
    this.queue = job.catch(() => undefined);
    await job;
  }

  /** Searches on the calling thread and returns when done (for scripts and tests). */
  searchSync(position: EnginePosition, options: EngineSearchOptions = {}): EngineResult {
    const plan = this.plan(position, options);
    return plan.fromBook ?? plan.finish(this.inline().run(plan.request, plan.asked.onInfo, undefined, plan.asked.signal));
  }

  /**
   * What a search call does, decided (and its input checked) in the caller's thread: the book's
   * answer if there is one; else the search to run (weakened by the skill level, see
   * {@link weakened}) and what turns its result into the answer (the skill's pick).
   */
  private plan(
    position: EnginePosition,
    options: EngineSearchOptions,
  ): { fromBook: EngineResult | null; request: SearchRequest; asked: EngineSearchOptions; finish: (r: EngineResult) => EngineResult } {
    const level =
      options.elo !== undefined
        ? skillForElo(checkElo(options.elo))
        : options.skill !== undefined
          ? checkSkill(options.skill)
          : this.elo !== null
            ? skillForElo(this.elo)
            : this.skill;
    const asked = level < SKILL_MAX ? this.weakened(options, level) : options;
    const request = this.requestFor(position, asked);
    const finish = (r: EngineResult): EngineResult => (level < SKILL_MAX ? applySkill(r, level, this.random, options.multiPv ?? 1) : r);
    return { fromBook: this.bookAnswer(position, options), request, asked, finish };
  }

  /**
   * The book's answer for a search, or null when the search should run (no book for the game,
   * the search asks for none, or the book has no playable move here). Called after the
   * position was validated. The answer's line is the book move and, where the book knows the
   * position after it, its heaviest reply (the ponder move); its score, depth and nodes are 0.
   */
  private bookAnswer(position: EnginePosition, o: EngineSearchOptions): EngineResult | null {
    if (o.book === false || this.books.size === 0) return null;
    const spec = specFor(position);
    const book = this.books.get(spec.game);
    if (book === undefined || (o.multiPv ?? 1) > 1 || o.mate !== undefined) return null;
    if (o.depth === undefined && o.nodes === undefined && o.movetimeMs === undefined && o.clock === undefined && o.signal !== undefined) return null;
    const choice = chooseBookMove(book, spec, { searchMoves: o.searchMoves, banMoves: o.banMoves, random: this.random });
    if (choice === null) return null;
    const reply = bookChoices(book, { ...spec, moves: [...(spec.moves ?? []), choice.move] })[0];
    const pv = reply !== undefined && reply.weight > 0 ? [choice.move, reply.move] : [choice.move];
    const session = openSession(spec);
    const first = session.parse(choice.move);
    const line = [first];
    if (pv.length > 1) {
      session.play(choice.move);
      line.push(session.parse(pv[1]!));
      session.position.unmake();
    }
    const pvNotation = session.humanLine(line, o.notation);
    const score = { cp: 0 };
    return {
      bestMove: choice.move,
      ponderMove: pv[1] ?? null,
      score,
      depth: 0,
      seldepth: 0,
      nodes: 0,
      timeMs: 0,
      pv,
      pvNotation,
      lines: [{ multipv: 1, score, pv, pvNotation }],
      tbhits: 0,
      book: choice,
    };
  }

  /** What the transposition table holds for a position (UCCI `probe`), or null. */
  async probe(position: EnginePosition): Promise<HashEntry | null> {
    const request = this.requestFor(position, { depth: 1 });
    await this.queue;
    const w = await this.ensureWorker();
    if (w === null) return this.inline().probe(request);
    return (await this.ask(w, { type: 'probe', request })) as HashEntry | null;
  }

  /**
   * Sends the worker a request it answers once (a probe, the warm-up) and resolves with the
   * answer; the worker keeps the process alive until then.
   */
  private ask(w: WorkerHandle, message: { type: 'probe'; request: SearchRequest } | { type: 'warm' }): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const settle = (): void => {
        if (this.pending.size === 0) w.unref();
      };
      this.pending.set(id, {
        resolve: (r) => {
          settle();
          resolve(r);
        },
        reject: (e) => {
          settle();
          reject(e);
        },
      });
      w.ref();
      w.post({ ...message, id });
    });
  }

  /** Whether searches run on a worker (`worker`) or on the caller's thread (`inline`). */
  async threadMode(): Promise<'worker' | 'inline'> {
    return (await this.ensureWorker()) === null ? 'inline' : 'worker';
  }

  /** Resizes (and clears) the transposition table. */
  setHashSize(mb: number): void {
    this.options.hashMb = mb;
    this.searcher?.setHash(mb);
    if (this.sharedTable !== null) {
      // The workers move to a new shared table of the new size.
      const table = TranspositionTable.shared(mb);
      this.sharedTable = table;
      void this.worker?.then((w) => w?.post({ type: 'table', buffer: table.buffer }));
      for (const h of this.helpers) h.post({ type: 'table', buffer: table.buffer });
    } else void this.worker?.then((w) => w?.post({ type: 'hash', mb }));
  }

  /** Forgets everything learnt: the next search starts from an empty table. */
  clear(): void {
    this.searcher?.clear();
    void this.worker?.then((w) => w?.post({ type: 'clear' }));
    for (const h of this.helpers) h.post({ type: 'clear' });
  }

  /** Ends the workers. Searches already queued are rejected. */
  close(): void {
    this.closed = true;
    void this.worker?.then((w) => w?.terminate());
    for (const h of this.helpers) h.terminate();
    this.helpers = [];
    for (const p of this.pending.values()) p.reject(new QiengineError('the engine was closed'));
    this.pending.clear();
  }

  private requestFor(position: EnginePosition, o: EngineSearchOptions): SearchRequest {
    const spec = specFor(position);
    openSession(spec); // validates: throws a typed error now, in the caller's thread
    const positive = (name: string, v: number | undefined): number | undefined => {
      if (v === undefined) return undefined;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new QiengineError(`${name} must be a non-negative number`);
      return v;
    };
    const req: SearchRequest = {
      game: spec.game,
      fen: spec.fen,
      moves: spec.moves === undefined ? undefined : [...spec.moves],
      perpetualChase: spec.perpetualChase,
      moveLimitPlies: spec.moveLimitPlies,
      checksCountTowardsLimit: spec.checksCountTowardsLimit,
      depth: positive('depth', o.depth),
      nodes: positive('nodes', o.nodes),
      movetimeMs: positive('movetimeMs', o.movetimeMs),
      multiPv: positive('multiPv', o.multiPv),
      mate: positive('mate', o.mate),
      contempt: o.contempt === undefined ? this.contempt : checkContempt(o.contempt),
      randomness: o.randomness === undefined ? this.randomness : checkRandomness(o.randomness),
      nullMove: o.nullMove === undefined ? this.nullMove : checkSwitch('nullMove', o.nullMove),
      knowledge: o.knowledge === undefined ? this.knowledge : checkSwitch('knowledge', o.knowledge),
      searchMoves: o.searchMoves === undefined ? undefined : [...o.searchMoves],
      banMoves: o.banMoves === undefined ? undefined : [...o.banMoves],
      notation: o.notation,
    };
    if (o.clock !== undefined && req.movetimeMs === undefined) {
      positive('clock.remainingMs', o.clock.remainingMs);
      const b = budgetFor(o.clock, o.moveOverheadMs ?? this.options.moveOverheadMs);
      req.movetimeMs = b.hardMs;
      req.softMs = b.softMs;
    }
    if (req.depth === undefined && req.nodes === undefined && req.movetimeMs === undefined && o.signal === undefined) req.movetimeMs = DEFAULT_MOVETIME_MS;
    if (req.randomness === 0) req.randomness = undefined;
    else req.randomSeed = Math.floor(this.random() * 0x100000000);
    return req;
  }

  private inline(): Searcher {
    if (this.searcher === null) {
      this.searcher = new Searcher(this.options.hashMb);
      if (this.tablebases.length > 0) this.searcher.setTablebases(this.tablebases);
    }
    return this.searcher;
  }

  private async dispatch(req: SearchRequest, o: EngineSearchOptions): Promise<EngineResult> {
    // The clock runs from here: a worker's start-up and the message's transit count against
    // the time limits (the worker takes them off).
    req.issuedAt = wallClock();
    const w = await this.ensureWorker();
    if (w === null) return this.runInline(req, o);
    const helpers = await this.ensureHelpers(w);
    if (helpers.length > 0) return this.dispatchSmp(w, helpers, req, o);
    return new Promise<EngineResult>((resolve, reject) => {
      const id = this.nextId++;
      const shared = typeof SharedArrayBuffer !== 'undefined' ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
      const signal = o.signal;
      const onAbort = (): void => {
        if (shared !== undefined) {
          Atomics.store(shared, 0, 1);
          return;
        }
        // No shared memory (a browser page that is not cross-origin isolated): end the worker
        // and answer with the last completed depth.
        const p = this.pending.get(id);
        this.pending.delete(id);
        w.terminate();
        this.worker = null;
        if (p !== undefined) resolve(this.fromLastInfo(req, p.last));
      };
      const done = (): void => {
        signal?.removeEventListener('abort', onAbort);
        if (this.pending.size === 0) w.unref();
      };
      this.pending.set(id, {
        onInfo: o.onInfo,
        resolve: (r) => {
          done();
          resolve(r as EngineResult);
        },
        reject: (e) => {
          done();
          reject(e);
        },
      });
      w.ref();
      w.post({ type: 'search', id, request: req, stop: shared });
      if (signal !== undefined) {
        if (signal.aborted) onAbort();
        else signal.addEventListener('abort', onAbort, { once: true });
      }
    });
  }

  /**
   * Starts or ends helper workers until there are threads - 1 of them (none without
   * SharedArrayBuffer, or past a helper that fails to start), and puts every worker on one
   * shared table while there are helpers (on its own table otherwise). A change of the helpers
   * gives all workers a fresh table, so that their tables' generations stay in step.
   */
  private async ensureHelpers(main: WorkerHandle): Promise<WorkerHandle[]> {
    const want = typeof SharedArrayBuffer === 'undefined' ? 0 : this.options.threads - 1;
    if (this.helpers.length === want && (want === 0) === (this.sharedTable === null)) return this.helpers;
    while (this.helpers.length > want) this.helpers.pop()!.terminate();
    while (this.helpers.length < want) {
      try {
        this.helpers.push(await this.startWorker());
      } catch {
        break; // search with the helpers that did start
      }
    }
    if (this.helpers.length === 0) {
      if (this.sharedTable !== null) main.post({ type: 'hash', mb: this.options.hashMb });
      this.sharedTable = null;
      return this.helpers;
    }
    const table = TranspositionTable.shared(this.options.hashMb);
    this.sharedTable = table;
    main.post({ type: 'table', buffer: table.buffer });
    for (const h of this.helpers) h.post({ type: 'table', buffer: table.buffer });
    return this.helpers;
  }

  /**
   * A Lazy SMP search: the main worker searches and reports as usual, each helper searches the
   * same root on the shared table (skipping some depths, reporting nothing) until the main
   * worker raises the shared stop flag as it finishes (or the signal does). The answer is the
   * main worker's, with every thread's nodes.
   */
  private dispatchSmp(main: WorkerHandle, helpers: WorkerHandle[], req: SearchRequest, o: EngineSearchOptions): Promise<EngineResult> {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const threadNodes = new Float64Array(new SharedArrayBuffer(8 * (helpers.length + 1)));
    const onAbort = (): void => void Atomics.store(stop, 0, 1);
    const signal = o.signal;
    // Helpers: no node limit (the main search limits every thread's sum), no soft time, one line.
    const helperReq: SearchRequest = { ...req, nodes: undefined, softMs: undefined, multiPv: undefined };
    const post = (w: WorkerHandle, request: SearchRequest, thread: number, onInfo?: (i: EngineInfo) => void): Promise<EngineResult> =>
      new Promise<EngineResult>((resolve, reject) => {
        const id = this.nextId++;
        this.pending.set(id, { onInfo, resolve: (r) => resolve(r as EngineResult), reject });
        w.ref();
        w.post({ type: 'search', id, request, stop, smp: { thread, threadNodes } });
      });
    const helperRuns = helpers.map((h, k) => post(h, helperReq, k + 1));
    const mainRun = post(main, req, 0, o.onInfo);
    if (signal !== undefined) {
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    }
    const finish = (): void => {
      signal?.removeEventListener('abort', onAbort);
      // A failed main search must not leave the helpers running.
      Atomics.store(stop, 0, 1);
      if (this.pending.size === 0) for (const w of [main, ...helpers]) w.unref();
    };
    return mainRun.then(
      async (result) => {
        // The helpers stop within a few hundred nodes of the flag; their last counts are final.
        await Promise.allSettled(helperRuns);
        // A helper's last, shallower iteration may have replaced the main search's root entry
        // on the shared table; the main worker stores it again before any later message (a
        // probe, the next search) reaches it.
        main.post({ type: 'restoreRoot' });
        finish();
        const counts = Array.from(threadNodes);
        return { ...result, nodes: counts.reduce((a, b) => a + b, 0), threadNodes: counts };
      },
      async (e: unknown) => {
        finish();
        await Promise.allSettled(helperRuns);
        throw e;
      },
    );
  }

  /**
   * The inline fallback of {@link search}. Without a signal it is one plain search. With one,
   * it searches one depth at a time and yields to the event loop in between, so that the
   * signal can fire on this very thread; the table keeps the earlier depths cheap to redo.
   */
  private async runInline(req: SearchRequest, o: EngineSearchOptions): Promise<EngineResult> {
    const yieldNow = (): Promise<void> => new Promise((r) => setTimeout(r, 0));
    await yieldNow(); // let the caller's pending work run before the thread is taken
    const searcher = this.inline();
    if (o.signal === undefined) return searcher.run(req, o.onInfo);
    const now = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());
    const t0 = now();
    const lastDepth = req.depth ?? 99;
    let result: EngineResult | undefined;
    let nodes = 0;
    for (let d = 1; d <= lastDepth; d++) {
      const elapsed = now() - t0;
      const left = req.movetimeMs === undefined ? undefined : req.movetimeMs - elapsed;
      const nodesLeft = req.nodes === undefined ? undefined : req.nodes - nodes;
      if (result !== undefined) {
        if (o.signal.aborted || (left !== undefined && left <= 0) || (nodesLeft !== undefined && nodesLeft <= 0)) break;
        if (req.softMs !== undefined && elapsed > req.softMs * 0.5) break;
      }
      // Each depth is its own search here: its reports count from the first depth's start, as
      // one search's would.
      const before = nodes;
      const onInfo =
        o.onInfo === undefined
          ? undefined
          : (i: EngineInfo): void => {
              if (i.depth !== d) return;
              const timeMs = Math.round(now() - t0);
              o.onInfo!({ ...i, nodes: before + i.nodes, timeMs, nps: nodesPerSecond(before + i.nodes, timeMs) });
            };
      const r = searcher.run({ ...req, depth: d, movetimeMs: left === undefined ? undefined : Math.max(1, left), softMs: undefined, nodes: nodesLeft }, onInfo, undefined, o.signal);
      nodes += r.nodes;
      if (result === undefined || r.depth === d) result = r;
      if (r.depth < d || r.bestMove === null) break;
      if ('mate' in r.score && d >= 2 * Math.abs(r.score.mate) + 2) break;
      await yieldNow();
    }
    // The answer is the last full depth's, but the nodes and time are the whole search's, the
    // unfinished depth included.
    return { ...result!, nodes, timeMs: Math.round(now() - t0) };
  }

  /** An answer made from the last progress report, or a depth-1 search when there was none. */
  private fromLastInfo(req: SearchRequest, last: EngineInfo | undefined): EngineResult {
    if (last === undefined || last.pv.length === 0) return this.inline().run({ ...req, depth: 1, nodes: undefined, movetimeMs: undefined, softMs: undefined }, undefined, undefined, undefined);
    return {
      bestMove: last.pv[0] ?? null,
      ponderMove: last.pv[1] ?? null,
      score: last.score,
      depth: last.depth,
      seldepth: last.seldepth,
      nodes: last.nodes,
      timeMs: last.timeMs,
      pv: last.pv,
      pvNotation: last.pvNotation,
      lines: [{ multipv: 1, score: last.score, pv: last.pv, pvNotation: last.pvNotation }],
      tbhits: last.tbhits,
    };
  }

  private onMessage(msg: Outbound): void {
    if (msg.type === 'ready') return;
    const p = this.pending.get(msg.id);
    if (p === undefined) return;
    if (msg.type === 'info') {
      if (msg.info.multipv === 1) p.last = msg.info;
      p.onInfo?.(msg.info);
    } else if (msg.type === 'done') {
      this.pending.delete(msg.id);
      p.resolve(msg.result as EngineResult & HashEntry);
    } else if (msg.type === 'probed') {
      this.pending.delete(msg.id);
      p.resolve(msg.entry as EngineResult & HashEntry);
    } else if (msg.type === 'warmed') {
      this.pending.delete(msg.id);
      p.resolve(null as unknown as EngineResult & HashEntry);
    } else {
      this.pending.delete(msg.id);
      p.reject(new QiengineError(msg.message));
    }
  }

  /** Starts the worker once; resolves to null when searches must run inline. */
  private ensureWorker(): Promise<WorkerHandle | null> {
    if (this.worker !== null) return this.worker;
    if (this.options.thread === 'inline') {
      this.worker = Promise.resolve(null);
      return this.worker;
    }
    this.worker = this.startWorker().then(
      (w) => w,
      (e: unknown) => {
        if (this.options.thread === 'worker') throw e instanceof Error ? e : new QiengineError(String(e));
        return null;
      },
    );
    return this.worker;
  }

  private async startWorker(): Promise<WorkerHandle> {
    const url = this.options.workerUrl ?? new URL('./worker.js', import.meta.url);
    let handle: WorkerHandle;
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: Outbound): void => {
        if (m.type === 'ready') resolve();
        this.onMessage(m);
      };
      const onError = (e: unknown): void => {
        reject(e instanceof Error ? e : new QiengineError(`the search worker failed: ${String(e)}`));
        for (const p of this.pending.values()) p.reject(new QiengineError('the search worker failed'));
        this.pending.clear();
      };
      handle = isNode ? this.nodeWorker(url, onMessage, onError) : this.webWorker(url, onMessage, onError);
    });
    // A worker that never says hello is as good as none.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new QiengineError('the search worker did not start')), 10000);
    });
    try {
      await Promise.race([ready, timeout]);
    } catch (e) {
      handle!.terminate();
      throw e;
    } finally {
      clearTimeout(timer);
    }
    handle!.unref();
    if (this.tablebases.length > 0) handle!.post({ type: 'tablebases', files: this.tablebases });
    return handle!;
  }

  private nodeWorker(url: string | URL, onMessage: (m: Outbound) => void, onError: (e: unknown) => void): WorkerHandle {
    const wt = nodeWorkerThreads();
    const w = new wt.Worker(url);
    // A worker this engine ends (a helper no longer wanted, or close) exits with code 1 too.
    let ended = false;
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', (code) => {
      if (code !== 0 && !ended) onError(new QiengineError(`the search worker exited with code ${code}`));
    });
    const terminate = (): void => {
      ended = true;
      void w.terminate();
    };
    return { post: (m) => w.postMessage(m), terminate, ref: () => w.ref(), unref: () => w.unref() };
  }

  private webWorker(url: string | URL, onMessage: (m: Outbound) => void, onError: (e: unknown) => void): WorkerHandle {
    const W = (globalThis as unknown as { Worker?: new (u: string | URL, o?: { type: 'module' }) => Worker }).Worker;
    if (W === undefined) throw new QiengineError('no Worker in this environment');
    const w = new W(url, { type: 'module' });
    w.addEventListener('message', (e: MessageEvent<Outbound>) => onMessage(e.data));
    w.addEventListener('error', (e) => onError(new QiengineError(`the search worker failed: ${e.message}`)));
    return { post: (m) => w.postMessage(m), terminate: () => w.terminate(), ref: () => undefined, unref: () => undefined };
  }
}

/**
 * `value`, checked: a whole number from `min` to `max`, else a QiengineError naming the setting
 * (and the unit, if any). One check for every bounded whole-number setting below.
 */
function checkWhole(name: string, value: number, min: number, max: number, unit = ''): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new QiengineError(`${name} must be a whole number${unit} from ${min} to ${max}`);
  return value;
}

/** A contempt, checked: a whole number of centipawns from -1000 to 1000. */
function checkContempt(cp: number): number {
  return checkWhole('contempt', cp, -1000, 1000, ' of centipawns');
}

/** Varied play's largest bonus, checked: a whole number of centipawns from 0 to RANDOMNESS_MAX. */
function checkSwitch(name: string, on: boolean): boolean {
  if (typeof on !== 'boolean') throw new QiengineError(`${name} must be true or false`);
  return on;
}

function checkRandomness(cp: number): number {
  return checkWhole('randomness', cp, 0, RANDOMNESS_MAX, ' of centipawns');
}

/** A skill level, checked: a whole number from 0 to 20. */
function checkSkill(level: number): number {
  return checkWhole('skill', level, SKILL_MIN, SKILL_MAX);
}

/** An Elo rating, checked: a whole number from ELO_MIN to ELO_MAX. */
function checkElo(elo: number): number {
  return checkWhole('elo', elo, ELO_MIN, ELO_MAX);
}

/** Node's worker_threads, fetched without a static import so that browser bundles stay clean. */
function nodeWorkerThreads(): typeof import('node:worker_threads') {
  const getBuiltin = (process as unknown as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  if (typeof getBuiltin === 'function') return getBuiltin('node:worker_threads') as typeof import('node:worker_threads');
  throw new QiengineError('worker_threads is not available (Node 20.16 or later is needed)');
}
