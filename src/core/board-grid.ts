/**
 * The board as a grid, for the game APIs: a FEN board field as rows of cells, for editing a
 * position square by square (`put`, `remove`: each game writes its own FEN, edits the grid, and
 * reads the result back with its own validating reader, so an edit is checked exactly as a
 * typed-in FEN would be), and the search of a drawn board for a kind of piece (`findPiece`).
 */

/**
 * The rows of a FEN board field, top row first, each cell a piece letter or `''` for an empty
 * square. Runs of empty squares are single digits, as both games write them.
 */
export function boardRows(field: string): string[][] {
  return field.split('/').map((row) => {
    const cells: string[] = [];
    for (const ch of row) {
      if (ch >= '1' && ch <= '9') for (let k = ch.charCodeAt(0) - 48; k > 0; k--) cells.push('');
      else cells.push(ch);
    }
    return cells;
  });
}

/** The FEN board field of `rows` (the inverse of {@link boardRows}). */
export function boardField(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row) => {
      let text = '';
      let empty = 0;
      for (const cell of row) {
        if (cell === '') {
          empty++;
          continue;
        }
        if (empty > 0) text += String(empty);
        empty = 0;
        text += cell;
      }
      return empty > 0 ? text + String(empty) : text;
    })
    .join('/');
}

/** A piece as the game APIs' `board()` lists it: its square, colour and type. */
interface PlacedPiece {
  square: string;
  color: string;
  type: string;
}

/** The squares of `rows` (a game API's `board()`) where `piece` stands, sorted by name. */
export function squaresHolding(rows: readonly (readonly (PlacedPiece | null)[])[], piece: { color: string; type: string }): string[] {
  const out: string[] = [];
  for (const row of rows) for (const cell of row) if (cell !== null && cell.color === piece.color && cell.type === piece.type) out.push(cell.square);
  return out.sort();
}
