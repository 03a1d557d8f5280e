/**
 * The UCI and UCCI text protocols: a line in, zero or more lines out. No game logic lives here;
 * every rule question goes to the game API.
 *
 * A malformed or unknown line is answered with `info string <reason>` and changes nothing.
 */
import { QiengineError } from '../core/errors.js';
import { hex64 } from '../core/zobrist.js';
import { START_FEN } from '../xiangqi/fen.js';
import { boardDiagram, Xiangqi } from '../xiangqi/game.js';

export const ENGINE_NAME = 'qiengine';
export const ENGINE_VERSION = '0.1.0';

/** The games a session can play. Chess arrives with the chess module. */
export type Variant = 'xiangqi';

/** A protocol session. Feed it lines with {@link handle}; it writes replies through `write`. */
export class ProtocolSession {
  /** `uci` until a `ucci` line switches the session to ElephantEye's dialect. */
  mode: 'uci' | 'ucci' = 'uci';
  variant: Variant = 'xiangqi';
  private game = new Xiangqi();
  /** UCCI `banmoves`, kept until the next `position`. */
  banned: string[] = [];
  /** Option values set through `setoption`, by lower-case name. */
  readonly options = new Map<string, string>();
  private quit = false;

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
        case 'ucinewgame': this.game = new Xiangqi(); this.banned = []; return;
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
    this.write(`id name ${ENGINE_NAME} ${ENGINE_VERSION}`);
    if (mode === 'ucci') {
      this.write('id copyright qiengine developers, MIT licence');
      this.write('id author qiengine developers');
      this.write('option usemillisec type check default true');
      this.write('option hashsize type spin min 1 max 4096 default 16');
      this.write('ucciok');
    } else {
      this.write('id author qiengine developers');
      this.write('option name UCI_Variant type combo default xiangqi var xiangqi');
      this.write('option name Hash type spin default 16 min 1 max 4096');
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
      if (v === 'xiangqi') {
        this.variant = 'xiangqi';
        this.game = new Xiangqi();
        return;
      }
      if (v === 'chess') return this.info('UCI_Variant chess is not available in this version; staying with xiangqi');
      return this.info(`UCI_Variant: unknown variant '${value}'`);
    }
    this.options.set(key, value);
  }

  /** `position startpos|fen <fen> [moves m1 m2 ...]`; on any error nothing changes. */
  private position(args: string[], line: string): void {
    const movesAt = args.indexOf('moves');
    const head = movesAt < 0 ? args : args.slice(0, movesAt);
    const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
    let fen: string;
    if (head[0] === 'startpos' && head.length === 1) fen = START_FEN;
    else if (head[0] === 'fen' && head.length > 1) fen = head.slice(1).join(' ');
    else return this.info(`position: expected 'startpos' or 'fen <fen>': ${line.slice(0, 80)}`);
    const next = new Xiangqi(fen);
    for (const m of moves) next.move(m, 'iccs');
    this.game = next;
    this.banned = [];
  }

  private banMoves(args: string[]): void {
    for (const m of args) this.game.parseMove(m, 'iccs');
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
    this.info('only "go perft N" is available in this version; search arrives with the engine');
    this.write(this.mode === 'ucci' ? 'nobestmove' : 'bestmove (none)');
  }

  private display(): void {
    for (const l of boardDiagram(this.game.position).split('\n')) this.write(l);
    this.write(`Fen: ${this.game.fen()}`);
    this.write(`Key: ${hex64(this.game.key64())}`);
    this.write(`Lock1: ${this.game.keyWords().lock1}`);
  }
}
