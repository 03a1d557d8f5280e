/**
 * The UCI and UCCI text protocols: a line in, zero or more lines out. No game logic lives here:
 * positions and moves go to the game adapters (engine/games.ts), searches to the
 * {@link Engine}, which runs them off this thread so that `stop`, `ponderhit` and `isready`
 * are answered while it thinks.
 *
 * A malformed or unknown line is answered with `info string <reason>` and changes nothing.
 * Lines other than `stop`, `ponderhit`, `isready` and `quit` that arrive during a search wait
 * until it has answered, in order.
 */
import { QiengineError } from '../core/errors.js';
import { Engine, MAX_THREADS, RANDOMNESS_MAX, type EngineSearchOptions } from '../engine/engine.js';
import { bookGame, chooseBookMove, openBook, type OpeningBook } from '../engine/book.js';
import { openSession, type GameSession, type PositionSpec } from '../engine/games.js';
import { nodesPerSecond, type EngineInfo, type EngineResult, type EngineScore } from '../engine/searcher.js';
import { budgetFor, fixedMoveTime, type Clock } from '../engine/time.js';
import { ELO_MAX, ELO_MIN, SKILL_MAX, SKILL_MIN } from '../engine/skill.js';
import { winDrawLoss } from '../engine/wdl.js';
import { XIANGQI_DRAW_PLIES } from '../xiangqi/position.js';
import { LineSession, MOVE_LIMIT_MAX, RANDOMNESS_GRADES, randomnessOf, takesDraw, wholeNumber } from './line-session.js';
import { RESIGN_MAX, ResignRule } from './resign.js';
import { toUcciScore } from './ucci-score.js';

export const ENGINE_NAME = 'qiengine';
export const ENGINE_VERSION = '0.1.0';

/** The games a session can play. */
export type Variant = 'chess' | 'xiangqi';

/** The words of `go` (UCI's and UCCI's) that end a `searchmoves` list. */
const GO_WORDS: ReadonlySet<string> = new Set(['searchmoves', 'ponder', 'wtime', 'btime', 'winc', 'binc', 'movestogo', 'depth', 'nodes', 'mate', 'movetime', 'infinite', 'time', 'increment', 'opptime', 'draw']);

/** The options a session offers, by lower-case name, with their defaults. */
const DEFAULTS: Record<string, string> = {
  hash: '16',
  hashsize: '16',
  threads: '1',
  multipv: '1',
  'move overhead': '30',
  ponder: 'false',
  usemillisec: 'true',
  // UCI's 'Perpetual Chase' and UCCI's 'perpetualchase' are one setting, kept under this name.
  'perpetual chase': 'true',
  // Xiangqi's move limit (UCI 'Move Limit', UCCI 'movelimit') and whether checks count towards
  // it (UCI 'Limit Counts Checks', UCCI 'limitcountschecks').
  'move limit': String(XIANGQI_DRAW_PLIES),
  'limit counts checks': 'true',
  // UCI's 'OwnBook' and UCCI's 'usebook' are one setting, kept under this name.
  ownbook: 'false',
  uci_limitstrength: 'false',
  uci_elo: String(ELO_MIN),
  uci_showwdl: 'false',
};

interface Thinking {
  controller: AbortController;
  /** `go infinite` or `go ponder`: the answer waits for `stop` or `ponderhit`. */
  waiting: boolean;
  /** `go ponder`: the clock to start on `ponderhit`. */
  ponderClock?: Clock;
  timer?: ReturnType<typeof setTimeout>;
  result?: EngineResult;
  /** UCCI `go draw` / `ponderhit draw`: the opponent offers a draw, answered with `draw` after the move if taken. */
  drawOffered?: boolean;
  /** `go infinite`: analysis, not a move of the game (it does not count towards resigning). */
  analysis?: boolean;
  done: Promise<void>;
}

