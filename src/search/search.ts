/**
 * The search, written once over the {@link GamePosition} seam: iterative deepening, principal
 * variation search with aspiration windows (fail-soft), mate-distance pruning, check extension
 * (except for a check whose piece the game says can be taken for nothing: `checkerHangs`), a
 * singular extension where the game asks for it (a table move that alone holds its bound
 * searched a ply deeper, and the other moves there reduced a ply less; multi-cut when the others
 * hold it too; a ply shallower when another holds it and the table's score already reaches
 * beta), null-move pruning (verified when deep),
 * reverse futility, futility and late-move pruning near the leaves (reverse futility's margin
 * and late-move pruning's count steered by whether the side's static score has risen since its
 * last move: `improving`), and where the game asks for them late futility and the pruning of
 * late quiet moves that put their piece where it is lost (`losingQuiet`), late-move reductions
 * steered by history, by `improving` (a ply more where the score has not risen), by the node's
 * expected type (a ply more at an expected cut node) and, where the game asks for it, by its
 * children's cutoffs (a ply more once more than two of them have failed high) and by the
 * parent's move count (a ply less for a reply to its 20th or later move), and where the game
 * asks for it of late captures too (at an expected cut node, where the victim cannot lift the
 * static score to alpha, or past late-move pruning's count), internal iterative
 * reduction, and quiescence over captures (all moves when in check, and quiet checks
 * where the game asks for them, {@link GamePosition.quiescenceChecks}: at its first ply, and
 * again two and four plies down while each of the side's moves since the horizon has given
 * check) that leaves out captures the game calls losing, and reads and writes the transposition
 * table (at depth 0) as the main search does. Moves come in generated stages: the TT move
 * (tried before the node generates anything), captures by MVV/LVA (then, where the game asks
 * for it, by capture history), killers and countermove, quiet moves by history (at a futile
 * node only those that may give check, the only ones it searches), and losing captures last.
 * Where the static score drives a decision (reverse futility, the null move, futility, standing
 * pat), a bound from the table too shallow to decide the node corrects it.
 *
 * Repetition verdicts come from the game (`repetition()`): a plain repetition scores as a draw
 * (with contempt: `drawScore` against the side to move at the root), a perpetual check
 * (xiangqi) as a loss for the checker at ±{@link BAN}, a perpetual chase as a loss for the
 * chaser when it is the root's side and as a draw when it is the other side (see
 * repetitionScore). As in ElephantEye, scores between {@link WIN} and BAN depend on the path
 * and are never stored in the transposition table, so a perpetual verdict cannot leak into
 * another line.
 *
 * Everything in the tree works on typed arrays owned by the searcher; a search allocates
 * nothing per node. Scores and window bounds are negated as `0 - x`, never `-x`: `-0` is not a
 * small integer to V8, and one `-0` from negating a zero score was enough for the optimised
 * search to be thrown away and rebuilt with slower number handling.
 */
import { PROBE_MISS, PROBE_RULE_WIN, PROBE_WIN, REP_CHASE, REP_OPP_PERPETUAL, REP_SELF_PERPETUAL, type EndgameProbe, type GamePosition } from '../core/game.js';
import type { Move } from '../core/move.js';
import { BAN, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, MATE, MATE_BOUND, SCORE_INF, TranspositionTable, WIN } from './tt.js';

export const MAX_PLY = 100;
/**
 * Room for one ply's moves: the capture stage (captures and up to three remembered quiet
 * moves), and after it every move of the position as generated (before the captures and the
 * moves already listed are dropped from them).
 */
const SLICE = 512;
const INF = SCORE_INF;
/**
 * From this depth on, a null-move cutoff is confirmed by a reduced search (zugzwang guard).
 * Stockfish verifies only from depth 13; here that saved 10-13% of the nodes to depth 11-12 on
 * xiangqi positions from match games, but scored 38.0% against Fairy-Stockfish over 200 games
 * beside 44.5% and more for depth 7 (bench/RESULTS.md), so depth 7 stays.
 */
const VERIFY_DEPTH = 7;
/**
 * Lazy SMP: which depths helper thread i skips (Stockfish 9's tables): helper i searches depth d
 * only if `floor((d + SKIP_PHASE[j]) / SKIP_SIZE[j])` is even, j = (i - 1) mod 20, so that the
 * helpers spread over the depths around the main search's instead of repeating it.
 */
const SKIP_SIZE = Int8Array.of(1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4);
const SKIP_PHASE = Int8Array.of(0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7);
/**
 * Singular extension: from this depth on, a table move whose lower bound is deep enough is
 * searched a ply deeper when every other move fails low against that bound less
 * {@link SINGULAR_MARGIN} a ply of depth, at half the depth (it is the only good move here); when
 * even the others reach beta, the node fails high at once (multi-cut). Over two pairs against
 * Fairy-Stockfish 11.1 (xiangqi) it scored 56.2% (48.8% with the chase games as draws) beside
 * the search without it at 46.2% (39.0%); in chess, against Stockfish at Elo 2000, 50.5% beside
 * 61.5% without, so chess has it off (GamePosition.singularExtension; bench/RESULTS.md, stops
 * 67-68). From depth 6 instead of 8 it scored 46.8% (39.8%) in xiangqi beside 49.8% (43.8%).
 */
const SINGULAR_DEPTH = 8;
/**
 * The singular bound lies this many centipawns a ply of depth below the table's score. With 1
 * instead of 2 the bound is higher: more table moves count as singular, and more nodes whose
 * other moves hold it cut off at once (on the four xiangqi bench positions to depth 10, 59
 * extensions and 5 multi-cuts instead of 49 and 2). Over two pairs it scored 54.5% (46.8% as
 * draws) beside 47.5% (42.0%) with 2 (bench/RESULTS.md, stops 69-70).
 */
const SINGULAR_MARGIN = 1;
/** Late-move reductions by depth and move number: about ln(depth) * ln(moves) / 1.8. */
const LMR = new Int8Array(64 * 64);
for (let d = 1; d < 64; d++) for (let n = 1; n < 64; n++) LMR[d * 64 + n] = Math.floor(0.75 + (Math.log(d) * Math.log(n)) / 1.8);
/** The table's late-move reduction of the `n`-th move at `depth` (both read up to 63). */
function tableReduction(depth: number, n: number): number {
  return LMR[Math.min(depth, 63) * 64 + Math.min(n, 63)]!;
}
/** What a capture may gain beyond its victim's value (positional swing), for delta pruning. */
const DELTA_MARGIN = 120;
/**
 * Quiescence searches quiet checks at its first ply and, while the side keeps checking (each of
 * its moves since the horizon gave check), at every second ply up to this one: a mate by a
 * chain of checks just past the horizon is seen. With it, 1% more nodes to depth 10 on the
 * 31 xiangqi match positions (bench/RESULTS.md).
 */
const QCHECK_PLIES = 4;
/** Per ply of remaining depth, what a quiet move is assumed able to gain at most. */
const FUTILITY_MARGIN = 110;
/**
 * Reverse futility (static null move): near the leaves, a static score this far above beta
 * per ply of depth is taken as a fail-high without searching.
 */
const RFP_MARGIN = 90;
const RFP_DEPTH = 5;
/**
 * Late futility: at a node from depth 4 (futility's nodes end at 3) to this one, a quiet move
 * after the first, not a killer, is pruned where the static score plus FUTILITY_MARGIN a ply of
 * its reduced depth (the node's depth less one and its late-move reduction, at least one) stays
 * at or below alpha (Stockfish's futility at lmrDepth). Over two pairs against Fairy-Stockfish
 * 11.1 it scored 48.2% (41.5% with the chase games as draws) beside the search without it at
 * 42.0% (37.5%); to depth 11 on the four xiangqi bench positions it needs 40% fewer nodes
 * (bench/RESULTS.md, stop 75). Chess has it off (GamePosition.lateFutility).
 */
const LATE_FUTILITY_DEPTH = 8;
/**
 * Losing-quiet pruning: at a node off the principal variation to this depth, a late quiet move
 * (after the first, not a killer) that puts its piece where the other side takes it for profit
 * (GamePosition.losingQuiet) is not searched, unless it gives check (Stockfish prunes quiet
 * moves by static exchange at every depth, by a threshold that grows with the depth). Over two
 * pairs against Fairy-Stockfish 11.1 it scored 46.5% (41.5% with the chase games as draws)
 * beside the search without it at 45.5% (40.2%); to depth 10 on the 50 match openings it needs
 * 15% fewer nodes (bench/RESULTS.md, stop 79). Chess has it off
 * (GamePosition.losingQuietPruning).
 */
const LOSING_QUIET_DEPTH = 8;
/** `staticEvals` at a node in check: no static score. */
const NO_EVAL = -0x8000;
/** The ordering key of the TT move: above every other (and still a V8 small integer, below 2^30). */
const TT_MOVE_ORDER = (1 << 30) - 1;
/**
 * The ordering key of a capture not (yet) found to lose material is GOOD_CAPTURE plus its
 * MVV/LVA score (below 2^20): above killers and quiets, below the TT move.
 */
