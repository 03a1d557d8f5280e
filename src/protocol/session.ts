/**
 * The UCI and UCCI text protocols: a line in, zero or more lines out. No game logic lives here;
 * every rule question goes to the game API.
 *
 * A malformed or unknown line is answered with `info string <reason>` and changes nothing.
 */
import { NotationError, QiengineError } from '../core/errors.js';
import type { GamePosition } from '../core/game.js';
import type { Move } from '../core/move.js';
import { moveToUci } from '../chess/san.js';
import { isMateScore, mateIn, Search, type SearchInfo } from '../search/search.js';
import { moveToIccs } from '../xiangqi/notation.js';
import { hex64 } from '../core/zobrist.js';
import { START_FEN as CHESS_START_FEN } from '../chess/fen.js';
import { Chess, chessDiagram } from '../chess/game.js';
import { START_FEN as XIANGQI_START_FEN } from '../xiangqi/fen.js';
import { boardDiagram, Xiangqi } from '../xiangqi/game.js';

export const ENGINE_NAME = 'qiengine';
export const ENGINE_VERSION = '0.1.0';

/** The games a session can play. */
export type Variant = 'chess' | 'xiangqi';

/** What the protocol needs from a game, so that the commands below are written once. */
interface SessionGame {
  fen(): string;
  /** Makes a move given in the protocol's coordinates (UCI for chess, ICCS for xiangqi). */
  play(move: string): void;
  perftDivide(depth: number): Array<{ move: string; nodes: number }>;
  /** The lines `d` prints. */
  describe(): string[];
  /** The position the search works on. */
  readonly position: GamePosition;
  /** A move in protocol coordinates, and back; `parse` throws unless the move is legal. */
  format(move: Move): string;
  parse(move: string): Move;
  /** The contempt: what a draw is worth to the side to move, in centipawns. */
  readonly drawScore: number;
}

const UCI_MOVE = /^[a-h][1-8][a-h][1-8][nbrq]?$/;

function chessGame(fen: string): SessionGame {
  const game = new Chess(fen);
  const strict = (m: string): string => {
    if (!UCI_MOVE.test(m)) throw new NotationError(m, 'expected a UCI move such as e2e4 or e7e8q', game.fen());
    return m;
  };
  return {
    fen: () => game.fen(),
    play: (m) => void game.move(strict(m)),
    perftDivide: (d) => game.perftDivide(d),
    describe: () => [...chessDiagram(game.position).split('\n'), `Fen: ${game.fen()}`, `Key: ${hex64(game.key())}`, `Pawn key: ${hex64(game.pawnKey())}`],
    position: game.position,
    format: moveToUci,
    parse: (m) => game.parseMove(strict(m)),
    drawScore: 0,
  };
}

function xiangqiGame(fen: string): SessionGame {
  const game = new Xiangqi(fen);
  return {
    fen: () => game.fen(),
    play: (m) => void game.move(m, 'iccs'),
    perftDivide: (d) => game.perftDivide(d),
    describe: () => [...boardDiagram(game.position).split('\n'), `Fen: ${game.fen()}`, `Key: ${hex64(game.key64())}`, `Lock1: ${game.keyWords().lock1}`],
    position: game.position,
    format: moveToIccs,
    parse: (m) => game.parseMove(m, 'iccs'),
    // ElephantEye's DRAW_VALUE: a draw is slightly bad for the side to move at the root.
    drawScore: -20,
  };
}

function newGame(variant: Variant, fen?: string): SessionGame {
  if (variant === 'chess') return chessGame(fen ?? CHESS_START_FEN);
  return xiangqiGame(fen ?? XIANGQI_START_FEN);
}

/** A protocol session. Feed it lines with {@link handle}; it writes replies through `write`. */
export class ProtocolSession {
  /** `uci` until a `ucci` line switches the session to ElephantEye's dialect. */
  mode: 'uci' | 'ucci' = 'uci';
  /** Chess unless `UCI_Variant` says otherwise; `ucci` always means xiangqi. */
  variant: Variant = 'chess';
  private game: SessionGame = newGame('chess');
  /** UCCI `banmoves`, kept until the next `position`. */
  banned: string[] = [];
  /** Option values set through `setoption`, by lower-case name. */
  readonly options = new Map<string, string>();
  private quit = false;
  private readonly search = new Search();
  /** The size the search's table has now, so that an unchanged option does not clear it. */
  private hashMb = 16;

