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
export const TEMPO = 32;

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
// then 114,000 together with the imbalance below (lambda 200). `bench/fit/xiangqi-fit.mjs`
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
     0,   0,   0,-327,-267,-327,   0,   0,   0,
     0,   0,   0,-263,-143,-263,   0,   0,   0,
     0,   0,   0,-105,   0,-105,   0,   0,   0,
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
     0,   0,   0, -40,   0, -40,   0,   0,   0,
     0,   0,   0,   0,  78,   0,   0,   0,   0,
     0,   0,   0,   2,   0,   2,   0,   0,   0,
];
// prettier-ignore
const ELEPHANT_MG = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0, -26,   0,   0,   0, -26,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
   -36,   0,   0,   0,  46,   0,   0,   0, -36,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0, -13,   0,   0,   0, -13,   0,   0,
];
// prettier-ignore
const HORSE_MG = [
   -25, -27,   8,   1,   5,   1,   8, -27, -25,
   -13,  17, 111,  27,  12,  27, 111,  17, -13,
    22,   8,  63,  91,  72,  91,  63,   8,  22,
   -36, 102,  10, 153,  16, 153,  10, 102, -36,
   -19,  34,  35,  96,  73,  96,  35,  34, -19,
   -17,   8,  72,  48,  34,  48,  72,   8, -17,
   -31, -21,   0, -15,  48, -15,   0, -21, -31,
   -57, -31,   3,  -5,   5,  -5,   3, -31, -57,
   -85, -53, -58, -44, -31, -44, -58, -53, -85,
   -56, -78, -59, -59, -18, -59, -59, -78, -56,
];
// prettier-ignore
const ROOK_MG = [
    20,  31,  42,  45,  74,  45,  42,  31,  20,
    15,  45,  72, 138,  69, 138,  72,  45,  15,
    23,  -3,  48,  96,  86,  96,  48,  -3,  23,
     9,  17,  59,  78,  37,  78,  59,  17,   9,
   -10, -12,  17,  61,  45,  61,  17, -12, -10,
    -6,  -9,  24,  58,  22,  58,  24,  -9,  -6,
   -36,  -7,   7,  55,  51,  55,   7,  -7, -36,
   -71, -41, -33,  44,   2,  44, -33, -41, -71,
   -63, -38, -60,   5, -31,   5, -60, -38, -63,
   -82, -40, -46,  16,  -3,  16, -46, -40, -82,
];
// prettier-ignore
const CANNON_MG = [
    61,  78,  -5, -13, -10, -13,  -5,  78,  61,
    17,   3,  -1,   2, -21,   2,  -1,   3,  17,
     8,  10,   1,  -5,   5,  -5,   1,  10,   8,
    10,  11,  19,  -3,  90,  -3,  19,  11,  10,
   -18, -15,  -5,   1, 119,   1,  -5, -15, -18,
     2,  11,  36,  33,  95,  33,  36,  11,   2,
    -5,   4,  15,  15,  74,  15,  15,   4,  -5,
   -18, -20,  14,  48,  38,  48,  14, -20, -18,
   -25, -25,  -2,   9,  46,   9,  -2, -25, -25,
   -82, -50,  -7,  28,  32,  28,  -7, -50, -82,
];
// prettier-ignore
const PAWN_MG = [
    -3, -13,  19,  32,   8,  32,  19, -13,  -3,
    11,  19, 102, 172,  77, 172, 102,  19,  11,
    -4,  36,  86, 114,  86, 114,  86,  36,  -4,
    -4,   7,  85,  99,  87,  99,  85,   7,  -4,
   -44,  32,  28,  72,  93,  72,  28,  32, -44,
   -76,   0, -15,   0, -16,   0, -15,   0, -76,
  -114,   0, -73,   0,   4,   0, -73,   0,-114,
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
     0,   0,   0,  37,  38,  37,   0,   0,   0,
     0,   0,   0,  41,  20,  41,   0,   0,   0,
     0,   0,   0,  20,   0,  20,   0,   0,   0,
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
     0,   0,   0, -31,   0, -31,   0,   0,   0,
     0,   0,   0,   0, -54,   0,   0,   0,   0,
     0,   0,   0, -48,   0, -48,   0,   0,   0,
];
// prettier-ignore
const ELEPHANT_EG = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0, -25,   0,   0,   0, -25,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
   -30,   0,   0,   0, -31,   0,   0,   0, -30,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0, -23,   0,   0,   0, -23,   0,   0,
];
// prettier-ignore
const HORSE_EG = [
    -8, -11,  29,  24,  25,  24,  29, -11,  -8,
   -16,  11,  22,   5,  20,   5,  22,  11, -16,
    31,  22,  18,  41,  47,  41,  18,  22,  31,
    -7,  33,  33,  12,  22,  12,  33,  33,  -7,
     1,  21,  32,  23,  35,  23,  32,  21,   1,
    -1,  17,  28,  31,  30,  31,  28,  17,  -1,
    -9,   3,  30,  37,  23,  37,  30,   3,  -9,
   -33,   9,  11,  25,  14,  25,  11,   9, -33,
   -63, -23, -14, -20, -40, -20, -14, -23, -63,
   -46, -59, -38,  -5,   7,  -5, -38, -59, -46,
];
// prettier-ignore
const ROOK_EG = [
    10, -14,  16,  15,  55,  15,  16, -14,  10,
    24,   2,  18,  -2,  42,  -2,  18,   2,  24,
    24,  15,  22,  46,  42,  46,  22,  15,  24,
    12,   4,  -4,  -5,  35,  -5,  -4,   4,  12,
    12,   0,  23,  -1,  21,  -1,  23,   0,  12,
    -6,  -8,  -7, -18,  30, -18,  -7,  -8,  -6,
    14,   3,  17, -14,   4, -14,  17,   3,  14,
   -18,  -2,  19, -17,  22, -17,  19,  -2, -18,
   -34, -15, -13,  -4, -11,  -4, -13, -15, -34,
   -87, -50, -31, -20,  -6, -20, -31, -50, -87,
];
// prettier-ignore
const CANNON_EG = [
   -12,   8, -15, -18,  -7, -18, -15,   8, -12,
    -9,  22,   3, -11,  -3, -11,   3,  22,  -9,
   -12, -10, -26,   0,  21,   0, -26, -10, -12,
    -7,  10, -22,  -5,   1,  -5, -22,  10,  -7,
     8,   8, -13,   6,  -1,   6, -13,   8,   8,
    -4,  -1,  -5,   6,   5,   6,  -5,  -1,  -4,
     7,  -3,   6,  16,  18,  16,   6,  -3,   7,
    13,   1, -11,  23,  44,  23, -11,   1,  13,
    -4,  -6, -15,  17,   5,  17, -15,  -6,  -4,
    -1, -14,  -5,  14,  15,  14,  -5, -14,  -1,
];
// prettier-ignore
const PAWN_EG = [
    10,  19,  22,   7,  -1,   7,  22,  19,  10,
    37,  72,  65,  67, 103,  67,  65,  72,  37,
    25,  64,  83, 138, 132, 138,  83,  64,  25,
    21,  53,  59,  78,  87,  78,  59,  53,  21,
    38,  40,  47,  86,  76,  86,  47,  40,  38,
    23,   0,  28,   0,  48,   0,  28,   0,  23,
   -12,   0,  -4,   0,  34,   0,  -4,   0, -12,
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
     8,   0,   0,   0,   0,   0,
    19,   5,   0,   0,   0,   0,
     7,   2,   8,   0,   0,   0,
    31,  15,   6,  -5,   0,   0,
    15,  -7, -19,  -5,  -2,   0,
     7,   2, -14, -21,  -7,  -1,
];
const IMBALANCE_OWN_EG = [
     0,   0,   0,   0,   0,   0,
    -5,  -1,   0,   0,   0,   0,
   -11, -19,  -2,   0,   0,   0,
   -41, -46,  26, -39,   0,   0,
    -8, -14,   7, -14, -25,   0,
    29,  18,  54, 107,  59,  12,
];
const IMBALANCE_OPP_MG = [
     0, -25, -19, -20, -68,  10,
     0,   0, -20, -28, -14, -13,
     0,   0,   0, -15,  10, -16,
     0,   0,   0,   0,  17, -28,
     0,   0,   0,   0,   0,  -9,
     0,   0,   0,   0,   0,   0,
];
const IMBALANCE_OPP_EG = [
     0,   5,  17,  31,  13,  29,
     0,   0,  20,  29,  13,  32,
     0,   0,   0, -23,  -5,  52,
     0,   0,   0,   0,  14, 112,
     0,   0,   0,   0,   0,  52,
     0,   0,   0,   0,   0,   0,
];
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
