/**
 * Every weight of the xiangqi evaluation, in one place so that a tuner can find them all.
 *
 * Piece-square values are from red's point of view on red's own geometry (ICCS file 0..8,
 * rank 0..9, rank 0 being red's back rank) and mirrored for black. Each piece has a middlegame
 * and an endgame table; the position keeps both sums incrementally and evaluate.ts blends
 * them by the game phase (how many rooks, horses and cannons remain).
 */
import { IN_BOARD, iccsFile, iccsRank } from './geometry.js';
import { TYPE_OF, sideOf } from './pieces.js';

/**
 * Middlegame material of each type (king, advisor, elephant, horse, rook, cannon, pawn). Move
 * ordering and the losing-capture test read it; the evaluation reads it plus the tables below.
 *
 * Material was fitted by least squares to Fairy-Stockfish's scores of about 8,000 quiet
 * positions from qiengine's games (see bench/RESULTS.md): cannons and advisors are worth much
 * more while the board is full.
 */
export const MATERIAL = [0, 200, 130, 270, 600, 400, 70] as const;
/** Endgame material: horses hold their value, cannons lose most (fewer screens), advisors too. */
export const MATERIAL_END = [0, 80, 70, 260, 600, 240, 55] as const;

/** Phase contribution of each type; the opening total is 2 * (2*2 + 2 + 2) = 16. */
export const PHASE_WEIGHT = [0, 0, 0, 1, 2, 1, 0] as const;
export const PHASE_TOTAL = 16;

/** The most the pattern terms can plausibly move a score: beyond it, evaluation is lazy. */
export const LAZY_MARGIN = 200;

/** Side to move's bonus (fitted with the tables below). */
export const TEMPO = 30;

// --- Pattern weights (see evaluate.ts). Middlegame unless named _END.
/** A cannon facing the enemy king with nothing between (the "hollow cannon"). */
export const HOLLOW_CANNON = 48;
/** A cannon facing the enemy king over one screen (the central cannon's threat). */
export const CENTRAL_CANNON = 14;
/** A cannon facing the enemy king over two pieces. */
export const CANNON_TWO_SCREENS = 4;
/** A cannon on the enemy back rank facing the king over one screen (the "bottom cannon"). */
export const BOTTOM_CANNON = 24;
/** The threats above count fully only while the attacker keeps this many attack units. */
export const THREAT_FULL_UNITS = 4;
/** A piece pinned against its king, by its type. */
export const PIN_TO_KING = [0, 6, 6, 22, 30, 20, 8] as const;
/** A piece pinned against its rook (worth less than the rook), by its type. */
export const PIN_TO_ROOK = [0, 4, 4, 12, 0, 12, 4] as const;
/** Per empty square a rook reaches. */
export const ROOK_MOBILITY = 2;
export const ROOK_MOBILITY_END = 2;
/** A horse with no good square to go to, and with only one. */
export const HORSE_TRAPPED = 28;
export const HORSE_CRAMPED = 10;
/** Per missing advisor / elephant, per enemy attack unit (rook 2, horse, cannon, crossed pawn 1). */
export const MISSING_ADVISOR = 4;
export const MISSING_ELEPHANT = 3;

