/**
 * Balanced openings for matches: 50 lines of six plies per game.
 *
 * They were made by qiengine itself (a fixed-seed script, kept out of the package): at every
 * ply a random move among those a depth-5 MultiPV search scored within 30 centipawns of the
 * best, and a line was kept only when a depth-9 search scored the result within ±40. Each is
 * played twice in a match, once with each engine first.
 */
import { QiengineError, UsageError } from '../core/errors.js';
import { openSession, type GameKind } from '../engine/games.js';

const CHESS = [
    'd2d4 d7d5 e2e3 c8f5 f1d3 g8h6',
    'e2e3 e7e5 b1c3 d7d5 d1h5 d8d6',
    'b1c3 g8f6 g1f3 b8c6 e2e3 a7a6',
    'd2d4 g8f6 g1f3 d7d5 h2h3 c8f5',
    'e2e3 e7e6 g1f3 g8f6 d2d4 d7d5',
    'd2d3 d7d6 b1c3 c7c5 g1f3 g8f6',
    'b1c3 e7e5 e2e3 b8c6 d1f3 f8d6',
    'e2e4 e7e5 f1c4 b8c6 a2a3 d8h4',
    'e2e3 e7e6 d2d4 d7d5 b1c3 f8b4',
    'e2e4 d7d5 b1c3 c7c6 g1f3 d5d4',
    'g1f3 g8f6 h2h3 c7c5 b1c3 d7d5',
    'd2d4 e7e6 b1c3 c7c5 d4c5 f8c5',
    'e2e4 d7d5 d2d3 g8f6 e4d5 d8d5',
    'e2e4 d7d6 f1c4 b8c6 d2d4 g8f6',
    'e2e3 e7e5 d2d4 e5d4 d1d4 b8c6',
    'g1f3 d7d6 d2d4 g8f6 d1d3 c8d7',
    'e2e3 e7e6 g1f3 g8f6 f1d3 b8c6',
    'e2e3 e7e5 f1b5 g8f6 b1c3 e5e4',
    'e2e3 b8c6 b1c3 d7d5 f1b5 d8d6',
    'g1f3 b8c6 d2d4 g8f6 b1c3 e7e6',
    'b1c3 b8c6 e2e4 d7d6 a2a3 c6d4',
    'd2d4 g8f6 g1f3 d7d5 e2e3 c8g4',
    'b1c3 g8f6 g1f3 e7e6 h2h3 a7a6',
    'e2e3 b8c6 b1c3 g8f6 f1d3 e7e5',
    'd2d4 b8c6 g1f3 g8f6 b1c3 e7e6',
    'd2d4 g8f6 e2e3 d7d5 b1c3 e7e6',
    'd2d4 d7d5 c1f4 b8c6 e2e3 g7g6',
    'b1c3 b8c6 d2d4 d7d6 e2e3 d6d5',
    'd2d3 b8c6 g1f3 e7e6 b1c3 a7a6',
    'd2d4 b8c6 g1f3 e7e6 b1c3 f8b4',
    'e2e3 e7e5 g1f3 d7d6 d2d4 e5e4',
    'b1c3 e7e6 d2d4 g8f6 c1g5 d7d5',
    'e2e3 b8c6 b1c3 e7e5 d2d4 d7d6',
    'e2e3 e7e6 g1f3 f8d6 b1c3 b8c6',
    'b1c3 e7e5 d2d3 f8c5 e2e4 g8f6',
    'e2e3 e7e5 b1a3 d7d5 g1f3 f8a3',
    'b1c3 g8f6 e2e4 b8c6 f1b5 a7a6',
    'd2d3 g8f6 e2e4 d7d6 b1c3 b8c6',
    'd2d4 b8c6 c1e3 g8f6 g1f3 d7d5',
    'e2e4 e7e5 g1f3 b8c6 f1c4 g8f6',
    'b1c3 g8f6 d2d3 d7d6 a2a3 e7e5',
    'e2e4 d7d5 e4e5 c7c5 d2d4 d8a5',
    'e2e3 e7e6 f1d3 b8c6 g1f3 c6b4',
    'g1f3 d7d6 d2d4 g8f6 c2c4 b8c6',
    'b1c3 g8f6 h2h3 b8c6 g1f3 e7e6',
    'b1c3 g8f6 e2e4 d7d5 e4d5 f6d5',
    'e2e4 e7e5 f1c4 g8f6 b1c3 f6e4',
    'b1c3 g8f6 g1f3 d7d6 d2d3 c8g4',
    'e2e4 d7d5 e4e5 c7c5 c2c3 d5d4',
    'e2e3 d7d5 d2d4 g8f6 g1f3 e7e6',
];

