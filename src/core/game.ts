import type { Move } from './move.js';

/**
 * The seam between a game and the generic search: the few calls a search needs from a position.
 *
 * One search instance sees one implementation, so every call site stays monomorphic.
 */
export interface GamePosition {
  /** 0 for the first player (red / white), 1 for the second. */
  readonly sideToMove: number;
  /** The low 32 bits of the position key. */
  readonly keyLo: number;
  /** The high 32 bits of the position key. */
  readonly keyHi: number;
  /** Plies made since the root position. */
  readonly ply: number;

  /**
   * Writes pseudo-legal moves into `buf` from index `from`, and returns the index after the
   * last one. With `capturesOnly`, only captures (and, for chess, promotions). A game may leave
   * out moves it knows to be illegal (chess lists legal moves only; xiangqi, in check, only the
   * moves that may answer the check), but never a legal one.
   */
  generate(buf: Int32Array, from: number, capturesOnly: boolean): number;
  /**
   * Writes from `from` the quiet moves: those {@link generate} lists (without `capturesOnly`)
   * whose {@link captureScore} is 0, in its order. Returns the end. The search's quiet stage
   * comes after the captures were searched, so it asks for these alone.
   */
  generateQuiets(buf: Int32Array, from: number): number;
  /**
   * Whether `move` is one that {@link generate} would produce here. The search asks before it
   * tries a move from the transposition table ahead of generating any (the table may hold a
   * move of another position whose key collided).
   */
  isPseudoLegal(move: Move): boolean;
  /** Makes a pseudo-legal move. Returns false, with the position unchanged, if it was illegal. */
  make(move: Move): boolean;
  /** Takes back the last move made by `make`. */
  unmake(): void;
  /** Passes the turn (for null-move pruning). */
  makeNull(): void;
  /** Takes back `makeNull`. */
  unmakeNull(): void;
  /** Whether the side to move is in check. */
  inCheck(): boolean;
  /**
   * A static score from the point of view of the side to move. A game may answer lazily when
   * a cheap estimate lies far outside the window (`alpha`, `beta`): the answer must then lie
   * on the same side of the window as the full score would.
   */
  evaluate(alpha: number, beta: number): number;
  /**
   * Whether `evaluate` uses the game's full knowledge (default true). Off, it gives only its
   * cheap part (material and piece-square tables, and what else the game's lazy estimate
   * holds), as ElephantEye's UCCI `knowledge none` does: a weaker, faster evaluation.
   */
  knowledge: boolean;

