/**
 * Every weight of the chess evaluation, in one place so that a tuner can find them all.
 *
 * Values are middlegame / endgame pairs; evaluate.ts blends them by the game phase. The
 * piece-square tables below are for white and mirrored for black, with material folded in.
 */

/** Material by type (none, pawn, knight, bishop, rook, queen, king). */
export const MATERIAL_MG = [0, 85, 325, 340, 470, 980, 0] as const;
export const MATERIAL_EG = [0, 105, 300, 320, 520, 950, 0] as const;

/** Phase contribution by type; 24 with all pieces on the board. */
export const PHASE_WEIGHT = [0, 0, 1, 1, 2, 4, 0] as const;
export const PHASE_TOTAL = 24;

export const TEMPO_MG = 12;
export const TEMPO_EG = 6;
export const BISHOP_PAIR_MG = 25;
export const BISHOP_PAIR_EG = 50;

// Pawn structure (scored once per pawn configuration through the pawn hash).
export const DOUBLED_MG = -10;
export const DOUBLED_EG = -22;
export const ISOLATED_MG = -12;
export const ISOLATED_EG = -16;
/** A pawn defended by a pawn or standing beside one. */
export const CONNECTED_MG = 6;
export const CONNECTED_EG = 6;
/** Passed pawns by relative rank (0..7). */
export const PASSED_MG = [0, 5, 8, 14, 24, 40, 60, 0] as const;
export const PASSED_EG = [0, 10, 16, 30, 55, 90, 140, 0] as const;

/** Mobility per reachable square beyond a typical count, by type (knight, bishop, rook, queen). */
export const MOBILITY_MG = [0, 0, 4, 4, 2, 1, 0] as const;
export const MOBILITY_EG = [0, 0, 4, 5, 4, 2, 0] as const;
export const MOBILITY_BASE = [0, 0, 4, 6, 7, 13, 0] as const;

export const ROOK_OPEN_FILE_MG = 20;
export const ROOK_OPEN_FILE_EG = 10;
export const ROOK_SEMI_OPEN_FILE_MG = 10;
export const ROOK_SEMI_OPEN_FILE_EG = 5;

// King safety (middlegame only).
/** Attack units per attacked square next to the king, by attacker type. */
export const KING_ATTACK_UNITS = [0, 0, 2, 2, 3, 5, 0] as const;
/** Penalty by total attack units (counted only with two or more attackers). */
export const KING_DANGER = Int16Array.from({ length: 64 }, (_, i) => Math.min(350, Math.round((i * i) / 3)));
/** A shield pawn one / two ranks in front of a castled king, and an empty shield file. */
export const SHIELD_NEAR = 12;
export const SHIELD_FAR = 6;
export const SHIELD_MISSING = -14;

/** Beyond this margin around the window, evaluation stops after material and position. */
export const LAZY_MARGIN = 450;

