/**
 * PGN: read files of many games, write games back in export format.
 *
 * Reading keeps tags (in file order), comments (`{...}` and `;` to the end of the line), NAGs
 * (`$n`, and the suffixes `!`, `?`, `!!`, `??`, `!?`, `?!`), variations (as a tree, or skipped),
 * the result, and `[FEN]` / `[SetUp]` start positions (the text and the tree are
 * core/pgn-read.ts's, shared with xiangqi; the board and SAN are here). Every move is replayed
 * and checked, and stored with its canonical SAN and UCI. A problem throws a {@link PgnError}
 * naming the game number, the line and the token.
 *
 * Writing follows the export format: the Seven Tag Roster first, then the other tags, a blank
 * line, and movetext wrapped at 80 columns.
 */
import { PgnError, QiengineError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import { iteratePgnGames, PositionPgnBoard, type PgnReadOptions, type PgnTree, type PgnTreeNode } from '../core/pgn-read.js';
import { pgnComment, pgnTag, pushMovetext, wrapMovetext } from '../core/pgn-text.js';
import { positionFromFen, START_FEN, writeFen } from './fen.js';
import type { ChessPosition } from './position.js';
import { moveToUci, readSan } from './san.js';

export type { PgnReadOptions } from '../core/pgn-read.js';

/** One move of a PGN game, with what was written around it. */
export interface PgnNode extends PgnTreeNode<PgnNode> {
  /** Canonical SAN (as this library writes it, whatever the file had). */
  san: string;
  uci: string;
  move: Move;
}

/** One chess game of a PGN file: tags in file order, the start position's FEN, the main line. */
export type PgnGame = PgnTree<PgnNode>;

const SEVEN_TAGS = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
const SEVEN_DEFAULTS = ['?', '?', '????.??.??', '?', '?', '?', '*'];

/** The chess board PGN moves are replayed on: a `[FEN]` (or standard) start, SAN moves. */
class ChessPgnBoard extends PositionPgnBoard<ChessPosition, PgnNode> {
  constructor() {
    super(positionFromFen, writeFen, START_FEN);
  }

  protected checkTags(tags: ReadonlyMap<string, string>): void {
    const variant = tags.get('Variant');
    if (variant !== undefined && !/^(standard|chess)$/i.test(variant)) throw new QiengineError(`unsupported variant '${variant}'`);
  }

  parse(text: string): PgnNode {
    if (text === '--' || text === 'Z0') throw new QiengineError('null moves are not supported');
    const { move, san } = readSan(this.pos, text);
    return { san, uci: moveToUci(move), move, nags: [], comments: [], startingComments: [], variations: [] };
  }
}

/** Reads every game of a PGN text. @throws {PgnError} at the first problem. */
export function readPgn(text: string, options: PgnReadOptions = {}): PgnGame[] {
  return [...iteratePgn(text, options)];
}

/**
 * Reads games one at a time, so a large file need not be held as objects all at once.
 * @throws {PgnError}
 */
export function iteratePgn(text: string, options: PgnReadOptions = {}): Generator<PgnGame> {
  return iteratePgnGames(text, new ChessPgnBoard(), options);
}

/** The position after the main line of a game. */
export function finalPosition(game: PgnGame): ChessPosition {
  const pos = positionFromFen(game.fen);
  for (const node of game.moves) pos.makeMove(node.move);
  return pos;
}

export interface PgnWriteOptions {
  /** Longest movetext line (default 80, the export format's limit). */
  maxLineLength?: number;
}

/** Writes one game in PGN export format. */
export function writePgn(game: PgnGame, options: PgnWriteOptions = {}): string {
  const width = options.maxLineLength ?? 80;
  const out: string[] = [];
  const tags = new Map(game.tags);
  tags.set('Result', game.result);
  if (game.fen !== START_FEN) {
    tags.set('SetUp', '1');
    tags.set('FEN', game.fen);
  }
  SEVEN_TAGS.forEach((name, k) => out.push(pgnTag(name, tags.get(name) ?? SEVEN_DEFAULTS[k]!)));
  for (const [name, value] of tags) if (!SEVEN_TAGS.includes(name)) out.push(pgnTag(name, value));
  out.push('');

  const tokens: string[] = game.comments.map(pgnComment);
  const start = positionFromFen(game.fen);
  const ply0 = start.sideToMove + 2 * (start.rootFullmove - 1);
  // Nodes carry their SAN, so the writer needs no board.
  pushMovetext(game.moves, ply0, { text: (node) => node.san, make: () => {}, unmake: () => {} }, tokens);
  tokens.push(game.result);

  out.push(...wrapMovetext(tokens, width));
  return out.join('\n') + '\n';
}
