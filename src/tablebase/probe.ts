/**
 * A set of endgame tables to probe: files read from disk (or fetched), or tables just built.
 *
 * A probe finds the table by the position's material (with the colours swapped where the table
 * holds the other side's material first), numbers the position, and reads its value: one chunk
 * unpacked through a cache shared by every table of the set. The search asks through
 * {@link endgameProbe}, a plain function, so that `search/` never imports this module.
 */
import type { EndgameProbe, GamePosition } from '../core/game.js';
import { QiengineError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import { Chess } from '../chess/game.js';
import { CHESS_DRAW_PLIES, ChessPosition } from '../chess/position.js';
import { moveToUci } from '../chess/san.js';
import { Xiangqi } from '../xiangqi/game.js';
import { moveToIccs } from '../xiangqi/notation.js';
import { XiangqiPosition } from '../xiangqi/position.js';
import { ChunkCache, TableFile, TablebaseError, type TableHeader } from './file.js';
import { TableIndex } from './indexing.js';
import { materialOf, type GeneratedTable } from './generate.js';
import { isDeadDraw, materialName, swapSides, type Material, type TablebaseGame } from './material.js';
import { tablebaseRules, type SetupPosition, type TablebaseRules } from './rules.js';
import { INVALID, WIN, codeResult, isRuleCode, oneFurther, type ProbeResult } from './values.js';

/** Room for the legal moves of any position of either game. */
const MAX_LINE_MOVES = 256;
/**
 * The plies before the move limit that the search's probe wants left for a result by the
 * perpetual-check rule (a repetition usually comes within a few moves of the loser's checks).
 */
const RULE_ROOM = 40;
/** {@link Tablebases.moveCode}'s answer for a move that is not legal (beyond every code). */
const NOT_LEGAL = INVALID + 1;

interface Entry {
  header: TableHeader;
  index: TableIndex;
  code: (index: number) => number;
}

interface Route {
  entry: Entry;
  /** The position's colours are the table's the other way round. */
  swap: boolean;
}

/** A position to probe: a game, or its position. */
export type TablebasePosition = Chess | Xiangqi | ChessPosition | XiangqiPosition;

/** One legal move of a probed position with the result it leads to, for the side that makes it. */
export interface TablebaseMove extends ProbeResult {
  /** Protocol coordinates: UCI for chess, ICCS for xiangqi. */
  move: string;
}

/** Options of a {@link Tablebases} set. */
export interface TablebasesOptions {
  /** How many unpacked chunks (32,768 positions, 32 KiB each) to keep (default 256: 8 MiB). */
  cacheChunks?: number;
}

/**
 * Endgame tables of either game, from files (`addFile`) or built in memory (`addTable`), probed
 * by position: `probe` for its result, `moves` for every move's, `line` for the best line, and
 * `endgameProbe` for the search.
 */
export class Tablebases {
  private readonly cache: ChunkCache;
  private readonly routes: Record<TablebaseGame, Map<number, Route>> = { chess: new Map(), xiangqi: new Map() };
  private readonly entries: Entry[] = [];
  constructor(options: TablebasesOptions = {}) {
    this.cache = new ChunkCache(options.cacheChunks ?? 256);
  }

  /**
   * Adds a table file (its bytes are kept, not copied). A material already in the set is
   * replaced.
   * @throws {TablebaseError} when the bytes are not a table file or are damaged
   */
  addFile(bytes: Uint8Array): TableHeader {
    const file = new TableFile(bytes, this.cache);
    const index = new TableIndex(file.header.material);
    if (index.size !== file.header.positions) throw new TablebaseError(`table file of ${materialName(file.header.material)}: ${file.header.positions} positions, where its material has ${index.size}`);
    this.add({ header: file.header, index, code: (i) => file.code(i) });
    return file.header;
  }

  /** Adds a table built in memory by `buildTable`/`buildTables`. */
  addTable(table: GeneratedTable): TableHeader {
    const header = { material: table.material, positions: table.index.size, longestWin: table.longestWin };
    const values = table.values;
    this.add({ header, index: table.index, code: (i) => values[i]! });
    return header;
  }

  private add(entry: Entry): void {
    const m = entry.header.material;
    const rules = tablebaseRules(m.game);
    const name = materialName(m);
    const same = this.entries.findIndex((e) => e.header.material.game === m.game && materialName(e.header.material) === name);
    if (same >= 0) this.entries.splice(same, 1);
    this.entries.push(entry);
    this.routes[m.game].set(rules.materialKeyOf(swapSides(m).sides), { entry, swap: true });
    this.routes[m.game].set(rules.materialKeyOf(m.sides), { entry, swap: false });
  }

  /** The tables in the set. */
  list(): TableHeader[] {
    return this.entries.map((e) => e.header);
  }

  /** Whether the set has a table for a material (either way round). */
  has(material: Material): boolean {
    return this.routes[material.game].has(tablebaseRules(material.game).materialKeyOf(material.sides));
  }

  /** The most pieces (kings included) of any table of a game in the set; 0 without any. */
  maxPieces(game: TablebaseGame): number {
    let n = 0;
    for (const e of this.entries) if (e.header.material.game === game) n = Math.max(n, 2 + e.header.material.sides[0].length + e.header.material.sides[1].length);
    return n;
  }

  /**
   * A position's result for its side to move, or null when no table of the set holds its
   * material (or, in chess, it has castling rights or an en-passant square). The table's own
   * answer: the position's move clock is not read, so a mate further off than the move limit
   * allows is still given as a mate (the search's probe, {@link endgameProbe}, leaves those to
   * the search).
   * @throws {TablebaseError} when a table file turns out damaged
   */
  probe(position: TablebasePosition): ProbeResult | null {
    const [pos, game] = unwrap(position);
    const code = this.code(pos, game);
    return code === INVALID ? null : codeResult(code);
  }

  /**
   * Every legal move of a game's position with the result it leads to for the side making it, best
   * first (the quickest win, then draws, then the longest loss); null when the position, or a
   * move's result, is not in the set. A capture into a material with no winning chances is a
   * draw even without its table.
   */
  moves(game: Chess | Xiangqi): TablebaseMove[] | null {
    const [pos, kind] = unwrap(game);
    if (this.code(pos, kind) === INVALID) return null;
    const out: Array<TablebaseMove & { code: number }> = [];
    for (const m of game.legalMoves()) {
      const mine = this.moveCode(pos, kind, m);
      if (mine === INVALID) return null;
      out.push({ move: kind === 'chess' ? moveToUci(m) : moveToIccs(m), ...codeResult(mine), code: mine });
    }
    out.sort((a, b) => b.code - a.code);
    return out.map(({ code: _code, ...rest }) => rest);
  }

  /**
   * The tables' best line from a position: at each step the move whose result is best for the
   * side making it (the quickest win, or the longest defence), until mate or `maxPlies`. Empty
   * when the set does not hold the position, it is a draw or its result comes from the
   * perpetual-check rule (no mate to show: the loser checks until it repeats), and cut short
   * where a capture leads to a table the set lacks. The position is left as it was.
   */
  line(position: TablebasePosition, maxPlies = 60): Move[] {
    const [pos, game] = unwrap(position);
    const buf = new Int32Array(MAX_LINE_MOVES);
    const out: Move[] = [];
    while (out.length < maxPlies) {
      const here = this.code(pos, game);
      if (here === INVALID || here === 0 || isRuleCode(here)) break;
      let best = 0;
      let bestCode = -Infinity;
      const end = pos.generate(buf, 0, false);
      for (let i = 0; i < end; i++) {
        const mine = this.moveCode(pos, game, buf[i]!);
        if (mine === INVALID || mine === NOT_LEGAL) continue;
        if (mine > bestCode) {
          bestCode = mine;
          best = buf[i]!;
        }
      }
      if (best === 0 || bestCode !== here) break;
      pos.make(best);
      out.push(best);
    }
    for (let i = 0; i < out.length; i++) pos.unmake();
    return out;
  }

  /**
   * The probe the search calls, or undefined when the set has no table of the game. The tables
   * know nothing of the move limit (chess's 50-move rule, xiangqi's 60-move rule or the game's
   * own), which the search scores as a draw once that many plies have passed without a capture
   * (or pawn move): a mate the table puts at or beyond it, counted from the position's clock,
   * may never come, so the probe misses there and the search looks for itself (a capture on
   * the way starts the count again, and the tables answer once more after it). A result by the
   * perpetual-check rule is answered while 40 plies are left before the limit.
   */
  endgameProbe(game: TablebaseGame): EndgameProbe | undefined {
    if (this.routes[game].size === 0) return undefined;
    return (pos: GamePosition): number => {
      const p = pos as SetupPosition;
      const code = this.code(p, game);
      if (code === INVALID || code === 0) return code;
      const limit = game === 'chess' ? CHESS_DRAW_PLIES : (pos as XiangqiPosition).drawPlies;
      // A result by the perpetual-check rule comes with the repetition, at the loser's choice:
      // it is trusted with RULE_ROOM plies to spare before the move limit.
      const plies = isRuleCode(code) ? RULE_ROOM : WIN - Math.abs(code);
      return p.halfmoveClock + plies >= limit ? INVALID : code;
    };
  }

  /**
   * What a move is worth to the side making it: the code of the position it leads to, one ply
   * further and from the mover's side; a capture into material no side can win with is a draw
   * without its table. {@link NOT_LEGAL} for a pseudo-legal move that is not legal, INVALID for
   * a position the set does not hold.
   */
  private moveCode(pos: SetupPosition, game: TablebaseGame, move: Move): number {
    if (!pos.make(move)) return NOT_LEGAL;
    let c = this.code(pos, game);
    if (c === INVALID && isDeadDraw(materialOf(pos, game))) c = 0;
    pos.unmake();
    return c === INVALID ? INVALID : oneFurther(-c);
  }

  private code(pos: SetupPosition, game: TablebaseGame): number {
    const rules: TablebaseRules = tablebaseRules(game);
    const route = this.routes[game].get(rules.materialKey(pos as never));
    if (route === undefined || rules.unprobeable(pos as never)) return INVALID;
    let code = route.entry.code(route.entry.index.encode(pos, route.swap));
    // The table holds the placement without its extra moves (an en-passant capture): those
    // are looked up where they lead, and the better of the two counts.
    if (code !== INVALID && rules.hasStateMoves(pos as never)) {
      const buf = new Int32Array(MAX_LINE_MOVES);
      const end = pos.generate(buf, 0, false);
      for (let i = 0; i < end; i++) {
        if (!rules.isStateMove(buf[i]!)) continue;
        const v = this.moveCode(pos, game, buf[i]!);
        if (v === INVALID) return INVALID;
        if (v !== NOT_LEGAL && v > code) code = v;
      }
    }
    return code;
  }
}

function unwrap(p: TablebasePosition): [SetupPosition, TablebaseGame] {
  if (p instanceof Chess) return [p.position, 'chess'];
  if (p instanceof Xiangqi) return [p.position, 'xiangqi'];
  if (p instanceof ChessPosition) return [p, 'chess'];
  if (p instanceof XiangqiPosition) return [p, 'xiangqi'];
  throw new QiengineError('expected a Chess or Xiangqi game or position');
}
