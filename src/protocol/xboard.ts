/**
 * The xboard protocol (CECP, the Chess Engine Communication Protocol, version 2), which XBoard,
 * WinBoard and many game servers speak, for both games: `variant normal` is chess and
 * `variant xiangqi` is xiangqi (moves in coordinates, ICCS ranks 0-9 for xiangqi as XBoard
 * writes them). Unlike UCI, the engine keeps the game: the GUI sends the moves one by one, and
 * the engine answers with `move X` by itself whenever the side it plays is to move.
 *
 * What is offered: `protover 2` features, `new`, `variant`, `force`, `go`, `playother`,
 * `usermove` (and bare moves), `level`, `st`, `sd`, `nps`, `time`, `otim`, `?`, `ping`, `draw`,
 * `result`, `setboard`, `undo`, `remove`, `hint`, `post`/`nopost`, `analyze` with `.` and
 * `exit`, `exclude`/`include` (moves left out of the analysis), `pause`/`resume`, `memory`,
 * `cores`, `egtpath qiengine DIR` (endgame tables), `option` (Skill Level, Contempt, Perpetual
 * Chase, Move Limit, Limit Counts Checks, Resign),
 * `hard`/`easy` (pondering on the reply it expects) and `quit`. As with UCI, the game logic
 * stays in the game adapters and the searches run off this thread.
 *
 * A malformed or unknown line gets the protocol's `Error (...)` or `Illegal move` answer and
 * changes nothing.
 */
import { QiengineError } from '../core/errors.js';
import { Engine, MAX_THREADS, RANDOMNESS_MAX, type EngineSearchOptions } from '../engine/engine.js';
import { openSession, type GameSession, type PositionSpec } from '../engine/games.js';
import type { EngineResult, EngineScore } from '../engine/searcher.js';
import { SKILL_MAX, SKILL_MIN } from '../engine/skill.js';
import { budgetFor, fixedMoveTime, type Clock } from '../engine/time.js';
import { COORDINATE_MOVE, LineSession, MOVE_LIMIT_MAX, takesDraw, wholeNumber } from './line-session.js';
import { RESIGN_MAX, ResignRule } from './resign.js';
import { ENGINE_NAME, ENGINE_VERSION, type Variant } from './session.js';
import { XIANGQI_DRAW_PLIES } from '../xiangqi/position.js';

/** Commands that neither touch the game nor the engine: handled at once, even during a search. */
const PASSIVE = new Set(['post', 'nopost', 'time', 'otim', 'level', 'st', 'sd', 'nps', 'hard', 'random', 'computer', 'name', 'rating', 'ics', 'accepted', 'rejected', 'bk', 'hint', 'xboard']);

/** The centipawns of varied play in GNU Chess's `random` mode (UCCI's `small`). */
const RANDOM_MODE_CP = 20;

/** Commands that end a search on the engine's move without the move being played. */
const DISCARDING = new Set(['new', 'force', 'quit', 'result', 'setboard', 'undo', 'remove', 'variant', 'edit', 'analyze', 'playother', 'go', 'white', 'black', 'pause']);

interface Thinking {
  controller: AbortController;
  /**
   * A search for the engine's move, analysis (`analyze`) until something changes, or pondering:
   * a search of the position after the reply the engine expects (`guess`), which becomes the
   * search for its move if that reply comes.
   */
  kind: 'move' | 'analyze' | 'ponder';
  guess?: string;
  /** After a ponder hit: the end of the time the move may take. */
  timer?: ReturnType<typeof setTimeout>;
  /** Whether the search has returned (a ponder search then waits for the reply). */
  returned: boolean;
  /** Set when the move must not be played (the GUI moved on: `force`, `new`, `undo`, ...). */
  discard: boolean;
  /** The last report: depth, nodes and time, for analysis's `.` status line. */
  depth: number;
  nodes: number;
  timeMs: number;
  done: Promise<void>;
}

