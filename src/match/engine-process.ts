/**
 * An opponent engine in a child process, driven over UCI, UCCI or the xboard (CECP) protocol,
 * behind one small interface: start, new game, "your move in this position", quit.
 *
 * Moves cross in ICCS/UCI coordinates. Some xiangqi UCI engines (Fairy-Stockfish) number the
 * ranks 1..10; `ranks: 1` converts for them.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { QiengineError } from '../core/errors.js';
import type { GameKind } from '../engine/games.js';
import { fromUcciScore } from '../protocol/ucci-score.js';
import type { ClockState, TimeControl } from './clock.js';

export type Dialect = 'uci' | 'ucci' | 'xboard';

/** An xboard engine claimed a draw (`1/2-1/2 {reason}`) instead of moving; the referee judges it. */
export class DrawClaim extends QiengineError {
  constructor(
    readonly engine: string,
    readonly claim: string,
  ) {
    super(`${engine} claims a draw: ${claim}`);
  }
}

/** How to start and talk to an engine. */
export interface EngineSpec {
  /** A name for reports. */
  name: string;
  dialect: Dialect;
  command: string;
  args: string[];
  /** Options to set after the handshake (UCI/UCCI `setoption`). */
  options: Array<[string, string]>;
  /** Rank numbering of xiangqi moves on the wire: 0 (ICCS, the default) or 1 (Fairy-Stockfish's UCI). */
  ranks: 0 | 1;
}

/** A move and the engine's own view of the score (from its side), when it said. */
export interface EngineMove {
  move: string;
  /** Centipawns from the mover's point of view; mates as ±(100000 - n) for the engine's mate in n. */
  score?: number;
  timeMs: number;
  /** The depth and node count of the engine's last scored report for this move, when it gave them. */
  depth?: number;
  nodes?: number;
  /** Every scored report the engine gave while it searched this move, in order. */
  progress: EngineProgress[];
}

/** One scored report of an engine while it searches (a UCI/UCCI `info` line, xboard thinking output). */
export interface EngineProgress {
  /** Centipawns from the mover's point of view; mates as ±(100000 - n), as {@link EngineMove.score}. */
  score: number;
  depth?: number;
  nodes?: number;
  /** Milliseconds from the request for a move to the report's arrival. */
  timeMs: number;
  /**
   * The first move of the reported line as the engine wrote it (xiangqi ranks given as ICCS's
   * 0-9), when the report gives a line: protocol coordinates for UCI and UCCI, the engine's own
   * notation for xboard.
   */
  move?: string;
}

/**
 * Parses `dialect:command args;option=value;...`. A bare `qiengine` means this package's own
 * binary over UCI. Examples: `xboard:/usr/games/maxqi`, `uci:fairy-stockfish;UCI_Variant=xiangqi;ranks=1`,
 * `uci:stockfish;UCI_LimitStrength=true;UCI_Elo=2000`.
 */
export function parseEngineSpec(text: string, selfCommand: string[]): EngineSpec {
  const [head, ...opts] = text.split(';');
  const options: Array<[string, string]> = [];
  let ranks: 0 | 1 = 0;
  let name: string | undefined;
  for (const o of opts) {
    const eq = o.indexOf('=');
    if (eq < 1) throw new QiengineError(`engine option '${o}' should be name=value`);
    const k = o.slice(0, eq).trim();
    const v = o.slice(eq + 1).trim();
    if (k === 'ranks') ranks = v === '1' ? 1 : 0;
    else if (k === 'name') name = v;
    else options.push([k, v]);
  }
  const h = (head ?? '').trim();
  if (h === 'qiengine') return { name: name ?? 'qiengine', dialect: 'uci', command: selfCommand[0]!, args: [...selfCommand.slice(1), 'uci'], options, ranks: 0 };
  const colon = h.indexOf(':');
  const dialect = h.slice(0, colon);
  if (colon < 0 || (dialect !== 'uci' && dialect !== 'ucci' && dialect !== 'xboard')) {
    throw new QiengineError(`engine '${h}' should read uci:<command>, ucci:<command>, xboard:<command> or qiengine`);
  }
  const words = h.slice(colon + 1).trim().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) throw new QiengineError(`engine '${h}' has no command`);
  return { name: name ?? words[0]!.split('/').at(-1)!, dialect, command: words[0]!, args: words.slice(1), options, ranks };
}

/** ICCS (ranks 0..9) to 1..10 ranks, and back. */
function toWire(move: string, ranks: 0 | 1): string {
  if (ranks === 0) return move;
  return move.replace(/([a-i])(\d)/g, (_, f: string, r: string) => f + String(Number(r) + 1));
}
function fromWire(move: string, ranks: 0 | 1): string {
  if (ranks === 0) return move;
  return move.replace(/([a-i])(\d+)/g, (_, f: string, r: string) => f + String(Number(r) - 1));
}

