/**
 * The chess evaluation, tapered between middlegame and endgame by the remaining material:
 *
 * - material and piece-square tables;
 * - pawn structure (passed, isolated, doubled, connected), computed once per pawn
 *   configuration and kept in a pawn hash keyed by the position's pawn-only Zobrist key;
 * - mobility (squares not taken by own pieces nor guarded by enemy pawns, for knights);
 * - rooks on open and half-open files;
 * - king safety: the pawn shield and the weight of attacks next to the king;
 * - the bishop pair, a tempo term, and a discount for a side that cannot win without pawns.
 *
 * All weights live in evaluate-weights.ts. Nothing is allocated per call.
 */
import { ATTACK_LINE, BISHOP, DIRECTIONS, KING, KING_STEP, KNIGHT, KNIGHT_STEPS, PAWN, QUEEN, ROOK } from './board.js';
import {
  BISHOP_PAIR_EG,
  BISHOP_PAIR_MG,
  CONNECTED_EG,
  CONNECTED_MG,
  DOUBLED_EG,
  DOUBLED_MG,
  ISOLATED_EG,
  ISOLATED_MG,
  KING_ATTACK_UNITS,
  KING_DANGER,
  LAZY_MARGIN,
  MATERIAL_MG,
  MOBILITY_BASE,
  MOBILITY_EG,
  MOBILITY_MG,
  PASSED_EG,
  PASSED_MG,
  PHASE_TOTAL,
  PHASE_WEIGHT,
  PST_EG,
  PST_MG,
  ROOK_OPEN_FILE_EG,
  ROOK_OPEN_FILE_MG,
  ROOK_SEMI_OPEN_FILE_EG,
  ROOK_SEMI_OPEN_FILE_MG,
  SHIELD_FAR,
  SHIELD_MISSING,
  SHIELD_NEAR,
  TEMPO_EG,
  TEMPO_MG,
} from './evaluate-weights.js';
import type { ChessPosition } from './position.js';

// --- The pawn hash: direct-mapped, one entry per pawn key.
const PAWN_BITS = 14;
const PAWN_MASK = (1 << PAWN_BITS) - 1;
const pawnKeyLo = new Int32Array(1 << PAWN_BITS);
const pawnKeyHi = new Int32Array(1 << PAWN_BITS);
const pawnMg = new Int32Array(1 << PAWN_BITS);
const pawnEg = new Int32Array(1 << PAWN_BITS);
/** Files holding white pawns in bits 0..7, black pawns in bits 8..15. */
const pawnFiles = new Int32Array(1 << PAWN_BITS);
const pawnValid = new Uint8Array(1 << PAWN_BITS);

// Scratch for the pawn scan: per file, pawn count and the extreme ranks.
const fileCount = new Int8Array(16);
/** Highest rank of a black pawn per file (-1 none): a white pawn below it on that file or beside is not passed. */
const blackHighest = new Int8Array(8);
/** Lowest rank of a white pawn per file (8 none). */
const whiteLowest = new Int8Array(8);

const WHITE_PAWN = PAWN | 8;
const BLACK_PAWN = PAWN | 16;