/** One xboard session. Feed it lines with {@link handle}; it writes replies through `write`. */
export class XboardSession extends LineSession<Thinking> {
  private variant: Variant = 'chess';
  /** The game as the GUI set it up: a FEN from `setboard` (or the start) and the moves since. */
  private startFen: string | undefined;
  private moves: string[] = [];
  private game: GameSession = openSession({ game: 'chess' });
  /** The side the engine plays: 0 (white or red), 1 (black), or null in force mode. */
  private engineSide: 0 | 1 | null = 1;
  /** Set once the game has ended (announced, or a `result` from the GUI) until `new`. */
  private over = false;
  private post = false;
  /** `hard`: think on the opponent's time about the reply it expects. */
  private ponder = false;
  private analyzing = false;
  /** `pause`: no search runs (a running one is dropped) until `resume`, which starts it again. */
  private paused = false;
  /** The position an analysis last finished by itself (a mate proven), not to be restarted. */
  private analysed: string | null = null;
  /** `level`: moves per control (0: the whole game), base time, increment; `st`; `sd`. */
  private movesPerControl = 0;
  private baseMs = 300_000;
  private incrementMs = 0;
  private fixedMs: number | undefined;
  private depthLimit: number | undefined;
  /**
   * `nps N`: the engine's clock is its node count over N (virtual seconds), not the wall
   * clock: a move's time budget becomes a node budget, and thinking output reports that time.
   */
  private nodeRate: number | undefined;
  /** `time`: the engine's clock in centiseconds. */
  private ownCs: number | undefined;
  /** The score of the engine's last search for its move, from its side (for `draw`). */
  private lastScore: EngineScore | undefined;
  /** After the engine's move: its expected reply, offered on `hint`, and the FEN it belongs to. */
  private hint: { fen: string; move: string } | null = null;
  private skill: number | undefined;
  private contempt: number | undefined;
  /** `option Randomness=N`: varied play's largest root bonus in centipawns (0: none). */
  private randomness = 0;
  /**
   * GNU Chess's `random` mode, which the command toggles and `new` turns off: varied play of
   * {@link RANDOM_MODE_CP} while no Randomness option is set.
   */
  private randomMode = false;
  private perpetualChase = true;
  /** `option Move Limit=N` and `option Limit Counts Checks=0|1`: xiangqi's move limit, as the Xiangqi rules take it. */
  private moveLimit = XIANGQI_DRAW_PLIES;
  private limitCountsChecks = true;
  /** `option Resign=N`: when the engine gives the game up (0, the default: never). */
  private readonly resign = new ResignRule();
  /**
   * `exclude`/`include`: the moves (protocol coordinates) left out of the searches of the
   * position they were given in, and that position (the session and its move count: any move,
   * take-back or new setup ends them, as XBoard clears its own list).
   */
  private excluded = new Set<string>();
  private excludedAt: { game: GameSession; ply: number } | null = null;
  /** The last `memory` and `cores` given, so that the same values again change nothing. */
  private memoryMb: number | undefined;
  private cores: number | undefined;
  private readonly backlog: string[] = [];
  private readonly engine: Engine;
  /** Reads the endgame table files of a directory, for `egtpath` (none: the session cannot). */
  private readonly readTablebases: ((dir: string) => Uint8Array[]) | undefined;

  /**
   * @param write receives each reply line; `engine`: the engine to search with (default a new
   * one); `readTablebases`: the endgame table files (`.qtb` bytes) of a directory, for `egtpath
   * qiengine DIR` (the CLI passes a Node reader; without one the command is refused)
   */
  constructor(
    private readonly write: (line: string) => void,
    options: { engine?: Engine; readTablebases?: (dir: string) => Uint8Array[] } = {},
  ) {
    super();
    this.engine = options.engine ?? new Engine();
    this.readTablebases = options.readTablebases;
  }

