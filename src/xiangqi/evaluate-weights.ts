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
 * Middlegame material of each type (king, advisor, elephant, horse, rook, cannon, pawn).
 *
 * Material, the scale of the piece-square terms and the tempo were fitted by least squares
 * to Fairy-Stockfish's scores of about 8,000 quiet positions from qiengine's games (see
 * bench/RESULTS.md): cannons and advisors are worth much more while the board is full, and
 * position counts about twice what the hand-set tables said.
 */
export const MATERIAL = [0, 200, 130, 270, 600, 400, 70] as const;
/** Endgame material: horses hold their value, cannons lose most (fewer screens), advisors too. */
export const MATERIAL_END = [0, 80, 70, 260, 600, 240, 55] as const;
/** How much each type's piece-square terms count (the tables below are the hand-set shapes). */
const POSITIONAL_SCALE = [2, 2, 2, 2, 2, 2, 1.2] as const;

/** Phase contribution of each type; the opening total is 2 * (2*2 + 2 + 2) = 16. */
export const PHASE_WEIGHT = [0, 0, 0, 1, 2, 1, 0] as const;
export const PHASE_TOTAL = 16;

/** The most the pattern terms can plausibly move a score: beyond it, evaluation is lazy. */
export const LAZY_MARGIN = 200;

/** Side to move's bonus. */
export const TEMPO = 24;

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

// Piece-square values, rank 9 (the enemy back rank) first, files a..i.
// prettier-ignore
const HORSE_MG = [
  0, -4, 0, 0, 0, 0, 0, -4, 0,
  2, 8, 20, 14, 6, 14, 20, 8, 2,
  4, 10, 16, 22, 16, 22, 16, 10, 4,
  4, 12, 18, 20, 20, 20, 18, 12, 4,
  0, 8, 12, 16, 14, 16, 12, 8, 0,
  0, 6, 10, 12, 12, 12, 10, 6, 0,
  -2, 4, 8, 8, 6, 8, 8, 4, -2,
  -4, 2, 6, 4, 4, 4, 6, 2, -4,
  -6, 0, 2, 0, -6, 0, 2, 0, -6,
  -8, -6, 0, -6, -6, -6, 0, -6, -8,
];
// prettier-ignore
const ROOK_MG = [
  6, 8, 6, 12, 12, 12, 6, 8, 6,
  8, 12, 10, 16, 18, 16, 10, 12, 8,
  6, 10, 8, 14, 16, 14, 8, 10, 6,
  6, 10, 10, 14, 14, 14, 10, 10, 6,
  8, 12, 12, 14, 16, 14, 12, 12, 8,
  6, 10, 8, 12, 14, 12, 8, 10, 6,
  0, 6, 4, 10, 12, 10, 4, 6, 0,
  -2, 6, 2, 8, 8, 8, 2, 6, -2,
  -4, 6, 2, 8, 0, 8, 2, 6, -4,
  -8, 4, 0, 8, 0, 8, 0, 4, -8,
];
// prettier-ignore
const CANNON_MG = [
  6, 4, 0, -6, -8, -6, 0, 4, 6,
  2, 2, 0, -4, -10, -4, 0, 2, 2,
  2, 2, 0, -6, -2, -6, 0, 2, 2,
  0, 0, 0, 0, 6, 0, 0, 0, 0,
  0, 0, 0, 0, 8, 0, 0, 0, 0,
  -2, 0, 2, 0, 8, 0, 2, 0, -2,
  0, 0, 0, 0, 4, 0, 0, 0, 0,
  2, 0, 6, 4, 10, 4, 6, 0, 2,
  0, 2, 4, 4, 4, 4, 4, 2, 0,
  0, 0, 2, 4, 4, 4, 2, 0, 0,
];
// prettier-ignore
const PAWN_MG = [
  0, 0, 0, 4, 6, 4, 0, 0, 0,
  10, 20, 30, 44, 50, 44, 30, 20, 10,
  10, 20, 30, 40, 44, 40, 30, 20, 10,
  10, 18, 24, 30, 34, 30, 24, 18, 10,
  6, 10, 14, 16, 18, 16, 14, 10, 6,
  0, 0, -2, 0, 6, 0, -2, 0, 0,
  0, 0, 0, 0, 4, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
  0, 0, 0, 0, 0, 0, 0, 0, 0,
];

function table(t: readonly number[], file: number, rank: number): number {
  return t[(9 - rank) * 9 + file]!;
}

/** Positional middlegame and endgame values of a type on red's (file, rank). */
function positional(type: number, file: number, rank: number): [number, number] {
  const centre = 4 - Math.abs(file - 4); // 0 on the edge files, 4 on the central file
  switch (type) {
    case 0: // king: home in the middlegame, the palace centre in the endgame
      return [-(Math.abs(file - 4) * 4) - rank * 12, -(Math.abs(file - 4) * 4) + (rank === 1 ? 4 : rank === 2 ? -6 : 0)];
    case 1: // advisor: the palace centre
      return rank === 1 ? [4, 4] : rank === 2 ? [-4, -2] : [0, 0];
    case 2: // elephant: the palace-front point links both
      return file === 4 ? [6, 4] : file === 0 || file === 8 ? [-4, -2] : rank === 4 ? [-2, 0] : [0, 0];
    case 3: {
      const mg = table(HORSE_MG, file, rank);
      return [mg, Math.round(mg * 0.6) + centre * 3];
    }
    case 4: {
      const mg = table(ROOK_MG, file, rank);
      return [mg, Math.round(mg / 2)];
    }
    case 5: {
      const mg = table(CANNON_MG, file, rank);
      return [mg, Math.round(mg / 3)];
    }
    default: {
      // pawn: crossing the river matters more once the board empties
      const mg = table(PAWN_MG, file, rank);
      const crossed = rank >= 5;
      return [mg, crossed ? Math.round(mg * 1.4) + (rank === 9 ? 0 : 20) : mg];
    }
  }
}

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
    const [mg, eg] = positional(type, file, rank);
    PST[id * 256 + sq] = MATERIAL[type as 0]! + Math.round(mg * POSITIONAL_SCALE[type as 0]!);
    PST_END[id * 256 + sq] = MATERIAL_END[type as 0]! + Math.round(eg * POSITIONAL_SCALE[type as 0]!);
  }
}