/** Scores the pawn structure of `pos` (white's view) into the pawn hash; returns its slot. */
function pawnEntry(pos: ChessPosition): number {
  const slot = pos.pawnLo & PAWN_MASK;
  if (pawnValid[slot] === 1 && pawnKeyLo[slot] === pos.pawnLo && pawnKeyHi[slot] === pos.pawnHi) return slot;
  const b = pos.board;
  const L = pos.squares;
  fileCount.fill(0);
  blackHighest.fill(-1);
  whiteLowest.fill(8);
  let files = 0;
  const nw = pos.count[WHITE_PAWN]!;
  const nb = pos.count[BLACK_PAWN]!;
  for (let i = 0; i < nw; i++) {
    const sq = L[(WHITE_PAWN << 4) | i]!;
    const f = sq & 7;
    const r = sq >> 4;
    fileCount[f]!++;
    files |= 1 << f;
    if (r < whiteLowest[f]!) whiteLowest[f] = r;
  }
  for (let i = 0; i < nb; i++) {
    const sq = L[(BLACK_PAWN << 4) | i]!;
    const f = sq & 7;
    const r = sq >> 4;
    fileCount[8 + f]!++;
    files |= 256 << f;
    if (r > blackHighest[f]!) blackHighest[f] = r;
  }
  let mg = 0;
  let eg = 0;
  for (let f = 0; f < 8; f++) {
    if (fileCount[f]! > 1) {
      mg += (fileCount[f]! - 1) * DOUBLED_MG;
      eg += (fileCount[f]! - 1) * DOUBLED_EG;
    }
    if (fileCount[8 + f]! > 1) {
      mg -= (fileCount[8 + f]! - 1) * DOUBLED_MG;
      eg -= (fileCount[8 + f]! - 1) * DOUBLED_EG;
    }
  }
  for (let i = 0; i < nw; i++) {
    const sq = L[(WHITE_PAWN << 4) | i]!;
    const f = sq & 7;
    const r = sq >> 4;
    const left = f > 0 ? fileCount[f - 1]! : 0;
    const right = f < 7 ? fileCount[f + 1]! : 0;
    if (left + right === 0) {
      mg += ISOLATED_MG;
      eg += ISOLATED_EG;
    }
    if ((f > 0 && (b[sq - 1] === WHITE_PAWN || b[sq - 17] === WHITE_PAWN)) || (f < 7 && (b[sq + 1] === WHITE_PAWN || b[sq - 15] === WHITE_PAWN))) {
      mg += CONNECTED_MG;
      eg += CONNECTED_EG;
    }
    if (blackHighest[f]! <= r && (f === 0 || blackHighest[f - 1]! <= r) && (f === 7 || blackHighest[f + 1]! <= r)) {
      mg += PASSED_MG[r]!;
      eg += PASSED_EG[r]!;
    }
  }
  for (let i = 0; i < nb; i++) {
    const sq = L[(BLACK_PAWN << 4) | i]!;
    const f = sq & 7;
    const r = sq >> 4;
    const left = f > 0 ? fileCount[8 + f - 1]! : 0;
    const right = f < 7 ? fileCount[8 + f + 1]! : 0;
    if (left + right === 0) {
      mg -= ISOLATED_MG;
      eg -= ISOLATED_EG;
    }
    if ((f > 0 && (b[sq - 1] === BLACK_PAWN || b[sq + 15] === BLACK_PAWN)) || (f < 7 && (b[sq + 1] === BLACK_PAWN || b[sq + 17] === BLACK_PAWN))) {
      mg -= CONNECTED_MG;
      eg -= CONNECTED_EG;
    }
    if (whiteLowest[f]! >= r && (f === 0 || whiteLowest[f - 1]! >= r) && (f === 7 || whiteLowest[f + 1]! >= r)) {
      mg -= PASSED_MG[7 - r]!;
      eg -= PASSED_EG[7 - r]!;
    }
  }
  pawnKeyLo[slot] = pos.pawnLo;
  pawnKeyHi[slot] = pos.pawnHi;
  pawnMg[slot] = mg;
  pawnEg[slot] = eg;
  pawnFiles[slot] = files;
  pawnValid[slot] = 1;
  return slot;
}

let termMg = 0;
let termEg = 0;
/** The material and piece-square sums of the last evaluation (white's view), for evaluationTerms. */
let pieceSquareMg = 0;
let pieceSquareEg = 0;

/** Whether an enemy pawn of the side whose pawn code is `enemyPawn` guards `t`. */
function pawnGuarded(b: Uint8Array, t: number, enemyPawn: number): boolean {
  // Black pawns capture downwards (from t + 15 / t + 17), white pawns upwards.
  if (enemyPawn === BLACK_PAWN) return (((t + 15) & 0x88) === 0 && b[t + 15] === BLACK_PAWN) || (((t + 17) & 0x88) === 0 && b[t + 17] === BLACK_PAWN);
  return (((t - 15) & 0x88) === 0 && t >= 15 && b[t - 15] === WHITE_PAWN) || (((t - 17) & 0x88) === 0 && t >= 17 && b[t - 17] === WHITE_PAWN);
}

