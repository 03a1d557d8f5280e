/**
 * Perft: counts the leaves of the legal move tree. The last ply is bulk-counted (the number of
 * legal moves is added without making them), as Stockfish's and Fairy-Stockfish's perft do.
 *
 * This is the same dozen lines as xiangqi/perft.ts on purpose: one generic function called with
 * both position classes would make every call site in the hottest loop polymorphic, which V8
 * compiles to slower dispatch. Each game keeps its own copy, so each stays monomorphic.
 */
import { MAX_MOVES, type ChessPosition } from './position.js';

/** Counts leaf nodes at `depth`. `buf` needs `MAX_MOVES * depth` entries. */
export function perft(pos: ChessPosition, depth: number, buf: Int32Array = new Int32Array(MAX_MOVES * Math.max(1, depth)), start = 0): number {
  const end = pos.generateLegal(buf, start);
  if (depth <= 1) return depth === 1 ? end - start : 1;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    pos.makeMove(buf[i]!);
    nodes += perft(pos, depth - 1, buf, end);
    pos.unmakeMove();
  }
  return nodes;
}

/** Perft split by root move: one entry per legal root move, in generation order. */
export function perftDivide(pos: ChessPosition, depth: number): Array<{ move: number; nodes: number }> {
  const buf = new Int32Array(MAX_MOVES * Math.max(1, depth));
  const end = pos.generateLegal(buf, 0);
  const out: Array<{ move: number; nodes: number }> = [];
  for (let i = 0; i < end; i++) {
    const move = buf[i]!;
    if (depth <= 1) {
      out.push({ move, nodes: 1 });
      continue;
    }
    pos.makeMove(move);
    out.push({ move, nodes: perft(pos, depth - 1, buf, end) });
    pos.unmakeMove();
  }
  return out;
}
