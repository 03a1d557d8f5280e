/**
 * Material plus piece-square values, kept incrementally by the position.
 *
 * Values are from red's point of view on red's own geometry (ICCS file 0..8, rank 0..9) and
 * mirrored for black. They are deliberately simple here; the search issue tunes them. All
 * weights live in this one file.
 */
import { IN_BOARD, iccsFile, iccsRank } from './geometry.js';
import { TYPE_OF, sideOf } from './pieces.js';

/** Base material value of each type (king, advisor, elephant, horse, rook, cannon, pawn). */
export const MATERIAL = [0, 120, 120, 270, 600, 285, 30] as const;

function positional(type: number, file: number, rank: number): number {
  const centre = 4 - Math.abs(file - 4); // 0 on the edge files, 4 on the central file
  switch (type) {
    case 3: // horse: wants the centre and to be across the river, hates the edge
      return centre * 6 + (rank >= 5 ? 20 : rank >= 3 ? 8 : 0) - (file === 0 || file === 8 ? 10 : 0);
    case 4: // rook: open ranks ahead and the central files
      return centre * 3 + (rank >= 5 ? 10 : 0);
    case 5: // cannon: the central file and its own back ranks
      return (file === 4 ? 12 : centre * 2) + (rank <= 2 ? 6 : 0);
    case 6: // pawn: crossing the river doubles its worth; nearer the palace is better
      if (rank < 5) return 0;
      return 40 + (rank <= 7 ? (rank - 5) * 12 : 30 - (rank - 8) * 15) + centre * 5;
    case 0: // king: home is safest
      return file === 4 ? 6 : 0;
    default: // advisor and elephant: keep them near the centre
      return centre * 2;
  }
}

/** `PST[id * 256 + sq]`: value of piece `id` on `sq`, for its own side. */
export const PST = new Int16Array(48 * 256);
for (let id = 16; id < 48; id++) {
  const type = TYPE_OF[id]!;
  const side = sideOf(id);
  for (let sq = 0; sq < 256; sq++) {
    if (!IN_BOARD[sq]) continue;
    const file = side === 0 ? iccsFile(sq) : 8 - iccsFile(sq);
    const rank = side === 0 ? iccsRank(sq) : 9 - iccsRank(sq);
    PST[id * 256 + sq] = MATERIAL[type as 0]! + positional(type, file, rank);
  }
}
