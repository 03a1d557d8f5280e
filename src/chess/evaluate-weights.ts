/**
 * Every weight of the chess evaluation, in one place so that a tuner can find them all.
 *
 * Values are middlegame / endgame pairs; evaluate.ts blends them by the game phase. Piece-
 * square tables are built here from a few shaping rules (centralisation, advancement, the
 * castled king's corners) for white and mirrored for black, with material folded in.
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

function centreness(f: number, r: number): number {
  return Math.min(f, 7 - f) + Math.min(r, 7 - r); // 0 in a corner, 6 in the centre
}

/** Positional [mg, eg] of a white piece of `type` on (file, rank). */
function positional(type: number, f: number, r: number): [number, number] {
  const c = centreness(f, r);
  switch (type) {
    case 1: {
      const central = f === 3 || f === 4;
      const mg = [0, 0, 2, 6, 12, 22, 40, 0][r]! + (central ? [0, -10, 0, 12, 16, 8, 0, 0][r]! : 0);
      return [mg, [0, 0, 6, 14, 28, 50, 80, 0][r]!];
    }
    case 2:
      return [c * 6 - 20 - (r === 0 ? 8 : 0), c * 5 - 15];
    case 3:
      return [c * 3 - 8 + (f === r || f + r === 7 ? 6 : 0) - (r === 0 ? 6 : 0), c * 3 - 8];
    case 4:
      return [(r === 6 ? 16 : 0) + (f === 3 || f === 4 ? 4 : 0) - (f === 0 || f === 7 ? 2 : 0), r === 6 ? 10 : 0];
    case 5:
      return [c - 4, c * 4 - 12];
    default: {
      const mg = r === 0 ? [16, 22, 10, 0, 0, 6, 24, 14][f]! : r === 1 ? [6, 6, -4, -12, -12, -4, 6, 6][f]! : -20 - 10 * (r - 2);
      return [mg, c * 8 - 24];
    }
  }
}

/** `PST_MG[pc << 7 | sq]`: material plus position of piece code `pc` on `sq`. */
export const PST_MG = new Int16Array(32 << 7);
export const PST_EG = new Int16Array(32 << 7);
for (let type = 1; type <= 6; type++) {
  for (let sq = 0; sq < 128; sq++) {
    if (sq & 0x88) continue;
    const f = sq & 7;
    const r = sq >> 4;
    const [wm, we] = positional(type, f, r);
    PST_MG[((type | 8) << 7) | sq] = MATERIAL_MG[type]! + wm;
    PST_EG[((type | 8) << 7) | sq] = MATERIAL_EG[type]! + we;
    const [bm, be] = positional(type, f, 7 - r);
    PST_MG[((type | 16) << 7) | sq] = MATERIAL_MG[type]! + bm;
    PST_EG[((type | 16) << 7) | sq] = MATERIAL_EG[type]! + be;
  }
}