const GOOD_CAPTURE = 1 << 20;
/**
 * A capture's ordering key is GOOD_CAPTURE + CAPTURE_KEY_BASE + its MVV/LVA score + an eighth of
 * its capture history (within +-HISTORY_MAX / 8): the base keeps the key of a capture with the
 * lowest history at or above GOOD_CAPTURE, where {@link Search.pickGood} looks for captures.
 */
const CAPTURE_KEY_BASE = 4096;
/** Ordering keys of the killers and the countermove: between captures and history. */
const KILLER1_ORDER = (1 << 19) + 1;
const KILLER2_ORDER = 1 << 19;
const COUNTER_ORDER = (1 << 19) - 1;
/** History scores stay within +-HISTORY_MAX (each update moves a score part of the way). */
const HISTORY_MAX = 16384;
/**
 * A quiet move's ordering key: its history times 16, plus the game's quietGain / 4 clamped to
 * +-7, so the piece-square gain only breaks ties between equal histories (chiefly the moves
 * nothing has been learnt about yet, at 0) and never outranks a history one point higher. Over
 * two pairs against Fairy-Stockfish it scored 52.3% (44.0% as draws) beside the search without
 * it at 46.8% (42.5%), inside the noise (bench/RESULTS.md, stop 52); ordering by history plus
 * 8 x the gain, where the gain could outweigh history, had scored less (stop 48). Exported for
 * the tests.
 */
export function quietKey(history: number, gain: number): number {
  const g = gain >> 2;
  return (history << 4) + (g > 7 ? 7 : g < -7 ? -7 : g);
}
/** History pruning's threshold per ply of depth (see pvs). */
const HISTORY_PRUNE = 4096;

/**
 * How fast the history learns: a cutoff at depth d moves a quiet move's score HISTORY_RATE x d²
 * toward the bound (see {@link historyAfter}). From stop 44's 32, each doubling to 64 and 128
 * scored a few points more against Fairy-Stockfish over two pairs, within the noise, and 256
 * scored 12 points less in one pair; in chess, 128 scored 62.5% against Stockfish at Elo 2000
 * beside 51.0% at 64, one run each (bench/RESULTS.md, stops 46-48). One reading, not tested:
 * searches of a fifth of a second learn from few cutoffs.
 */
const HISTORY_RATE = 128;

/**
 * A history score after one update: `h` moved toward +-HISTORY_MAX (the sign of `bonus`) by a
 * step of HISTORY_RATE x `bonus`, less the closer it already is, so it never leaves the range.
 * A cutoff move's `bonus` is {@link historyBonus}(depth): one cutoff at depth 8 moves a score
 * half the way, and from depth 12 up one cutoff sets it; each quiet move tried before it is
 * updated with -{@link historyMalus}(bonus). Exported for the tests.
 */
export function historyAfter(h: number, bonus: number): number {
  const step = bonus < 0 ? Math.max(bonus * HISTORY_RATE, -HISTORY_MAX) : Math.min(bonus * HISTORY_RATE, HISTORY_MAX);
  return h + step - ((h * Math.abs(step)) / HISTORY_MAX | 0);
}

/**
 * What a quiet move that causes a cutoff at `depth` gains in history: depth², capped at 400
 * (depth 20), so deep cutoffs count for more without one of them swamping the table for good.
 * Exported for the tests.
 */
export function historyBonus(depth: number): number {
  return Math.min(depth * depth, 400);
}

/**
 * What each quiet move tried before a cutoff loses, for the cutoff move's `bonus`: half of it,
 * rounded up (so 1 at depth 1), on the reading that a failure here is weaker evidence than the
 * cutoff (the move may still cut elsewhere). Half scored at least as well as the whole bonus:
 * over two pairs against Fairy-Stockfish 46.3% (38.8% as draws) beside 45.0% (38.5%), inside
 * the noise, and 55.0% in one chess run against Stockfish at Elo 2000 (bench/RESULTS.md, stop
 * 51). Exported for the tests.
 */
export function historyMalus(bonus: number): number {
  return (bonus + 1) >> 1;
}

/**
 * Moves the score of move `m` (by its from-to) in a history table, quiet or capture, by `bonus`
 * (see {@link historyAfter}).
 */
function updateStat(table: Int32Array, m: Move, bonus: number): void {
  const i = m & 0xffff;
  table[i] = historyAfter(table[i]!, bonus);
}

/** Halves every score of a history table: a new search trusts the last one's half as much. */
function halveStats(table: Int32Array): void {
  for (let i = 0; i < table.length; i++) table[i] = table[i]! >> 1;
}

/** Progress of a search, after each completed depth (one report per line with MultiPV). */
export interface SearchInfo {
  depth: number;
  seldepth: number;
  /** 1 for the best line; 2, 3, ... for the next ones with MultiPV. */
  multipv: number;
  /** Centipawns from the side to move's point of view, or mate scores (see {@link isMateScore}). */
  score: number;
  nodes: number;
  timeMs: number;
  nps: number;
  hashfull: number;
  /** Positions scored by the endgame tables so far (0 without tables). */
  tbhits: number;
  pv: Move[];
}

export interface SearchLimits {
  /** Deepest iteration (default and maximum {@link MAX_PLY} - 1). */
  depth?: number;
  /** Stop after about this many nodes (checked every 1024). */
  nodes?: number;
  /** Stop after this many milliseconds (a hard limit, checked every 128 nodes). */
  movetimeMs?: number;
  /**
   * The time the search means to use, when it manages a clock: no new iteration starts after
   * half of it (the next one would rarely finish). Without it, a fixed `movetimeMs` is used to
   * its end.
   */
  softMs?: number;
  /** Stops the search when aborted; the best move so far is still returned. */
  signal?: AbortSignal;
  /** Stops the search when its first element becomes non-zero (a shared flag, for workers). */
  stopFlag?: Int32Array;
  /** Only these root moves are searched (UCI `searchmoves`; UCCI `banmoves` is the complement). */
  rootMoves?: readonly Move[];
  /** How many best lines to search and report (MultiPV); default 1. */
  multiPv?: number;
  /**
   * Stop once a completed iteration finds a mate in at most this many moves for the side to
   * move (UCI `go mate`). It ends the search early; it does not limit it.
   */
  mate?: number;
  /** Called after each completed depth, once per line. */
  onInfo?: (info: SearchInfo) => void;
  /** The score of a draw for the side to move at the root (contempt); default 0. */
  drawScore?: number;
  /**
   * Endgame tables: below the root, a position the probe knows is scored from it (a mate at its
   * distance, or a draw) instead of searched. Without it nothing is probed.
   */
  endgame?: EndgameProbe;
  /** A clock in milliseconds (default `performance.now`). */
  now?: () => number;
  /**
   * Lazy SMP: this search's thread, 0 for the main one (the default), 1, 2, ... for helpers
   * searching the same root on a shared table (see {@link TranspositionTable.shared}). A helper
   * skips some depths (each helper others), reports nothing, and runs until `stopFlag` is
   * raised (or its own limits end it); its answer is not used.
   */
  thread?: number;
  /**
   * Lazy SMP: one slot per thread (indexed by {@link thread}) where each search publishes its
   * node count as it goes, on a SharedArrayBuffer. The main search reports, and limits by, the
   * sum of all slots.
   */
  threadNodes?: Float64Array;
  /**
   * Varied play: each root move gets a bonus drawn at random from 0 to this many centipawns
   * (whole numbers), added to its score when the root moves are compared, so that moves within
   * that much of the best are played now and then. The move played never scores more than
   * `randomness` below the best by the search's own scores; reported scores leave the bonus
   * out, and so do mate and perpetual scores. Default 0 (none).
   */
  randomness?: number;
  /** The seed of the bonuses' draw (default 0): the same seed draws the same bonuses. */
  randomSeed?: number;
  /**
   * Whether null-move pruning runs (default true). Off, the search prunes less and reaches
   * less depth in the same time (ElephantEye's UCCI `pruning none`, for a weaker or a
   * zugzwang-proof search).
   */
  nullMove?: boolean;
}

/**
 * A seeded generator of numbers in [0, 1) (mulberry32): the root bonuses are drawn from it, so
 * that a search with a given seed repeats.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One principal variation of a finished search. */
export interface SearchLine {
  score: number;
  pv: Move[];
}

export interface SearchResult {
  /** The best move (0 only when there is no legal move). */
  bestMove: Move;
  /** The expected reply, or 0. */
  ponderMove: Move;
  score: number;
  depth: number;
  seldepth: number;
  nodes: number;
  timeMs: number;
  pv: Move[];
  /** The lines of the last completed depth, best first (one unless MultiPV asked for more). */
  lines: SearchLine[];
}

/** Whether a score is a mate score. */
export function isMateScore(score: number): boolean {
  return Math.abs(score) >= MATE_BOUND;
}

/**
 * Whether a score may go in the table: a repetition verdict (a perpetual's score, above WIN up
 * to BAN) depends on the path that reached the position, so it stays out.
 */
