/**
 * The xiangqi evaluation: the position's incremental middlegame and endgame piece-square sums,
 * blended by the game phase, plus the pattern terms a classical engine looks at:
 *
 * - cannons facing the enemy king: the hollow cannon (nothing between), the central cannon
 *   (one screen) and the bottom cannon (along the enemy back rank), scaled by the attacker's
 *   remaining attack force;
 * - pins by rooks and cannons against the enemy king or rook (twice as much in the middlegame);
 * - rook mobility;
 * - trapped and cramped horses;
 *
 * a material imbalance: a quadratic in both sides' piece counts, cached by the position's
 * material signature; and the attack across the river: a quadratic in the counts of each side's
 * horses, rooks, cannons and pawns on the other half, less against more defenders (advisors
 * and elephants: the palace's structure enters there and in the imbalance, both fitted; a
 * hand-set term of its own, missing defenders times attackers, was taken out: see
 * evaluate-weights.ts).
 *
 * All weights live in evaluate-weights.ts. The function reads the board and piece squares
 * only and allocates nothing; its partial sums live in module variables.
 */
import { FILE_LEFT, FILE_RIGHT, HORSE_LEG, HORSE_TO, iccsFile, onOwnHalf, RANK_BOTTOM, RANK_TOP } from './geometry.js';
import { countBetween, FILE_SCAN, RANK_SCAN, SCAN_DOWN_FIRST, SCAN_UP_FIRST } from './lines.js';
import {
  ATTACK,
  BOTTOM_CANNON,
  CANNON_TWO_SCREENS,
  CENTRAL_CANNON,
  HOLLOW_CANNON,
  HORSE_CRAMPED,
  HORSE_TRAPPED,
  HORSES_MG,
  IMBALANCE,
  LAZY_MARGIN,
  PHASE_TOTAL,
  PIN_TO_KING,
  PIN_TO_ROOK,
  PINS_MG,
  ROOK_MOBILITY,
  ROOK_MOBILITY_END,
  TEMPO,
  THREAT_FULL_UNITS,
  THREATS_MG,
} from './evaluate-weights.js';
import { ADVISOR, CANNON, ELEPHANT, HORSE, KING, OFF_BOARD, PAWN, ROOK, SIGNATURE_SIDE_BITS, signatureCount, TYPE_OF } from './pieces.js';
import type { XiangqiPosition } from './position.js';

/** One side's bits of a signature. */
const SIDE_MASK = (1 << SIGNATURE_SIDE_BITS) - 1;

// Id offsets within a side (see pieces.ts).
const HORSE_IDS = 5;
const ROOK_IDS = 7;
const CANNON_IDS = 9;

const DIRS = Int32Array.of(-16, 16, -1, 1);

/**
 * Whether a horse's i-th target (as in HORSE_TO) is a good point for `side`'s horse, by
 * geometry alone: not an edge file, not the side's own back rank. `HORSE_GOOD[side * 2048 +
 * sq * 8 + i]`.
 */
const HORSE_GOOD = new Uint8Array(2 * 256 * 8);
for (let side = 0; side < 2; side++) {
  const backRank = side === 0 ? 12 : 3;
  for (let i = 0; i < 256 * 8; i++) {
    const to = HORSE_TO[i]!;
    if (to === 0) continue;
    const f = iccsFile(to);
    HORSE_GOOD[side * 2048 + i] = f !== 0 && f !== 8 && to >> 4 !== backRank ? 1 : 0;
  }
}

let termMg = 0;
let termEg = 0;
let attackMg = 0;
let attackEg = 0;

const ATTACK_CACHE_BITS = 12;
const attackRiver = new Int32Array(1 << ATTACK_CACHE_BITS);
// A material signature is never -1, so every slot starts empty.
const attackMaterial = new Int32Array(1 << ATTACK_CACHE_BITS).fill(-1);
const attackCachedMg = new Int32Array(1 << ATTACK_CACHE_BITS);
const attackCachedEg = new Int32Array(1 << ATTACK_CACHE_BITS);