/** A protocol session. Feed it lines with {@link handle}; it writes replies through `write`. */
export class ProtocolSession extends LineSession<Thinking> {
  /** `uci` until a `ucci` line switches the session to ElephantEye's dialect. */
  mode: 'uci' | 'ucci' = 'uci';
  /** Chess unless `UCI_Variant` says otherwise; `ucci` always means xiangqi. */
  variant: Variant = 'chess';
  private game: GameSession = openSession({ game: 'chess' });
  /** The position as the engine gets it: root FEN and moves. */
  private spec: { fen?: string; moves: string[] } = { moves: [] };
  /** UCCI `banmoves`, kept until the next `position`. */
  banned: string[] = [];
  /** Option values set through `setoption`, by lower-case name. */
  readonly options = new Map<string, string>();
  private readonly engine: Engine;
  private hashMb = 16;
  /** The node count of the running search's last `info` line (-1 before its first). */
  private infoNodes = -1;
  private readonly backlog: string[] = [];
  /** The opening book set by `BookFile`/`bookfiles`, and the path it came from. */
  private book: { path: string; book: OpeningBook } | null = null;
  private readonly readFile: ((path: string) => Uint8Array) | undefined;
  private readonly readTablebases: ((dir: string) => Uint8Array[]) | undefined;
  private readonly random: () => number;
  /** UCCI `resignscore`: when the engine gives the game up. */
  private readonly resign = new ResignRule();

  /**
   * @param write receives each reply line
   * @param options `engine`: the engine to search with (default a new one); `readFile`: how
   *   a book file named by `BookFile`/`bookfiles` is read (without it books cannot be set, as
   *   in a browser); `readTablebases`: the endgame table files (`.qtb` bytes) of a directory
   *   named by `TablebasePath` (without it tables cannot be set); `random`: the book's dice, a
   *   number in [0, 1) (default `Math.random`)
   */
  constructor(
    private readonly write: (line: string) => void,
    options: { engine?: Engine; readFile?: (path: string) => Uint8Array; readTablebases?: (dir: string) => Uint8Array[]; random?: () => number } = {},
  ) {
    super();
    this.engine = options.engine ?? new Engine();
    this.readFile = options.readFile;
    this.readTablebases = options.readTablebases;
    this.random = options.random ?? Math.random;
  }