  /** Handles one line. Never throws: failures become `Error (...)` replies. */
  override handle(raw: string): void {
    const line = String(raw).trim();
    if (line === '') return;
    const words = line.split(/\s+/);
    const cmd = words[0]!;
    const t = this.thinking;
    if (t !== null) {
      if (cmd === '.') return t.kind === 'analyze' ? this.statLine(t) : undefined;
      // Analysis and pondering have no move to wait for: a ping is answered at once.
      if (cmd === 'ping' && t.kind !== 'move') return this.write(`pong ${words[1] ?? ''}`.trim());
      if (cmd === '?') {
        if (t.kind === 'move') t.controller.abort();
        return;
      }
      if (t.kind === 'ponder') {
        const reply = cmd === 'usermove' ? words[1] : words.length === 1 && COORDINATE_MOVE.test(cmd) ? cmd : undefined;
        if (reply !== undefined && reply === t.guess) return this.ponderHit(t, reply);
      }
      if (!PASSIVE.has(cmd)) {
        // Analysis restarts after the change, and pondering on another reply is dropped, as is
        // a move search the GUI has moved on from.
        if (t.kind !== 'move' || DISCARDING.has(cmd)) {
          t.discard = true;
          t.controller.abort();
        }
        this.backlog.push(line);
        return;
      }
    }
    try {
      this.command(cmd, words.slice(1), line);
    } catch (e) {
      const text = e instanceof QiengineError ? e.message : e instanceof Error ? `internal error: ${e.message}` : String(e);
      this.write(`Error (${text.replace(/[\r\n]+/g, ' ').slice(0, 200)}): ${line.slice(0, 80)}`);
    }
    if (this.thinking === null && !this.quit) this.next();
  }

  private command(cmd: string, args: string[], line: string): void {
    switch (cmd) {
      case 'random':
        this.randomMode = !this.randomMode;
        return;
      case 'xboard': case 'accepted': case 'rejected': case 'computer': case 'name': case 'rating': case 'ics': case 'bk':
      case '?': case '.':
        return;
      case 'hard':
        this.ponder = true;
        return;
      case 'easy':
        this.ponder = false;
        return;
      case 'protover':
        // Start and warm up the search thread while the GUI sets the game up, as `uci` does,
        // rather than on the first move's clock.
        void this.engine.prepare();
        return this.features();
      case 'new': return this.newGame();
      case 'variant': return this.selectVariant(args[0] ?? '');
      case 'force':
        this.engineSide = null;
        return;
      case 'go':
        this.engineSide = this.game.position.sideToMove as 0 | 1;
        return;
      case 'playother':
        this.engineSide = (this.game.position.sideToMove ^ 1) as 0 | 1;
        return;
      case 'level': return this.level(args);
      case 'st': {
        const s = this.number(args[0], 'st');
        this.fixedMs = s * 1000;
        return;
      }
      case 'nps': {
        // 0 would mean CPU time, which a JavaScript engine cannot read: the wall clock stands.
        const n = Math.floor(this.number(args[0], 'nps'));
        this.nodeRate = n > 0 ? n : undefined;
        return;
      }
      case 'sd': {
        const d = this.number(args[0], 'sd');
        this.depthLimit = Math.max(1, Math.min(99, Math.floor(d)));
        return;
      }
      case 'time':
        this.ownCs = this.number(args[0], 'time');
        return;
      case 'otim':
        // Checked, not kept: the opponent's clock does not change the engine's budget.
        this.number(args[0], 'otim');
        return;
      case 'usermove': return this.userMove(args[0] ?? '');
      case 'ping': return this.write(`pong ${args[0] ?? ''}`.trim());
      case 'draw': return this.drawOffer();
      case 'result':
        this.over = true;
        return;
      case 'setboard': return this.setBoard(args.join(' '));
      case 'undo': return this.takeBack(1);
      case 'remove': return this.takeBack(2);
      case 'hint':
        if (this.hint !== null && this.hint.fen === this.game.fen()) this.write(`Hint: ${this.hint.move}`);
        return;
      case 'post':
        this.post = true;
        return;
      case 'nopost':
        this.post = false;
        return;
      case 'analyze':
        // The engine plays neither side while it analyses, nor after `exit`.
        this.analyzing = true;
        this.analysed = null;
        this.engineSide = null;
        return;
      case 'exit':
        this.analyzing = false;
        return;
      case 'memory': {
        // XBoard sends it before every game: the table is made anew only for a new size.
        const mb = Math.max(1, Math.min(4096, Math.floor(this.number(args[0], 'memory'))));
        if (mb !== this.memoryMb) this.engine.setHashSize(mb);
        this.memoryMb = mb;
        return;
      }
      case 'cores': {
        const n = Math.max(1, Math.min(MAX_THREADS, Math.floor(this.number(args[0], 'cores'))));
        if (n !== this.cores) this.engine.setThreads(n);
        this.cores = n;
        return;
      }
      case 'option': return this.option(line.slice('option'.length).trim());
      case 'egtpath': return this.egtPath(args[0] ?? '', args.slice(1).join(' '));
      case 'pause':
        this.paused = true;
        return;
      case 'resume':
        this.paused = false;
        return;
      case 'exclude':
      case 'include':
        return this.exclusion(cmd === 'exclude', args[0] ?? '');
      case 'quit':
        this.quit = true;
        this.engine.close();
        return;
      case 'edit': case 'white': case 'black':
        throw new QiengineError('not supported: qiengine takes positions by setboard');
      default:
        if (COORDINATE_MOVE.test(cmd) && args.length === 0) return this.userMove(cmd);
        throw new QiengineError('unknown command');
    }
  }