/**
 * One side's attack for one phase: horses `h`, rooks `r`, cannons `c` and pawns `p` across the
 * river, against `d` defenders, with that phase's pair and defender weights.
 */
function attackValue(h: number, r: number, c: number, p: number, d: number, pairs: Int16Array, defenders: Int16Array): number {
  return (
    h * (pairs[0]! * h + pairs[1]! * r + pairs[2]! * c + pairs[3]! * p + defenders[0]! * d) +
    r * (pairs[4]! * r + pairs[5]! * c + pairs[6]! * p + defenders[1]! * d) +
    c * (pairs[7]! * c + pairs[8]! * p + defenders[2]! * d) +
    p * (pairs[9]! * p + defenders[3]! * d)
  );
}

/**
 * The attack across the river (see {@link ATTACK}), red's minus black's, into attackMg and
 * attackEg: read from the position's river signature (the counts of the pieces on the other
 * half) and material signature (the defenders), so it costs no board reads and is part of the
 * score before the lazy exit.
 */
function attackAcrossRiver(river: number, material: number): void {
  // It changes only when a piece crosses the river or is captured: cached by both signatures.
  const slot = (river ^ Math.imul(material, 0x9e3779b1)) >>> (32 - ATTACK_CACHE_BITS);
  if (attackRiver[slot] === river && attackMaterial[slot] === material) {
    attackMg = attackCachedMg[slot]!;
    attackEg = attackCachedEg[slot]!;
    return;
  }
  const { pairsMg, pairsEg, defendersMg, defendersEg } = ATTACK;
  let mg = 0;
  let eg = 0;
  for (let side = 0; side < 2; side++) {
    if (((river >>> (side * SIGNATURE_SIDE_BITS)) & SIDE_MASK) === 0) continue;
    const h = signatureCount(river, side, HORSE);
    const r = signatureCount(river, side, ROOK);
    const c = signatureCount(river, side, CANNON);
    const p = signatureCount(river, side, PAWN);
    const d = signatureCount(material, side ^ 1, ADVISOR) + signatureCount(material, side ^ 1, ELEPHANT);
    const sign = side === 0 ? 1 : -1;
    mg += sign * attackValue(h, r, c, p, d, pairsMg, defendersMg);
    eg += sign * attackValue(h, r, c, p, d, pairsEg, defendersEg);
  }
  attackMg = mg;
  attackEg = eg;
  attackRiver[slot] = river;
  attackMaterial[slot] = material;
  attackCachedMg[slot] = mg;
  attackCachedEg[slot] = eg;
}

/**
 * The side's attack force: 2 per rook, 1 per horse, cannon and pawn across the river, from the
 * material and river signatures.
 */
function attackUnits(material: number, river: number, side: number): number {
  return 2 * signatureCount(material, side, ROOK) + signatureCount(material, side, HORSE) + signatureCount(material, side, CANNON) + signatureCount(river, side, PAWN);
}

/**
 * The piece behind the first blocker along `d` from `sq`: a pin when the first piece met is an
 * enemy (not the king) and the next is the enemy king, or the enemy rook behind a lesser piece.
 * `from` is the first square to look at.
 */
function pinValue(b: Uint8Array, from: number, d: number, oppTag: number): number {
  let s = from;
  while (b[s] === 0) s += d;
  const x = b[s]!;
  if ((x & oppTag) === 0) return 0; // edge or own piece
  const tx = TYPE_OF[x]!;
  if (tx === KING) return 0;
  s += d;
  while (b[s] === 0) s += d;
  const y = b[s]!;
  if ((y & oppTag) === 0) return 0;
  const ty = TYPE_OF[y]!;
  if (ty === KING) return PIN_TO_KING[tx as 0]!;
  if (ty === ROOK && tx !== ROOK) return PIN_TO_ROOK[tx as 0]!;
  return 0;
}