// Piece-square values on top of the material above, from red's side: rank 9 (the enemy back
// rank) first, files a..i; 0 on squares the piece can never stand on, and on the king's home
// square (both kings are always on the board, so only differences between king squares
// count). Fitted square by square, each table symmetric left to right, by least squares to
// Fairy-Stockfish's depth-10 scores of quiet positions from qiengine's games, pulled towards
// the tables before them (ridge): first 57,000 positions from the hand-set tables (lambda 300),
// then 114,000 together with the imbalance below (lambda 200), then 38,000 from later games
// (matches against Fairy-Stockfish and self-play) together with the imbalance and the attack
// across the river (lambda 200). `bench/fit/xiangqi-fit.mjs`
// rewrites them (see bench/RESULTS.md). Some cells say more about which positions arise than
// about the square: a king off its home rank mostly stands where it was driven by checks.
// prettier-ignore
const KING_MG = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,-256,-199,-256,   0,   0,   0,
     0,   0,   0,-163, -77,-163,   0,   0,   0,
     0,   0,   0, -55,   0, -55,   0,   0,   0,
];
// prettier-ignore
const ADVISOR_MG = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0, -27,   0, -27,   0,   0,   0,
     0,   0,   0,   0,  65,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
];
// prettier-ignore
const ELEPHANT_MG = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0, -10,   0,   0,   0, -10,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
   -18,   0,   0,   0,  25,   0,   0,   0, -18,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0, -23,   0,   0,   0, -23,   0,   0,
];
// prettier-ignore
const HORSE_MG = [
   -29, -21,  12,  -2,   4,  -2,  12, -21, -29,
   -20,  22, 117,  37,  12,  37, 117,  22, -20,
     3,   9,  55,  86,  81,  86,  55,   9,   3,
   -21, 109,  34, 116,  18, 116,  34, 109, -21,
   -23,  40,  45, 104,  63, 104,  45,  40, -23,
   -11,   8,  41,  49,  52,  49,  41,   8, -11,
   -41, -25,   0, -25,  38, -25,   0, -25, -41,
   -37, -22,   5,  -8, -24,  -8,   5, -22, -37,
   -62, -73, -64, -20,   1, -20, -64, -73, -62,
   -57, -69, -66, -69, -22, -69, -66, -69, -57,
];
// prettier-ignore
const ROOK_MG = [
    32,  58,  26,  54,  73,  54,  26,  58,  32,
    10,  59,  46,  55,  71,  55,  46,  59,  10,
    22,  29,  44,  77,  80,  77,  44,  29,  22,
    20,  43,  63,  76,  68,  76,  63,  43,  20,
    -1,  16,  15,  66,  42,  66,  15,  16,  -1,
   -15,  18,  44,  38,  17,  38,  44,  18, -15,
   -37, -22,  -6,  20,  41,  20,  -6, -22, -37,
   -53,  -9, -26,   4,  -5,   4, -26,  -9, -53,
   -58, -28, -45, -13, -26, -13, -45, -28, -58,
   -68, -28, -31, -29,   0, -29, -31, -28, -68,
];
// prettier-ignore
const CANNON_MG = [
    76,  64,  -2, -24, -15, -24,  -2,  64,  76,
     3,  22,   6,   2, -23,   2,   6,  22,   3,
     6,  29,   6,   9,  -6,   9,   6,  29,   6,
   -12,   6,   1,  -5,  91,  -5,   1,   6, -12,
   -23,  -2,   2,   3,  85,   3,   2,  -2, -23,
    -4,  33,  25,  17,  62,  17,  25,  33,  -4,
   -10,   2,  17,  16,  99,  16,  17,   2, -10,
    -1,   7,  32,  27,  32,  27,  32,   7,  -1,
   -19, -10,  23,   7,  54,   7,  23, -10, -19,
   -96, -44,  -6,  14,  36,  14,  -6, -44, -96,
];
// prettier-ignore
const PAWN_MG = [
    -2, -13,  17,  42,  13,  42,  17, -13,  -2,
    14,  22, 123, 199,  79, 199, 123,  22,  14,
   -12,  40,  72, 113,  95, 113,  72,  40, -12,
     9,  21,  68,  94,  88,  94,  68,  21,   9,
    -6,   9,  25,  42,  57,  42,  25,   9,  -6,
   -79,   0, -33,   0, -32,   0, -33,   0, -79,
   -84,   0, -49,   0, -15,   0, -49,   0, -84,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
];
// prettier-ignore
const KING_EG = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,  17,  35,  17,   0,   0,   0,
     0,   0,   0,  24,  17,  24,   0,   0,   0,
     0,   0,   0,  -4,   0,  -4,   0,   0,   0,
];
// prettier-ignore
const ADVISOR_EG = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0, -44,   0, -44,   0,   0,   0,
     0,   0,   0,   0, -44,   0,   0,   0,   0,
     0,   0,   0, -42,   0, -42,   0,   0,   0,
];
// prettier-ignore
const ELEPHANT_EG = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,  -6,   0,   0,   0,  -6,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
   -22,   0,   0,   0, -12,   0,   0,   0, -22,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0, -15,   0,   0,   0, -15,   0,   0,
];
// prettier-ignore
const HORSE_EG = [
    -7,  -1,  34,  25,  24,  25,  34,  -1,  -7,
   -24,  35,  17,   5,  16,   5,  17,  35, -24,
    29,  17,  27, -12,  32, -12,  27,  17,  29,
     4,  21,  39,  21,  22,  21,  39,  21,   4,
    -2,  20,  41,  20,  34,  20,  41,  20,  -2,
     5,  10,  19,  37,  30,  37,  19,  10,   5,
   -20,  19,  31,  39,  18,  39,  31,  19, -20,
   -30,   5,  24,  25,  -1,  25,  24,   5, -30,
   -56, -31, -14,   0, -43,   0, -14, -31, -56,
   -47, -50, -46,  -8,   6,  -8, -46, -50, -47,
];
// prettier-ignore
const ROOK_EG = [
    24, -12,  13,   5,  58,   5,  13, -12,  24,
    12,  -3,  20, -14,  53, -14,  20,  -3,  12,
    15,  24,  18,  30,  41,  30,  18,  24,  15,
    10,  21,  -7,  15,  30,  15,  -7,  21,  10,
    20,   8,  16,   9,  26,   9,  16,   8,  20,
   -12,  -4, -10, -14,  15, -14, -10,  -4, -12,
    14,  15,   8,   0,  10,   0,   8,  15,  14,
    -4,   3,   5, -20,  14, -20,   5,   3,  -4,
   -34, -14, -12,  -1, -11,  -1, -12, -14, -34,
   -94, -36, -44, -22,  -6, -22, -44, -36, -94,
];
// prettier-ignore
const CANNON_EG = [
   -35, -10, -13, -26, -11, -26, -13, -10, -35,
   -22,  13,  -3,   0,  -6,   0,  -3,  13, -22,
   -16,  -7, -24,  -1,   8,  -1, -24,  -7, -16,
     4,   2, -17,   4,  -5,   4, -17,   2,   4,
    -3,  17, -10,  12,  -6,  12, -10,  17,  -3,
    -8, -10, -19,   7,  23,   7, -19, -10,  -8,
     7,  -4,   9,  11,   3,  11,   9,  -4,   7,
    17,   7, -10,  23,  43,  23, -10,   7,  17,
     0,  -5,  -1,  13,  16,  13,  -1,  -5,   0,
   -10, -19, -10,  18,  15,  18, -10, -19, -10,
];
// prettier-ignore
const PAWN_EG = [
    14,   5,  17,  27,  15,  27,  17,   5,  14,
    41,  69,  82,  82, 110,  82,  82,  69,  41,
    20,  51,  64, 111, 128, 111,  64,  51,  20,
    33,  58,  53,  77,  82,  77,  53,  58,  33,
    38,  44,  47,  68,  70,  68,  47,  44,  38,
    26,   0,  33,   0,  53,   0,  33,   0,  26,
    29,   0,  32,   0,  24,   0,  32,   0,  29,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
];


