/**
 * A game against the engine in plain text, for a person at a terminal (`qiengine play`): the
 * person types moves in any notation the game reads (SAN or UCI for chess; ICCS, WXF or Chinese
 * for xiangqi) or a few commands, and the engine answers with its move and the board. Like the
 * protocol session it is text in, text out, with the rules and the notation left to the games.
 */
import { QiengineError } from '../core/errors.js';
import { Chess } from '../chess/game.js';
import { Xiangqi } from '../xiangqi/game.js';
import type { Engine, EngineResult } from '../engine/engine.js';
import { openSession, specOf, type GameKind, type XiangqiLineNotation } from '../engine/games.js';

/** How a {@link PlaySession} plays. */
export interface PlayOptions {
  game: GameKind;
  /** The starting position (default: the game's start). */
  fen?: string;
  /** The side the person plays: `first` (white or red, the default), `second`, or `both` (the engine moves only on `go`). */
  side?: 'first' | 'second' | 'both';
  /** The engine's time per move in milliseconds (default 1000), or a depth instead. */
  movetimeMs?: number;
  depth?: number;
  /** How the engine's xiangqi moves are shown beside their ICCS: `wxf` (default) or `chinese`. */
  notation?: XiangqiLineNotation;
  /** The engine that plays. The session does not close it. */
  engine: Engine;
}

const HELP = [
  'Type a move (chess: SAN or UCI, e.g. Nf3 or g1f3; xiangqi: ICCS, WXF or Chinese, e.g. h2e2, C2.5 or 炮二平五), or:',
  '  go       the engine moves for the side to move (and plays that side from now on)',
  '  hint     the engine suggests a move, without playing it',
  '  undo     take back the last move of each side',
  '  moves    list the legal moves',
  '  board    show the board; fen: show the FEN; pgn: the game so far in PGN',
  '  resign   give the game up',
  '  new      start again',
  '  quit     leave',
];

/** One game between a person and the engine, driven line by line. */
export class PlaySession {
  private game: Chess | Xiangqi;
  /** The side the engine plays: 0 first, 1 second, or null when it moves only on `go`. */
  private engineSide: 0 | 1 | null;
  private over = false;
  /** Whether `quit` has been typed. */
  finished = false;
  /** The sides' names in the game played: white or red, then black. */
  private readonly sideNames: readonly [string, string];

  constructor(
    private readonly write: (line: string) => void,
    private readonly o: PlayOptions,
  ) {
    this.game = this.newGame();
    this.sideNames = o.game === 'chess' ? ['white', 'black'] : ['red', 'black'];
    this.engineSide = o.side === 'second' ? 0 : o.side === 'both' ? null : 1;
  }

  /** Shows the board and, when the engine has the first move, plays it. */
  async start(): Promise<void> {
    this.write(`qiengine plays ${this.o.game}; type help for the commands.`);
    this.showBoard();
    await this.engineTurn();
    this.prompt();
  }

  /**
   * Handles one line: a command or a move. A move the game does not accept gets its reason and
   * changes nothing. Resolves once the engine has answered, if it was its turn.
   */
  async handle(raw: string): Promise<void> {
    const line = raw.trim();
    if (line === '' || this.finished) return;
    try {
      switch (line.toLowerCase()) {
        case 'help':
          HELP.forEach((l) => this.write(l));
          break;
        case 'quit':
        case 'exit':
          this.finished = true;
          return;
        case 'board':
        case 'd':
          this.showBoard();
          break;
        case 'fen':
          this.write(this.game.fen());
          break;
        case 'pgn':
          for (const l of this.game.pgn().split('\n')) this.write(l);
          break;
        case 'resign':
          this.resign();
          break;
        case 'moves':
          this.write(this.legalMoveList());
          break;
        case 'new':
          this.game = this.newGame();
          this.over = false;
          this.showBoard();
          await this.engineTurn();
          break;
        case 'undo':
          this.undo();
          break;
        case 'hint': {
          if (this.over) throw new QiengineError('the game is over: new starts another');
          const r = await this.think();
          if (r.bestMove !== null) this.write(`hint: ${this.describe(r)}`);
          break;
        }
        case 'go':
          if (this.over) throw new QiengineError('the game is over: new starts another');
          this.engineSide = this.sideToMove();
          await this.engineTurn();
          break;
        default:
          await this.personMove(line);
      }
    } catch (e) {
      if (!(e instanceof QiengineError)) throw e;
      this.write(e.message);
    }
    this.prompt();
  }

