/**
 * Comments on a game's positions, keyed by FEN as chess.js keeps them: a comment belongs to the
 * position a move led to (PGN writes it after that move), or to the start position (written
 * before the first move). Both games' APIs keep one, so that a PGN's comments survive
 * `loadPgn` and `pgn()`, and a GUI can annotate the game it shows.
 */
export class PositionComments {
  private readonly byFen = new Map<string, string>();

  /** Sets the comment of the position `fen` (an empty text removes it). */
  set(fen: string, text: string): void {
    if (text === '') this.byFen.delete(fen);
    else this.byFen.set(fen, text);
  }

  get(fen: string): string | undefined {
    return this.byFen.get(fen);
  }

  /** Removes the comment of `fen` and returns it. */
  delete(fen: string): string | undefined {
    const text = this.byFen.get(fen);
    this.byFen.delete(fen);
    return text;
  }

  clear(): void {
    this.byFen.clear();
  }

  /** A copy of `other`'s comments in place of these. */
  copyFrom(other: PositionComments): void {
    this.byFen.clear();
    for (const [fen, text] of other.byFen) this.byFen.set(fen, text);
  }

  /** The comments of `fens` (a game's positions in order, the start first), in that order. */
  along(fens: readonly string[]): Array<{ fen: string; comment: string }> {
    const out: Array<{ fen: string; comment: string }> = [];
    for (const fen of fens) {
      const comment = this.byFen.get(fen);
      if (comment !== undefined) out.push({ fen, comment });
    }
    return out;
  }
}