/*
 * Material imbalance: what a piece is worth depends on the other pieces on the board (a cannon
 * needs screens, pawns make rooks stronger, defenders matter less once the attackers are gone).
 * A quadratic in the piece counts, indexed advisor, elephant, horse, rook, cannon, pawn (type
 * - 1; kings are not counted). A side with counts c against the other side's d scores
 *   sum over i >= j of OWN[i * 6 + j] * c[i] * c[j]  +  sum over i < j of OPP[i * 6 + j] * c[i] * d[j],
 * and the other side the same with c and d swapped; the evaluation takes the difference. Other
 * cells are 0. Fitted with the piece-square tables (bench/fit/xiangqi-fit.mjs).
 */
const IMBALANCE_OWN_MG = [
     5,   0,   0,   0,   0,   0,
    20,   0,   0,   0,   0,   0,
   -44,   6,  27,   0,   0,   0,
    34,  12,  27,   9,   0,   0,
    20,   8, -10,  15,   2,   0,
     6,  -4,  -5, -12,  -1,  -8,
];
const IMBALANCE_OWN_EG = [
     7,   0,   0,   0,   0,   0,
    -3,   0,   0,   0,   0,   0,
    -1, -16,   6,   0,   0,   0,
   -38, -40,  31,  -3,   0,   0,
   -12, -10,  25,   1,   2,   0,
    13,  20,  62, 119,  51,  13,
];
const IMBALANCE_OPP_MG = [
     0, -23,   4, -39, -51,   0,
     0,   0, -23,  -9, -21,   5,
     0,   0,   0,  21,  16, -17,
     0,   0,   0,   0,  18, -44,
     0,   0,   0,   0,   0, -26,
     0,   0,   0,   0,   0,   0,
];
const IMBALANCE_OPP_EG = [
     0,  10,   1,  38,  22,  32,
     0,   0,  12,  30,   9,  22,
     0,   0,   0, -15, -12,  32,
     0,   0,   0,   0,  22, 107,
     0,   0,   0,   0,   0,  47,
     0,   0,   0,   0,   0,   0,
];
// The attack across the river: a side's horses, rooks, cannons and pawns on the other side's
// half (counts a_h, a_r, a_c, a_p) are worth more together than each alone (a rook with a
// cannon most), and less the more advisors and elephants the other side has left to meet them.
// Per phase: ATTACK_PAIRS_* for a_i * a_j (i <= j, in the order hh hr hc hp rr rc rp cc cp
// pp), ATTACK_VS_DEFENDERS_* for a_i * (the other side's advisors + elephants). Fitted with the
// tables by `bench/fit/xiangqi-fit.mjs`.
// prettier-ignore
const ATTACK_PAIRS_MG = [
     5,  -5,  18,   4,  15,  38,   5,  10, -11,   6,
];
// prettier-ignore
const ATTACK_PAIRS_EG = [
    -2,  34,   4,  15, -22,  16,  11,  -8,   8,   6,
];
const ATTACK_VS_DEFENDERS_MG = [
   -12, -16,  -4,  -2,
];
const ATTACK_VS_DEFENDERS_EG = [
    -5,   0,   1,  -5,
];
/** The attack weights as the evaluation reads them. */
export const ATTACK = {
  pairsMg: Int16Array.from(ATTACK_PAIRS_MG),
  pairsEg: Int16Array.from(ATTACK_PAIRS_EG),
  defendersMg: Int16Array.from(ATTACK_VS_DEFENDERS_MG),
  defendersEg: Int16Array.from(ATTACK_VS_DEFENDERS_EG),
};

