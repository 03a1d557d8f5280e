// What the fit scripts share about the engine's xiangqi weights and pieces, read from the
// source so that no script keeps a copy that could drift from it.
import { readFileSync } from 'node:fs';
import { weightArray, weightsFileOf } from './weights-source.mjs';

/** The file that holds every weight of the xiangqi evaluation. */
export const weightsFile = weightsFileOf('xiangqi');

/** The text of {@link weightsFile}. */
export const readWeightsSource = () => readFileSync(weightsFile, 'utf8');

export { weightArray };

// Piece ids 16..31 are red's, 32..47 black's: king, 2 advisors, 2 elephants, 2 horses,
// 2 rooks, 2 cannons, 5 pawns (see src/xiangqi/pieces.ts). Types: king 0, advisor 1,
// elephant 2, horse 3, rook 4, cannon 5, pawn 6.
export const TYPE_OF_ID = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6, 6];