  /** A non-negative number argument. @throws {QiengineError} */
  private number(text: string | undefined, what: string): number {
    const n = Number(text);
    if (text === undefined || text.trim() === '' || !Number.isFinite(n) || n < 0) throw new QiengineError(`${what} needs a non-negative number`);
    return n;
  }

  private features(): void {
    const options = [
      `option="Skill Level -spin ${this.skill ?? SKILL_MAX} ${SKILL_MIN} ${SKILL_MAX}"`,
      'option="Contempt -spin 0 -1000 1000"',
      `option="Randomness -spin ${this.randomness} 0 ${RANDOMNESS_MAX}"`,
      'option="Perpetual Chase -check 1"',
      `option="Move Limit -spin ${this.moveLimit} 0 ${MOVE_LIMIT_MAX}"`,
      `option="Limit Counts Checks -check ${this.limitCountsChecks ? 1 : 0}"`,
      `option="Resign -spin ${this.resign.threshold} 0 ${RESIGN_MAX}"`,
    ];
    this.write('feature done=0');
    this.write(`feature myname="${ENGINE_NAME} ${ENGINE_VERSION}" variants="normal,xiangqi" setboard=1 usermove=1 ping=1 playother=1 time=1 draw=1 analyze=1 colors=0 san=0 sigint=0 sigterm=0 reuse=1 name=0 nps=1 memory=1 smp=1 exclude=1 pause=1 egt="qiengine" debug=0`);
    for (const o of options) this.write(`feature ${o}`);
    this.write('feature done=1');
  }

  /** `new`: chess from the start, the engine playing black, clocks reset, no depth limit. */
  private newGame(): void {
    this.reset('chess', undefined);
    this.paused = false;
    this.randomMode = false;
    this.nodeRate = undefined;
    this.engineSide = 1;
    this.depthLimit = undefined;
    this.ownCs = undefined;
    this.engine.clear();
  }

  private reset(variant: Variant, fen: string | undefined): void {
    this.variant = variant;
    this.startFen = fen;
    this.moves = [];
    this.game = openSession(this.spec([]));
    this.over = false;
    this.hint = null;
    this.lastScore = undefined;
    this.resign.reset();
  }

  private selectVariant(name: string): void {
    const v = name === 'normal' ? 'chess' : name === 'xiangqi' ? 'xiangqi' : null;
    if (v === null) throw new QiengineError(`unsupported variant '${name.slice(0, 40)}' (normal or xiangqi)`);
    this.reset(v, undefined);
  }

  /** `level MPS BASE INC`: BASE in minutes or minutes:seconds, INC in seconds. */
  private level(args: string[]): void {
    const [mps, base, inc] = args;
    const m = /^(\d+)(?::(\d{1,2}))?$/.exec(base ?? '');
    const moves = Number(mps);
    const increment = Number(inc);
    if (args.length !== 3 || m === null || !Number.isInteger(moves) || moves < 0 || !Number.isFinite(increment) || increment < 0) {
      throw new QiengineError('level needs MPS BASE INC (BASE in minutes or minutes:seconds)');
    }
    this.movesPerControl = moves;
    this.baseMs = (Number(m[1]) * 60 + Number(m[2] ?? 0)) * 1000;
    this.incrementMs = increment * 1000;
    this.fixedMs = undefined;
  }