/** The imbalance weights as the evaluation reads them: own pairs, then opposing pairs, per phase. */
export const IMBALANCE = {
  ownMg: Int16Array.from(IMBALANCE_OWN_MG),
  ownEg: Int16Array.from(IMBALANCE_OWN_EG),
  oppMg: Int16Array.from(IMBALANCE_OPP_MG),
  oppEg: Int16Array.from(IMBALANCE_OPP_EG),
};

const TABLES = [KING_MG, ADVISOR_MG, ELEPHANT_MG, HORSE_MG, ROOK_MG, CANNON_MG, PAWN_MG] as const;
const TABLES_END = [KING_EG, ADVISOR_EG, ELEPHANT_EG, HORSE_EG, ROOK_EG, CANNON_EG, PAWN_EG] as const;

/** `PST[id * 256 + sq]`: middlegame material + position of piece `id` on `sq`, for its own side. */
export const PST = new Int16Array(48 * 256);
/** The endgame counterpart of {@link PST}. */
export const PST_END = new Int16Array(48 * 256);
for (let id = 16; id < 48; id++) {
  const type = TYPE_OF[id]!;
  const side = sideOf(id);
  for (let sq = 0; sq < 256; sq++) {
    if (!IN_BOARD[sq]) continue;
    const file = side === 0 ? iccsFile(sq) : 8 - iccsFile(sq);
    const rank = side === 0 ? iccsRank(sq) : 9 - iccsRank(sq);
    const at = (9 - rank) * 9 + file;
    PST[id * 256 + sq] = MATERIAL[type as 0]! + TABLES[type as 0]![at]!;
    PST_END[id * 256 + sq] = MATERIAL_END[type as 0]! + TABLES_END[type as 0]![at]!;
  }
}