function storableScore(score: number): boolean {
  return Math.abs(score) <= WIN || Math.abs(score) > BAN;
}

/** Moves to mate for a mate score (positive: the side to move mates), else 0. */
export function mateIn(score: number): number {
  if (score >= MATE_BOUND) return Math.ceil((MATE - score) / 2);
  if (score <= -MATE_BOUND) return -Math.ceil((MATE + score) / 2);
  return 0;
}

/** `e` moved into [low, high], the table's bounds on the node's score (they never cross: an exact score is both). */
function clamp(e: number, low: number, high: number): number {
  return e < low ? low : e > high ? high : e;
}

const defaultNow = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** Index into {@link Search.singularCounts}: the singular tests run. */
export const SINGULAR_TESTED = 0;
/** Index into {@link Search.singularCounts}: the table's move alone held the bound (a ply deeper). */
export const SINGULAR_EXTENDED = 1;
/** Index into {@link Search.singularCounts}: other moves reached beta too (the node failed high). */
export const SINGULAR_MULTICUT = 2;
/**
 * Index into {@link Search.singularCounts}: another move held the bound and the table's score
 * was at least beta (the table's move a ply shallower).
 */
export const SINGULAR_REDUCED = 3;

export class Search {
  readonly tt: TranspositionTable;
  private pos!: GamePosition;
  private readonly moves = new Int32Array(MAX_PLY * SLICE);
  private readonly order = new Int32Array(MAX_PLY * SLICE);
  private readonly killers = new Int32Array(MAX_PLY * 2);
  private readonly history = new Int32Array(1 << 16);
  /**
   * How often each capture (by from-to) cut off, as {@link history} for quiet moves, where the
   * game asks for it (GamePosition.captureHistory); it orders captures of like value.
   */
  private readonly captureHistory = new Int32Array(1 << 16);
  /** The captures searched so far at each ply (their capture history is lowered on a cutoff). */
  private readonly capturesTried = new Int32Array(MAX_PLY * 32);
  /** The quiet moves searched so far at each ply (their history is lowered on a cutoff). */
  private readonly quietsTried = new Int32Array(MAX_PLY * 64);
  /** The reply that refuted each move last time (by the move's from-to), for ordering. */
  private readonly countermoves = new Int32Array(1 << 16);
  private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
  private readonly pvLength = new Int32Array(MAX_PLY);
  private nodes = 0;
  private seldepth = 0;
  private stopped = false;
  private nodeLimit = Infinity;
  private deadline = Infinity;
  private signal: AbortSignal | undefined;
  private stopFlag: Int32Array | undefined;
  private endgame: EndgameProbe | null = null;
  /** Positions the endgame probe scored in the last {@link run}. */
  tableHits = 0;
  private now: () => number = defaultNow;
  private drawScore = 0;
  private rootFilter: Set<Move> | null = null;
  /** Root moves already given a line in this iteration (MultiPV). */
  private readonly excluded = new Int32Array(SLICE);
  private excludedCount = 0;
  /** The killers and countermove a node's capture stage listed (0 where it listed none). */
  private readonly listedQuiets = new Int32Array(MAX_PLY * 3);
  /** The move made at each ply of the current line (0 for a null move). */
  private readonly pathMove = new Int32Array(MAX_PLY + 1);
  /** Non-zero inside a null-move verification search, where null moves are off. */
  private nullDisabled = 0;
  /** The move a singular-extension test leaves out at each ply (0: none). */
  private readonly singularExcluded = new Int32Array(MAX_PLY + 1);
  /**
   * How many nodes at each ply have failed high by a searched move since the node two plies up
   * started (Stockfish's cutoffCnt): where the children keep refuting the moves, later quiet
   * moves are reduced a ply more.
   */
  private readonly cutoffs = new Int32Array(MAX_PLY + 2);
  /**
   * How many moves each ply had taken up when it made the move on the path, that move included
   * and the late moves it pruned counted (0 for a null move): its children read their parent's.
   */
  private readonly moveCounts = new Int32Array(MAX_PLY + 2);
  /**
   * The static score of the node at each ply of the current line, from its side to move's
   * view ({@link NO_EVAL} where that side is in check): a node compares its own with the one
   * two plies up (Stockfish's `improving`).
   */
  private readonly staticEvals = new Int32Array(MAX_PLY + 2);
  /**
   * What the singular tests of the last {@link run} found (indexed by {@link SINGULAR_TESTED} and
   * the next three): how many ran, and how many extended the table's move, cut the node off
   * (multi-cut) or searched the table's move a ply shallower. For tuning and for the tests; all
   * zero in a game whose {@link GamePosition.singularExtension} is off.
   */
  readonly singularCounts = new Int32Array(4);
  /** The depth of the iteration under way (extensions stop at twice it). */
  private rootDepth = 0;
  /** The score of the root move that last raised alpha (for a part-finished iteration). */
  private rootScore = 0;
  /** Each root move's bonus for varied play (see SearchLimits.randomness); null: none. */
  private rootBonus: Map<Move, number> | null = null;
  /** Lazy SMP: this search's thread (0: main) and the shared node counts (see SearchLimits). */
  private thread = 0;
  private threadNodes: Float64Array | undefined;
  /**
   * The root entry of this search's last finished iteration (depth 0: none to restore), kept
   * for {@link restoreRootEntry}.
   */
  private rootEntryKeyLo = 0;
  private rootEntryKeyHi = 0;
  private rootEntryMove = 0;
  private rootEntryScore = 0;
  private rootEntryDepth = 0;

  constructor(tt: TranspositionTable = new TranspositionTable(16)) {
    this.tt = tt;
  }

  /** Forgets everything learnt (TT, killers, history): the next search starts fresh. */
  clear(): void {
    this.tt.clear();
    this.killers.fill(0);
    this.cutoffs.fill(0);
    this.history.fill(0);
    this.captureHistory.fill(0);
    this.countermoves.fill(0);
  }

