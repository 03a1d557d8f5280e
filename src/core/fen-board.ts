/**
 * A FEN board field as a grid, for editing a position square by square (the game APIs' `put`
 * and `remove`): each game writes its own FEN, edits the grid, and reads the result back with
 * its own validating reader, so an edit is checked exactly as a typed-in FEN would be.
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