/** An engine's mate in `n` moves (negative: against it) as {@link EngineMove.score} gives it. */
function mateReport(n: number): number {
  return n > 0 ? 100000 - n : -100000 - n;
}

/** Xiangqi moves from the start, in ICCS, after which no piece stands on the a-file (black to move). */
const A_FILE_CLEARING = ['a3a4', 'a6a5', 'a4a5', 'a9a8', 'a5b5', 'a8b8', 'a0a1', 'c6c5', 'a1b1'];

/**
 * xboard's `edit` mode for an engine without `setboard`, as XBoard sends it: a first move that
 * hands the turn to the second player where it is to move (the protocol's own way, `edit`
 * keeps the side to move), then `edit`, `#` (an empty board), the first player's pieces, `c`,
 * the second player's, and `.`. A piece is its FEN letter, upper case (xiangqi's horse and
 * elephant as xboard names them, H and E), and its square in the engine's coordinates. The mode
 * cannot say castling rights or an en-passant square: the engine takes a king and rook on their
 * home squares as able to castle.
 *
 * In xiangqi the turn is handed over, and the a-file emptied, by moves played before `edit`:
 * MaxQi's `#` clears only the first 128 cells of its board, whose 16-cell rows are files from i
 * down, so the a-file kept the start position's rooks and pawns under any position set up after
 * it. The moves leave that file empty on every engine, and `#` the rest.
 */
export function editCommands(fen: string, game: GameKind, side: 0 | 1, ranks: 0 | 1): string[] {
  const rows = fen.split(' ')[0]!.split('/');
  const white: string[] = [];
  const black: string[] = [];
  rows.forEach((row, k) => {
    // Rows run from the top: chess rank 8 down to 1, xiangqi rank 9 down to 0 (ICCS).
    const rank = rows.length - 1 - k + (game === 'chess' ? 1 : ranks);
    let file = 0;
    for (const ch of row) {
      if (ch >= '0' && ch <= '9') {
        file += Number(ch);
        continue;
      }
      const square = `${String.fromCharCode(97 + file)}${rank}`;
      const letter = ch.toUpperCase();
      // xboard names xiangqi's horse H and its elephant E (its start FEN is rheakaehr), where
      // the FEN this reads has N and B.
      const piece = game === 'xiangqi' ? (letter === 'N' ? 'H' : letter === 'B' ? 'E' : letter) : letter;
      (ch === letter ? white : black).push(`${piece}${square}`);
      file++;
    }
  });
  // Chess: a legal first move of the start position, to hand over the turn. Xiangqi: moves that
  // leave the a-file empty (the red pawn takes the black one and steps aside, each rook leaves
  // for the b-file), nine plies to leave black to move, ten for red.
  const before = game === 'chess' ? (side === 1 ? ['a2a3'] : []) : [...A_FILE_CLEARING, ...(side === 1 ? [] : ['c5c4'])].map((m) => toWire(m, ranks));
  return [...before, 'edit', '#', ...white, 'c', ...black, '.'];
}

export class EngineProcess {
  private proc!: ChildProcessWithoutNullStreams;
  private waiters: Array<{ test: (line: string) => boolean; resolve: (line: string) => void }> = [];
  private lastScore: number | undefined;
  private lastDepth: number | undefined;
  private lastNodes: number | undefined;
  // This move's scored reports, and when it was asked for.
  private progress: EngineProgress[] = [];
  private playStart = 0;
  private features = new Map<string, string>();
  private sentMoves = 0;
  /** The game's start position, where it is not the standard one, and its side to move. */
  private startPosition: { fen: string; side: 0 | 1 } | undefined;
  /** xboard clock in centiseconds, and moves played since the last time control. */
  private xbClock = 0;
  private xbMoves = 0;
  private exited = false;
  /** The last lines the engine printed, for error reports. */
  readonly tail: string[] = [];

  /** The fixed time per move, or 0 under a time control. */
  private readonly movetimeMs: number;
  private readonly timeControl: TimeControl | undefined;

  /**
   * @param control a fixed time per move in milliseconds, or a time control (then every
   * {@link play} gives the clocks)
   */
  constructor(
    readonly spec: EngineSpec,
    private readonly game: GameKind,
    control: number | TimeControl,
  ) {
    this.movetimeMs = typeof control === 'number' ? control : 0;
    this.timeControl = typeof control === 'number' ? undefined : control;
  }