/** The bit of {@link DIRS} along which `target` lies from `sq` (same file or rank), or 0. */
function rayBit(sq: number, target: number): number {
  if (target === 0) return 0;
  if ((sq & 15) === (target & 15)) return target < sq ? 1 : 2;
  if (sq >> 4 === target >> 4) return target < sq ? 4 : 8;
  return 0;
}

/**
 * The directions from `sq` along which the enemy king or an enemy rook lies: only along those
 * can a pin exist, so no other direction is scanned.
 */
function pinRays(sq: number, kingSq: number, ps: Uint8Array, opp: number): number {
  return rayBit(sq, kingSq) | rayBit(sq, ps[opp + ROOK_IDS]!) | rayBit(sq, ps[opp + ROOK_IDS + 1]!);
}

/** How many empty squares a rook on `sq` sees along its rank and file (from the line scans). */
function emptyAlongLines(pos: XiangqiPosition, sq: number): number {
  const x = sq & 15;
  const y = sq >> 4;
  const ri = ((x - 3) * 512 + (pos.rankBits[y]! >> 3)) << 2;
  const fi = ((y - 3) * 1024 + (pos.fileBits[x]! >> 3)) << 2;
  const right = RANK_SCAN[ri + SCAN_UP_FIRST]!;
  const left = RANK_SCAN[ri + SCAN_DOWN_FIRST]!;
  const down = FILE_SCAN[fi + SCAN_UP_FIRST]!;
  const up = FILE_SCAN[fi + SCAN_DOWN_FIRST]!;
  return (
    (right === 0 ? FILE_RIGHT - x : right - x - 1) +
    (left === 0 ? x - FILE_LEFT : x - left - 1) +
    (down === 0 ? RANK_BOTTOM - y : down - y - 1) +
    (up === 0 ? y - RANK_TOP : y - up - 1)
  );
}

// The pattern terms part by part (unblended, red's minus black's): cannon threats (at their
// endgame weight; the middlegame's is THREATS_MG times it), pins (at their endgame weight; the
// middlegame's is PINS_MG times it), rook mobility middlegame and endgame, horses middlegame
// and endgame. Filled only while `partsWanted` (evaluationTerms asks; the search never does).
const parts = new Int32Array(6);
let partsWanted = false;

/**
 * Adds side `side`'s pattern terms (as the attacker) into termMg / termEg, with sign `sign`,
 * and into `parts` part by part while {@link partsWanted}.
 */