const XIANGQI = [
    'b0c2 b9c7 h0g2 h7e7 h2i2 a9a8',
    'b0c2 h9g7 h2g2 b9c7 i0i2 c9e7',
    'h2e2 b9c7 h0g2 a9a8 i0h0 i9i7',
    'b2e2 h7e7 i0i1 a9a8 i1f1 e7e3',
    'b2e2 b9c7 a0a2 h7e7 h2h6 a9b9',
    'h0g2 g9e7 c0e2 b9c7 e3e4 a9a8',
    'h0g2 b9c7 b2c2 a9b9 c2c6 e6e5',
    'h0g2 g9e7 c0e2 b7a7 i0i1 a9a8',
    'b2e2 b9c7 a0a1 h7e7 h2h3 a9b9',
    'b0c2 h7e7 h2g2 b9c7 i0i2 a9a8',
    'b0c2 h7e7 g0e2 h9g7 a0a1 e6e5',
    'b2e2 b7e7 e2e6 f9e8 h0g2 h7h5',
    'h2e2 h7e7 h0g2 b7c7 i0h0 h9g7',
    'h0g2 c6c5 b0c2 g9e7 g3g4 b7b4',
    'b2e2 b7e7 h2i2 e7e3 d0e1 e3e4',
    'g0e2 b9c7 h2g2 i9i8 b0c2 b7a7',
    'h2e2 b7e7 h0g2 b9c7 i0i1 i9i8',
    'g0e2 b9c7 h2g2 i9i8 h0f1 a9a8',
    'c0e2 e6e5 b2b6 h9g7 h0g2 b7e7',
    'b0c2 c9e7 e3e4 b7b3 b2a2 h7h3',
    'h2e2 h7e7 b2b6 i9i8 e2e6 e7e3',
    'b2e2 b9c7 b0c2 h7e7 h2h4 b7b3',
    'h2e2 b9c7 b2c2 a9b9 i0i1 b7a7',
    'g0e2 g9e7 h2g2 i9i8 b0c2 i8d8',
    'h0g2 h7e7 h2h8 b7b3 c0e2 i9i8',
    'h0g2 h7e7 i0h0 i9i8 b2e2 b9c7',
    'b2e2 h7h6 a0a1 g9e7 b0c2 b7c7',
    'g0e2 g9e7 h2g2 i9i8 b0c2 i8f8',
    'h0g2 h7e7 h2i2 b9c7 g0e2 e6e5',
    'b0c2 c9e7 g0e2 h9g7 b2a2 i9i8',
    'h2e2 h9g7 b0c2 h7i7 i0i1 g9e7',
    'b2e2 b7e7 e2e6 d9e8 e6e5 h7g7',
    'b0c2 c9e7 g0e2 b7b5 h2i2 b5c5',
    'h2e2 h7e7 h0g2 h9g7 i0h0 i9i8',
    'h0g2 b7e7 i0i1 b9c7 c0e2 h9g7',
    'b2e2 h9g7 a0a1 g9e7 a1f1 b9c7',
    'b2e2 b9c7 a0a2 a9b9 b0c2 b7a7',
    'b0c2 g9e7 e3e4 h9g7 g0e2 i9i8',
    'h2e2 b7e7 b0c2 h9g7 a0b0 i9h9',
    'h2e2 h7e7 e2e6 f9e8 e6e5 h9g7',
    'h0g2 b7e7 c0e2 a9a7 i0i1 h7h3',
    'h2e2 b7e7 i0i1 b9c7 h0g2 h9g7',
    'g0e2 b7e7 b0c2 b9c7 a0b0 h9g7',
    'g0e2 h9g7 h2g2 e6e5 b2a2 b9c7',
    'b0c2 b9c7 g0e2 a9a8 h0g2 a8f8',
    'g0e2 h7e7 h0f1 h9i7 h2i2 i6i5',
    'b2e2 b7e7 a0a1 a9a7 a1d1 h9g7',
    'g0e2 h7e7 b0c2 h9g7 i0i2 i9h9',
    'c3c4 b9c7 b0c2 h9g7 c2d4 b7a7',
    'h0g2 b7e7 i0i1 h9g7 b2e2 i9i8',
];

/**
 * Where a game starts: the moves played from a position, `fen` or else the game's start, in
 * protocol coordinates (UCI; ICCS). A match plays them as book moves, then lets the engines on.
 */
export interface OpeningLine {
  fen?: string;
  moves: readonly string[];
}

/** Opening lines by game, from the start position. */
export const BALANCED_OPENINGS: Record<GameKind, readonly OpeningLine[]> = {
  chess: CHESS.map((l) => ({ moves: l.split(' ') })),
  xiangqi: XIANGQI.map((l) => ({ moves: l.split(' ') })),
};

/**
 * Opening lines from a text file's content, one a line: moves in protocol coordinates (UCI;
 * ICCS) separated by spaces, played from the start position; or a position, as a FEN (or an EPD
 * line: its four fields, and any operations after them, which are left out), optionally followed
 * by `moves` and moves from it. Blank lines and lines starting with `#` are skipped. Throws a
 * {@link UsageError} naming the first line whose position or moves do not read, or hold an
 * illegal move, or when there is no line at all.
 */
export function readOpenings(text: string, game: GameKind): OpeningLine[] {
  const out: OpeningLine[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    try {
      const opening = parseOpeningLine(line);
      openSession({ game, ...opening });
      out.push(opening);
    } catch (e) {
      // Bad input (a position or move that does not read, or an illegal move) names its line;
      // anything else is a bug and stays as it is, as everywhere else that input errors are
      // turned into messages.
      if (e instanceof QiengineError) throw new UsageError(`openings line ${i + 1}: ${e.message}`);
      throw e;
    }
  }
  if (out.length === 0) throw new UsageError('the openings file holds no line');
  return out;
}

/** One line of an openings file (see {@link readOpenings}), not yet checked against the game. */
function parseOpeningLine(line: string): OpeningLine {
  const words = line.split(/\s+/);
  // A board field has ranks separated by slashes; a move never has one.
  if (!words[0]!.includes('/')) return { moves: words };
  const at = words.indexOf('moves');
  const moves = at < 0 ? [] : words.slice(at + 1);
  let fields = at < 0 ? words : words.slice(0, at);
  // EPD: the four position fields, then operations (`bm e4; id "x";`), and no move counters.
  const counters = fields.length >= 6 && /^\d+$/.test(fields[4]!) && /^\d+$/.test(fields[5]!);
  if (!counters) fields = [...fields.slice(0, 4), '0', '1'];
  return { fen: fields.slice(0, 6).join(' '), moves };
}
