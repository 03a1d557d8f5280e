/**
 * Xiangqi games in PGN, as xiangqi programs exchange them: `[Game "Chinese Chess"]` first, the
 * players as `Red` and `Black`, and a `Format` tag naming the move notation: `ICCS` (`H2-E2`,
 * the default of those files) or `WXF` (`C2.5`). Every move is replayed and checked on the way.
 */
import { IllegalMoveError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import { pgnComment, pgnTag, wrapMovetext } from '../core/pgn-text.js';
import { positionFromFen, START_FEN, writeFen } from './fen.js';
import { moveToIccs, moveToWxf, parseIccs } from './notation.js';
import { MAX_MOVES } from './position.js';

/** One move of a {@link XiangqiPgnGame}. */
export interface XiangqiPgnMove {
  /** ICCS coordinates, `h2e2`. */
  iccs: string;
  /** Comments written after the move. */
  comments: string[];
}

/** One xiangqi game to write. */
export interface XiangqiPgnGame {
  /** Tag pairs; Event, Site, Date, Round, Red and Black are written first (`?` if missing). */
  tags: Map<string, string>;
  /** The start position, written as a `FEN` tag when it is not the standard start. */
  fen: string;
  moves: XiangqiPgnMove[];
  /** `1-0` (red won), `0-1`, `1/2-1/2` or `*`. */
  result: string;
  /** Comments after the last move, before the result. */
  comments?: string[];
}

export interface XiangqiPgnWriteOptions {
  /** The move notation (default `iccs`). */
  format?: 'iccs' | 'wxf';
  /** Longest movetext line (default 80). */
  maxLineLength?: number;
}

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
  out.push(pgnTag('Result', game.result), pgnTag('Format', format === 'wxf' ? 'WXF' : 'ICCS'));
  if (game.fen !== START_FEN) out.push(pgnTag('FEN', game.fen));
  for (const [name, value] of game.tags) if (!OWN.has(name)) out.push(pgnTag(name, value));
  out.push('');

  const buf = new Int32Array(MAX_MOVES);
  const tokens: string[] = [];
  let ply = pos.sideToMove + 2 * (pos.fullmove - 1);
  let needNumber = true;
  for (const { iccs, comments } of game.moves) {
    let m: Move;
    try {
      m = parseIccs(iccs);
    } catch {
      throw new IllegalMoveError(iccs, 'not an ICCS move', writeFen(pos));
    }
    const end = pos.generateLegal(buf, 0);
    if (!buf.subarray(0, end).includes(m)) throw new IllegalMoveError(iccs, 'not a legal move here', writeFen(pos));
    if (ply % 2 === 0) tokens.push(`${(ply >> 1) + 1}.`);
    else if (needNumber) tokens.push(`${(ply >> 1) + 1}...`);
    const coords = moveToIccs(m).toUpperCase();
    tokens.push(format === 'wxf' ? moveToWxf(pos, m) : `${coords.slice(0, 2)}-${coords.slice(2)}`);
    for (const c of comments) tokens.push(pgnComment(c));
    needNumber = false;
    pos.make(m);
    ply++;
  }
  for (const c of game.comments ?? []) tokens.push(pgnComment(c));
  tokens.push(game.result);
  out.push(...wrapMovetext(tokens, options.maxLineLength ?? 80));
  return out.join('\n') + '\n';
}