function patterns(pos: XiangqiPosition, side: number, sign: number): void {
  const b = pos.board;
  const ps = pos.pieceSquare;
  const own = 16 << side;
  const oppTag = 32 >> side;
  const opp = oppTag;
  const kingSq = ps[opp]!;
  const units = side === 0 ? unitsRed : unitsBlack;
  let pins = 0;

  // Cannons: threats against the king, and pins over a screen.
  let threat = 0;
  for (let id = own + CANNON_IDS; id < own + CANNON_IDS + 2; id++) {
    const sq = ps[id]!;
    if (sq === 0) continue;
    if ((sq & 15) === (kingSq & 15)) {
      const screens = countBetween(pos.fileBits[sq & 15]!, sq >> 4, kingSq >> 4);
      threat += screens === 0 ? HOLLOW_CANNON : screens === 1 ? CENTRAL_CANNON : screens === 2 ? CANNON_TWO_SCREENS : 0;
    } else if (sq >> 4 === kingSq >> 4 && !onOwnHalf(kingSq, side) && (kingSq >> 4 === 3 || kingSq >> 4 === 12)) {
      if (countBetween(pos.rankBits[sq >> 4]!, sq & 15, kingSq & 15) === 1) threat += BOTTOM_CANNON;
    }
    const rays = pinRays(sq, kingSq, ps, opp);
    for (let k = 0; k < 4; k++) {
      if (((rays >> k) & 1) === 0) continue;
      const d = DIRS[k]!;
      // The first piece is the screen; the pin lies beyond it.
      let s = sq + d;
      while (b[s] === 0) s += d;
      if (b[s] !== OFF_BOARD) pins += pinValue(b, s + d, d, oppTag);
    }
  }
  const threats = ((threat * Math.min(units, THREAT_FULL_UNITS)) / THREAT_FULL_UNITS) | 0;

  // Rooks: mobility and pins.
  let mobility = 0;
  for (let id = own + ROOK_IDS; id < own + ROOK_IDS + 2; id++) {
    const sq = ps[id]!;
    if (sq === 0) continue;
    const rays = pinRays(sq, kingSq, ps, opp);
    for (let k = 0; k < 4; k++) {
      if (((rays >> k) & 1) !== 0) pins += pinValue(b, sq + DIRS[k]!, DIRS[k]!, oppTag);
    }
    mobility += emptyAlongLines(pos, sq);
  }

  // Horses: a horse with nowhere good to go (edge files and its own back rank do not count).
  // Only none and one good point matter, so the count stops at two.
  const goodBase = side * 2048;
  let horses = 0;
  for (let id = own + HORSE_IDS; id < own + HORSE_IDS + 2; id++) {
    const sq = ps[id]!;
    if (sq === 0) continue;
    let good = 0;
    for (let i = sq << 3, end = i + 8; i < end && good < 2; i++) {
      const to = HORSE_TO[i]!;
      if (to === 0) break;
      if (HORSE_GOOD[goodBase + i] !== 0 && b[HORSE_LEG[i]!] === 0 && (b[to]! & own) === 0) good++;
    }
    if (good === 0) horses -= HORSE_TRAPPED;
    else if (good === 1) horses -= HORSE_CRAMPED;
  }

  // The cannon threats count THREATS_MG times in the middlegame (middlegame only until stop 116,
  // alike in both phases until stop 119).
  // The horses' middlegame weight is HORSES_MG times their endgame one. Pins count in both
  // phases: until stop 105 they were middlegame only, and match outcomes at equal search score
  // bore out about ten times their endgame weight (bench/fit/xiangqi-outcome.mjs; pair fv + fw);
  // their middlegame weight is PINS_MG times the endgame one.
  termMg += sign * (threats * THREATS_MG + pins * PINS_MG + mobility * ROOK_MOBILITY + horses * HORSES_MG);
  termEg += sign * (threats + pins + mobility * ROOK_MOBILITY_END + horses);
  if (partsWanted) {
    parts[0] = parts[0]! + sign * threats;
    parts[1] = parts[1]! + sign * pins;
    parts[2] = parts[2]! + sign * mobility * ROOK_MOBILITY;
    parts[3] = parts[3]! + sign * mobility * ROOK_MOBILITY_END;
    parts[4] = parts[4]! + sign * horses * HORSES_MG;
    parts[5] = parts[5]! + sign * horses;
  }
}

/**
 * The imbalance terms (see {@link IMBALANCE}) of a material signature, red's minus black's,
 * middlegame and endgame. They change only with captures, so they are cached by signature.
 */
const IMB_CACHE_BITS = 12;
const imbSignature = new Int32Array(1 << IMB_CACHE_BITS).fill(-1);
const imbMg = new Int32Array(1 << IMB_CACHE_BITS);
const imbEg = new Int32Array(1 << IMB_CACHE_BITS);
const counts = new Int32Array(12);