/** Adds one side's mobility, rook files and attacks on the enemy king, with `sign`. */
function pieceTerms(pos: ChessPosition, side: number, sign: number, files: number): void {
  const b = pos.board;
  const L = pos.squares;
  const tag = 8 << side;
  const enemyPawn = PAWN | (16 >> side);
  const enemyKing = pos.kingSquare(side ^ 1);
  const ownFiles = side === 0 ? files & 255 : files >> 8;
  const enemyFiles = side === 0 ? files >> 8 : files & 255;
  let mg = 0;
  let eg = 0;
  let units = 0;
  let attackers = 0;
  for (let type = KNIGHT; type <= QUEEN; type++) {
    const pc = type | tag;
    const n = pos.count[pc]!;
    for (let i = 0; i < n; i++) {
      const sq = L[(pc << 4) | i]!;
      let mobility = 0;
      let hits = 0;
      if (type === KNIGHT) {
        for (let k = 0; k < 8; k++) {
          const t = sq + KNIGHT_STEPS[k]!;
          if ((t & 0x88) !== 0 || (b[t]! & tag) !== 0) continue;
          if (!pawnGuarded(b, t, enemyPawn)) mobility++;
          if ((ATTACK_LINE[t - enemyKing + 119]! & KING_STEP) !== 0) hits++;
        }
      } else {
        const k0 = type === ROOK ? 4 : 0;
        const k1 = type === BISHOP ? 4 : 8;
        for (let k = k0; k < k1; k++) {
          const d = DIRECTIONS[k]!;
          for (let t = sq + d; (t & 0x88) === 0; t += d) {
            const occ = b[t]!;
            if ((occ & tag) !== 0) break;
            mobility++;
            if ((ATTACK_LINE[t - enemyKing + 119]! & KING_STEP) !== 0) hits++;
            if (occ !== 0) break;
          }
        }
        if (type === ROOK) {
          const bit = 1 << (sq & 7);
          if ((ownFiles & bit) === 0) {
            if ((enemyFiles & bit) === 0) {
              mg += ROOK_OPEN_FILE_MG;
              eg += ROOK_OPEN_FILE_EG;
            } else {
              mg += ROOK_SEMI_OPEN_FILE_MG;
              eg += ROOK_SEMI_OPEN_FILE_EG;
            }
          }
        }
      }
      mg += (mobility - MOBILITY_BASE[type]!) * MOBILITY_MG[type]!;
      eg += (mobility - MOBILITY_BASE[type]!) * MOBILITY_EG[type]!;
      if (hits > 0) {
        attackers++;
        units += hits * KING_ATTACK_UNITS[type]!;
      }
    }
  }
  if (attackers >= 2) mg += KING_DANGER[Math.min(units, 63)]!;

  // The pawn shield in front of our own king, when it stays on its first two ranks.
  const king = pos.kingSquare(side);
  const kr = side === 0 ? king >> 4 : 7 - (king >> 4);
  if (kr <= 1) {
    const ownPawn = PAWN | tag;
    const up = side === 0 ? 16 : -16;
    const kf = king & 7;
    for (let f = Math.max(0, kf - 1); f <= Math.min(7, kf + 1); f++) {
      const near = (king & 0x70) + up + f;
      if (b[near] === ownPawn) mg += SHIELD_NEAR;
      else if (b[near + up] === ownPawn) mg += SHIELD_FAR;
      else if ((ownFiles & (1 << f)) === 0) mg += SHIELD_MISSING;
    }
  }
  termMg += sign * mg;
  termEg += sign * eg;
}

/**
 * The static score of `pos` from the side to move's point of view. When material and
 * position alone lie more than {@link LAZY_MARGIN} outside the window (`alpha`, `beta`), that
 * cheaper score is returned: it is on the same side of the window as the full one.
 */