  private userMove(text: string): void {
    if (this.over) {
      this.write(`Illegal move (the game is over): ${text}`);
      return;
    }
    try {
      this.game.play(text);
    } catch (e) {
      if (!(e instanceof QiengineError)) throw e;
      this.write(`Illegal move: ${text.slice(0, 20)}`);
      return;
    }
    this.moves.push(text);
    this.announceEnd();
  }

  private setBoard(fen: string): void {
    try {
      openSession({ game: this.variant, fen });
    } catch {
      this.write('tellusererror Illegal position');
      return;
    }
    this.reset(this.variant, fen);
  }

  private takeBack(plies: number): void {
    if (this.moves.length < plies) throw new QiengineError(`no move to take back`);
    const moves = this.moves.slice(0, this.moves.length - plies);
    this.game = openSession(this.spec(moves));
    this.moves = moves;
    this.over = false;
    this.hint = null;
    this.resign.reset();
  }

  /**
   * `draw`: the opponent offers a draw, taken (`offer draw`) when the engine's last search put
   * its side below what a draw is worth to it (the game's draw score), or found a mate against it.
   */
  private drawOffer(): void {
    const s = this.lastScore;
    if (this.engineSide === null || this.over || s === undefined) return;
    if (takesDraw(s, this.game.drawScore)) this.write('offer draw');
  }

  /**
   * `exclude MOVE|all`, `include MOVE|all`: moves left out of the searches of this position
   * (analysis, chiefly) or let back in, until the position changes. Analysis starts again on
   * the new list; with every move left out it has nothing to search and waits.
   */
  private exclusion(exclude: boolean, what: string): void {
    if (!this.exclusionsCurrent()) this.excluded.clear();
    this.excludedAt = { game: this.game, ply: this.moves.length };
    if (what === 'all') {
      if (exclude) for (const m of this.game.legalMoves()) this.excluded.add(this.game.format(m));
      else this.excluded.clear();
    } else {
      // Read as a legal move here (an illegal one is an error, the list unchanged).
      const move = this.game.format(this.game.parse(what));
      if (exclude) this.excluded.add(move);
      else this.excluded.delete(move);
    }
    this.analysed = null;
  }

  /**
   * `egtpath qiengine DIR`: qiengine's own endgame tables (`.qtb` files, as `qiengine tablebase`
   * builds them) from DIR, probed in the search from then on; an empty DIR drops them. Other
   * formats are not read.
   */
  private egtPath(format: string, dir: string): void {
    if (format !== 'qiengine') throw new QiengineError(`egtpath: only the qiengine format is read, not '${format.slice(0, 20)}'`);
    if (dir === '') return this.engine.setTablebases([]);
    if (this.readTablebases === undefined) throw new QiengineError('egtpath: this session cannot read files');
    this.engine.setTablebases(this.readTablebases(dir));
  }

  /** Whether the exclusions were given in the position the game stands in now. */
  private exclusionsCurrent(): boolean {
    return this.excludedAt !== null && this.excludedAt.game === this.game && this.excludedAt.ply === this.moves.length;
  }

  /** `option NAME=VALUE` for the options listed in the features. */
  private option(text: string): void {
    const eq = text.indexOf('=');
    const name = (eq < 0 ? text : text.slice(0, eq)).trim().toLowerCase();
    const value = eq < 0 ? '' : text.slice(eq + 1).trim();
    const whole = (min: number, max: number): number => {
      const n = wholeNumber(value, min, max);
      if (n === undefined) throw new QiengineError(`${name}: expected a whole number from ${min} to ${max}`);
      return n;
    };
    switch (name) {
      case 'skill level':
        this.skill = whole(SKILL_MIN, SKILL_MAX);
        return;
      case 'contempt':
        this.contempt = whole(-1000, 1000);
        return;
      case 'randomness':
        this.randomness = whole(0, RANDOMNESS_MAX);
        return;
      case 'resign':
        this.resign.threshold = whole(0, RESIGN_MAX);
        return;
      case 'perpetual chase':
        if (value !== '0' && value !== '1') throw new QiengineError('perpetual chase: expected 0 or 1');
        this.perpetualChase = value === '1';
        return this.rulesChanged();
      case 'move limit':
        this.moveLimit = whole(0, MOVE_LIMIT_MAX);
        return this.rulesChanged();
      case 'limit counts checks':
        if (value !== '0' && value !== '1') throw new QiengineError('limit counts checks: expected 0 or 1');
        this.limitCountsChecks = value === '1';
        return this.rulesChanged();
      default:
        throw new QiengineError(`unknown option '${name.slice(0, 40)}'`);
    }
  }