  constructor(private readonly write: (line: string) => void) {}

  /** Whether `quit` (or UCCI `quit`) has been received. */
  get finished(): boolean {
    return this.quit;
  }

  /** Handles one line. Never throws: failures become `info string` replies. */
  handle(raw: string): void {
    const line = String(raw).trim();
    if (line === '') return;
    const words = line.split(/\s+/);
    const cmd = words[0]!;
    try {
      switch (cmd) {
        case 'uci': return this.hello('uci');
        case 'ucci': return this.hello('ucci');
        case 'isready': return this.write('readyok');
        case 'ucinewgame': this.game = newGame(this.variant); this.banned = []; this.search.clear(); return;
        case 'setoption': return this.setOption(words.slice(1));
        case 'position': return this.position(words.slice(1), line);
        case 'banmoves': return this.banMoves(words.slice(1));
        case 'go': return this.go(words.slice(1));
        case 'd': return this.display();
        case 'stop': case 'ponderhit': return;
        case 'quit': case 'bye':
          this.quit = true;
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

  private hello(mode: 'uci' | 'ucci'): void {
    this.mode = mode;
    if (mode === 'ucci' && this.variant !== 'xiangqi') this.selectVariant('xiangqi');
    this.write(`id name ${ENGINE_NAME} ${ENGINE_VERSION}`);
    if (mode === 'ucci') {
      this.write('id copyright qiengine developers, MIT licence');
      this.write('id author qiengine developers');
      this.write('option usemillisec type check default true');
      this.write('option hashsize type spin min 1 max 4096 default 16');
      this.write('ucciok');
    } else {
      this.write('id author qiengine developers');
      this.write('option name UCI_Variant type combo default chess var chess var xiangqi');
      this.write('option name Hash type spin default 16 min 1 max 4096');
      this.write('option name Move Overhead type spin default 30 min 0 max 5000');
      this.write('uciok');
    }
  }

  private setOption(args: string[]): void {
    let name: string;
    let value: string;
    if (args[0] === 'name') {
      const v = args.indexOf('value');
      name = args.slice(1, v < 0 ? undefined : v).join(' ');
      value = v < 0 ? '' : args.slice(v + 1).join(' ');
    } else {
      // UCCI form: setoption <name> <value>
      name = args[0] ?? '';
      value = args.slice(1).join(' ');
    }
    if (name === '') return this.info('setoption: missing option name');
    const key = name.toLowerCase();
    if (key === 'uci_variant') {
      const v = value.toLowerCase();
      if (v !== 'chess' && v !== 'xiangqi') return this.info(`UCI_Variant: unknown variant '${value.slice(0, 40)}' (chess or xiangqi)`);
      if (v === 'chess' && this.mode === 'ucci') return this.info('UCCI plays xiangqi only');
      return this.selectVariant(v);
    }
    this.options.set(key, value);
  }

  /** Switches the game; the position goes back to the variant's start. */
  private selectVariant(v: Variant): void {
    this.variant = v;
    this.game = newGame(v);
    this.banned = [];
  }

  /** `position startpos|fen <fen> [moves m1 m2 ...]`; on any error nothing changes. */
  private position(args: string[], line: string): void {
    const movesAt = args.indexOf('moves');
    const head = movesAt < 0 ? args : args.slice(0, movesAt);
    const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
    let fen: string | undefined;
    if (head[0] === 'startpos' && head.length === 1) fen = undefined;
    else if (head[0] === 'fen' && head.length > 1) fen = head.slice(1).join(' ');
    else return this.info(`position: expected 'startpos' or 'fen <fen>': ${line.slice(0, 80)}`);
    const next = newGame(this.variant, fen);
    for (const m of moves) next.play(m);
    this.game = next;
    this.banned = [];
  }

  private banMoves(args: string[]): void {
    for (const m of args) this.game.parse(m);
    this.banned = args;
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
   * `go` with limits: UCI `depth nodes movetime wtime btime winc binc movestogo infinite
   * searchmoves`, UCCI `depth nodes time increment movestogo opptime`. The search runs on this
   * thread, so `stop` cannot interrupt it yet: `infinite` and `ponder` are capped at 5 seconds.
   */
  private think(args: string[]): void {
    const num = (k: string): number | undefined => {
      const i = args.indexOf(k);
      if (i < 0) return undefined;
      const v = Number(args[i + 1]);
      if (!Number.isFinite(v) || v < 0) throw new QiengineError(`go: ${k} needs a non-negative number`);
      return v;
    };
    const game = this.game;
    const pos = game.position;
    const white = pos.sideToMove === 0;
    const depth = num('depth');
    const nodes = num('nodes');
    let movetime = num('movetime');
    const movestogo = num('movestogo');
    const ucci = this.mode === 'ucci';
    const clock = ucci ? num('time') : num(white ? 'wtime' : 'btime');
    const inc = (ucci ? num('increment') : num(white ? 'winc' : 'binc')) ?? 0;
    if (clock !== undefined && movetime === undefined) {
      // UCCI clocks are in seconds when the GUI turned `usemillisec` off.
      const ms = ucci && this.options.get('usemillisec') === 'false' ? 1000 : 1;
      const left = clock * ms;
      const overhead = Number(this.options.get('move overhead') ?? 30) || 30;
      const budget = left / (movestogo && movestogo > 0 ? movestogo : 30) + inc * ms * 0.75;
      movetime = Math.max(10, Math.min(budget, left * 0.4) - overhead);
    }
    if ((args.includes('infinite') || args.includes('ponder')) && movetime === undefined && depth === undefined && nodes === undefined) {
      this.info('infinite and ponder are capped at 5 s until the asynchronous loop lands');
      movetime = 5000;
    }
    if (movetime === undefined && depth === undefined && nodes === undefined) movetime = 1000;

    let rootMoves: Move[] | undefined;
    const sm = args.indexOf('searchmoves');
    if (sm >= 0) {
      const list: Move[] = [];
      for (let i = sm + 1; i < args.length && /^[a-i]\d[a-i]\d[nbrq]?$/.test(args[i]!); i++) list.push(game.parse(args[i]!));
      rootMoves = list;
    }
    if (this.banned.length > 0) {
      const banned = new Set(this.banned.map((m) => game.parse(m)));
      const buf = new Int32Array(256);
      const end = pos.generate(buf, 0, false);
      rootMoves = Array.from(buf.subarray(0, end)).filter((m) => !banned.has(m) && (rootMoves === undefined || rootMoves.includes(m)));
    }

    const hash = Number(this.options.get(ucci ? 'hashsize' : 'hash') ?? 16);
    if (Number.isFinite(hash) && hash > 0) this.resizeHash(hash);
    const result = this.search.run(pos, {
      depth: depth === undefined ? undefined : Math.max(1, Math.floor(depth)),
      nodes,
      movetimeMs: movetime,
      rootMoves,
      drawScore: game.drawScore,
      onInfo: (i) => this.write(this.infoLine(i)),
    });
    if (result.bestMove === 0) {
      this.write(ucci ? 'nobestmove' : 'bestmove (none)');
      return;
    }
    const ponder = result.ponderMove !== 0 ? ` ponder ${game.format(result.ponderMove)}` : '';
    this.write(`bestmove ${game.format(result.bestMove)}${ponder}`);
  }

  private resizeHash(mb: number): void {
    const m = Math.max(1, Math.min(4096, Math.floor(mb)));
    if (m !== this.hashMb) {
      this.hashMb = m;
      this.search.tt.resize(m);
    }
  }

  private infoLine(i: SearchInfo): string {
    const score = isMateScore(i.score) ? `mate ${mateIn(i.score)}` : `cp ${i.score}`;
    const pv = i.pv.map((m) => this.game.format(m)).join(' ');
    return `info depth ${i.depth} seldepth ${i.seldepth} score ${score} nodes ${i.nodes} nps ${i.nps} hashfull ${i.hashfull} time ${Math.round(i.timeMs)} pv ${pv}`;
  }

  private display(): void {
    for (const l of this.game.describe()) this.write(l);
  }
}
