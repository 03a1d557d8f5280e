/**
 * PGN's text layer, the same for both games: tag pairs, comments, and movetext wrapped at a
 * line width. What a move looks like (SAN for chess, ICCS for xiangqi) is the game's own.
 */

/** A tag pair line: `[Name "value"]`, the value's backslashes and quotes escaped. */
export function pgnTag(name: string, value: string): string {
  return `[${name} "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/[\r\n]+/g, ' ')}"]`;
}

/** A `{...}` comment: a closing brace inside would end it, so it becomes `)`; one line. */
export function pgnComment(text: string): string {
  return `{${text.replace(/}/g, ')').replace(/[\r\n]+/g, ' ')}}`;
}

/**
 * Movetext tokens joined by spaces into lines of at most `width` characters (a longer token
 * stands alone), with no space after `(` or before `)`.
 */
export function wrapMovetext(tokens: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let row = '';
  for (const t of tokens) {
    const glue = row === '' || row.endsWith('(') || t === ')' ? '' : ' ';
    if (row !== '' && row.length + glue.length + t.length > width) {
      lines.push(row);
      row = t;
    } else {
      row += glue + t;
    }
  }
  lines.push(row);
  return lines;
}