  /** Reports the end of the game if the position ends it (mate, a rule's draw or loss). */
  private announceEnd(): void {
    const s = this.game.status();
    if (!s.over) return;
    this.over = true;
    const names = this.variant === 'chess' ? ['White', 'Black'] : ['Red', 'Black'];
    const reason = s.reason.replace(/-/g, ' ');
    if (s.winner === null) this.write(`1/2-1/2 {Draw by ${reason}}`);
    else this.write(`${s.winner === 0 ? '1-0' : '0-1'} {${names[s.winner]} wins by ${reason}}`);
  }

  /** After a command or a search: the waiting lines, then a search if one is due. */
  private next(): void {
    while (this.backlog.length > 0 && this.thinking === null && !this.quit) this.handle(this.backlog.shift()!);
    if (this.thinking !== null || this.quit || this.paused) return;
    if (this.analyzing) {
      if (this.analysed !== this.game.fen()) this.search('analyze');
      return;
    }
    if (this.over || this.engineSide === null) return;
    if (this.game.position.sideToMove === this.engineSide) return this.search('move');
    // Under `nps` the clock counts only the engine's own nodes, so thinking on the opponent's
    // time would be free time: no pondering then.
    if (this.ponder && this.nodeRate === undefined && this.hint !== null && this.hint.fen === this.game.fen()) this.search('ponder', this.hint.move);
  }

