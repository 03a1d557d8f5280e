/**
 * Game review: every position of a game's main line searched with one limit, each move scored
 * by the winning chances it gave away beside the engine's choice, and the game written back as
 * PGN with the scores, `?!`/`?`/`??` marks and the engine's line where a move fell short.
 *
 * Winning chances are the curve lichess uses for its reviews, 2 / (1 + e^(-0.00368 cp)) - 1,
 * from -1 (lost) to 1 (won), the same for both games: their pawns-and-rooks scales are alike
 * (a chess pawn 100, a rook about 500; a xiangqi pawn 70, a rook 600). A move that gives away
 * 0.1 of them is an inaccuracy, 0.2 a mistake, 0.3 a blunder (lichess's steps).
 */
import { Chess } from '../chess/game.js';
import { writePgn, type PgnGame, type PgnNode } from '../chess/pgn.js';
import { writeXiangqiPgn, type XiangqiPgnMove, type XiangqiPgnTree } from '../xiangqi/pgn.js';
import type { Engine } from './engine.js';
import { openSession, type GameKind } from './games.js';
import type { EngineScore } from './searcher.js';

/** How hard to look at each position. Without a limit, 200 ms each. */
export interface ReviewOptions {
  movetimeMs?: number;
  depth?: number;
  nodes?: number;
  /** Called after each position is searched: how many of how many are done. */
  onProgress?: (done: number, total: number) => void;
  /** Stops the review; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Numeric annotation glyphs the review gives: none, `?` (2), `??` (4), `?!` (6). */
export type ReviewNag = 0 | 2 | 4 | 6;

/** One move of a reviewed game. */
export interface MoveReview {
  /** The move played, in protocol coordinates (UCI; ICCS). */
  move: string;
  /** The score after the move from the first player's side (White, Red); null when the move ended the game. */
  score: EngineScore | null;
  /** The depth that score came from (0 when the game is over). */
  depth: number;
  /** The engine's move in the position before, and its line (protocol coordinates). */
  best: string | null;
  bestLine: string[];
  /** The winning chances the move gave away, 0 to 2 (0 when it is the engine's move). */
  loss: number;
  nag: ReviewNag;
}

const STEPS: ReadonlyArray<[number, ReviewNag]> = [
  [0.3, 4],
  [0.2, 2],
  [0.1, 6],
];

/** Winning chances, -1 to 1, of a score for its side. */
export function winningChances(score: EngineScore): number {
  if ('mate' in score) return score.mate > 0 ? 1 : -1;
  return 2 / (1 + Math.exp(-0.00368208 * score.cp)) - 1;
}

/** The mark a loss of winning chances earns. */
export function reviewNag(loss: number): ReviewNag {
  for (const [at, nag] of STEPS) if (loss >= at) return nag;
  return 0;
}

interface Seen {
  /** Side to move's view. */
  score: EngineScore;
  depth: number;
  best: string | null;
  line: string[];
  over: boolean;
}

/**
 * Searches every position of a line (the start and after each move) and reviews each move.
 * @throws {IllegalMoveError} if a move is not legal where it stands.
 */
export async function reviewGame(engine: Engine, game: GameKind, fen: string, moves: readonly string[], options: ReviewOptions = {}): Promise<MoveReview[]> {
  const seen: Seen[] = [];
  const sides: number[] = [];
  const limit = options.movetimeMs === undefined && options.depth === undefined && options.nodes === undefined ? { movetimeMs: 200 } : { movetimeMs: options.movetimeMs, depth: options.depth, nodes: options.nodes };
  // Checked before any search: a bad move fails at once, not after minutes of searching.
  openSession({ game, fen, moves });
  // One session walks the line, a move after each position (not a session replayed per position).
  const session = openSession({ game, fen });
  for (let k = 0; k <= moves.length; k++) {
    options.signal?.throwIfAborted();
    if (k > 0) session.play(moves[k - 1]!);
    const spec = { game, fen, moves: moves.slice(0, k) };
    const side = session.position.sideToMove;
    sides.push(side);
    const status = session.status();
    // A draw one could claim (chess) is not the end where the game went on: only the last
    // position, or one with no move, is judged by the rules instead of searched.
    if (status.over && (k === moves.length || session.legalMoves().length === 0)) {
      // A finished game: the side to move has won, lost or drawn, whatever a search would say.
      const score: EngineScore = status.winner === null ? { cp: 0 } : { mate: status.winner === side ? 1 : -1 };
      seen.push({ score, depth: 0, best: null, line: [], over: true });
    } else {
      const r = await engine.search(spec, { ...limit, signal: options.signal });
      seen.push({ score: r.score, depth: r.depth, best: r.bestMove, line: r.pv, over: false });
    }
    options.onProgress?.(k + 1, moves.length + 1);
  }
  return moves.map((move, k) => {
    const before = seen[k]!;
    const after = seen[k + 1]!;
    const played = before.best === move;
    const loss = played ? 0 : Math.max(0, winningChances(before.score) + winningChances(after.score));
    const firstView = (s: EngineScore): EngineScore => (sides[k + 1] === 0 ? s : 'mate' in s ? { mate: -s.mate } : { cp: -s.cp });
    return {
      move,
      score: after.over ? null : firstView(after.score),
      depth: after.depth,
      best: before.best,
      bestLine: before.line,
      loss,
      nag: reviewNag(loss),
    };
  });
}

/** A score as reviews write it: `+0.35/14`, `-M3/20` (first player's side), or `` with no score. */
function scoreComment(r: MoveReview): string {
  if (r.score === null) return '';
  const s = r.score;
  const text = 'mate' in s ? `${s.mate > 0 ? '+' : '-'}M${Math.abs(s.mate)}` : `${s.cp >= 0 ? '+' : '-'}${(Math.abs(s.cp) / 100).toFixed(2)}`;
  return `${text}/${r.depth}`;
}

/** Whether the review shows the engine's line beside the move: a mistake or a blunder with another move. */
function showsLine(r: MoveReview): boolean {
  return (r.nag === 2 || r.nag === 4) && r.best !== null && r.best !== r.move && r.bestLine.length > 0;
}

/**
 * A chess game read from PGN (its main line) with its review: each move's score as a comment,
 * the review's mark, and the engine's line as a variation for a mistake or a blunder.
 */
export function annotateChessPgn(game: PgnGame, reviews: readonly MoveReview[]): string {
  const board = new Chess(game.fen);
  const moves: PgnNode[] = game.moves.map((node, k) => {
    const r = reviews[k];
    const out: PgnNode = { ...node, nags: [...node.nags], comments: [...node.comments], variations: [...node.variations] };
    if (r !== undefined) {
      if (r.nag !== 0) out.nags.push(r.nag);
      const c = scoreComment(r);
      if (c !== '') out.comments.push(c);
      if (showsLine(r)) {
        const line = board.clone();
        out.variations.push(
          r.bestLine.map((uci) => {
            const m = line.move(uci);
            return { san: m.san, uci: m.uci, move: m.move, nags: [], comments: [], startingComments: [], variations: [] };
          }),
        );
      }
    }
    board.move(node.move);
    return out;
  });
  return writePgn({ ...game, moves });
}

/** A xiangqi game read from PGN with its review, as {@link annotateChessPgn}; moves in `format`. */
export function annotateXiangqiPgn(game: XiangqiPgnTree, reviews: readonly MoveReview[], format: 'iccs' | 'wxf' | 'chinese' = 'iccs'): string {
  const moves: XiangqiPgnMove[] = game.moves.map((node, k) => {
    const r = reviews[k];
    const out: XiangqiPgnMove = { iccs: node.iccs, nags: [...node.nags], comments: [...node.comments], startingComments: node.startingComments, variations: [...node.variations] };
    if (r !== undefined) {
      if (r.nag !== 0) out.nags = [...(out.nags ?? []), r.nag];
      const c = scoreComment(r);
      if (c !== '') out.comments.push(c);
      if (showsLine(r)) out.variations = [...(out.variations ?? []), r.bestLine.map((iccs) => ({ iccs, comments: [] }))];
    }
    return out;
  });
  return writeXiangqiPgn({ tags: game.tags, fen: game.fen, moves, result: game.result, comments: game.comments }, { format });
}