  private newGame(): Chess | Xiangqi {
    return this.o.game === 'chess' ? new Chess(this.o.fen) : new Xiangqi(this.o.fen);
  }

  private sideToMove(): 0 | 1 {
    return this.game.position.sideToMove === 0 ? 0 : 1;
  }

  private async personMove(text: string): Promise<void> {
    if (this.over) throw new QiengineError('the game is over: new starts another, undo takes moves back');
    if (this.engineSide === this.sideToMove()) throw new QiengineError('it is the engine\'s move: type go');
    const played = this.game.move(text);
    this.write(`you: ${'san' in played ? played.san : `${played.wxf} ${played.chinese}`} (${'san' in played ? played.uci : played.iccs})`);
    if (!this.checkEnd()) await this.engineTurn();
  }

  /** The engine moves if it is its turn and the game goes on. */
  private async engineTurn(): Promise<void> {
    if (this.over || this.checkEnd() || this.engineSide !== this.sideToMove()) return;
    const r = await this.think();
    if (r.bestMove === null) return;
    this.game.move(r.bestMove);
    this.write(`qiengine: ${this.describe(r)}`);
    this.showBoard();
    this.checkEnd();
  }

  private think(): Promise<EngineResult> {
    const limit = this.o.depth !== undefined ? { depth: this.o.depth } : { movetimeMs: this.o.movetimeMs ?? 1000 };
    return this.o.engine.search(this.game, { ...limit, notation: this.o.notation });
  }

  /** A move of the engine's as the person reads it: human notation, coordinates, score and depth. */
  private describe(r: EngineResult): string {
    const score = 'mate' in r.score ? `mate ${r.score.mate}` : `${r.score.cp >= 0 ? '+' : ''}${(r.score.cp / 100).toFixed(2)}`;
    const source = r.book !== undefined ? 'book' : `${score}, depth ${r.depth}`;
    return `${r.pvNotation[0] ?? r.bestMove} (${r.bestMove}; ${source})`;
  }

  /** Ends the game if the rules say it is over (a chess draw claim ends it too), telling who won. */
  private checkEnd(): boolean {
    if (this.over) return true;
    const status = openSession(specOf(this.game)).status();
    if (!status.over) return false;
    this.end(status.winner === null ? 'draw' : `${this.sideNames[status.winner]} wins`, status.reason);
    return true;
  }

  /** Marks the game over and says so: the result, why, and what the person can do next. */
  private end(who: string, why: string): void {
    this.over = true;
    this.write(`game over: ${who} (${why}). new starts another, undo takes moves back.`);
  }

  /**
   * The person gives the game up: their side loses (in `both` mode, the side to move). The
   * result goes into the game's `Result` tag, so that `pgn` carries it.
   */
  private resign(): void {
    if (this.over) throw new QiengineError('the game is over: new starts another');
    const loser = this.engineSide === null ? this.sideToMove() : this.engineSide === 0 ? 1 : 0;
    const winner = loser === 0 ? 1 : 0;
    this.game.tags.set('Result', winner === 0 ? '1-0' : '0-1');
    this.end(`${this.sideNames[winner]} wins`, `${this.sideNames[loser]} resigns`);
  }

  /**
   * Takes back the last move of each side (the person's and the engine's reply), or one move in
   * `both` mode, and a resignation with them.
   */
  private undo(): void {
    const plies = this.engineSide === null ? 1 : this.sideToMove() === this.engineSide ? 1 : 2;
    let undone = 0;
    for (let i = 0; i < plies && this.game.undo() !== null; i++) undone++;
    if (undone === 0) throw new QiengineError('no move to take back');
    this.game.tags.delete('Result');
    this.over = false;
    this.showBoard();
  }

  private legalMoveList(): string {
    const moves = this.game instanceof Chess ? this.game.moves({ notation: 'san' }) : this.game.moves({ verbose: true }).map((m) => m.wxf);
    return moves.length === 0 ? 'no legal move' : moves.join(' ');
  }

  private showBoard(): void {
    for (const l of this.game.ascii().split('\n')) this.write(l);
  }

  private prompt(): void {
    if (this.finished) return;
    if (!this.over) this.write(`${this.sideNames[this.sideToMove()]} to move${this.engineSide === this.sideToMove() ? ' (the engine: type go)' : ''}`);
  }
}