  private search(kind: 'move' | 'analyze' | 'ponder', guess?: string): void {
    if (this.game.status().over) {
      // Nothing to search: a finished game is announced once, not analysed.
      if (kind === 'move') this.announceEnd();
      return;
    }
    // `exclude`d moves are left out of the searches of the position they were given in (the
    // list holds legal moves only). With every move left out, analysis has nothing to search
    // and waits; a search for the engine's move, which must move, ignores the list then.
    let banMoves: string[] | undefined;
    if (kind !== 'ponder' && this.exclusionsCurrent() && this.excluded.size > 0) {
      if (this.excluded.size < this.game.legalMoves().length) banMoves = [...this.excluded];
      else if (kind === 'analyze') {
        this.analysed = this.game.fen();
        return;
      }
    }
    const controller = new AbortController();
    // Made before the search starts: an inline engine reports before `search` returns.
    const t: Thinking = { controller, kind, guess, discard: false, returned: false, depth: 0, nodes: 0, timeMs: 0, done: Promise.resolve() };
    const opts: EngineSearchOptions = {
      signal: controller.signal,
      banMoves,
      skill: this.skill,
      contempt: this.contempt,
      randomness: this.randomness > 0 ? this.randomness : this.randomMode ? RANDOM_MODE_CP : 0,
      depth: this.depthLimit,
      onInfo: (i) => {
        t.depth = i.depth;
        t.nodes = i.nodes;
        t.timeMs = i.timeMs;
        if (this.post || kind === 'analyze') this.write(`${i.depth} ${scoreValue(i.score)} ${this.centiseconds(i.timeMs, i.nodes)} ${i.nodes} ${i.pv.join(' ')}`);
      },
    };
    if (kind === 'move') {
      if (this.nodeRate !== undefined) {
        // Virtual time: the move's budget in seconds times the node rate, as a node limit.
        const ms = this.fixedMs ?? budgetFor(this.clock(), 0).softMs;
        opts.nodes = Math.max(1, Math.floor((ms * this.nodeRate) / 1000));
      } else if (this.fixedMs !== undefined) opts.movetimeMs = fixedMoveTime(this.fixedMs);
      else opts.clock = this.clock();
    }
    const spec = this.spec(guess === undefined ? this.moves : [...this.moves, guess]);
    let result: EngineResult | undefined;
    const work = this.engine.search(spec, opts);
    t.done = work
      .then(async (r) => {
        result = r;
        t.returned = true;
        // A ponder search that ends by itself (a mate proven, the depth limit) waits for the
        // reply, as it would have gone on thinking.
        if (t.kind === 'ponder' && !controller.signal.aborted) {
          await new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve(), { once: true }));
        }
        if (t.timer !== undefined) clearTimeout(t.timer);
        this.finish(t, result);
      })
      .catch((e: unknown) => this.write(`Error (${e instanceof Error ? e.message : String(e)}): search`))
      .then(() => {
        this.thinking = null;
        if (!this.quit) this.next();
      });
    this.thinking = t;
  }

  /**
   * After a change of xiangqi's rules: the game is set up again under them, and the table, whose
   * scores were found under the old ones, cleared.
   */
  private rulesChanged(): void {
    this.game = openSession(this.spec(this.moves));
    this.engine.clear();
  }

  /** The game as set up (`setboard` or the start) with `moves` played, under the session's rules. */
  private spec(moves: readonly string[]): PositionSpec {
    return { game: this.variant, fen: this.startFen, moves, perpetualChase: this.perpetualChase, moveLimitPlies: this.moveLimit, checksCountTowardsLimit: this.limitCountsChecks };
  }

  /** The engine's clock: `time` (or the control's base), the increment, moves to the next control. */
  private clock(): Clock {
    // Moves to the next control: those the side to move has left of its MPS.
    const played = Math.floor(this.moves.length / 2);
    return {
      remainingMs: this.ownCs !== undefined ? this.ownCs * 10 : this.baseMs,
      incrementMs: this.incrementMs,
      movesToGo: this.movesPerControl > 0 ? this.movesPerControl - (played % this.movesPerControl) : undefined,
    };
  }

  /**
   * The opponent played the reply the engine was pondering on: the move is made, and the ponder
   * search becomes the search for the engine's move, on the time budget a fresh one would get.
   */
  private ponderHit(t: Thinking, reply: string): void {
    this.game.play(reply);
    this.moves.push(reply);
    this.hint = null;
    t.kind = 'move';
    // A ponder search that has already returned has its answer: it is played at once.
    if (t.returned) return t.controller.abort();
    const ms = this.fixedMs !== undefined ? fixedMoveTime(this.fixedMs) : budgetFor(this.clock(), 30).softMs;
    t.timer = setTimeout(() => t.controller.abort(), ms);
  }

  /** A search has returned: the engine's move is played and told, unless the GUI moved on. */
  private finish(t: Thinking, r: EngineResult): void {
    if (t.discard || t.kind === 'ponder') return;
    if (t.kind === 'analyze') {
      this.analysed = this.game.fen();
      return;
    }
    this.lastScore = r.score;
    if (r.bestMove === null) return this.announceEnd();
    // Resigning takes the place of the move (the game is over for the engine).
    if (this.resign.record(r.score)) {
      this.over = true;
      this.write('resign');
      return;
    }
    this.game.play(r.bestMove);
    this.moves.push(r.bestMove);
    this.write(`move ${r.bestMove}`);
    this.hint = r.ponderMove === null ? null : { fen: this.game.fen(), move: r.ponderMove };
    this.announceEnd();
  }

  /** Analysis's `.`: `stat01: time nodes depth moves-left moves-total` (moves left unknown: 0). */
  private statLine(t: Thinking): void {
    this.write(`stat01: ${this.centiseconds(t.timeMs, t.nodes)} ${t.nodes} ${t.depth} 0 ${this.game.legalMoves().length}`);
  }

  /** The time thinking output reports: the wall clock, or under `nps` the nodes over the rate. */
  private centiseconds(timeMs: number, nodes: number): number {
    return this.nodeRate !== undefined ? Math.round((nodes * 100) / this.nodeRate) : Math.round(timeMs / 10);
  }
}

/** xboard's score: centipawns, or 100000 + N for a mate in N moves (-100000 - N when mated). */
function scoreValue(s: EngineScore): number {
  if (!('mate' in s)) return s.cp;
  return s.mate > 0 ? 100000 + s.mate : -100000 + s.mate;
}