  /** Handles one line. Never throws: failures become `info string` replies. */
  override handle(raw: string): void {
    const line = String(raw).trim();
    if (line === '') return;
    const words = line.split(/\s+/);
    const cmd = words[0]!;
    if (this.thinking !== null) {
      switch (cmd) {
        case 'isready': return this.write('readyok');
        case 'stop': return this.stop();
        case 'ponderhit': return this.ponderhit(words[1] === 'draw');
        case 'quit': case 'bye':
          this.stop();
          this.backlog.push(line);
          return;
        default:
          this.backlog.push(line);
          return;
      }
    }
    try {
      switch (cmd) {
        case 'uci': return this.hello('uci');
        case 'ucci': return this.hello('ucci');
        case 'isready': return this.isReady();
        case 'ucinewgame': return this.newGame();
        case 'setoption': return this.setOption(words.slice(1));
        case 'position': return this.position(words.slice(1), line);
        case 'banmoves': return this.banMoves(words.slice(1));
        case 'go': return this.go(words.slice(1));
        case 'probe': return this.probe(words.slice(1), line);
        case 'd': return this.display();
        case 'eval': return this.evaluation();
        // UCI's debug switch and registration: accepted; qiengine has no debug output and
        // needs no registration.
        case 'debug': case 'register': return;
        case 'stop': case 'ponderhit': return;
        case 'quit': case 'bye':
          this.quit = true;
          this.engine.close();
          if (this.mode === 'ucci') this.write('bye');
          return;
        default:
          return this.info(`unknown command '${cmd.slice(0, 40)}'`);
      }
    } catch (e) {
      if (e instanceof QiengineError) return this.info(e.message);
      return this.info(`internal error: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private info(text: string): void {
    this.write(`info string ${text.replace(/[\r\n]+/g, ' ')}`);
  }

  private option(name: string): string {
    return this.options.get(name) ?? DEFAULTS[name] ?? '';
  }

  private hello(mode: 'uci' | 'ucci'): void {
    this.mode = mode;
    // Start and warm up the search thread now, while the GUI is still setting up, rather than
    // on the first `go`'s clock; `isready` answers once it is done.
    void this.engine.prepare();
    if (mode === 'ucci' && this.variant !== 'xiangqi') this.selectVariant('xiangqi');
    this.write(`id name ${ENGINE_NAME} ${ENGINE_VERSION}`);
    if (mode === 'ucci') {
      this.write('id copyright qiengine developers, MIT licence');
      this.write('id author qiengine developers');
      this.write('option usemillisec type check default true');
      this.write('option hashsize type spin min 1 max 4096 default 16');
      this.write(`option threads type spin min 1 max ${MAX_THREADS} default 1`);
      this.write('option ponder type check default false');
      this.write('option skilllevel type spin min 0 max 20 default 20');
      this.write('option contempt type spin min -1000 max 1000 default 0');
      this.write('option randomness type combo var none var tiny var small var medium var large var huge default none');
      this.write('option pruning type combo var none var small var medium var large default large');
      this.write('option knowledge type combo var none var small var medium var large default large');
      this.write('option perpetualchase type check default true');
      this.write(`option movelimit type spin min 0 max ${MOVE_LIMIT_MAX} default ${XIANGQI_DRAW_PLIES}`);
      this.write('option limitcountschecks type check default true');
      this.write('option usebook type check default false');
      this.write('option bookfiles type string default <empty>');
      this.write('option tablebasepath type string default <empty>');
      this.write(`option resignscore type spin min 0 max ${RESIGN_MAX} default 0`);
      this.write('option newgame type button');
      this.write('ucciok');
    } else {
      this.write('id author qiengine developers');
      this.write('option name UCI_Variant type combo default chess var chess var xiangqi');
      this.write('option name Hash type spin default 16 min 1 max 4096');
      this.write(`option name Threads type spin default 1 min 1 max ${MAX_THREADS}`);
      this.write('option name Clear Hash type button');
      this.write('option name MultiPV type spin default 1 min 1 max 64');
      this.write('option name Ponder type check default false');
      this.write('option name Move Overhead type spin default 30 min 0 max 5000');
      this.write('option name Skill Level type spin default 20 min 0 max 20');
      this.write('option name UCI_LimitStrength type check default false');
      this.write(`option name UCI_Elo type spin default ${ELO_MIN} min ${ELO_MIN} max ${ELO_MAX}`);
      this.write('option name UCI_ShowWDL type check default false');
      this.write('option name Contempt type spin default 0 min -1000 max 1000');
      this.write(`option name Randomness type spin default 0 min 0 max ${RANDOMNESS_MAX}`);
      this.write('option name Perpetual Chase type check default true');
      this.write(`option name Move Limit type spin default ${XIANGQI_DRAW_PLIES} min 0 max ${MOVE_LIMIT_MAX}`);
      this.write('option name Limit Counts Checks type check default true');
      this.write('option name OwnBook type check default false');
      this.write('option name BookFile type string default <empty>');
      this.write('option name TablebasePath type string default <empty>');
      this.write('uciok');
    }
  }

  private newGame(): void {
    this.resign.reset();
    this.selectVariant(this.variant);
    this.engine.clear();
  }

  private setOption(args: string[]): void {
    let name: string;
    let value: string;
    if (args[0] === 'name') {
      const v = args.indexOf('value');
      name = args.slice(1, v < 0 ? undefined : v).join(' ');
      value = v < 0 ? '' : args.slice(v + 1).join(' ');
    } else {
      // UCCI form: setoption <name> [<value>]
      name = args[0] ?? '';
      value = args.slice(1).join(' ');
    }
    if (name === '') return this.info('setoption: missing option name');
    const key = name.toLowerCase();
    switch (key) {
      case 'uci_variant': {
        const v = value.toLowerCase();
        if (v !== 'chess' && v !== 'xiangqi') return this.info(`UCI_Variant: unknown variant '${value.slice(0, 40)}' (chess or xiangqi)`);
        if (v === 'chess' && this.mode === 'ucci') return this.info('UCCI plays xiangqi only');
        return this.selectVariant(v);
      }
      case 'clear hash':
        return this.engine.clear();
      case 'newgame':
        this.resign.reset();
        return this.engine.clear();
      case 'resignscore': {
        const n = wholeNumber(value, 0, RESIGN_MAX);
        if (n === undefined) return this.info(`${name}: expected centipawns from 0 (never) to ${RESIGN_MAX}`);
        this.resign.threshold = n;
        break;
      }
      case 'hash':
      case 'hashsize': {
        const mb = wholeNumber(value, 1, 4096);
        if (mb === undefined) return this.info(`${name}: expected a whole number of megabytes from 1 to 4096`);
        if (mb !== this.hashMb) {
          this.hashMb = mb;
          this.engine.setHashSize(mb);
        }
        break;
      }
      case 'threads': {
        const n = wholeNumber(value, 1, MAX_THREADS);
        if (n === undefined) return this.info(`${name}: expected a number of threads from 1 to ${MAX_THREADS}`);
        this.engine.setThreads(n);
        break;
      }
      case 'multipv': {
        if (wholeNumber(value, 1, 64) === undefined) return this.info('MultiPV: expected a number from 1 to 64');
        break;
      }
      case 'contempt': {
        if (wholeNumber(value, -1000, 1000) === undefined) return this.info(`${name}: expected centipawns from -1000 to 1000`);
        break;
      }
      // UCI's 'Skill Level' and UCCI's 'skilllevel' are one setting, kept under the UCI name.
      case 'skill level':
      case 'skilllevel': {
        const n = wholeNumber(value, SKILL_MIN, SKILL_MAX);
        if (n === undefined) return this.info(`${name}: expected a whole number from ${SKILL_MIN} to ${SKILL_MAX}`);
        this.options.set('skill level', String(n));
        return;
      }
      case 'randomness': {
        const n = randomnessOf(value, RANDOMNESS_MAX);
        if (n === undefined) return this.info(`${name}: expected none, tiny, small, medium, large or huge, or centipawns from 0 to ${RANDOMNESS_MAX}`);
        this.options.set('randomness', String(n));
        return;
      }
      // ElephantEye's grades: `none` turns null-move pruning, or the evaluation's knowledge
      // beyond material and piece-square tables, off; any other grade turns it on.
      case 'pruning':
      case 'knowledge': {
        const v = value.trim().toLowerCase();
        const on = v === 'none' || v === 'false' ? false : RANDOMNESS_GRADES.has(v) || v === 'true' ? true : undefined;
        if (on === undefined) return this.info(`${name}: expected none, small, medium or large`);
        this.options.set(key, String(on));
        return;
      }
      case 'uci_limitstrength':
        return this.setSwitch(name, value, 'uci_limitstrength');
      case 'uci_showwdl':
        return this.setSwitch(name, value, 'uci_showwdl');
      case 'uci_elo': {
        if (wholeNumber(value, ELO_MIN, ELO_MAX) === undefined) return this.info(`${name}: expected a whole number from ${ELO_MIN} to ${ELO_MAX}`);
        break;
      }
      // The rules of the tree: a change clears the table, whose scores were found under the
      // old ones (a draw by the move limit is stored like any other score).
      case 'perpetual chase':
      case 'perpetualchase':
        return this.setRule('perpetual chase', () => this.setSwitch(name, value, 'perpetual chase'));
      case 'move limit':
      case 'movelimit': {
        const n = wholeNumber(value, 0, MOVE_LIMIT_MAX);
        if (n === undefined) return this.info(`${name}: expected plies from 0 (no limit) to ${MOVE_LIMIT_MAX}`);
        return this.setRule('move limit', () => void this.options.set('move limit', String(n)));
      }
      case 'limit counts checks':
      case 'limitcountschecks':
        return this.setRule('limit counts checks', () => this.setSwitch(name, value, 'limit counts checks'));
      case 'ownbook':
      case 'usebook':
        return this.setSwitch(name, value, 'ownbook');
      case 'bookfile':
      case 'bookfiles':
        return this.setBook(name, value);
      case 'tablebasepath':
        return this.setTablebases(name, value);
      case 'move overhead': {
        const n = Number(value);
        if (!Number.isFinite(n) || n < 0 || n > 5000) return this.info('Move Overhead: expected milliseconds from 0 to 5000');
        break;
      }
      case 'ponder':
      case 'usemillisec':
        return this.setSwitch(name, value, key);
      // What UCI lets a GUI tell any engine, offered or not, and ElephantEye's UCCI options that
      // qiengine has no use for: accepted, with no effect.
      case 'uci_analysemode':
      case 'uci_opponent':
      case 'batch':
      case 'debug':
      case 'usehash':
      case 'useegtb':
      case 'egtbpaths':
      case 'evalapi':
      case 'promotion':
      case 'idle':
      case 'style':
        return;
      default:
        // Stored, an unknown name would be a typo the GUI never hears of.
        return this.info(`setoption: unknown option '${name.slice(0, 40)}'`);
    }
    this.options.set(key, value);
  }

  /** Sets a rule option by `set`, and clears the table when its value changed. */
  private setRule(key: string, set: () => void): void {
    const before = this.option(key);
    set();
    if (this.option(key) !== before) this.engine.clear();
  }

  /** A check option, kept under `key` (one name for its UCI and UCCI spellings). */
  private setSwitch(name: string, value: string, key: string): void {
    const v = value.toLowerCase();
    if (v !== 'true' && v !== 'false') return this.info(`${name}: expected true or false`);
    this.options.set(key, v);
  }

  /**
   * `BookFile`/`bookfiles`: reads the file as a book of the current game's format, or else of
   * the other game's (a GUI may choose the variant after the book); empty or `<empty>` removes
   * the book. A file that cannot be read, or is no book, leaves the book as it was.
   */
  private setBook(name: string, path: string): void {
    if (path === '' || path === '<empty>') {
      this.book = null;
      return;
    }
    if (this.readFile === undefined) return this.info(`${name}: this session cannot read files`);
    let bytes: Uint8Array;
    try {
      bytes = this.readFile(path);
    } catch (e) {
      return this.info(`${name}: cannot read '${path.slice(0, 200)}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const other: Variant = this.variant === 'chess' ? 'xiangqi' : 'chess';
    let book: OpeningBook;
    try {
      book = openBook(this.variant, bytes);
    } catch (e) {
      try {
        book = openBook(other, bytes);
      } catch {
        return this.info(`${name}: ${(e as Error).message}`);
      }
    }
    this.book = { path, book };
    const format = bookGame(book) === 'chess' ? 'Polyglot' : 'ElephantEye';
    this.info(`${name}: ${format} book for ${bookGame(book)}, ${book.size} records`);
  }

  /**
   * `TablebasePath`: the endgame tables (`.qtb` files) of a directory, probed by the searches
   * from now on; empty or `<empty>` stops probing. A directory that cannot be read, or a damaged
   * file, leaves the tables as they were.
   */
  private setTablebases(name: string, dir: string): void {
    if (dir === '' || dir === '<empty>') return this.engine.setTablebases([]);
    if (this.readTablebases === undefined) return this.info(`${name}: this session cannot read files`);
    let files: Uint8Array[];
    try {
      files = this.readTablebases(dir);
      this.engine.setTablebases(files);
    } catch (e) {
      return this.info(`${name}: ${(e as Error).message}`);
    }
    this.info(`${name}: ${files.length} table file${files.length === 1 ? '' : 's'}`);
  }

  /**
   * The position to search, with the xiangqi rules the options set: perpetual chase, the move
   * limit and whether checks count towards it (chess ignores them).
   */
  private searchSpec(): PositionSpec {
    return {
      game: this.variant,
      fen: this.spec.fen,
      moves: this.spec.moves,
      perpetualChase: this.option('perpetual chase') !== 'false',
      moveLimitPlies: Number(this.option('move limit')),
      checksCountTowardsLimit: this.option('limit counts checks') !== 'false',
    };
  }

  /** Switches the game; the position goes back to the variant's start. */
  private selectVariant(v: Variant): void {
    this.variant = v;
    this.game = openSession({ game: v });
    this.spec = { moves: [] };
    this.banned = [];
  }

  /** `position startpos|fen <fen> [moves m1 m2 ...]`; on any error nothing changes. */
  private position(args: string[], line: string): void {
    const { spec, session } = this.readPosition(args, line);
    this.game = session;
    this.spec = spec;
    this.banned = [];
  }

  /**
   * Reads the arguments of `position` (also those of UCCI `probe`) into a game, without
   * touching the session's own. @throws {QiengineError} for a bad form, FEN or move.
   */
  private readPosition(args: string[], line: string): { spec: { fen?: string; moves: string[] }; session: GameSession } {
    const movesAt = args.indexOf('moves');
    const head = movesAt < 0 ? args : args.slice(0, movesAt);
    const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
    let fen: string | undefined;
    if (head[0] === 'startpos' && head.length === 1) fen = undefined;
    else if (head[0] === 'fen' && head.length > 1) fen = head.slice(1).join(' ');
    else throw new QiengineError(`position: expected 'startpos' or 'fen <fen>': ${line.slice(0, 80)}`);
    const session = openSession({ game: this.variant, fen });
    for (const m of moves) session.play(m);
    return { spec: { fen, moves }, session };
  }

  private banMoves(args: string[]): void {
    for (const m of args) this.game.parse(m);
    this.banned = args;
  }

  /** UCCI `probe [position args]`: what the hash table holds, as ElephantEye's `pophash`. */
  private probe(args: string[], line: string): void {
    const spec = { game: this.variant, ...(args.length > 0 ? this.readPosition(args, line).spec : this.spec) };
    const work = this.engine.probe(spec).then(
      (e) => {
        if (e === null) return this.write('pophash');
        const score = toUcciScore(e.score);
        const parts = ['pophash'];
        if (e.move !== null) parts.push('bestmove', e.move);
        if (e.bound !== 'upper') parts.push('lowerbound', String(score), 'depth', String(e.depth));
        if (e.bound !== 'lower') parts.push('upperbound', String(score), 'depth', String(e.depth));
        this.write(parts.join(' '));
      },
      (e: unknown) => this.info(e instanceof Error ? e.message : String(e)),
    );
    this.track(work, new AbortController(), false);
  }

  private go(args: string[]): void {
    if (args[0] === 'perft') {
      const depth = Number(args[1]);
      if (!Number.isInteger(depth) || depth < 1 || depth > 12) return this.info('go perft: expected a depth from 1 to 12');
      let total = 0;
      for (const { move, nodes } of this.game.perftDivide(depth)) {
        if (this.banned.includes(move)) continue;
        this.write(`${move}: ${nodes}`);
        total += nodes;
      }
      this.write('');
      this.write(`Nodes searched: ${total}`);
      return;
    }
    this.think(args);
  }

  /**
   * `go` with limits: UCI `depth nodes movetime wtime btime winc binc movestogo mate infinite
   * ponder searchmoves` (`mate N` alone searches until it finds a mate in N or is stopped),
   * UCCI `[draw] depth nodes time increment movestogo opptime ponder`.
   */
  private think(args: string[]): void {
    const num = (k: string): number | undefined => {
      const i = args.indexOf(k);
      if (i < 0) return undefined;
      const v = Number(args[i + 1]);
      if (!Number.isFinite(v) || v < 0) throw new QiengineError(`go: ${k} needs a non-negative number`);
      return v;
    };
    const first = this.game.position.sideToMove === 0;
    const ucci = this.mode === 'ucci';
    const depth = num('depth');
    const nodes = num('nodes');
    const movetime = num('movetime');
    const movestogo = num('movestogo');
    const mate = ucci ? undefined : num('mate');
    if (mate !== undefined && (!Number.isInteger(mate) || mate < 1)) throw new QiengineError('go: mate needs a whole number of moves, at least 1');
    // UCCI clocks are in seconds when the GUI turned `usemillisec` off.
    const unit = ucci && this.option('usemillisec') === 'false' ? 1000 : 1;
    const remaining = ucci ? num('time') : num(first ? 'wtime' : 'btime');
    const inc = ucci ? num('increment') : num(first ? 'winc' : 'binc');
    num('opptime'); // validated; the opponent's clock does not change our budget
    const clock: Clock | undefined = remaining === undefined ? undefined : { remainingMs: remaining * unit, incrementMs: (inc ?? 0) * unit, movesToGo: movestogo };
    const infinite = args.includes('infinite');
    const ponder = args.includes('ponder');

    let searchMoves: string[] | undefined;
    const sm = args.indexOf('searchmoves');
    if (sm >= 0) {
      // The moves run to the next of go's own words, so a move that does not parse is named
      // rather than ending the list unseen, and an empty list (which would search nothing) is
      // refused rather than answered with bestmove (none).
      searchMoves = [];
      for (let i = sm + 1; i < args.length && !GO_WORDS.has(args[i]!); i++) searchMoves.push(args[i]!);
      if (searchMoves.length === 0) throw new QiengineError('go: searchmoves needs at least one move');
      for (const m of searchMoves) this.game.parse(m);
    }

    // With the book on, a position it knows is answered from it at once (not when analysing).
    if (!infinite && !ponder && mate === undefined && this.option('ownbook') === 'true' && this.book !== null && bookGame(this.book.book) === this.variant) {
      const spec = this.searchSpec();
      const choice = chooseBookMove(this.book.book, spec, { searchMoves, banMoves: this.banned, random: this.random });
      if (choice !== null) {
        this.info(`book move ${choice.move} (${choice.human}, weight ${choice.weight}, ${(100 * choice.share).toFixed(1)}%)`);
        this.write(`bestmove ${choice.move}`);
        return;
      }
    }

    const controller = new AbortController();
    const overhead = Number(this.option('move overhead'));
    const opts: EngineSearchOptions = {
      depth: depth === undefined ? undefined : Math.max(1, Math.floor(depth)),
      nodes,
      // A fixed move time keeps a little back for the reply (2% of it, at most the Move Overhead).
      movetimeMs: movetime === undefined ? undefined : fixedMoveTime(movetime, Number.isFinite(overhead) ? overhead : 30),
      multiPv: Number(this.option('multipv')) || 1,
      mate,
      skill: this.options.has('skill level') ? Number(this.option('skill level')) : undefined,
      // As in Stockfish, UCI_LimitStrength makes UCI_Elo decide the strength, whatever the Skill Level.
      elo: this.option('uci_limitstrength') === 'true' ? Number(this.option('uci_elo')) : undefined,
      contempt: this.options.has('contempt') ? Number(this.option('contempt')) : undefined,
      randomness: this.options.has('randomness') ? Number(this.option('randomness')) : undefined,
      nullMove: this.options.has('pruning') ? this.option('pruning') === 'true' : undefined,
      knowledge: this.options.has('knowledge') ? this.option('knowledge') === 'true' : undefined,
      searchMoves,
      banMoves: this.banned.length > 0 ? this.banned : undefined,
      moveOverheadMs: Number.isFinite(overhead) ? overhead : 30,
      signal: controller.signal,
      onInfo: (i) => {
        this.infoNodes = i.nodes;
        this.writeInfo(i);
      },
    };
    this.infoNodes = -1;
    const waiting = infinite || ponder;
    if (!waiting) opts.clock = clock;
    if (!waiting && depth === undefined && nodes === undefined && movetime === undefined && clock === undefined && mate === undefined) opts.movetimeMs = 1000;
    // Xiangqi's perpetual-chase rule is on unless the GUI plays by rules without it.
    const spec = this.searchSpec();
    const work = this.engine.search(spec, opts);
    const t = this.track(work.then((r) => void (this.thinking!.result = r)), controller, waiting);
    // ElephantEye's form: `go draw <mode>`, the draw offered before the limits.
    if (ucci && args[0] === 'draw') t.drawOffered = true;
    if (infinite) t.analysis = true;
    if (ponder && clock !== undefined) t.ponderClock = clock;
    work.catch((e: unknown) => this.info(e instanceof Error ? e.message : String(e)));
  }

  /** Keeps track of a running search (or probe) until it has answered. */
  private track(work: Promise<void>, controller: AbortController, waiting: boolean): Thinking {
    const t: Thinking = { controller, waiting, done: Promise.resolve() };
    t.done = work
      .catch(() => undefined)
      .then(() => this.settle(t));
    this.thinking = t;
    return t;
  }

  /** A search has returned: answer now, or once `stop`/`ponderhit` comes for infinite and ponder. */
  private async settle(t: Thinking): Promise<void> {
    if (t.waiting && !t.controller.signal.aborted) {
      await new Promise<void>((resolve) => t.controller.signal.addEventListener('abort', () => resolve(), { once: true }));
    }
    if (t.timer !== undefined) clearTimeout(t.timer);
    if (t.result !== undefined) this.bestMove(t.result, t.drawOffered === true, t.analysis !== true);
    this.thinking = null;
    while (this.backlog.length > 0 && this.thinking === null) this.handle(this.backlog.shift()!);
  }

  /**
   * `readyok` once the engine has started (see {@link Engine.prepare}): at once when it has;
   * otherwise when it is done, with the lines that come meanwhile waiting as during a search.
   */
  private isReady(): void {
    if (this.engine.prepared) return this.write('readyok');
    this.track(
      this.engine.prepare().then(() => this.write('readyok')),
      new AbortController(),
      false,
    );
  }

  private stop(): void {
    this.thinking?.controller.abort();
  }

  /** The opponent played the expected move: the ponder search now runs on our clock. */
  private ponderhit(drawOffered: boolean): void {
    const t = this.thinking;
    if (t === null || !t.waiting) return;
    t.waiting = false;
    // UCCI `ponderhit draw`: the opponent's move came with a draw offer.
    if (drawOffered && this.mode === 'ucci') t.drawOffered = true;
    if (t.ponderClock === undefined) return; // `go ponder` without a clock: think until stop
    const overhead = Number(this.option('move overhead'));
    const { softMs } = budgetFor(t.ponderClock, Number.isFinite(overhead) ? overhead : 30);
    if (t.result !== undefined) return t.controller.abort();
    t.timer = setTimeout(() => t.controller.abort(), softMs);
  }

  private bestMove(r: EngineResult, drawOffered = false, gameMove = false): void {
    if (r.bestMove === null) {
      this.write(this.mode === 'ucci' ? 'nobestmove' : 'bestmove (none)');
      return;
    }
    // A search stopped inside an iteration last reported the one before: its lines are
    // reported again with the whole search's nodes and time, as Stockfish does at a stop, so
    // that a GUI or a match's referee sees every node and the time they took.
    if (r.nodes > this.infoNodes) {
      const nps = nodesPerSecond(r.nodes, r.timeMs);
      for (const l of r.lines) this.writeInfo({ ...l, depth: r.depth, seldepth: r.seldepth, nodes: r.nodes, nps, timeMs: r.timeMs, tbhits: r.tbhits });
    }
    // A draw offered (UCCI `go draw`) is taken where the search finds the position no better
    // than a draw for the side to move; `bestmove m draw` then says so, as ElephantEye does.
    const takeDraw = drawOffered && takesDraw(r.score, this.game.drawScore);
    // UCCI `resign`: the move is given with the resignation after enough lost scores in a row
    // (`resignscore`, off by default). A draw taken is not a resignation.
    const resign = this.mode === 'ucci' && gameMove && !takeDraw && this.resign.record(r.score);
    this.write(`bestmove ${r.bestMove}${r.ponderMove !== null ? ` ponder ${r.ponderMove}` : ''}${takeDraw ? ' draw' : resign ? ' resign' : ''}`);
  }

  /**
   * A standard `info` line; `hashfull` is left out where unknown (an answer does not carry it),
   * `tbhits` where no endgame table was probed. UCCI's is ElephantEye's: `info depth D score S
   * pv ...` with the score a bare number (mates on ElephantEye's scale, see ucci-score.ts), and
   * the time and nodes in an `info time T nodes N` line after it, as the protocol lists them.
   */
  private writeInfo(i: Omit<EngineInfo, 'hashfull'> & { hashfull?: number }): void {
    if (this.mode === 'ucci') {
      this.write(`info depth ${i.depth} score ${toUcciScore(i.score)} pv ${i.pv.join(' ')}`);
      this.write(`info time ${i.timeMs} nodes ${i.nodes}`);
      return;
    }
    const multipv = Number(this.option('multipv')) > 1 ? ` multipv ${i.multipv}` : '';
    const hashfull = i.hashfull === undefined ? '' : ` hashfull ${i.hashfull}`;
    const tbhits = i.tbhits > 0 ? ` tbhits ${i.tbhits}` : '';
    // UCI_ShowWDL: the score's win/draw/loss chances per mille, after it, as Stockfish gives them.
    const wdl = this.option('uci_showwdl') === 'true' ? ` wdl ${winDrawLoss(this.variant, i.score).join(' ')}` : '';
    this.write(`info depth ${i.depth} seldepth ${i.seldepth}${multipv} score ${scoreText(i.score)}${wdl} nodes ${i.nodes} nps ${i.nps}${hashfull}${tbhits} time ${i.timeMs} pv ${i.pv.join(' ')}`);
  }

  private display(): void {
    for (const l of this.game.describe()) this.write(l);
  }

  /** `eval`: the static evaluation's parts (as Stockfish's `eval` command shows its own). */
  private evaluation(): void {
    const terms = this.game.evaluationTerms();
    const first = this.variant === 'chess' ? 'white' : 'red';
    this.write(`Evaluation terms (centipawns from ${first}'s view; the tempo goes to the side to move):`);
    const line = (name: string, value: number, indent: string) => this.write(`${indent}${name.padEnd(18 - indent.length)} ${String(Math.round(value)).padStart(6)}`);
    for (const [name, value] of Object.entries(terms)) {
      if (name === 'score' || name.includes('.')) continue;
      line(name, value, '  ');
      // A part's own parts, indented under it (they add up to it within rounding).
      for (const [sub, v] of Object.entries(terms)) if (sub.startsWith(`${name}.`)) line(sub.slice(name.length + 1), v, '    ');
    }
    this.write(`Final evaluation: ${terms.score} (side to move)`);
  }
}

function scoreText(s: EngineScore): string {
  return 'mate' in s ? `mate ${s.mate}` : `cp ${s.cp}`;
}