  /** Searches `pos` (left as it was) within the limits. */
  run(pos: GamePosition, limits: SearchLimits = {}): SearchResult {
    this.pos = pos;
    this.now = limits.now ?? defaultNow;
    const t0 = this.now();
    this.nodes = 0;
    this.seldepth = 0;
    this.stopped = false;
    this.nodeLimit = limits.nodes ?? Infinity;
    this.deadline = limits.movetimeMs === undefined ? Infinity : t0 + limits.movetimeMs;
    this.signal = limits.signal;
    this.stopFlag = limits.stopFlag;
    this.drawScore = limits.drawScore ?? 0;
    this.endgame = limits.endgame ?? null;
    this.tableHits = 0;
    this.rootFilter = limits.rootMoves ? new Set(limits.rootMoves) : null;
    this.thread = limits.thread ?? 0;
    this.threadNodes = limits.threadNodes;
    if (this.threadNodes !== undefined) this.threadNodes[this.thread] = 0;
    this.excludedCount = 0;
    // Off for the whole search: the counter never comes back to zero.
    this.nullDisabled = limits.nullMove === false ? 1 : 0;
    this.rootEntryDepth = 0;
    this.singularExcluded.fill(0);
    this.singularCounts.fill(0);
    this.pathMove[0] = 0;
    this.killers.fill(0);
    this.cutoffs.fill(0);
    halveStats(this.history);
    halveStats(this.captureHistory);
    this.tt.newSearch();

    const rootLegal = this.rootLegalMoves();
    this.rootBonus = null;
    const randomness = Math.floor(limits.randomness ?? 0);
    if (randomness > 0) {
      const draw = seededRandom(limits.randomSeed ?? 0);
      this.rootBonus = new Map();
      for (const m of rootLegal) this.rootBonus.set(m, Math.floor(draw() * (randomness + 1)));
    }
    const maxDepth = Math.max(1, Math.min(MAX_PLY - 1, limits.depth ?? MAX_PLY - 1));
    const helper = this.thread > 0;
    const multiPv = helper ? 1 : Math.max(1, Math.min(rootLegal.length, Math.floor(limits.multiPv ?? 1)));
    const result: SearchResult = { bestMove: rootLegal[0] ?? 0, ponderMove: 0, score: 0, depth: 0, seldepth: 0, nodes: 0, timeMs: 0, pv: [], lines: [] };
    if (rootLegal.length === 0) {
      result.score = pos.inCheck() || pos.stalemateLoses ? -MATE : this.drawScore;
      return result;
    }
    // One legal move: answer at once when time is what limits us.
    const lastDepth = rootLegal.length === 1 && limits.depth === undefined ? 1 : maxDepth;

    const prev = new Array<number>(multiPv).fill(0);
    for (let depth = 1; depth <= lastDepth; depth++) {
      if (helper && depth < lastDepth) {
        const j = (this.thread - 1) % 20;
        if (Math.floor((depth + SKIP_PHASE[j]!) / SKIP_SIZE[j]!) % 2 !== 0) continue;
      }
      const lines: SearchLine[] = [];
      this.excludedCount = 0;
      this.rootDepth = depth;
      // With root bonuses (varied play), the lines' scores here have each first move's bonus
      // in: they rank the lines and set the aspiration windows, and are reported without it.
      for (let k = 0; k < multiPv; k++) {
        const score = this.aspiration(depth, prev[k]!);
        if (this.stopped && (depth > 1 || k > 0)) break;
        const pv = Array.from(this.pvTable.subarray(0, this.pvLength[0]!));
        if (pv.length === 0) break;
        lines.push({ score, pv });
        this.excluded[this.excludedCount++] = pv[0]!;
      }
      this.excludedCount = 0;
      // An iteration stopped part-way: root moves are searched best first, so a move that
      // raised alpha before the stop is better than the previous best, and is played.
      if (lines.length === 0 && this.stopped && multiPv === 1 && result.depth > 0 && this.pvLength[0]! > 0) {
        const pv = Array.from(this.pvTable.subarray(0, this.pvLength[0]!));
        if (pv[0] !== result.bestMove) {
          result.bestMove = pv[0]!;
          result.ponderMove = pv[1] ?? 0;
          result.pv = pv;
          result.score = this.withoutBonus(this.rootScore, pv[0]!);
          result.lines = [{ score: result.score, pv }];
          // Report it, so that the last progress line always shows the move played.
          limits.onInfo?.(this.progress(depth, 1, result.score, pv, t0));
        }
      }
      // Otherwise a line of an unfinished iteration is kept only at depth 1: there is no
      // answer before it, and its best move so far, when a limit stops it part-way, is legal.
      if (lines.length > 0 && !(this.stopped && result.depth > 0)) {
        lines.sort((a, b) => b.score - a.score);
        for (let k = 0; k < lines.length; k++) prev[k] = lines[k]!.score;
        const sorted = lines.map((l) => ({ score: this.withoutBonus(l.score, l.pv[0]!), pv: l.pv }));
        const best = sorted[0]!;
        result.bestMove = best.pv[0]!;
        result.ponderMove = best.pv[1] ?? 0;
        result.score = best.score;
        result.depth = depth;
        result.pv = best.pv;
        result.lines = sorted;
        // The root entry of the finished iteration's best line, kept on the terms the end of
        // pvs stores it (a storable score, no restricted root).
        if (!this.stopped && this.rootFilter === null && this.rootBonus === null && storableScore(best.score)) {
          this.rootEntryKeyLo = pos.keyLo;
          this.rootEntryKeyHi = pos.keyHi;
          this.rootEntryMove = best.pv[0]!;
          this.rootEntryScore = best.score;
          this.rootEntryDepth = depth;
        }
      }
      result.seldepth = this.seldepth;
      if (limits.onInfo !== undefined && !helper && result.depth === depth) {
        for (let k = 0; k < result.lines.length; k++) limits.onInfo(this.progress(depth, k + 1, result.lines[k]!.score, result.lines[k]!.pv, t0));
      }
      // The limits are polled every 128 nodes (1024 for the node limit); small iterations may
      // all fit between polls.
      this.checkLimits();
      if (this.stopped) break;
      // The mate asked for is found.
      if (limits.mate !== undefined && result.depth === depth) {
        const n = mateIn(result.score);
        if (n > 0 && n <= limits.mate) break;
      }
      // A found mate will not get shorter by searching much deeper.
      if (multiPv === 1 && isMateScore(result.score) && depth >= 2 * (MATE - Math.abs(result.score)) + 2) break;
      // Another iteration usually costs more than all before it: with a clock, do not start one
      // we cannot finish. A fixed move time is used to the end, since a part-finished iteration
      // still yields its best root move (and the time would be lost otherwise).
      if (limits.softMs !== undefined && this.now() - t0 > limits.softMs * 0.5) break;
    }
    this.publishNodes();
    result.nodes = this.totalNodes();
    result.timeMs = this.now() - t0;
    return result;
  }

  /**
   * Lazy SMP: stores again the root entry of the last search's deepest finished iteration.
   * On a shared table a helper that finishes a shallower iteration after the main search
   * replaces that entry (an exact entry always replaces one of its own key), so the main
   * worker calls this once its helpers have stopped, and the table answers a probe of the root
   * (UCCI `probe`, the next search) with the depth the search reported. Does nothing when the
   * last search stored no root entry.
   */
  restoreRootEntry(): void {
    if (this.rootEntryDepth === 0) return;
    this.tt.store(this.rootEntryKeyLo, this.rootEntryKeyHi, this.rootEntryMove, this.rootEntryScore, this.rootEntryDepth, BOUND_EXACT, 0);
  }

  /** A root score of first move `m` without the move's bonus (see SearchLimits.randomness). */
  private withoutBonus(score: number, m: Move): number {
    if (this.rootBonus === null || score >= WIN || score <= -WIN) return score;
    return score - (this.rootBonus.get(m) ?? 0);
  }

  /** Lazy SMP: writes this thread's node count to its shared slot. */
  private publishNodes(): void {
    if (this.threadNodes !== undefined) this.threadNodes[this.thread] = this.nodes;
  }

  /** The nodes of every thread searching with this one (just this one's without Lazy SMP). */
  private totalNodes(): number {
    const counts = this.threadNodes;
    if (counts === undefined || this.thread > 0) return this.nodes;
    let sum = this.nodes;
    for (let i = 1; i < counts.length; i++) sum += counts[i]!;
    return sum;
  }

  /** A progress report for one line of a depth, as of now. */
  private progress(depth: number, multipv: number, score: number, pv: Move[], t0: number): SearchInfo {
    const timeMs = this.now() - t0;
    const nodes = this.totalNodes();
    return {
      depth,
      seldepth: this.seldepth,
      multipv,
      score,
      nodes,
      timeMs,
      nps: timeMs > 0 ? Math.round((nodes * 1000) / timeMs) : 0,
      hashfull: this.tt.hashfull(),
      tbhits: this.tableHits,
      pv,
    };
  }

  /**
   * One root search around the previous score, widening the window until the score fits. The
   * first window is ±20: narrower than the ±35 used before, it searched 3% more nodes to depth
   * 10 on the match positions (more re-searches) and scored 48.5% against Fairy-Stockfish beside
   * 44.0% for ±35, and 47.5% against Stockfish at Elo 2000 (bench/RESULTS.md).
   */
  private aspiration(depth: number, prev: number): number {
    if (depth < 4 || isMateScore(prev)) return this.pvs(depth, -INF, INF, 0, true, false);
    let delta = 20;
    let alpha = prev - delta;
    let beta = prev + delta;
    for (;;) {
      const score = this.pvs(depth, alpha, beta, 0, true, false);
      if (this.stopped) return score;
      if (score <= alpha) alpha = Math.max(-INF, score - delta);
      else if (score >= beta) beta = Math.min(INF, score + delta);
      else return score;
      delta *= 2;
    }
  }

  /** Whether a root move is left out: not among `searchmoves`, or already given a MultiPV line. */
  private skipAtRoot(m: Move): boolean {
    if (this.rootFilter !== null && !this.rootFilter.has(m)) return true;
    for (let i = 0; i < this.excludedCount; i++) if (this.excluded[i] === m) return true;
    return false;
  }

  private rootLegalMoves(): Move[] {
    const pos = this.pos;
    const end = pos.generate(this.moves, 0, false);
    const out: Move[] = [];
    for (let i = 0; i < end; i++) {
      const m = this.moves[i]!;
      if (this.rootFilter !== null && !this.rootFilter.has(m)) continue;
      if (!pos.make(m)) continue;
      pos.unmake();
      out.push(m);
    }
    return out;
  }

  /**
   * The in-tree check, every 128 nodes: the clock, the signal and the stop flag each time, the
   * node limit every 1024 (so node-limited searches stop where they always have). A search on
   * code V8 has not optimised yet runs at a few tens of thousands of nodes/s, where 1024 nodes
   * take tens of milliseconds: the first `go movetime 100` of a process overran by 40 ms when
   * the clock was read that rarely.
   */
  private poll(): void {
    if (this.threadNodes !== undefined) this.publishNodes();
    if (((this.nodes & 1023) === 0 && this.totalNodes() >= this.nodeLimit) || this.interrupted()) this.stopped = true;
  }

  /** Every limit: the node count, and what {@link interrupted} reads. */
  private checkLimits(): void {
    if (this.totalNodes() >= this.nodeLimit || this.interrupted()) this.stopped = true;
  }

  /** Whether the deadline has passed, the signal aborted or the stop flag been raised. */
  private interrupted(): boolean {
    return (this.deadline !== Infinity && this.now() >= this.deadline) || this.signal?.aborted === true || (this.stopFlag !== undefined && this.stopFlag[0] !== 0);
  }