  async start(): Promise<void> {
    this.proc = spawn(this.spec.command, this.spec.args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.on('exit', () => {
      this.exited = true;
      for (const w of this.waiters) w.resolve('');
      this.waiters = [];
    });
    this.proc.on('error', () => {
      this.exited = true;
      for (const w of this.waiters) w.resolve('');
      this.waiters = [];
    });
    this.proc.stderr.resume();
    createInterface({ input: this.proc.stdout }).on('line', (l) => this.onLine(l));
    const d = this.spec.dialect;
    if (d === 'uci') {
      this.send('uci');
      await this.expect((l) => l === 'uciok', 10000, 'uciok');
      if (this.game === 'xiangqi') this.send('setoption name UCI_Variant value xiangqi');
      for (const [k, v] of this.spec.options) this.send(`setoption name ${k} value ${v}`);
      await this.ready();
    } else if (d === 'ucci') {
      this.send('ucci');
      await this.expect((l) => l === 'ucciok', 10000, 'ucciok');
      // Clocks go out in milliseconds: engines of the older UCCI, whose clocks are in seconds
      // unless told otherwise, list this option (ElephantEye 3 has none and reads milliseconds).
      if (this.features.has('usemillisec')) this.send('setoption usemillisec true');
      for (const [k, v] of this.spec.options) this.send(`setoption ${k} ${v}`);
      await this.ready();
    } else {
      this.send('xboard');
      this.send('protover 2');
      await this.expect((l) => /\bdone=1\b/.test(l), 5000, 'feature done=1').catch(() => undefined);
    }
  }

  private onLine(line: string): void {
    this.tail.push(line);
    if (this.tail.length > 20) this.tail.shift();
    const t = line.trim();
    if (this.spec.dialect === 'ucci' && /^option\s+usemillisec\b/.test(t)) this.features.set('usemillisec', '1');
    if (this.spec.dialect === 'xboard') {
      if (t.startsWith('feature ')) for (const m of t.matchAll(/(\w+)=("[^"]*"|\S+)/g)) this.features.set(m[1]!, m[2]!.replace(/"/g, ''));
      // Thinking output: ply, score, time (centiseconds), nodes, then the line.
      const post = /^(\d+)\s+(-?\d+)\s+\d+\s+(\d+)\s*(.*)$/.exec(t);
      if (post !== null) {
        this.lastDepth = Number(post[1]);
        this.lastScore = Number(post[2]);
        this.lastNodes = Number(post[3]);
        // The line's first move, past any move number ("1." or "1...").
        const move = post[4]!.split(/\s+/).find((w) => w !== '' && !/^\d+\.+$/.test(w));
        this.noteProgress(move);
      }
    } else if (t.startsWith('info ')) {
      const cp = /\bscore cp (-?\d+)/.exec(t);
      const mate = /\bscore mate (-?\d+)/.exec(t);
      // UCCI's score is a bare number, mates on ElephantEye's scale (ucci-score.ts).
      const bare = cp === null && mate === null ? /\bscore (-?\d+)\b/.exec(t) : null;
      const ucci = bare === null ? null : fromUcciScore(Number(bare[1]));
      if (cp !== null) this.lastScore = Number(cp[1]);
      else if (mate !== null) this.lastScore = mateReport(Number(mate[1]));
      else if (ucci !== null) this.lastScore = 'mate' in ucci ? mateReport(ucci.mate) : ucci.cp;
      // UCCI gives the nodes in a line of their own, `info time T nodes N`, after the scored
      // one: they belong to it.
      const spent = /^info time \d+ nodes (\d+)$/.exec(t);
      if (spent !== null) {
        this.lastNodes = Number(spent[1]);
        const last = this.progress.at(-1);
        if (last !== undefined && last.nodes === undefined) last.nodes = this.lastNodes;
      }
      // Depth and nodes only from a scored line: an iteration's report, not its 'currmove'
      // lines, which name the depth being searched before it is done.
      if (cp !== null || mate !== null || ucci !== null) {
        const depth = /\bdepth (\d+)/.exec(t);
        const nodes = /\bnodes (\d+)/.exec(t);
        if (depth !== null) this.lastDepth = Number(depth[1]);
        // Without its own count (UCCI's comes in the line after), not the last line's.
        this.lastNodes = nodes !== null ? Number(nodes[1]) : undefined;
        // An iteration's finished line only: not a bound from a failed window, nor another
        // line than the best under MultiPV.
        const pv = /\bpv\s+(\S+)/.exec(t);
        const multipv = /\bmultipv (\d+)/.exec(t);
        if (!/\b(lower|upper)bound\b/.test(t) && (multipv === null || multipv[1] === '1')) this.noteProgress(pv === null ? undefined : fromWire(pv[1]!, this.spec.ranks));
      }
    }
    for (let i = 0; i < this.waiters.length; i++) {
      if (this.waiters[i]!.test(t)) {
        const w = this.waiters.splice(i, 1)[0]!;
        w.resolve(t);
        break;
      }
    }
  }

  /** Keeps the report just read (its score, depth and nodes are the last ones) with its line's first move. */
  private noteProgress(move: string | undefined): void {
    // A report outside a search (after its bestmove, say) belongs to no move.
    if (this.playStart === 0 || this.lastScore === undefined) return;
    const p: EngineProgress = { score: this.lastScore, timeMs: performance.now() - this.playStart };
    if (this.lastDepth !== undefined) p.depth = this.lastDepth;
    if (this.lastNodes !== undefined) p.nodes = this.lastNodes;
    if (move !== undefined) p.move = move;
    this.progress.push(p);
  }

  private send(line: string): void {
    if (!this.exited) this.proc.stdin.write(line + '\n');
  }

  private expect(test: (line: string) => boolean, timeoutMs: number, what: string): Promise<string> {
    return new Promise((resolve, reject) => {
      if (this.exited) return reject(new QiengineError(`${this.spec.name} has exited (waiting for ${what})`));
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new QiengineError(`${this.spec.name} did not answer ${what} within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = {
        test,
        resolve: (l: string) => {
          clearTimeout(timer);
          if (l === '' && this.exited) reject(new QiengineError(`${this.spec.name} has exited (waiting for ${what})`));
          else resolve(l);
        },
      };
      this.waiters.push(waiter);
    });
  }

  private async ready(): Promise<void> {
    this.send('isready');
    await this.expect((l) => l === 'readyok', 10000, 'readyok');
  }

  /**
   * Starts a new game, from `start` (a FEN and its side to move) or the game's start position;
   * the opening moves come with the first {@link play}. An xboard engine gets the position by
   * `setboard`, or where it lists no such feature (Fairy-Max, MaxQi) by xboard's older `edit`
   * mode, as XBoard itself does (see {@link editCommands}).
   */
  async newGame(start?: { fen: string; side: 0 | 1 }): Promise<void> {
    this.sentMoves = 0;
    this.startPosition = start;
    if (this.spec.dialect === 'uci') {
      this.send('ucinewgame');
      await this.ready();
    } else if (this.spec.dialect === 'ucci') {
      await this.ready();
    } else {
      this.send('new');
      if (this.game === 'xiangqi') this.send('variant xiangqi');
      this.send('force');
      if (start !== undefined) {
        if (this.features.get('setboard') === '1') this.send(`setboard ${start.fen}`);
        else for (const line of editCommands(start.fen, this.game, start.side, this.spec.ranks)) this.send(line);
      }
      this.send('post');
      // xboard's `level MPS BASE INC`, BASE in minutes:seconds.
      const level = (moves: number, seconds: number, inc: number): string => `level ${moves} ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} ${inc}`;
      const tc = this.timeControl;
      if (tc !== undefined) {
        // The real control; 'time' and 'otim' before each move carry the referee's clocks.
        this.send(level(tc.moves ?? 0, Math.max(1, Math.round(tc.baseMs / 1000)), +(tc.incrementMs / 1000).toFixed(3)));
      } else {
        // xboard has no per-move time: 40 moves in 40 x movetime averages the same.
        const seconds = Math.max(1, Math.round((40 * this.movetimeMs) / 1000));
        this.send(level(40, seconds, 0));
        this.xbClock = seconds * 100;
      }
      this.xbMoves = 0;
      if (this.features.get('ping') === '1') {
        this.send('ping 1');
        await this.expect((l) => l === 'pong 1', 10000, 'pong');
      }
    }
  }

  /**
   * Asks for a move in the position reached by `moves` (ICCS/UCI) from the game's start (see
   * {@link newGame}). Under a time control, `clocks` are both sides' clocks as the referee keeps
   * them.
   */
  async play(moves: readonly string[], clocks?: ClockState): Promise<EngineMove> {
    this.lastScore = undefined;
    this.lastDepth = undefined;
    this.lastNodes = undefined;
    this.progress = [];
    const t0 = performance.now();
    this.playStart = t0;
    // The mover: the side to move at the start, every other ply.
    const firstMoves = (moves.length + (this.startPosition?.side ?? 0)) % 2 === 0;
    const own = clocks === undefined ? 0 : firstMoves ? clocks.firstMs : clocks.secondMs;
    const opp = clocks === undefined ? 0 : firstMoves ? clocks.secondMs : clocks.firstMs;
    // Time to answer before the engine forfeits: its clock (the referee then rules it lost on
    // time), or ten move times, or (xboard) its whole clock; and two seconds more.
    const limit = (clocks !== undefined ? own : Math.max(this.movetimeMs * 10, this.spec.dialect === 'xboard' ? this.xbClock * 10 : 0)) + 2000;
    let reply: string;
    if (this.spec.dialect === 'xboard') {
      const prefix = this.features.get('usermove') === '1' ? 'usermove ' : '';
      for (; this.sentMoves < moves.length; this.sentMoves++) this.send(prefix + moves[this.sentMoves]!);
      // Centiseconds.
      this.send(`time ${Math.max(1, Math.round(clocks !== undefined ? own / 10 : this.xbClock))}`);
      this.send(`otim ${Math.max(1, Math.round(clocks !== undefined ? opp / 10 : this.xbClock))}`);
      this.send('go');
      reply = await this.expect((l) => /^move\s+\S+/.test(l) || /^(resign|1-0|0-1|1\/2-1\/2)/.test(l), limit, 'a move');
      this.send('force');
      if (clocks === undefined) {
        const used = (performance.now() - t0) / 10;
        this.xbClock -= used;
        if (++this.xbMoves === 40) {
          this.xbMoves = 0;
          this.xbClock += Math.max(1, Math.round((40 * this.movetimeMs) / 1000)) * 100;
        }
      }
      const m = /^move\s+(\S+)/.exec(reply);
      if (m === null) {
        if (reply.startsWith('1/2-1/2')) throw new DrawClaim(this.spec.name, reply);
        throw new QiengineError(`${this.spec.name} answered '${reply}'`);
      }
      this.sentMoves++;
      return { move: m[1]!.toLowerCase(), ...this.report(t0) };
    }
    const from = this.startPosition === undefined ? 'startpos' : `fen ${this.startPosition.fen}`;
    const pos = `position ${from}${moves.length > 0 ? ' moves ' + moves.map((m) => toWire(m, this.spec.ranks)).join(' ') : ''}`;
    this.send(pos);
    this.send(this.goCommand(clocks, own, opp));
    reply = await this.expect((l) => l.startsWith('bestmove') || l === 'nobestmove', limit, 'bestmove');
    const m = /^bestmove\s+(\S+)/.exec(reply);
    if (m === null || m[1] === '(none)') throw new QiengineError(`${this.spec.name} answered '${reply}'`);
    return { move: fromWire(m[1]!, this.spec.ranks), ...this.report(t0) };
  }

  /** The `go` line of a UCI or UCCI engine: a fixed move time, or the clocks. */
  private goCommand(clocks: ClockState | undefined, own: number, opp: number): string {
    if (clocks === undefined) return this.spec.dialect === 'ucci' ? `go time ${this.movetimeMs} movestogo 1` : `go movetime ${this.movetimeMs}`;
    const inc = clocks.incrementMs;
    const mtg = clocks.movesToGo;
    if (this.spec.dialect === 'ucci') {
      // UCCI takes the mover's clock as 'time', the other's as 'opptime', and either moves to
      // go or an increment for each.
      const mine = mtg !== undefined ? ` movestogo ${mtg}` : inc > 0 ? ` increment ${inc}` : '';
      const theirs = mtg !== undefined ? ` oppmovestogo ${mtg}` : inc > 0 ? ` oppincrement ${inc}` : '';
      return `go time ${own}${mine} opptime ${opp}${theirs}`;
    }
    return `go wtime ${clocks.firstMs} btime ${clocks.secondMs} winc ${inc} binc ${inc}${mtg !== undefined ? ` movestogo ${mtg}` : ''}`;
  }

  /** What the engine said of the move it just chose, and the time it took since `t0`. */
  private report(t0: number): Omit<EngineMove, 'move'> {
    this.playStart = 0;
    return { score: this.lastScore, timeMs: performance.now() - t0, depth: this.lastDepth, nodes: this.lastNodes, progress: this.progress };
  }

  /** The engine process's resident memory in kB (Linux /proc), or undefined where unknown. */
  rssKb(): number | undefined {
    try {
      const status = readFileSync(`/proc/${this.proc.pid}/status`, 'utf8');
      const m = /VmRSS:\s+(\d+)/.exec(status);
      return m === null ? undefined : Number(m[1]);
    } catch {
      return undefined;
    }
  }

  /** Asks the engine to quit, and ends it if it has not within two seconds. */
  async quit(): Promise<void> {
    if (this.exited) return;
    this.send('quit');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.proc.kill();
        resolve();
      }, 2000);
      this.proc.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