/** The cache slot holding `signature`'s imbalance, filled in if it was not there. */
function imbalanceSlot(signature: number): number {
  const slot = (signature ^ (signature >>> SIGNATURE_SIDE_BITS) * 31) & ((1 << IMB_CACHE_BITS) - 1);
  if (imbSignature[slot] === signature) return slot;
  for (let side = 0; side < 2; side++) {
    for (let t = 0; t < 6; t++) counts[side * 6 + t] = signatureCount(signature, side, t + 1);
  }
  let mg = 0;
  let eg = 0;
  const { ownMg, ownEg, oppMg, oppEg } = IMBALANCE;
  for (let side = 0; side < 2; side++) {
    const c = side * 6;
    const d = 6 - c;
    const sign = side === 0 ? 1 : -1;
    for (let i = 0; i < 6; i++) {
      const ci = counts[c + i]!;
      if (ci === 0) continue;
      for (let j = 0; j <= i; j++) {
        const n = ci * counts[c + j]!;
        mg += sign * n * ownMg[i * 6 + j]!;
        eg += sign * n * ownEg[i * 6 + j]!;
      }
      for (let j = i + 1; j < 6; j++) {
        const n = ci * counts[d + j]!;
        mg += sign * n * oppMg[i * 6 + j]!;
        eg += sign * n * oppEg[i * 6 + j]!;
      }
    }
  }
  imbSignature[slot] = signature;
  imbMg[slot] = mg;
  imbEg[slot] = eg;
  return slot;
}