  /** The score of a repetition verdict for the side to move at `ply`. */
  private repetitionScore(rep: number, ply: number): number {
    const self = (rep & REP_SELF_PERPETUAL) !== 0;
    const opp = (rep & REP_OPP_PERPETUAL) !== 0;
    if (self !== opp) {
      // A perpetual check loses for the checker. A perpetual chase loses for the chaser only
      // when the chaser is the root's side: the search avoids its own chases but does not count
      // on the other side's to win (opponents read chases differently, and under their reading
      // such a game is drawn), so it scores them as a draw and plays on for a win on the board.
      // Over two pairs against Fairy-Stockfish 11.1 that scored 41.2% (41.2% with the chase
      // games as draws: there were none) beside 40.0% (35.2%) (bench/RESULTS.md, stop 80).
      const chaserIsRoot = ((ply & 1) === 0) === self;
      if ((rep & REP_CHASE) === 0 || chaserIsRoot) return self ? -BAN : BAN;
    }
    // A draw is worth drawScore to the root's side and the opposite to the other side.
    return (ply & 1) === 0 ? this.drawScore : 0 - this.drawScore;
  }

  /**
   * The principal variation search at `ply`. `cutNode`: the node is expected to fail high (as
   * Stockfish's search names it): a null-window child of an expected all-node, the node below a
   * reduced late move, or below a null move from an all-node; its first move's child is then an
   * expected all-node, and so on, alternating. Only the reductions read it.
   */
  private pvs(depth: number, alpha: number, beta: number, ply: number, isPv: boolean, cutNode: boolean): number {
    const pos = this.pos;
    // At the horizon the node is quiescence's (which counts it, once), unless a check extends
    // it back to depth 1 (a check whose piece can be taken for nothing does not).
    if (depth <= 0 && (depth < 0 || !pos.inCheck() || pos.checkerHangs())) return this.quiesce(alpha, beta, ply, 0, true);
    this.pvLength[ply] = ply;
    if (ply > this.seldepth) this.seldepth = ply;
    if (ply > 0) {
      const rep = pos.repetition();
      if (rep !== 0) return this.repetitionScore(rep, ply);
      // Mate-distance pruning: no line from here can beat a mate already found nearer the root.
      alpha = Math.max(alpha, -MATE + ply);
      beta = Math.min(beta, MATE - ply - 1);
      if (alpha >= beta) return alpha;
      // An endgame table's answer is exact: a mate at its distance, or a draw.
      if (this.endgame !== null) {
        const code = this.endgame(pos);
        if (code !== PROBE_MISS) {
          this.tableHits++;
          if (code === 0) return (ply & 1) === 0 ? this.drawScore : 0 - this.drawScore;
          // A result by the perpetual-check rule scores as the search's own perpetual verdicts
          // do (and, like them, stays out of the transposition table).
          if (code === PROBE_RULE_WIN) return BAN;
          if (code === -PROBE_RULE_WIN) return 0 - BAN;
          return code > 0 ? MATE - ply - (PROBE_WIN - code) : -MATE + ply + (PROBE_WIN + code);
        }
      }
    }
    if ((++this.nodes & 127) === 0) this.poll();
    if (this.stopped) return 0;
    if (ply >= MAX_PLY - 1) return pos.evaluate(alpha, beta);
    // The killers two plies down start empty, so this node's grandchildren read only killers
    // found among themselves, not ones left from positions outside this node's subtree.
    if (ply + 2 < MAX_PLY) {
      this.killers[(ply + 2) * 2] = 0;
      this.killers[(ply + 2) * 2 + 1] = 0;
    }
    this.cutoffs[ply + 2] = 0;

    // Check extension, except for a check that hands its piece over for nothing: that check
    // is usually a spite check, and extending it spent 12% of the nodes to depth 10-11 on
    // xiangqi match positions (bench/RESULTS.md).
    const inCheck = pos.inCheck();
    if (inCheck && !pos.checkerHangs()) depth++;

    const tt = this.tt;
    // Inside a singular-extension test this node is searched without one move: the table's
    // entry for the position (with every move) neither decides it nor is overwritten by it.
    const excluded = this.singularExcluded[ply]!;
    let ttMove = 0;
    if (tt.probe(pos.keyLo, pos.keyHi, ply)) {
      ttMove = tt.move;
      if (!isPv && excluded === 0 && tt.depth >= depth && tt.decides(alpha, beta)) {
        // A quiet move that the table says fails high here gains what a cutoff searched here
        // would have given it: the killer slot, its history and the countermove. Without this,
        // the move-ordering statistics learn nothing from the nodes the table answers.
        const s = tt.score;
        if (s >= beta && ttMove !== 0 && pos.captureScore(ttMove) === 0) this.rewardQuiet(ttMove, historyBonus(depth), ply);
        return s;
      }
    }
    // A bound too shallow to decide the node still corrects the static score where it says
    // that score is too low (a lower bound above it) or too high (an upper bound below it).
    const ttLow = tt.lowerEstimate();
    const ttHigh = tt.upperEstimate();
    // Read now: the searches below probe the table again.
    const ttDepth = tt.depth;
    const ttBound = tt.bound;
    const ttScore = tt.score;

    // Improving: whether the side to move's static score has risen since its last move (the
    // node two plies up, or four when that one was in check; with neither, it counts as
    // rising). Where it has not, the node is less likely to reach beta, and the pruning and
    // reductions below go a step further (Stockfish's `improving`); where it has, reverse
    // futility trusts a smaller margin. Over two pairs against Fairy-Stockfish 11.1 it scored
    // 52.0% (44.5% with the chase games as draws) beside the search without it at 39.2%
    // (32.8%); to depth 10 on 31 opening positions it needs 42% fewer nodes (bench/RESULTS.md,
    // stop 74). The full static score costs an evaluation at every node not in check.
    let improving = true;
    // The full static score corrected by the table's bounds, for the pruning below.
    let ev = 0;
    if (inCheck) this.staticEvals[ply] = NO_EVAL;
    else {
      const se = pos.evaluate(-INF, INF);
      ev = clamp(se, ttLow, ttHigh);
      this.staticEvals[ply] = se;
      const e2 = ply >= 2 ? this.staticEvals[ply - 2]! : NO_EVAL;
      const e4 = ply >= 4 ? this.staticEvals[ply - 4]! : NO_EVAL;
      improving = e2 !== NO_EVAL ? se > e2 : e4 !== NO_EVAL ? se > e4 : true;
    }

    // Reverse futility: a static score far above beta near the leaves is trusted to hold.
    if (!isPv && !inCheck && ply > 0 && depth <= RFP_DEPTH && beta > -WIN && beta < WIN) {
      const margin = RFP_MARGIN * (improving ? depth - 1 : depth);
      // The decisions here, at the null move and at futility read the full score `ev`: a lazy
      // answer with the window the test asks about would lie on the same side of it (the
      // seam's contract; each window is one point wide, and clamping keeps the order), so the
      // outcome is the same without evaluating again. Only the score reverse futility returns
      // is the lazy one, as it always was, so the trees do not change.
      if (ev - margin >= beta) return clamp(pos.evaluate(beta + margin - 1, beta + margin), ttLow, ttHigh) - margin;
    }

    // Null move: if passing still fails high, a real move will too. Deep cutoffs are verified
    // by a reduced search without null moves, in case the side to move is in zugzwang.
    if (!isPv && !inCheck && ply > 0 && depth >= 2 && this.nullDisabled === 0 && excluded === 0 && this.pathMove[ply - 1] !== 0 && beta > -WIN && beta < WIN && pos.nullMoveSafe() && ev >= beta) {
      const r = 2 + (depth >> 2);
      this.pathMove[ply] = 0;
      this.moveCounts[ply] = 0;
      pos.makeNull();
      let s = 0 - this.pvs(depth - 1 - r, 0 - beta, 1 - beta, ply + 1, false, !cutNode);
      pos.unmakeNull();
      if (this.stopped) return 0;
      if (s >= beta) {
        if (s >= WIN) s = beta;
        if (depth < VERIFY_DEPTH) return s;
        this.nullDisabled++;
        const v = this.pvs(depth - 1 - r, beta - 1, beta, ply, false, cutNode);
        this.nullDisabled--;
        if (this.stopped) return 0;
        if (v >= beta) return s;
      }
    }

    // Internal iterative reduction: with no move from the table to try first, this node is
    // searched a ply shallower; the next visit will have one.
    if (depth >= 4 && ttMove === 0 && !inCheck) depth--;

    // Whether the table's move can be played here (its key may have collided): read once for the
    // singular test and for trying the move first.
    const ttPlayable = ttMove !== 0 && pos.isPseudoLegal(ttMove);

    // Singular extension: is the table's move the only one that holds its bound? The other
    // moves are searched at half the depth against the bound less a margin.
    // The plies the table's move gains (1) or loses (-1) by the test's verdict.
    let ttExtension = 0;
    if (
      ply > 0 && excluded === 0 && depth >= SINGULAR_DEPTH && pos.singularExtension && ttPlayable && ttDepth >= depth - 3 && (ttBound & BOUND_LOWER) !== 0 &&
      ttScore > -WIN && ttScore < WIN && ply < 2 * this.rootDepth
    ) {
      const singularBeta = ttScore - SINGULAR_MARGIN * depth;
      this.singularExcluded[ply] = ttMove;
      const s = this.pvs((depth - 1) >> 1, singularBeta - 1, singularBeta, ply, false, cutNode);
      this.singularExcluded[ply] = 0;
      // The test ran at this ply: the line it left is not this node's.
      this.pvLength[ply] = ply;
      if (this.stopped) return 0;
      this.countSingular(SINGULAR_TESTED);
      if (s < singularBeta) {
        ttExtension = 1;
        this.countSingular(SINGULAR_EXTENDED);
      } else if (singularBeta >= beta) {
        this.countSingular(SINGULAR_MULTICUT);
        return singularBeta;
      } else if (ttScore >= beta || (ttScore <= alpha && ttScore <= s)) {
        // Another move holds the bound too, so the table's move is searched a ply shallower
        // (Stockfish's negative extension) in two cases. First, the table says this node fails
        // high anyway: over two pairs against Fairy-Stockfish 11.1 that scored 53.5% (47.8% as
        // draws) beside the search without it at 52.8% (45.8%) (bench/RESULTS.md, stops 68-69);
        // two plies shallower, as Stockfish's search of 2022, scored 46.2% (40.2%) beside 48.8%
        // (40.0%) (stop 70). Second, another move reaches the table's score at half the depth,
        // and that score does not even reach alpha: the table's move is no better than the
        // rest (as Stockfish's search of 2022); over two pairs 49.2% (42.8%) beside 47.0%
        // (41.0%) without it (stops 70-71). A ply shallower at every expected cut node here,
        // as later Stockfish searches do, scored 48.5% (42.8%) beside 50.0% (42.8%) (stop 71).
        ttExtension = -1;
        this.countSingular(SINGULAR_REDUCED);
      }
    }

    // Futility: near the leaves, a quiet move cannot lift a hopeless static score to alpha.
    let futile = false;
    if (!isPv && !inCheck && depth <= 3 && alpha > -WIN && alpha < WIN) {
      futile = ev + FUTILITY_MARGIN * depth <= alpha;
    }

    // Whether late quiet moves may be pruned by their reduced depth (see below).
    const lateFutile = !isPv && !inCheck && !futile && depth > 3 && depth <= LATE_FUTILITY_DEPTH && alpha > -WIN && alpha < WIN && pos.lateFutility;
    // Whether late quiet moves that lose their piece are pruned (see LOSING_QUIET_DEPTH).
    const losingQuietPrunes = !isPv && !inCheck && !futile && depth <= LOSING_QUIET_DEPTH && pos.losingQuietPruning;

    // Moves come in stages, and each stage is generated only when the one before it has not
    // cut off: the table's move (before anything is generated), then the captures, the killers
    // and the countermove (checked against the position), then the quiet moves, and last the
    // captures found to lose material (which the capture stage moved below every quiet move).
    // Most cutoffs come in the first two, so most nodes never generate their quiet moves.
    const start = ply * SLICE;
    const ttFirst = excluded === 0 && ttPlayable;
    // The move the later stages leave out because it was tried first (none if it was not), or
    // the one a singular-extension test leaves out.
    const tried = excluded !== 0 ? excluded : ttFirst ? ttMove : 0;
    let end = start;
    // 0: only the table's move is listed; 1: also the captures and killers; 2: every move.
    let stage = 0;
    // From this index on the list is in its final order (see below), or -1 while it is not.
    let sortedFrom = -1;
    if (ttFirst) {
      this.moves[start] = ttMove;
      this.order[start] = TT_MOVE_ORDER;
      end = start + 1;
    }
    const k1 = this.killers[ply * 2]!;
    const k2 = this.killers[ply * 2 + 1]!;
    const lmpLimit = !isPv && !inCheck && depth <= pos.lateMovePruningDepth ? (improving ? 3 + depth * depth : (3 + depth * depth) >> 1) : 0;
    // History pruning (below), where the game asks for it: under this history a quiet move is
    // pruned; elsewhere the bound lies below every history score.
    const historyFloor = lmpLimit > 0 && depth <= 3 && pos.historyPruning ? -HISTORY_PRUNE * depth : -HISTORY_MAX - 1;

    let best = -INF;
    let bestMove = 0;
    let legal = 0;
    let quiets = 0;
    let captures = 0;
    // At a futile node whose quiet stage comes after a legal move, the quiet stage lists only
    // the moves that may give check: every other quiet move would be pruned unmade, and
    // generating and clearing them one by one costs more than the game's check candidates.
    // Those pruned moves are accounted for at once (best is raised to alpha, as each of them
    // would have raised it), and they are not counted as legal moves one by one: after the
    // first legal move the count only steers the reductions of quiet moves that give no
    // check, and those are all pruned here.
    let checksOnly = false;
    const oldAlpha = alpha;
    for (let i = start; ; i++) {
      if (i >= end) {
        if (stage === 0) {
          end = this.listCaptures(i, tried, ply);
          stage = 1;
        }
        if (i >= end && stage === 1) {
          checksOnly = futile && legal > 0;
          end = this.listQuiets(end, tried, ply, checksOnly);
          if (checksOnly && best < alpha) best = alpha;
          stage = 2;
        }
        if (i >= end) break;
      }
      let m: Move;
      if (sortedFrom >= 0 && i >= sortedFrom) m = this.moves[i]!;
      else {
        m = this.pickGood(i, end);
        if (this.order[i]! < COUNTER_ORDER) {
          // Only losing captures are left of the capture stage: the quiet moves go first.
          if (stage === 1) {
            checksOnly = futile && legal > 0;
            end = this.listQuiets(end, tried, ply, checksOnly);
            if (checksOnly && best < alpha) best = alpha;
            stage = 2;
            m = this.pickNext(i, end);
          }
          // A node that gets this far usually goes on through most of its quiet moves. Where
          // pruning is about to skip all the quiet moves that follow (they are only looked at
          // for checks), their order no longer matters; elsewhere one sort of the rest costs
          // less than a selection step per move.
          if (futile || (lmpLimit > 0 && legal + 1 >= lmpLimit)) sortedFrom = i + 1;
          else if (lmpLimit === 0) {
            this.sortDescending(i + 1, end);
            sortedFrom = i + 1;
          }
        }
      }
      if (ply === 0 && this.skipAtRoot(m)) continue;
      const quiet = pos.captureScore(m) === 0;
      // Futility, and late-move pruning: near the leaves, late quiet moves that give no check
      // are not searched at all. When the game can tell that a move gives no check without
      // making it, it is counted and skipped unmade (legal or not: see quietCannotCheck);
      // otherwise it is made to see. A pruned move lifts the fail-soft score to alpha, an
      // illegal one too: alpha is still an upper bound of the node's score, only a looser one.
      // History pruning, too: near the leaves, a quiet move that has failed low wherever it was
      // tried (its history far below zero, the more so the deeper) is not searched.
      // Late futility, where the game asks for it: at nodes deeper than futility's, a late
      // quiet move whose depth less its late-move reduction leaves it futile (Stockfish's
      // futility at lmrDepth). And, where the game asks for it, a late quiet move that puts its
      // piece where the other side wins it (see LOSING_QUIET_DEPTH).
      const prunable =
        quiet && legal > 0 &&
        (futile ||
          (m !== k1 && m !== k2 &&
            ((lmpLimit > 0 && (legal >= lmpLimit || this.history[m & 0xffff]! < historyFloor)) ||
              (lateFutile && ev + FUTILITY_MARGIN * Math.max(depth - 1 - tableReduction(depth, legal + 1), 1) <= alpha) ||
              (losingQuietPrunes && pos.losingQuiet(m)))));
      if (prunable && !checksOnly && pos.quietCannotCheck(m)) {
        legal++;
        if (best < alpha) best = alpha;
        continue;
      }
      if (!pos.make(m)) continue;
      legal++;
      if (prunable && !pos.inCheck()) {
        pos.unmake();
        if (best < alpha) best = alpha;
        continue;
      }
      this.pathMove[ply] = m;
      this.moveCounts[ply] = legal;
      // A root move's bonus for varied play shifts the window its subtree is searched with
      // (zero everywhere else).
      const bonus = ply === 0 && this.rootBonus !== null ? (this.rootBonus.get(m) ?? 0) : 0;
      let score: number;
      if (legal === 1) {
        const ext = m === ttMove ? ttExtension : 0;
        score = bonus - this.pvs(depth - 1 + ext, bonus - beta, bonus - alpha, ply + 1, isPv, !isPv && !cutNode);
      } else {
        // Late quiet moves are searched shallower first, with a null window. The killers are
        // not reduced. With them reduced too (a ply less than the others), xiangqi scored 46.8%
        // (46.2% with the chase games as draws) over four pairs against Fairy-Stockfish 11.1
        // beside 47.9% (47.2%) without; the rule written before the last two pairs took it out
        // again (bench/RESULTS.md, stops 88-91).
        let r = 0;
        if (depth >= 3 && legal > 3 && quiet && !inCheck && m !== k1 && m !== k2 && !pos.inCheck()) {
          r = tableReduction(depth, legal);
          if (!improving && r > 0) r++;
          if (isPv && r > 0) r--;
          // At a node expected to fail high, a late quiet move is unlikely to be the one that
          // does: the cutoff, if any, comes early, so the rest are searched shallower still.
          if (cutNode) r++;
          // Where the children keep refuting the moves (more than two searched cutoffs one ply
          // down since this node started), the node is failing low move after move, and a
          // late quiet move is reduced a ply more (Stockfish's cutoffCnt), where the game asks
          // for it. After more than three, over two pairs against Fairy-Stockfish it scored
          // 45.5% (39.2% as draws) beside 42.8% (36.0%) without, both below their usual that
          // hour; after more than two, as later Stockfish searches, 47.8% (40.8%) beside 42.2%
          // (35.5%) with more than three (bench/RESULTS.md, stop 72).
          if (this.cutoffs[ply + 1]! > 2 && pos.cutoffReduction) r++;
          // A reply to one of the parent's late moves (its 20th or later, pruned ones counted:
          // the parent is failing low, so this node is expected to cut off) is reduced a ply less
          // (Stockfish 11's term, there from the 15th), where the game asks for it. Over two
          // pairs against Fairy-Stockfish 11.1, from the 15th move it scored 45.8% (44.0% as
          // draws) beside 41.8% (41.2%) without (stop 84); from the 20th, 52.0% (51.2%) beside
          // 50.2% (50.0%) from the 15th (stop 86; bench/RESULTS.md).
          if (ply > 0 && this.moveCounts[ply - 1]! > 19 && r > 0 && pos.lateReplyReduction) r--;
          // Where the table's move was found singular and extended, the node is a sharp one (one
          // move holds it), and the other moves are reduced a ply less, so that a misjudged
          // alternative is found sooner (Stockfish 11's singularLMR). Only xiangqi runs the
          // singular test. Over two pairs against Fairy-Stockfish 11.1 it scored 48.8% (48.0%
          // as draws) beside 48.0% (47.2%) without (bench/RESULTS.md, stop 85).
          if (ttExtension > 0 && r > 0) r--;
          // Moves that often cut off elsewhere are reduced less, ones that never do, more. A finer
          // scale (a ply per half of the range, rounded) and no extra ply for a poor history each
          // scored less against Fairy-Stockfish (bench/RESULTS.md, stop 50).
          const h = this.history[m & 0xffff]!;
          if (h > HISTORY_MAX / 2 && r > 0) r--;
          else if (h < -HISTORY_MAX / 2) r++;
          if (r > depth - 2) r = depth - 2;
        } else if (
          depth >= 3 && !quiet && !inCheck && pos.captureReduction && (cutNode || ev + (pos.captureScore(m) >> 4) <= alpha || (lmpLimit > 0 && legal >= lmpLimit)) && !pos.inCheck()
        ) {
          // A late capture (Stockfish 11's reduction of captures), where the game asks for it: at
          // an expected cut node, where even winning the victim leaves the static score at or
          // below alpha, or once late-move pruning's count is reached, it is searched shallower
          // first by the table's reduction. Over two pairs against Fairy-Stockfish 11.1 it scored
          // 48.0% (47.0% as draws) beside 47.0% (45.8%) without; to depth 10 on 31 opening
          // positions 10.6% fewer nodes, to depth 11 on 60 middlegame ones 12.4% (bench/RESULTS.md,
          // stop 102).
          r = tableReduction(depth, legal);
          if (isPv && r > 0) r--;
          if (r > depth - 2) r = depth - 2;
        }
        score = bonus - this.pvs(depth - 1 - r, bonus - 1 - alpha, bonus - alpha, ply + 1, false, r > 0 || !cutNode);
        if (score > alpha && r > 0) score = bonus - this.pvs(depth - 1, bonus - 1 - alpha, bonus - alpha, ply + 1, false, !cutNode);
        if (score > alpha && score < beta) score = bonus - this.pvs(depth - 1, bonus - beta, bonus - alpha, ply + 1, true, false);
      }
      // A mate or perpetual score is the move's own, without a bonus.
      if (bonus !== 0 && (score - bonus >= WIN || score - bonus <= -WIN)) score -= bonus;
      pos.unmake();
      if (this.stopped) return 0;
      if (quiet && quiets < 64) this.quietsTried[ply * 64 + quiets++] = m;
      // Only a game that keeps capture history reads the captures tried (at a cutoff, below).
      else if (!quiet && captures < 32 && pos.captureHistory) this.capturesTried[ply * 32 + captures++] = m;
      if (score > best) {
        best = score;
        bestMove = m;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, m);
          if (ply === 0) this.rootScore = score;
          if (score >= beta) {
            this.cutoffs[ply] = this.cutoffs[ply]! + 1;
            const bonus = historyBonus(depth);
            const malus = historyMalus(bonus);
            if (quiet) {
              // The cutoff move gains history; the quiet moves tried before it lose half as much.
              for (let q = ply * 64, qe = q + quiets; q < qe; q++) if (this.quietsTried[q] !== m) updateStat(this.history, this.quietsTried[q]!, -malus);
              this.rewardQuiet(m, bonus, ply);
            }
            if (pos.captureHistory) {
              // The cutoff capture gains capture history; the captures tried before it lose.
              for (let q = ply * 32, qe = q + captures; q < qe; q++) if (this.capturesTried[q] !== m) updateStat(this.captureHistory, this.capturesTried[q]!, -malus);
              if (!quiet) updateStat(this.captureHistory, m, bonus);
            }
            break;
          }
        }
      }
    }
    if (legal === 0) {
      if (ply === 0 && (this.rootFilter !== null || this.excludedCount > 0)) return 0;
      // Only the left-out move was legal: nothing else holds the bound.
      if (excluded !== 0) return alpha;
      return inCheck || pos.stalemateLoses ? -MATE + ply : (ply & 1) === 0 ? this.drawScore : 0 - this.drawScore;
    }
    // Path-dependent (perpetual) scores stay out of the table, and so does a root restricted
    // to some of its moves or scored with bonuses for varied play.
    if (storableScore(best) && excluded === 0 && !(ply === 0 && (this.rootFilter !== null || this.excludedCount > 0 || this.rootBonus !== null))) {
      const bound = best >= beta ? BOUND_LOWER : best > oldAlpha ? BOUND_EXACT : BOUND_UPPER;
      tt.store(pos.keyLo, pos.keyHi, bestMove, best, depth, bound, ply);
    }
    return best;
  }

  /**
   * A quiet move `m` cut off at `ply`, searched or by the table: it becomes the first killer,
   * gains `bonus` ({@link historyBonus} of the node's depth) in history, and becomes the
   * countermove of the move before.
   */
  private rewardQuiet(m: Move, bonus: number, ply: number): void {
    const k = ply * 2;
    if (this.killers[k] !== m) {
      this.killers[k + 1] = this.killers[k]!;
      this.killers[k] = m;
    }
    updateStat(this.history, m, bonus);
    if (ply > 0) this.countermoves[this.pathMove[ply - 1]! & 0xffff] = m;
  }

  /** One more singular test with this outcome (an index into {@link singularCounts}). */
  private countSingular(outcome: number): void {
    this.singularCounts[outcome] = this.singularCounts[outcome]! + 1;
  }

  /**
   * Quiescence at `ply`, `qply` plies below the main search's horizon. `checks`: out of check,
   * whether quiet checks are searched here; in check, whether they are searched at the next
   * ply (the checking side's, whose last move was a check).
   */
  private quiesce(alpha: number, beta: number, ply: number, qply: number, checks: boolean): number {
    const pos = this.pos;
    this.pvLength[ply] = ply;
    if (ply > this.seldepth) this.seldepth = ply;
    const rep = pos.repetition();
    if (rep !== 0) return this.repetitionScore(rep, ply);
    alpha = Math.max(alpha, -MATE + ply);
    beta = Math.min(beta, MATE - ply - 1);
    if (alpha >= beta) return alpha;
    if ((++this.nodes & 127) === 0) this.poll();
    if (this.stopped) return 0;
    if (ply >= MAX_PLY - 1) return pos.evaluate(alpha, beta);

    // The table: a bound from any earlier visit (quiescence stores at depth 0) may decide the
    // node, and its move is tried first.
    const tt = this.tt;
    let ttMove = 0;
    if (tt.probe(pos.keyLo, pos.keyHi, ply)) {
      if (tt.decides(alpha, beta)) return tt.score;
      ttMove = tt.move;
    }
    const ttLow = tt.lowerEstimate();
    const ttHigh = tt.upperEstimate();
    const oldAlpha = alpha;
    const inCheck = pos.inCheck();
    let best = -INF;
    let bestMove = 0;
    if (!inCheck) {
      // Standing pat is worth the static score, corrected by what the table knows.
      best = clamp(pos.evaluate(alpha, beta), ttLow, ttHigh);
      if (best >= beta) return best;
      if (best > alpha) alpha = best;
    }
    // The captures (every move when in check), then, if `checks` (quiescence's first ply, or a
    // side that has checked on each of its moves since; see QCHECK_PLIES) and the game asks for
    // them, the quiet moves that give check (the reply, in check, sees every evasion): a mate
    // or a forking check just past the horizon is then not mistaken for a quiet position. The
    // game lists only the quiet moves that may check; each is made to see.
    const start = ply * SLICE;
    let end = pos.generate(this.moves, start, !inCheck);
    this.scoreMoves(start, end, ply, ttMove);
    let quietChecks = false;
    let legal = 0;
    for (let i = start; ; i++) {
      if (i >= end) {
        if (quietChecks || inCheck || !checks || best >= beta || !pos.quiescenceChecks) break;
        quietChecks = true;
        end = pos.generateCheckCandidates(this.moves, start);
        i = start;
        if (i >= end) break;
      }
      let m: Move;
      if (quietChecks) m = this.moves[i]!;
      else {
        m = this.pickGood(i, end);
        if (!inCheck) {
          // Captures that seem to lose material are ordered last (below zero) and left out.
          if (this.order[i]! < 0) {
            i = end - 1; // the rest lose material too: on to the quiet checks, if any
            continue;
          }
          // Delta pruning: even winning this victim outright cannot lift the score to alpha.
          if (best + (pos.captureScore(m) >> 4) + DELTA_MARGIN <= alpha) continue;
        }
      }
      if (!pos.make(m)) continue;
      if (quietChecks && !pos.inCheck()) {
        pos.unmake();
        continue;
      }
      legal++;
      // The chain of checks goes on through an evasion, and after a move that gives check.
      const chain = inCheck ? checks && qply > 0 : qply + 2 <= QCHECK_PLIES && pos.inCheck();
      const score = 0 - this.quiesce(0 - beta, 0 - alpha, ply + 1, qply + 1, chain);
      pos.unmake();
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        bestMove = m;
        if (score > alpha) {
          alpha = score;
          if (score >= beta) break;
        }
      }
    }
    if (inCheck && legal === 0) return -MATE + ply;
    if (storableScore(best)) {
      tt.store(pos.keyLo, pos.keyHi, bestMove, best, 0, best >= beta ? BOUND_LOWER : best > oldAlpha && bestMove !== 0 ? BOUND_EXACT : BOUND_UPPER, ply);
    }
    return best;
  }

  /**
   * The capture stage of a node at `ply`: its captures from index `at` (less `tried`, the
   * table's move if it was tried first), keyed by MVV/LVA, followed by those of its killers
   * and countermove that are quiet moves here. Returns the end of the list.
   */
  private listCaptures(at: number, tried: Move, ply: number): number {
    const pos = this.pos;
    const mv = this.moves;
    const ord = this.order;
    let end = pos.generate(mv, at, true);
    for (let k = at; k < end; k++) {
      if (mv[k] === tried) {
        mv[k] = mv[--end]!;
        break;
      }
    }
    for (let k = at; k < end; k++) {
      const m = mv[k]!;
      ord[k] = this.captureKey(m, pos.captureScore(m));
    }
    const k1 = this.killers[ply * 2]!;
    const k2 = this.killers[ply * 2 + 1]!;
    const counter = this.counterMove(ply);
    // The moves listed are kept, not re-read from the tables at the quiet stage: the subtrees
    // searched in between may have changed the countermove table.
    const listed = ply * 3;
    this.listedQuiets[listed] = this.usableQuiet(k1, tried) ? k1 : 0;
    this.listedQuiets[listed + 1] = k2 !== k1 && this.usableQuiet(k2, tried) ? k2 : 0;
    this.listedQuiets[listed + 2] = counter !== k1 && counter !== k2 && this.usableQuiet(counter, tried) ? counter : 0;
    for (let j = 0; j < 3; j++) {
      const m = this.listedQuiets[listed + j]!;
      if (m === 0) continue;
      mv[end] = m;
      ord[end++] = j === 0 ? KILLER1_ORDER : j === 1 ? KILLER2_ORDER : COUNTER_ORDER;
    }
    return end;
  }

  /**
   * The ordering key of capture `m`, whose MVV/LVA score (the game's captureScore, which the
   * callers have at hand) is `mvvLva`: that score, then its capture history (see
   * CAPTURE_KEY_BASE).
   */
  private captureKey(m: Move, mvvLva: number): number {
    return GOOD_CAPTURE + CAPTURE_KEY_BASE + mvvLva + (this.captureHistory[m & 0xffff]! >> 3);
  }

  /** The reply that last refuted the move leading to `ply` (0 at the root or if none). */
  private counterMove(ply: number): Move {
    return ply > 0 ? this.countermoves[this.pathMove[ply - 1]! & 0xffff]! : 0;
  }

  /** Whether a remembered quiet move (killer, countermove) can be tried ahead of generation. */
  private usableQuiet(m: Move, tried: Move): boolean {
    return m !== 0 && m !== tried && this.pos.isPseudoLegal(m) && this.pos.captureScore(m) === 0;
  }

  /**
   * The quiet stage: appends at `at` the quiet moves not listed yet (not `tried`, not
   * the killers or countermove the capture stage listed), keyed by history. Returns the end.
   * With `checksOnly` (a futile node), only those of the game's check candidates.
   */
  private listQuiets(at: number, tried: Move, ply: number, checksOnly: boolean): number {
    const pos = this.pos;
    const mv = this.moves;
    const ord = this.order;
    const k1 = this.listedQuiets[ply * 3]!;
    const k2 = this.listedQuiets[ply * 3 + 1]!;
    const counter = this.listedQuiets[ply * 3 + 2]!;
    const generatedEnd = checksOnly ? pos.generateCheckCandidates(mv, at) : pos.generateQuiets(mv, at);
    let w = at;
    for (let k = at; k < generatedEnd; k++) {
      const m = mv[k]!;
      if (m === tried || m === k1 || m === k2 || m === counter) continue;
      mv[w] = m;
      ord[w++] = quietKey(this.history[m & 0xffff]!, pos.quietGain(m));
    }
    return w;
  }

  /**
   * Ordering keys for quiescence's list, generated in one go: the table's move `ttMove` first
   * (if listed), captures by MVV/LVA, then (when in check, where every move is listed) killers
   * and the countermove, then quiet moves by history; the captures that seem to lose material
   * are moved last when picked.
   */
  private scoreMoves(start: number, end: number, ply: number, ttMove: Move): void {
    const pos = this.pos;
    const k1 = this.killers[ply * 2]!;
    const k2 = this.killers[ply * 2 + 1]!;
    const counter = this.counterMove(ply);
    for (let i = start; i < end; i++) {
      const m = this.moves[i]!;
      const c = pos.captureScore(m);
      let s: number;
      if (m === ttMove) s = TT_MOVE_ORDER;
      else if (c !== 0) s = this.captureKey(m, c);
      else if (m === k1) s = KILLER1_ORDER;
      else if (m === k2) s = KILLER2_ORDER;
      else if (m === counter) s = COUNTER_ORDER;
      else s = quietKey(this.history[m & 0xffff]!, pos.quietGain(m));
      this.order[i] = s;
    }
  }

  /**
   * {@link pickNext}, except that a capture is tested for losing material only when its turn
   * comes (most nodes cut off before most captures are tried): a losing one is moved down
   * below the quiet moves, to `c - GOOD_CAPTURE`, and the next best is picked instead.
   */
  private pickGood(i: number, end: number): Move {
    let m = this.pickNext(i, end);
    while (this.order[i]! >= GOOD_CAPTURE && this.order[i]! < 2 * GOOD_CAPTURE && this.pos.losingCapture(m)) {
      this.order[i] = this.order[i]! - 2 * GOOD_CAPTURE;
      m = this.pickNext(i, end);
    }
    return m;
  }

  /** Insertion sort of moves[from, to) by ordering key, highest first (stable). */
  private sortDescending(from: number, to: number): void {
    const mv = this.moves;
    const ord = this.order;
    for (let i = from + 1; i < to; i++) {
      const s = ord[i]!;
      const m = mv[i]!;
      let j = i - 1;
      while (j >= from && ord[j]! < s) {
        ord[j + 1] = ord[j]!;
        mv[j + 1] = mv[j]!;
        j--;
      }
      ord[j + 1] = s;
      mv[j + 1] = m;
    }
  }

  /** Selection sort step: swaps the best remaining move into slot `i` and returns it. */
  private pickNext(i: number, end: number): Move {
    const mv = this.moves;
    const ord = this.order;
    let bi = i;
    let bs = ord[i]!;
    for (let j = i + 1; j < end; j++) {
      if (ord[j]! > bs) {
        bs = ord[j]!;
        bi = j;
      }
    }
    if (bi !== i) {
      const m = mv[bi]!;
      mv[bi] = mv[i]!;
      mv[i] = m;
      ord[bi] = ord[i]!;
      ord[i] = bs;
    }
    return mv[i]!;
  }

  private updatePv(ply: number, m: Move): void {
    const row = ply * MAX_PLY;
    const next = (ply + 1) * MAX_PLY;
    this.pvTable[row + ply] = m;
    const len = this.pvLength[ply + 1]!;
    for (let j = ply + 1; j < len; j++) this.pvTable[row + j] = this.pvTable[next + j]!;
    this.pvLength[ply] = Math.max(len, ply + 1);
  }
}
