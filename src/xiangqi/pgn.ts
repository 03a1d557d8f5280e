/**
 * Xiangqi games in PGN, as xiangqi programs exchange them: `[Game "Chinese Chess"]` first, the
 * players as `Red` and `Black`, and a `Format` tag naming the move notation: `ICCS` (`H2-E2`,
 * the default of those files), `WXF` (`C2.5`) or `Chinese` (`炮二平五`). Reading takes any of
 * the three in any game (each move's shape tells which), with comments, NAGs and variations as
 * chess PGN has them; every move is replayed and checked on the way, both ways.
 */
import { IllegalMoveError, QiengineError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import { iteratePgnGames, PositionPgnBoard, type PgnReadOptions, type PgnTree, type PgnTreeNode } from '../core/pgn-read.js';
import { pgnComment, pgnTag, pushMovetext, wrapMovetext, type PgnWritableNode } from '../core/pgn-text.js';
import { positionFromFen, START_FEN, writeFen } from './fen.js';
import { moveToChinese, moveToIccs, moveToWxf, parseIccs, parseMoveText } from './notation.js';
import { MAX_MOVES, type XiangqiPosition } from './position.js';

/** One move of a {@link XiangqiPgnGame} to write: at least its ICCS and comments. */
export interface XiangqiPgnMove extends PgnWritableNode<XiangqiPgnMove> {
  /** ICCS coordinates, `h2e2`. */
  iccs: string;
  /** Comments written after the move. */
  comments: string[];
}

/** One move of a game read from PGN, with what was written around it. */
export interface XiangqiPgnNode extends PgnTreeNode<XiangqiPgnNode> {
  /** ICCS coordinates, `h2e2`, whatever notation the file had. */
  iccs: string;
  /** The move in WXF, as this library writes it. */
  wxf: string;
  move: Move;
}

/** One xiangqi game of a PGN file: tags in file order, the start position's FEN, the main line. */
export type XiangqiPgnTree = PgnTree<XiangqiPgnNode>;

/** One xiangqi game to write (a game read from PGN is one). */
export interface XiangqiPgnGame {
  /** Tag pairs; Event, Site, Date, Round, Red and Black are written first (`?` if missing). */
  tags: Map<string, string>;
  /** The start position, written as a `FEN` tag when it is not the standard start. */
  fen: string;
  moves: XiangqiPgnMove[];
  /** `1-0` (red won), `0-1`, `1/2-1/2` or `*`. */
  result: string;
  /** Comments before the first move (a comment after the last is that move's). */
  comments?: string[];
}

export interface XiangqiPgnWriteOptions {
  /** The move notation (default `iccs`). */
  format?: 'iccs' | 'wxf' | 'chinese';
  /** Longest movetext line (default 80). */
  maxLineLength?: number;
}

export type { PgnReadOptions } from '../core/pgn-read.js';

/** The board xiangqi PGN moves are replayed on: a `[FEN]` (or standard) start, moves in any notation. */
class XiangqiPgnBoard extends PositionPgnBoard<XiangqiPosition, XiangqiPgnNode> {
  constructor() {
    super(positionFromFen, writeFen, START_FEN);
  }

  protected checkTags(tags: ReadonlyMap<string, string>): void {
    const kind = tags.get('Game') ?? tags.get('Variant');
    if (kind !== undefined && !/^(chinese chess|xiangqi)$/i.test(kind.trim())) throw new QiengineError(`not a xiangqi game ('${kind}')`);
  }

  parse(text: string): XiangqiPgnNode {
    const move = parseMoveText(this.pos, text);
    return { iccs: moveToIccs(move), wxf: moveToWxf(this.pos, move), move, nags: [], comments: [], startingComments: [], variations: [] };
  }
}

/**
 * Reads every game of a xiangqi PGN text (moves in ICCS, WXF or Chinese).
 * @throws {PgnError} at the first problem: a malformed tag, a bad `[FEN]`, a game tagged as
 * another game, a move that is not legal where it stands (naming the game, line and token).
 */
export function readXiangqiPgn(text: string, options: PgnReadOptions = {}): XiangqiPgnTree[] {
  return [...iterateXiangqiPgn(text, options)];
}

/**
 * Reads xiangqi games one at a time, so a large file need not be held as objects all at once.
 * @throws {PgnError}
 */
export function iterateXiangqiPgn(text: string, options: PgnReadOptions = {}): Generator<XiangqiPgnTree> {
  return iteratePgnGames(text, new XiangqiPgnBoard(), options);
}

const FORMAT_TAGS = { iccs: 'ICCS', wxf: 'WXF', chinese: 'Chinese' } as const;
const ROSTER = ['Event', 'Site', 'Date', 'Round', 'Red', 'Black'];
const OWN = new Set(['Game', 'Result', 'Format', 'FEN', ...ROSTER]);

/**
 * Writes one game in xiangqi PGN.
 * @throws {FenError} for a bad start position, {@link IllegalMoveError} for a move that is not
 * legal where it stands.
 */
export function writeXiangqiPgn(game: XiangqiPgnGame, options: XiangqiPgnWriteOptions = {}): string {
  const format = options.format ?? 'iccs';
  const pos = positionFromFen(game.fen);
  const out = [pgnTag('Game', 'Chinese Chess')];
  for (const name of ROSTER) out.push(pgnTag(name, game.tags.get(name) ?? '?'));
  out.push(pgnTag('Result', game.result), pgnTag('Format', FORMAT_TAGS[format]));
  if (game.fen !== START_FEN) out.push(pgnTag('FEN', game.fen));
  for (const [name, value] of game.tags) if (!OWN.has(name)) out.push(pgnTag(name, value));
  out.push('');

  const buf = new Int32Array(MAX_MOVES);
  const tokens: string[] = (game.comments ?? []).map(pgnComment);
  const writer = {
    // Checked where it stands, the variations' moves too.
    text: ({ iccs }: XiangqiPgnMove): string => {
      let m: Move;
      try {
        m = parseIccs(iccs);
      } catch {
        throw new IllegalMoveError(iccs, 'not an ICCS move', writeFen(pos));
      }
      const end = pos.generateLegal(buf, 0);
      if (!buf.subarray(0, end).includes(m)) throw new IllegalMoveError(iccs, 'not a legal move here', writeFen(pos));
      if (format === 'wxf') return moveToWxf(pos, m);
      if (format === 'chinese') return moveToChinese(pos, m);
      const coords = moveToIccs(m).toUpperCase();
      return `${coords.slice(0, 2)}-${coords.slice(2)}`;
    },
    make: ({ iccs }: XiangqiPgnMove): void => pos.makeMove(parseIccs(iccs)),
    unmake: (): void => pos.unmakeMove(),
  };
  pushMovetext(game.moves, pos.sideToMove + 2 * (pos.fullmove - 1), writer, tokens);
  tokens.push(game.result);
  out.push(...wrapMovetext(tokens, options.maxLineLength ?? 80));
  return out.join('\n') + '\n';
}
