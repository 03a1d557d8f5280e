/**
 * A match game as PGN, laid out as match tools write them (cutechess-cli's way): the opening's
 * moves marked `{book}`, each engine move followed by what its engine reported
 * (`{+0.35/14 0.198s}`: the score in pawns from the mover's side and the depth, then the time),
 * and how the game ended as a last comment. Chess is written in SAN through {@link writePgn},
 * xiangqi in ICCS through {@link writeXiangqiPgn}.
 */
import { Chess } from '../chess/game.js';
import { writePgn } from '../chess/pgn.js';
import type { GameKind } from '../engine/games.js';
import { START_FEN as XIANGQI_START_FEN } from '../xiangqi/fen.js';
import { writeXiangqiPgn } from '../xiangqi/pgn.js';
import type { GameRecord, MoveReport } from './referee.js';

/** Where and when a game was played, for its tags. */
export interface PgnPlace {
  event: string;
  site?: string;
  /** The day it was played (UTC); today by default. */
  date?: Date;
  /** The time control, as `timeControlText` writes it, for the TimeControl tag. */
  timeControl?: string;
}

/** A report's comment text: `+0.35/14 0.198s`, `-M3/20 0.05s` for a mate, `0.2s` with no score. */
export function reportComment(p: MoveReport): string {
  const parts: string[] = [];
  if (p.score !== undefined) {
    // Mates come as ±(100000 - n), n the engine's own mate distance.
    const s = p.score;
    const score = Math.abs(s) > 90000 ? `${s > 0 ? '+' : '-'}M${100000 - Math.abs(s)}` : `${s >= 0 ? '+' : '-'}${(Math.abs(s) / 100).toFixed(2)}`;
    parts.push(p.depth === undefined ? score : `${score}/${p.depth}`);
  }
  parts.push(`${+(p.ms / 1000).toFixed(3)}s`);
  return parts.join(' ');
}

/** PGN's Termination for a referee's reason. */
function termination(reason: string): string {
  if (reason.startsWith('adjudicated')) return 'adjudication';
  if (/lost on time/.test(reason)) return 'time forfeit';
  if (/illegal move|gave no move/.test(reason)) return 'rules infraction';
  return 'normal';
}

/** The comments after each move: `book` for the opening's, the report for the engines'. */
function moveComments(r: GameRecord): string[] {
  return r.moves.map((_, i) => {
    if (i < r.opening.length) return 'book';
    const p = r.reports?.[i - r.opening.length];
    return p === undefined ? '' : reportComment(p);
  });
}

/** `record` (a game of a `kind` match) as one PGN game, ending with a newline. */
export function matchGamePgn(kind: GameKind, record: GameRecord, place: PgnPlace): string {
  const d = place.date ?? new Date();
  const date = `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${String(d.getUTCDate()).padStart(2, '0')}`;
  const round = record.game === undefined ? '?' : String(record.game + 1);
  const comments = moveComments(record);
  // One tag list for both games; only the first player's tag is named after the game's colour.
  const tags = new Map<string, string>([
    ['Event', place.event],
    ['Site', place.site ?? '?'],
    ['Date', date],
    ['Round', round],
    [kind === 'chess' ? 'White' : 'Red', record.first],
    ['Black', record.second],
    ['PlyCount', String(record.moves.length)],
    ['Termination', termination(record.reason)],
  ]);
  if (place.timeControl !== undefined) tags.set('TimeControl', place.timeControl);
  if (kind === 'chess') {
    // From the game's own start position: the writer adds its SetUp and FEN tags.
    const game = new Chess(record.fen);
    for (const m of record.moves) game.move(m);
    const pgn = game.toPgnGame();
    pgn.tags = tags;
    pgn.result = record.result;
    pgn.moves.forEach((node, i) => {
      if (comments[i] !== '') node.comments.push(comments[i]!);
    });
    (pgn.moves.at(-1)?.comments ?? pgn.comments).push(record.reason);
    return writePgn(pgn);
  }
  const moves = record.moves.map((iccs, i) => ({ iccs, comments: comments[i] === '' ? [] : [comments[i]!] }));
  const before: string[] = [];
  (moves.at(-1)?.comments ?? before).push(record.reason);
  return writeXiangqiPgn({ tags, fen: record.fen ?? XIANGQI_START_FEN, moves, result: record.result, comments: before });
}
