import type { Move } from './move.js';

/**
 * Comments on a game's positions, keyed by FEN as chess.js keeps them: a comment belongs to the
 * position a move led to (PGN writes it after that move), or to the start position (written
 * before the first move). Both games' APIs keep one, so that a PGN's comments survive
 * `loadPgn` and `pgn()`, and a GUI can annotate the game it shows.
 */
export class PositionComments {
  private readonly byFen = new Map<string, string>();

  /**
   * Sets the comment of the position `fen`, as a PGN comment can hold it: runs of white space
   * become one space, the ends are trimmed, and a closing brace (which would end the comment)
   * becomes a parenthesis. An empty text removes it.
   */
  set(fen: string, text: string): void {
    const kept = text.replace(/}/g, ')').replace(/\s+/g, ' ').trim();
    if (kept === '') this.byFen.delete(fen);
    else this.byFen.set(fen, kept);
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

/** What a game's position offers for replaying its history from the start. */
export interface ReplayablePosition<P> {
  /** The moves made, the first `ply` of them. */
  readonly histMove: Int32Array;
  readonly ply: number;
  makeMove(move: Move): void;
  unmakeMove(): void;
  /** A deep copy. */
  clone(): P;
}

/**
 * What both games' APIs share for their history, comments and tags: the four chess.js-shaped
 * comment methods over a {@link PositionComments}, the FENs along the history, and a PGN's tags
 * and comments taken over, given the game's position, its start and how it writes a FEN.
 */
export abstract class CommentedGame<P extends ReplayablePosition<P>> {
  /** The game's position. */
  abstract readonly position: P;
  /** PGN tags for `pgn()`: Event, Site, Date, Round, the players and any others. */
  readonly tags = new Map<string, string>();
  /** Comments on the game's positions, written into its PGN. */
  protected readonly notes = new PositionComments();

  /** The FEN of the current position. */
  abstract fen(): string;

  /** A fresh copy of the position before the first move of the history. */
  protected startPosition(): P {
    const start = this.position.clone();
    while (start.ply > 0) start.unmakeMove();
    return start;
  }

  /** The FEN of a position of this game. */
  protected abstract fenOf(position: P): string;

  /** The FEN of the start and of the position after each move of the history. */
  protected fensAlong(): string[] {
    const at = this.startPosition();
    const fens = [this.fenOf(at)];
    for (const m of this.position.histMove.subarray(0, this.position.ply)) {
      at.makeMove(m);
      fens.push(this.fenOf(at));
    }
    return fens;
  }

  /**
   * Each move of the history as `describe` gives it in the position before it, with the FENs
   * before and after it. Each FEN is written once: a move's `after` is the next one's `before`.
   */
  protected movesWithFens<T extends object>(describe: (before: P, move: Move) => T): Array<T & { before: string; after: string }> {
    const at = this.startPosition();
    let before = this.fenOf(at);
    return Array.from(this.position.histMove.subarray(0, this.position.ply), (m) => {
      const info = describe(at, m);
      at.makeMove(m);
      const after = this.fenOf(at);
      const entry = { ...info, before, after };
      before = after;
      return entry;
    });
  }

  /**
   * Sets the comment of the current position: written after the move that led to it, or before
   * the first move at the start (chess.js's model: comments belong to positions, by FEN). The
   * text is kept as a PGN comment holds it (white space runs as one space, trimmed, `}` as `)`);
   * an empty text removes it. Loading a FEN or editing the board clears the comments.
   */
  setComment(text: string): void {
    this.notes.set(this.fen(), String(text));
  }

  /** The comment of the current position, if any. */
  getComment(): string | undefined {
    return this.notes.get(this.fen());
  }

  /** Removes the comment of the current position and returns it. */
  removeComment(): string | undefined {
    return this.notes.delete(this.fen());
  }

  /** The comments of the game's positions, the start first, in the order the moves reached them. */
  getComments(): Array<{ fen: string; comment: string }> {
    return this.notes.along(this.fensAlong());
  }

  /** The comment of position `fen` as a PGN node's comment list (empty or one). */
  protected commentsOf(fen: string): string[] {
    const note = this.notes.get(fen);
    return note === undefined ? [] : [note];
  }

  /**
   * Takes a loaded PGN game's tags and comments (once its moves are on the position): the
   * comments before the first move for the start, each move's for the position it led to.
   */
  protected takePgn(game: { tags: ReadonlyMap<string, string>; comments: readonly string[]; moves: readonly { comments: readonly string[] }[] }): void {
    this.tags.clear();
    for (const [k, v] of game.tags) this.tags.set(k, v);
    this.takeComments(game.comments, game.moves);
  }

  private takeComments(before: readonly string[], moves: readonly { comments: readonly string[] }[]): void {
    this.notes.clear();
    const fens = this.fensAlong();
    this.notes.set(fens[0]!, before.join(' '));
    moves.forEach((node, i) => this.notes.set(fens[i + 1]!, node.comments.join(' ')));
  }
}
