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
// Fairy-Stockfish's depth-10 scores of 57,000 quiet positions from qiengine's games, pulled
// towards the hand-set tables before them (ridge, lambda 100): `bench/fit/xiangqi-fit.mjs`
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
     0,   0,   0,-316,-249,-316,   0,   0,   0,
     0,   0,   0,-273,-142,-273,   0,   0,   0,
     0,   0,   0,-136,   0,-136,   0,   0,   0,
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
     0,   0,   0, -52,   0, -52,   0,   0,   0,
     0,   0,   0,   0,  88,   0,   0,   0,   0,
     0,   0,   0,  16,   0,  16,   0,   0,   0,
];
// prettier-ignore
const ELEPHANT_MG = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0, -27,   0,   0,   0, -27,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
   -37,   0,   0,   0,  52,   0,   0,   0, -37,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,  -8,   0,   0,   0,  -8,   0,   0,
];
// prettier-ignore
const HORSE_MG = [
   -15, -17,  16,   6,   3,   6,  16, -17, -15,
   -10,  16, 109,  28,   9,  28, 109,  16, -10,
    26,   9,  62,  84,  69,  84,  62,   9,  26,
   -21,  82,  18, 152,  25, 152,  18,  82, -21,
   -13,  44,  31,  88,  85,  88,  31,  44, -13,
    -7,   5,  61,  43,  33,  43,  61,   5,  -7,
   -16, -10,  -5, -14,  53, -14,  -5, -10, -16,
   -61, -32,  -2,  -7,  -3,  -7,  -2, -32, -61,
   -90, -47, -53, -48, -49, -48, -53, -47, -90,
   -52, -87, -55, -50, -17, -50, -55, -87, -52,
];
// prettier-ignore
const ROOK_MG = [
    14,  30,  32,  44,  70,  44,  32,  30,  14,
    16,  48,  65, 135,  63, 135,  65,  48,  16,
    34,  10,  61,  87,  90,  87,  61,  10,  34,
    14,  16,  69,  78,  36,  78,  69,  16,  14,
    14,  -1,  17,  65,  48,  65,  17,  -1,  14,
     2,  -5,  15,  44,  32,  44,  15,  -5,   2,
   -34,  -3,   9,  52,  54,  52,   9,  -3, -34,
   -70, -32, -27,  42,   4,  42, -27, -32, -70,
   -60, -35, -57,  12, -22,  12, -57, -35, -60,
   -76, -36, -37,  33,  -2,  33, -37, -36, -76,
];
// prettier-ignore
const CANNON_MG = [
    68,  84,  -7, -13, -12, -13,  -7,  84,  68,
    23,  15,  12,   0, -20,   0,  12,  15,  23,
    16,  30,  12,   5,   7,   5,  12,  30,  16,
    22,  17,  29,  10,  98,  10,  29,  17,  22,
     6, -13,   3,  -2, 133,  -2,   3, -13,   6,
    15,  25,  41,  40, 105,  40,  41,  25,  15,
     4,  21,  26,  25,  70,  25,  26,  21,   4,
    -8,  -7,  28,  58,  52,  58,  28,  -7,  -8,
   -11,  -9,   4,  18,  51,  18,   4,  -9, -11,
   -65, -26,  10,  34,  28,  34,  10, -26, -65,
];
// prettier-ignore
const PAWN_MG = [
     0,  -5,  19,  26,  10,  26,  19,  -5,   0,
    17,  19,  90, 150,  79, 150,  90,  19,  17,
     7,  35,  80, 100,  71, 100,  80,  35,   7,
     3,  22, 106, 114,  99, 114, 106,  22,   3,
   -21,  45,  62,  78, 105,  78,  62,  45, -21,
   -39,   0,  26,   0,  12,   0,  26,   0, -39,
   -77,   0, -34,   0,  42,   0, -34,   0, -77,
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
     0,   0,   0,  33,  41,  33,   0,   0,   0,
     0,   0,   0,  47,  20,  47,   0,   0,   0,
     0,   0,   0,  27,   0,  27,   0,   0,   0,
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
     0,   0,   0,   3,   0,   3,   0,   0,   0,
     0,   0,   0,   0, -30,   0,   0,   0,   0,
     0,   0,   0, -26,   0, -26,   0,   0,   0,
];
// prettier-ignore
const ELEPHANT_EG = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0, -12,   0,   0,   0, -12,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
   -13,   0,   0,   0, -20,   0,   0,   0, -13,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,  -6,   0,   0,   0,  -6,   0,   0,
];
// prettier-ignore
const HORSE_EG = [
    -9,  -5,  46,  25,  25,  25,  46,  -5,  -9,
    -9,   9,  28,   6,  18,   6,  28,   9,  -9,
    38,  23,  19,  48,  55,  48,  19,  23,  38,
    -3,  37,  29,   8,  12,   8,  29,  37,  -3,
     1,  18,  31,  21,  35,  21,  31,  18,   1,
    -3,   9,  32,  29,  25,  29,  32,   9,  -3,
   -12,   7,  28,  30,  20,  30,  28,   7, -12,
   -21,   2,  17,  22,   2,  22,  17,   2, -21,
   -57, -21, -19, -22, -26, -22, -19, -21, -57,
   -45, -48, -40,  -7,   7,  -7, -40, -48, -45,
];
// prettier-ignore
const ROOK_EG = [
     8, -25,  23,  21,  49,  21,  23, -25,   8,
    25,  -5,  28,   6,  38,   6,  28,  -5,  25,
    23,   8,  27,  50,  48,  50,  27,   8,  23,
     7, -10, -18,  -3,  42,  -3, -18, -10,   7,
     8, -16,  18,  -4,  18,  -4,  18, -16,   8,
    -8, -16, -15, -15,  28, -15, -15, -16,  -8,
    10,   0,   7, -22,  -5, -22,   7,   0,  10,
   -31,  -8,   9, -19,  27, -19,   9,  -8, -31,
   -37, -13, -16, -11, -12, -11, -16, -13, -37,
   -80, -54, -33, -18,  -5, -18, -33, -54, -80,
];
// prettier-ignore
const CANNON_EG = [
     6,  20,   4,  -7,  -5,  -7,   4,  20,   6,
     3,  23,   2,   0,   0,   0,   2,  23,   3,
     3,  -4, -13,   0,  23,   0, -13,  -4,   3,
    -2,  13, -21,  -4,   7,  -4, -21,  13,  -2,
    16,  10,  -8,  12,  -4,  12,  -8,  10,  16,
    -6,   6,   1,   2,   6,   2,   1,   6,  -6,
    10,   2,   4,  16,  14,  16,   4,   2,  10,
    23,   9, -12,  36,  46,  36, -12,   9,  23,
    -3,  -6, -12,  20,   4,  20, -12,  -6,  -3,
    -1, -15,   0,  15,  12,  15,   0, -15,  -1,
];
// prettier-ignore
const PAWN_EG = [
     9,  26,  39,  28,  15,  28,  39,  26,   9,
    51,  70,  66,  70, 127,  70,  66,  70,  51,
    39,  54,  93, 149, 136, 149,  93,  54,  39,
    21,  52,  65,  76,  79,  76,  65,  52,  21,
    51,  42,  57,  83,  79,  83,  57,  42,  51,
    17,   0,  29,   0,  49,   0,  29,   0,  17,
    -4,   0,  -3,   0,  45,   0,  -3,   0,  -4,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
];


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