  /**
   * Rule-based repetition state of the current position within the game and search history:
   * {@link REP_NONE}, or {@link REP_DRAW} ORed with the perpetual flags (xiangqi, for perpetual
   * check or chase). Chess also
   * answers {@link REP_DRAW} when the 50-move rule applies. The search looks for a single
   * repetition (twofold), as ElephantEye and Stockfish do.
   */
  repetition(): number;
  /** A move-ordering score for captures (most valuable victim, least valuable attacker); 0 for quiet moves. */
  captureScore(move: Move): number;
  /**
   * Whether a capture (a move with a non-zero {@link captureScore}) probably loses material: the
   * capturing piece is worth clearly more than its victim and the other side can take back on
   * that square. A cheap stand-in for static exchange evaluation, for ordering and pruning.
   */
  losingCapture(move: Move): boolean;
  /**
   * Whether the quiet move `move` puts its piece where it can be taken for profit: the other
   * side attacks the square and either does not need to fear a recapture (no piece of the
   * mover's defends it) or attacks with a clearly cheaper piece. Pins, the pieces behind and the
   * exchanges that may follow are not looked at. The search prunes such moves near the leaves
   * where {@link losingQuietPruning} is set (a game may always answer false).
   */
  losingQuiet(move: Move): boolean;
  /**
   * What a quiet move gains on the game's middlegame piece-square tables, from the mover's
   * point of view (centipawns), or 0 where the game does not use it: the search breaks ties
   * between equal histories with it when ordering quiet moves, so that moves nothing has been
   * learnt about yet (history 0) come best square first. A game sets it by what it measured, as
   * {@link quiescenceChecks}.
   */
  quietGain(move: Move): number;
  /**
   * Whether a quiet move certainly gives no check, decided without making it and whether or
   * not the move is legal; false means "make it and see". Lets the search skip, unmade, the
   * quiet moves it prunes near the leaves (it prunes only moves that give no check). It counts
   * them as legal moves, illegal ones too, which changes nothing there: pruning starts only
   * after a legal move, and from then on the count only steers the reductions of quiet moves
   * that give no check, which are all pruned.
   */
  quietCannotCheck(move: Move): boolean;
  /**
   * Writes from `from` the quiet moves that may give check, in the order {@link generate} lists
   * them: every legal quiet move that checks is among them, and none that {@link quietCannotCheck}
   * clears, so that the quiet checks are found without generating and testing every quiet move.
   * The others are made to see. Returns the end.
   */
  generateCheckCandidates(buf: Int32Array, from: number): number;
  /**
   * Whether quiescence also searches the quiet moves that give check (from
   * {@link generateCheckCandidates}) at its first ply, and again while the side keeps checking,
   * so that a mate or a forking check just past the horizon is seen. A game sets it by what it
   * measured: it pays where checks decide games, and costs more than it finds where they are
   * rarer.
   */
  readonly quiescenceChecks: boolean;
  /**
   * Whether the search prunes, near the leaves, the quiet moves whose history is far below zero
   * (history pruning). A game sets it by what it measured, as {@link quiescenceChecks}.
   */
  readonly historyPruning: boolean;
  /**
   * Whether the search extends a singular table move (see the search's SINGULAR_DEPTH). A game
   * sets it by what it measured, as {@link quiescenceChecks}.
   */
  readonly singularExtension: boolean;
  /**
   * Whether the search reduces late quiet moves a ply more at a node whose children keep
   * failing high (more than two searched cutoffs one ply down since the node started). A game
   * sets it by what it measured, as {@link quiescenceChecks}.
   */
  readonly cutoffReduction: boolean;
  /**
   * Whether the search reduces a late quiet move a ply less at a node reached by one of its
   * parent's late moves (the parent's 20th or later). A game sets it by what it measured, as
   * {@link quiescenceChecks}.
   */
  readonly lateReplyReduction: boolean;
  /**
   * Whether the search prunes late quiet moves at nodes of depth 4 to 8 by the depth left
   * after their late-move reduction (late futility). A game sets it by what it measured, as
   * {@link quiescenceChecks}.
   */
  readonly lateFutility: boolean;
  /**
   * Whether the search orders captures of like value by how often each cut off (capture
   * history). A game sets it by what it measured, as {@link quiescenceChecks}.
   */
  readonly captureHistory: boolean;
  /**
   * Whether the search prunes, at nodes of depth up to 8 off the principal variation, the late
   * quiet moves that {@link losingQuiet} says lose their piece. A game sets it by what it
   * measured, as {@link quiescenceChecks}.
   */
  readonly losingQuietPruning: boolean;
  /**
   * Whether the search reduces late captures as it reduces late quiet moves: at an expected
   * cut node, where even winning the victim leaves the static score at or below alpha, or once
   * late-move pruning's count of moves is reached. A game sets it by what it measured, as
   * {@link quiescenceChecks}.
   */
  readonly captureReduction: boolean;
  /**
   * The deepest node at which the search prunes late quiet moves by their count (late-move
   * pruning): off the principal variation, quiet moves that give no check after the first
   * 3 + depth² (half as many where the side's static score has not risen) are not searched. A
   * game sets it by what it measured, as {@link quiescenceChecks}.
   */
  readonly lateMovePruningDepth: number;
  /** Whether having no legal move while not in check loses (xiangqi) rather than draws (chess). */
  readonly stalemateLoses: boolean;
  /** Whether a null move is sound here (the side to move has enough material that zugzwang is unlikely). */
  nullMoveSafe(): boolean;
  /**
   * Whether the piece that just moved, while the side to move is in check, can be taken for
   * nothing: the side to move attacks its square and the mover does not defend it. The search
   * does not extend such a check, which hands over its piece (a game may always answer false).
   */
  checkerHangs(): boolean;
}

/** {@link GamePosition.repetition}: no repetition. */
export const REP_NONE = 0;
/** The position repeats (or another rule draws it). */
export const REP_DRAW = 1;
/** ...and the side to move gave check on every one of its moves in the cycle (it loses, in xiangqi). */
export const REP_SELF_PERPETUAL = 2;
/** ...and the other side gave check on every one of its moves in the cycle (it loses, in xiangqi). */
export const REP_OPP_PERPETUAL = 4;
/**
 * ...and the perpetual flags are for chasing, not checking: neither side checked throughout,
 * and the flagged side attacked the same piece with every one of its moves (xiangqi's
 * perpetual-chase rule). The search need not look at it: a perpetual flag loses either way.
 */
export const REP_CHASE = 8;

/**
 * An endgame table's answer for a position, from its side to move (see `SearchLimits.endgame`):
 * {@link PROBE_MISS} when no table holds it, 0 for a draw, `PROBE_WIN - n` for a win that mates
 * in n plies and `-PROBE_WIN + n` for a loss mated in n plies, and {@link PROBE_RULE_WIN} or its
 * negation for a win or loss by a repetition rule (xiangqi: the loser can hold off mate only by
 * checking on every move, and perpetual check loses).
 */
export type EndgameProbe = (pos: GamePosition) => number;
/** The base of an endgame probe's win and loss codes. */
export const PROBE_WIN = 2000;
/**
 * An endgame probe's win by a repetition rule, with no mate distance (the loser's own choice
 * decides when the repetition comes): below every win by mate (those take under 1,000 plies)
 * and above a draw. Its negation is the loss.
 */
export const PROBE_RULE_WIN = PROBE_WIN - 1000;
/** An endgame probe found no table for the position. */
export const PROBE_MISS = 32767;