export function evaluateChess(pos: ChessPosition, alpha: number, beta: number): number {
  const L = pos.squares;
  let mg = 0;
  let eg = 0;
  let phase = 0;
  let whitePieces = 0;
  let blackPieces = 0;
  for (let type = PAWN; type <= KING; type++) {
    for (let side = 0; side < 2; side++) {
      const pc = type | (8 << side);
      const n = pos.count[pc]!;
      let m = 0;
      let e = 0;
      for (let i = 0; i < n; i++) {
        const sq = L[(pc << 4) | i]!;
        m += PST_MG[(pc << 7) | sq]!;
        e += PST_EG[(pc << 7) | sq]!;
      }
      phase += n * PHASE_WEIGHT[type]!;
      if (type !== PAWN) {
        if (side === 0) whitePieces += n * MATERIAL_MG[type]!;
        else blackPieces += n * MATERIAL_MG[type]!;
      }
      if (side === 0) {
        mg += m;
        eg += e;
      } else {
        mg -= m;
        eg -= e;
      }
    }
  }
  pieceSquareMg = mg;
  pieceSquareEg = eg;
  const slot = pawnEntry(pos);
  mg += pawnMg[slot]!;
  eg += pawnEg[slot]!;
  if (pos.count[BISHOP | 8]! >= 2) {
    mg += BISHOP_PAIR_MG;
    eg += BISHOP_PAIR_EG;
  }
  if (pos.count[BISHOP | 16]! >= 2) {
    mg -= BISHOP_PAIR_MG;
    eg -= BISHOP_PAIR_EG;
  }
  if (phase > PHASE_TOTAL) phase = PHASE_TOTAL;
  const stm = pos.sideToMove;
  const lazy = blend(mg, eg, phase, stm, whitePieces, blackPieces, pos);
  if (lazy - LAZY_MARGIN >= beta || lazy + LAZY_MARGIN <= alpha) return lazy;

  termMg = mg;
  termEg = eg;
  const files = pawnFiles[slot]!;
  pieceTerms(pos, 0, 1, files);
  pieceTerms(pos, 1, -1, files);
  return blend(termMg, termEg, phase, stm, whitePieces, blackPieces, pos);
}

/**
 * The chess evaluation of a position taken apart, each part tapered by the phase and from
 * white's point of view, for tuning the weights (see {@link ChessPosition.evaluationTerms}).
 * Without the no-pawn discount, `pieceSquare + patterns ± tempo` is the whole score.
 */
export interface ChessEvaluationTerms {
  /** The game phase, 0 (bare kings and pawns) to 24 (all pieces). */
  phase: number;
  /** Material and piece-square tables. */
  pieceSquare: number;
  /** Everything else: pawn structure, bishop pair, mobility, rook files, king safety. */
  patterns: number;
  /** The side to move's bonus (added for that side, whichever it is). */
  tempo: number;
  /** The whole static score, from the side to move's point of view (as `evaluate` gives it). */
  score: number;
}

/** {@link ChessEvaluationTerms} of `pos`. */
export function chessEvaluationTerms(pos: ChessPosition): ChessEvaluationTerms {
  // A window no score reaches, so the full evaluation runs and leaves its sums in termMg/Eg,
  // and the material and piece-square part in pieceSquareMg/Eg.
  const score = evaluateChess(pos, -0x7fff, 0x7fff);
  const pieceMg = pieceSquareMg;
  const pieceEg = pieceSquareEg;
  let phase = 0;
  for (let type = PAWN; type <= KING; type++) phase += (pos.count[type | 8]! + pos.count[type | 16]!) * PHASE_WEIGHT[type]!;
  if (phase > PHASE_TOTAL) phase = PHASE_TOTAL;
  const taper = (mg: number, eg: number): number => (mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
  return {
    phase,
    pieceSquare: taper(pieceMg, pieceEg),
    patterns: taper(termMg - pieceMg, termEg - pieceEg),
    tempo: taper(TEMPO_MG, TEMPO_EG),
    score,
  };
}

/** Tapers (mg, eg) by phase, adds the tempo, applies the no-pawn discount, and turns to the side to move. */
function blend(mg: number, eg: number, phase: number, stm: number, whitePieces: number, blackPieces: number, pos: ChessPosition): number {
  if (stm === 0) {
    mg += TEMPO_MG;
    eg += TEMPO_EG;
  } else {
    mg -= TEMPO_MG;
    eg -= TEMPO_EG;
  }
  let score = ((mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL) | 0;
  // Without pawns, a side up by at most a minor piece cannot usually win.
  if (score > 0 && pos.count[WHITE_PAWN] === 0 && whitePieces - blackPieces <= MATERIAL_MG[BISHOP]) score >>= 3;
  else if (score < 0 && pos.count[BLACK_PAWN] === 0 && blackPieces - whitePieces <= MATERIAL_MG[BISHOP]) score = -(-score >> 3);
  return stm === 0 ? score : 0 - score;
}