function blend(mg: number, eg: number, phase: number): number {
  return ((mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL) | 0;
}

/**
 * Scores by position key. The evaluation depends only on the board and the side to move, and
 * quiescence meets the same positions again and again, so a small direct-mapped cache of
 * (key, lock, score) saves most pattern scans. The score kept is the whole one, patterns in.
 * The three words of a slot lie side by side (with a fourth, unused, so that a slot never
 * straddles a cache line): a lookup that misses the processor's caches waits for one line,
 * where three arrays side by side made it wait for up to three.
 */
const CACHE_BITS = 16;
const CACHE_MASK = (1 << CACHE_BITS) - 1;
const CACHE_EMPTY = 0x7fffffff;
const cache = new Int32Array(4 << CACHE_BITS);
// Slot 0's key starts at 0, which a real key could equal: mark every slot empty with a lock
// that the score check below rejects.
for (let i = 0; i < cache.length; i += 4) {
  cache[i + 1] = -1;
  cache[i + 2] = CACHE_EMPTY;
}

/**
 * The static score of `pos` from the side to move's point of view, lazy. When the piece-square
 * and imbalance score alone lies more than {@link LAZY_MARGIN} outside the window (`alpha`,
 * `beta`), the pattern terms cannot bring it back, and that cheaper score is returned instead
 * (it is on the same side of the window, which is all the caller needs).
 *
 * The safe quiet checks at hand were a second lazy stage on top of the patterns until they were
 * taken out: without them the 31 xiangqi openings of bench/nodes.mjs need 1.6% fewer nodes to
 * depth 10 and about a tenth less time, and the matches in bench/RESULTS.md did not miss them.
 */
export function evaluateXiangqi(pos: XiangqiPosition, alpha: number, beta: number): number {
  const phase = Math.min(pos.phase, PHASE_TOTAL);
  materialTerms(pos);
  const redBase = lazyBase(pos, phase);
  const base = forSideToMove(pos, redBase);
  // The lazy exit depends on the window alone, and the cache holds the exact score, so the
  // answer never depends on what earlier searches left in it (searches stay deterministic).
  if (base - LAZY_MARGIN >= beta || base + LAZY_MARGIN <= alpha) return base;
  const slot = (pos.keyLo & CACHE_MASK) << 2;
  const cached = cache[slot + 2]!;
  if (cache[slot] === pos.keyLo && cache[slot + 1] === pos.keyHi && cached !== CACHE_EMPTY) return cached;
  const score = fullScore(pos, phase, redBase);
  cache[slot] = pos.keyLo;
  cache[slot + 1] = pos.keyHi;
  cache[slot + 2] = score;
  return score;
}

/** {@link evaluateXiangqi} without the caches keyed by position or signature pair, or the lazy exit. */
export function evaluateFresh(pos: XiangqiPosition): number {
  materialTerms(pos, true);
  return fullScore(pos, Math.min(pos.phase, PHASE_TOTAL));
}

// The imbalance plus the attack across the river (middlegame, endgame) of the material and
// river signatures last seen. Most evaluations follow a quiet move, which changes neither, so
// one remembered pair answers them before the two caches' hashing is needed.
let lastMaterial = -1;
let lastRiver = -1;
let materialMg = 0;
let materialEg = 0;
// Also read off the same two signatures: each side's attack units, which scale its cannon
// threats.
let unitsRed = 0;
let unitsBlack = 0;

// When the pair changes (a capture, a crossing, or the take-back of one: the search goes back
// and forth between a few pairs), everything read off it is looked up at once in a cache keyed
// by the pair, one 32-byte row per slot: material, river, materialMg, materialEg, unitsRed,
// unitsBlack, and two spare words.
const TERMS_CACHE_BITS = 12;
const TERMS_ROW = 8;
const termsCache = new Int32Array((1 << TERMS_CACHE_BITS) * TERMS_ROW);
// A material signature is never -1, so every row starts empty.
for (let i = 0; i < termsCache.length; i += TERMS_ROW) termsCache[i] = -1;

/** The index of the terms cache row for a (material, river) signature pair (exported for tests). */
export function termsCacheRow(material: number, river: number): number {
  return ((Math.imul(river, 0x85ebca6b) ^ Math.imul(material, 0x9e3779b1)) >>> (32 - TERMS_CACHE_BITS)) * TERMS_ROW;
}

/**
 * Sets materialMg / materialEg and unitsRed / unitsBlack for `pos` (see above); with
 * `fresh`, computes them without the terms cache (but stores them in it).
 */
function materialTerms(pos: XiangqiPosition, fresh = false): void {
  const material = pos.materialSignature;
  const river = pos.riverSignature;
  if (!fresh && material === lastMaterial && river === lastRiver) return;
  lastMaterial = material;
  lastRiver = river;
  const row = termsCacheRow(material, river);
  const c = termsCache;
  if (!fresh && c[row] === material && c[row + 1] === river) {
    materialMg = c[row + 2]!;
    materialEg = c[row + 3]!;
    unitsRed = c[row + 4]!;
    unitsBlack = c[row + 5]!;
    return;
  }
  const imb = imbalanceSlot(material);
  attackAcrossRiver(river, material);
  materialMg = imbMg[imb]! + attackMg;
  materialEg = imbEg[imb]! + attackEg;
  unitsRed = attackUnits(material, river, 0);
  unitsBlack = attackUnits(material, river, 1);
  c[row] = material;
  c[row + 1] = river;
  c[row + 2] = materialMg;
  c[row + 3] = materialEg;
  c[row + 4] = unitsRed;
  c[row + 5] = unitsBlack;
}

/**
 * The evaluation's parts, each blended by the game phase, in centipawns from red's point of
 * view (see {@link XiangqiPosition.evaluationTerms}).
 */
export interface XiangqiEvaluationTerms {
  /** Material and piece-square tables. */
  pieceSquare: number;
  /** The material imbalance (what the pieces are worth together, beyond each on its own). */
  imbalance: number;
  /** The attack across the river (pieces on the other half, together, against its defenders). */
  attack: number;
  /**
   * Cannon threats, pins, rook mobility and trapped horses, as the score counts them: their
   * total is capped just inside the lazy margin (199 cp either way from the rest of the score).
   */
  patterns: number;
  /**
   * What that cap took off {@link patterns} (0 unless the patterns reach the lazy margin, which
   * about one position in 300-1,000 does).
   */
  patternsCut: number;
  /**
   * The patterns part by part before the cap, each blended on its own (so they add up to
   * {@link patterns} plus {@link patternsCut} within a few centipawns of rounding).
   */
  patternParts: XiangqiPatternParts;
  /** The side to move's bonus (added for that side, whichever it is). */
  tempo: number;
  /** The whole static score, from the side to move's point of view (as `evaluate` gives it). */
  score: number;
}

/** The pattern terms of {@link XiangqiEvaluationTerms}, in centipawns from red's point of view. */
export interface XiangqiPatternParts {
  /** Cannons facing the enemy king (hollow, central, bottom), scaled by the attack force left. */
  cannonThreats: number;
  /** Pieces pinned by rooks and cannons against their king or rook. */
  pins: number;
  /** The empty points the rooks reach. */
  rookMobility: number;
  /** Horses with no good point to go to, or only one (a cost to their own side). */
  horses: number;
}

/** {@link XiangqiEvaluationTerms} of `pos`. */
export function evaluationTerms(pos: XiangqiPosition): XiangqiEvaluationTerms {
  const phase = Math.min(pos.phase, PHASE_TOTAL);
  materialTerms(pos);
  parts.fill(0);
  partsWanted = true;
  let score: number;
  try {
    score = fullScore(pos, phase);
  } finally {
    partsWanted = false;
  }
  // fullScore leaves its sums in termMg / termEg: what is not piece-square or material terms
  // there is the patterns' part.
  const pieceMg = pos.valueRed - pos.valueBlack;
  const pieceEg = pos.endRed - pos.endBlack;
  const imb = imbalanceSlot(pos.materialSignature);
  attackAcrossRiver(pos.riverSignature, pos.materialSignature);
  return {
    pieceSquare: blend(pieceMg, pieceEg, phase),
    imbalance: blend(imbMg[imb]!, imbEg[imb]!, phase),
    attack: blend(attackMg, attackEg, phase),
    patterns: blend(termMg - pieceMg - materialMg, termEg - pieceEg - materialEg, phase) - patternsCut,
    patternsCut,
    patternParts: {
      cannonThreats: blend(parts[0]! * THREATS_MG, parts[0]!, phase),
      pins: blend(parts[1]! * PINS_MG, parts[1]!, phase),
      rookMobility: blend(parts[2]!, parts[3]!, phase),
      horses: blend(parts[4]!, parts[5]!, phase),
    },
    tempo: TEMPO,
    score,
  };
}

/**
 * The whole score from the side to move's point of view: piece-square sums, the material terms
 * (from {@link materialTerms}, which must have been called for `pos`) and both sides' patterns,
 * blended by `phase`, with the patterns capped around `base` (the {@link lazyBase}, which a
 * caller that has it passes in); the unblended sums are left in termMg / termEg.
 */
function fullScore(pos: XiangqiPosition, phase: number, base = lazyBase(pos, phase)): number {
  termMg = pos.valueRed - pos.valueBlack + materialMg;
  termEg = pos.endRed - pos.endBlack + materialEg;
  patterns(pos, 0, 1);
  patterns(pos, 1, -1);
  // The patterns move the score by less than LAZY_MARGIN from the lazy base, whatever the
  // board: so a lazy answer is always on the right side of the window. With rook mobility's
  // middlegame weight at 8 the cap binds in about one position in 1,000 of random play and one
  // in 320 of match games (rooks roaming an open board), taking 14 cp off on average there
  // (stop 111): two pawns' worth of patterns already tells the search what it needs.
  const red = blend(termMg, termEg, phase);
  patternsCut = red > base + PATTERNS_CAP ? red - base - PATTERNS_CAP : red < base - PATTERNS_CAP ? red - base + PATTERNS_CAP : 0;
  return forSideToMove(pos, red - patternsCut);
}

/**
 * The score without the patterns, from red's point of view: what the lazy exit returns, and
 * what the patterns' cap is measured from (one expression, so the two cannot drift apart).
 * {@link materialTerms} must have been called for `pos`.
 */
function lazyBase(pos: XiangqiPosition, phase: number): number {
  return blend(pos.valueRed - pos.valueBlack + materialMg, pos.endRed - pos.endBlack + materialEg, phase);
}

/** The most the patterns may move a blended score (just inside the lazy margin). */
const PATTERNS_CAP = LAZY_MARGIN - 1;
/** What the cap took off the last full score's patterns (red's point of view), or 0. */
let patternsCut = 0;

/** A score from red's point of view turned to the side to move's, with its tempo. */
function forSideToMove(pos: XiangqiPosition, redScore: number): number {
  return (pos.sideToMove === 0 ? redScore : -redScore) + TEMPO;
}
