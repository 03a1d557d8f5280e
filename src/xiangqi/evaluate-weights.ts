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
// towards the hand-set tables before them (ridge, lambda 300): `bench/fit/xiangqi-fit.mjs`
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
     0,   0,   0,-233,-195,-233,   0,   0,   0,
     0,   0,   0,-235,-140,-235,   0,   0,   0,
     0,   0,   0,-134,   0,-134,   0,   0,   0,
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
     0,   0,   0, -47,   0, -47,   0,   0,   0,
     0,   0,   0,   0,  79,   0,   0,   0,   0,
     0,   0,   0,  12,   0,  12,   0,   0,   0,
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
   -37,   0,   0,   0,  50,   0,   0,   0, -37,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,  -8,   0,   0,   0,  -8,   0,   0,
];
// prettier-ignore
const HORSE_MG = [
    -7, -12,   8,   3,   1,   3,   8, -12,  -7,
    -2,  16,  81,  25,  11,  25,  81,  16,  -2,
    19,  15,  47,  63,  49,  63,  47,  15,  19,
   -10,  58,  20, 114,  29, 114,  20,  58, -10,
    -6,  29,  28,  78,  59,  78,  28,  29,  -6,
    -4,   7,  49,  42,  27,  42,  49,   7,  -4,
   -11,  -2,   2,  -3,  46,  -3,   2,  -2, -11,
   -55, -19,   0,  -5,  -2,  -5,   0, -19, -55,
   -81, -25, -39, -47, -52, -47, -39, -25, -81,
   -31, -82, -43, -40, -14, -40, -43, -82, -31,
];
// prettier-ignore
const ROOK_MG = [
    13,  20,  26,  38,  46,  38,  26,  20,  13,
    18,  43,  55, 118,  49, 118,  55,  43,  18,
    24,  12,  45,  75,  65,  75,  45,  12,  24,
    12,  14,  62,  70,  36,  70,  62,  14,  12,
    14,   0,  20,  55,  42,  55,  20,   0,  14,
     2,  -6,  11,  37,  31,  37,  11,  -6,   2,
   -18,  -2,   9,  42,  38,  42,   9,  -2, -18,
   -61, -28, -14,  34,  11,  34, -14, -28, -61,
   -55, -34, -46,  12, -11,  12, -46, -34, -55,
   -72, -33, -30,  33,  -1,  33, -30, -33, -72,
];
// prettier-ignore
const CANNON_MG = [
    45,  57,  -7, -12, -14, -12,  -7,  57,  45,
    13,  11,   4,  -5, -20,  -5,   4,  11,  13,
     8,  20,   2,  -3,   1,  -3,   2,  20,   8,
     7,  11,  18,   0,  70,   0,  18,  11,   7,
    -2, -11,  -2,  -2,  99,  -2,  -2, -11,  -2,
     3,  16,  28,  24,  81,  24,  28,  16,   3,
     1,  11,  12,  16,  40,  16,  12,  11,   1,
   -15, -13,  20,  52,  45,  52,  20, -13, -15,
   -13, -10,  -1,  11,  31,  11,  -1, -10, -13,
   -38, -20,   5,  23,  16,  23,   5, -20, -38,
];
// prettier-ignore
const PAWN_MG = [
     0,  -1,   9,  15,   8,  15,   9,  -1,   0,
    14,  23,  57,  93,  68,  93,  57,  23,  14,
    10,  27,  59,  74,  62,  74,  59,  27,  10,
     0,  21,  84,  82,  72,  82,  84,  21,   0,
   -15,  29,  50,  61,  77,  61,  50,  29, -15,
   -39,   0,  23,   0,  15,   0,  23,   0, -39,
   -77,   0, -36,   0,  44,   0, -36,   0, -77,
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
     0,   0,   0,  12,  24,  12,   0,   0,   0,
     0,   0,   0,  35,  18,  35,   0,   0,   0,
     0,   0,   0,  24,   0,  24,   0,   0,   0,
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
     0,   0,   0,   2,   0,   2,   0,   0,   0,
     0,   0,   0,   0, -25,   0,   0,   0,   0,
     0,   0,   0, -24,   0, -24,   0,   0,   0,
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
   -13,   0,   0,   0, -17,   0,   0,   0, -13,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,  -6,   0,   0,   0,  -6,   0,   0,
];
// prettier-ignore
const HORSE_EG = [
    -5,  -2,  29,  21,  25,  21,  29,  -2,  -5,
    -4,  12,  37,  18,  26,  18,  37,  12,  -4,
    24,  20,  24,  50,  55,  50,  24,  20,  24,
    -3,  39,  29,  20,  18,  20,  29,  39,  -3,
     0,  20,  30,  26,  43,  26,  30,  20,   0,
    -2,  10,  34,  30,  29,  30,  34,  10,  -2,
    -7,   6,  24,  26,  26,  26,  24,   6,  -7,
   -20,  -1,  15,  20,  13,  20,  15,  -1, -20,
   -42, -11,  -9, -14, -13, -14,  -9, -11, -42,
   -25, -40, -23,  -5,  13,  -5, -23, -40, -25,
];
// prettier-ignore
const ROOK_EG = [
    10, -12,  22,  21,  35,  21,  22, -12,  10,
    20,   5,  29,  20,  31,  20,  29,   5,  20,
    18,  10,  28,  42,  42,  42,  28,  10,  18,
    11,  -4,  -4,   6,  38,   6,  -4,  -4,  11,
    10, -10,  17,   5,  22,   5,  17, -10,  10,
    -3, -10,  -7,  -5,  27,  -5,  -7, -10,  -3,
     2,   1,   7,  -9,   6,  -9,   7,   1,   2,
   -22,  -7,   3,  -8,  18,  -8,   3,  -7, -22,
   -24, -10, -11,  -5,  -5,  -5, -11, -10, -24,
   -55, -34, -19,  -2,  -2,  -2, -19, -34, -55,
];
// prettier-ignore
const CANNON_EG = [
    14,  26,   1,  -6,  -6,  -6,   1,  26,  14,
     5,  18,   3,   0,  -4,   0,   3,  18,   5,
     3,   2,  -6,  -1,   9,  -1,  -6,   2,   3,
     2,  10, -12,  -2,  17,  -2, -12,  10,   2,
    10,   4,  -4,   7,   9,   7,  -4,   4,  10,
    -3,   5,   5,   6,  13,   6,   5,   5,  -3,
     5,   2,   3,  12,  16,  12,   3,   2,   5,
    17,   6,  -6,  34,  40,  34,  -6,   6,  17,
    -3,  -5,  -9,  17,   7,  17,  -9,  -5,  -3,
    -6, -10,   2,  16,  13,  16,   2, -10,  -6,
];
// prettier-ignore
const PAWN_EG = [
     5,  18,  25,  22,  10,  22,  25,  18,   5,
    46,  65,  70,  78, 120,  78,  70,  65,  46,
    40,  57,  93, 133, 122, 133,  93,  57,  40,
    25,  52,  72,  84,  86,  84,  72,  52,  25,
    44,  45,  59,  80,  84,  80,  59,  45,  44,
    11,   0,  29,   0,  36,   0,  29,   0,  11,
    -9,   0,  -7,   0,  36,   0,  -7,   0,  -9,
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