// Piece-square values beyond material, for a white piece, drawn as the board is from white's side
// (rank 8 on top, file a on the left); black's are the same tables mirrored rank for rank. They
// began as a few shaping rules (centralisation, advancement, the castled king's corners) and are
// rewritten by bench/fit/chess-fit.mjs.
const PAWN_MG = [
     0,   0,   0,   0,   0,   0,   0,   0,
    40,  40,  40,  40,  40,  40,  40,  40,
    22,  22,  22,  30,  30,  22,  22,  22,
    12,  12,  12,  28,  28,  12,  12,  12,
     6,   6,   6,  18,  18,   6,   6,   6,
     2,   2,   2,   2,   2,   2,   2,   2,
     0,   0,   0, -10, -10,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
];
const KNIGHT_MG = [
   -20, -14,  -8,  -2,  -2,  -8, -14, -20,
   -14,  -8,  -2,   4,   4,  -2,  -8, -14,
    -8,  -2,   4,  10,  10,   4,  -2,  -8,
    -2,   4,  10,  16,  16,  10,   4,  -2,
    -2,   4,  10,  16,  16,  10,   4,  -2,
    -8,  -2,   4,  10,  10,   4,  -2,  -8,
   -14,  -8,  -2,   4,   4,  -2,  -8, -14,
   -28, -22, -16, -10, -10, -16, -22, -28,
];
const BISHOP_MG = [
    -2,  -5,  -2,   1,   1,  -2,  -5,  -2,
    -5,   4,   1,   4,   4,   1,   4,  -5,
    -2,   1,  10,   7,   7,  10,   1,  -2,
     1,   4,   7,  16,  16,   7,   4,   1,
     1,   4,   7,  16,  16,   7,   4,   1,
    -2,   1,  10,   7,   7,  10,   1,  -2,
    -5,   4,   1,   4,   4,   1,   4,  -5,
    -8, -11,  -8,  -5,  -5,  -8, -11,  -8,
];
const ROOK_MG = [
    -2,   0,   0,   4,   4,   0,   0,  -2,
    14,  16,  16,  20,  20,  16,  16,  14,
    -2,   0,   0,   4,   4,   0,   0,  -2,
    -2,   0,   0,   4,   4,   0,   0,  -2,
    -2,   0,   0,   4,   4,   0,   0,  -2,
    -2,   0,   0,   4,   4,   0,   0,  -2,
    -2,   0,   0,   4,   4,   0,   0,  -2,
    -2,   0,   0,   4,   4,   0,   0,  -2,
];
const QUEEN_MG = [
    -4,  -3,  -2,  -1,  -1,  -2,  -3,  -4,
    -3,  -2,  -1,   0,   0,  -1,  -2,  -3,
    -2,  -1,   0,   1,   1,   0,  -1,  -2,
    -1,   0,   1,   2,   2,   1,   0,  -1,
    -1,   0,   1,   2,   2,   1,   0,  -1,
    -2,  -1,   0,   1,   1,   0,  -1,  -2,
    -3,  -2,  -1,   0,   0,  -1,  -2,  -3,
    -4,  -3,  -2,  -1,  -1,  -2,  -3,  -4,
];
const KING_MG = [
   -70, -70, -70, -70, -70, -70, -70, -70,
   -60, -60, -60, -60, -60, -60, -60, -60,
   -50, -50, -50, -50, -50, -50, -50, -50,
   -40, -40, -40, -40, -40, -40, -40, -40,
   -30, -30, -30, -30, -30, -30, -30, -30,
   -20, -20, -20, -20, -20, -20, -20, -20,
     6,   6,  -4, -12, -12,  -4,   6,   6,
    16,  22,  10,   0,   0,   6,  24,  14,
];
const PAWN_EG = [
     0,   0,   0,   0,   0,   0,   0,   0,
    80,  80,  80,  80,  80,  80,  80,  80,
    50,  50,  50,  50,  50,  50,  50,  50,
    28,  28,  28,  28,  28,  28,  28,  28,
    14,  14,  14,  14,  14,  14,  14,  14,
     6,   6,   6,   6,   6,   6,   6,   6,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
];
const KNIGHT_EG = [
   -15, -10,  -5,   0,   0,  -5, -10, -15,
   -10,  -5,   0,   5,   5,   0,  -5, -10,
    -5,   0,   5,  10,  10,   5,   0,  -5,
     0,   5,  10,  15,  15,  10,   5,   0,
     0,   5,  10,  15,  15,  10,   5,   0,
    -5,   0,   5,  10,  10,   5,   0,  -5,
   -10,  -5,   0,   5,   5,   0,  -5, -10,
   -15, -10,  -5,   0,   0,  -5, -10, -15,
];
const BISHOP_EG = [
    -8,  -5,  -2,   1,   1,  -2,  -5,  -8,
    -5,  -2,   1,   4,   4,   1,  -2,  -5,
    -2,   1,   4,   7,   7,   4,   1,  -2,
     1,   4,   7,  10,  10,   7,   4,   1,
     1,   4,   7,  10,  10,   7,   4,   1,
    -2,   1,   4,   7,   7,   4,   1,  -2,
    -5,  -2,   1,   4,   4,   1,  -2,  -5,
    -8,  -5,  -2,   1,   1,  -2,  -5,  -8,
];
const ROOK_EG = [
     0,   0,   0,   0,   0,   0,   0,   0,
    10,  10,  10,  10,  10,  10,  10,  10,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,
];
const QUEEN_EG = [
   -12,  -8,  -4,   0,   0,  -4,  -8, -12,
    -8,  -4,   0,   4,   4,   0,  -4,  -8,
    -4,   0,   4,   8,   8,   4,   0,  -4,
     0,   4,   8,  12,  12,   8,   4,   0,
     0,   4,   8,  12,  12,   8,   4,   0,
    -4,   0,   4,   8,   8,   4,   0,  -4,
    -8,  -4,   0,   4,   4,   0,  -4,  -8,
   -12,  -8,  -4,   0,   0,  -4,  -8, -12,
];
const KING_EG = [
   -24, -16,  -8,   0,   0,  -8, -16, -24,
   -16,  -8,   0,   8,   8,   0,  -8, -16,
    -8,   0,   8,  16,  16,   8,   0,  -8,
     0,   8,  16,  24,  24,  16,   8,   0,
     0,   8,  16,  24,  24,  16,   8,   0,
    -8,   0,   8,  16,  16,   8,   0,  -8,
   -16,  -8,   0,   8,   8,   0,  -8, -16,
   -24, -16,  -8,   0,   0,  -8, -16, -24,
];
const TABLES_MG = [PAWN_MG, KNIGHT_MG, BISHOP_MG, ROOK_MG, QUEEN_MG, KING_MG];
const TABLES_EG = [PAWN_EG, KNIGHT_EG, BISHOP_EG, ROOK_EG, QUEEN_EG, KING_EG];

/** `PST_MG[pc << 7 | sq]`: material plus position of piece code `pc` on `sq`. */
export const PST_MG = new Int16Array(32 << 7);
export const PST_EG = new Int16Array(32 << 7);
for (let type = 1; type <= 6; type++) {
  for (let sq = 0; sq < 128; sq++) {
    if (sq & 0x88) continue;
    const f = sq & 7;
    const r = sq >> 4;
    // Row 0 of a table is rank 8 (white's view); black sees the board the other way up.
    const white = (7 - r) * 8 + f;
    const black = r * 8 + f;
    PST_MG[((type | 8) << 7) | sq] = MATERIAL_MG[type]! + TABLES_MG[type - 1]![white]!;
    PST_EG[((type | 8) << 7) | sq] = MATERIAL_EG[type]! + TABLES_EG[type - 1]![white]!;
    PST_MG[((type | 16) << 7) | sq] = MATERIAL_MG[type]! + TABLES_MG[type - 1]![black]!;
    PST_EG[((type | 16) << 7) | sq] = MATERIAL_EG[type]! + TABLES_EG[type - 1]![black]!;
  }
}
