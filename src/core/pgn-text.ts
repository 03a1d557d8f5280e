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

/** What a move needs to be written: its comments, and optionally annotations and variations. */
export interface PgnWritableNode<N> {
  comments: readonly string[];
  nags?: readonly number[];
  startingComments?: readonly string[];
  variations?: ReadonlyArray<readonly N[]>;
}

/**
 * A game's side of writing: a move's text where the board stands, and the board itself, which
 * variations walk back and forth on (a game whose nodes carry their text can ignore it).
 */
export interface PgnLineWriter<N> {
  /** The move's text in the position before it. */
  text(node: N): string;
  make(node: N): void;
  unmake(): void;
}

/**
 * Pushes a line's movetext tokens: move numbers (`12.`, and `12...` for the second player's
 * move where it opens the line or follows a comment or variation, as the export format has it),
 * moves, NAGs as `$n`, comments, and variations in parentheses. `ply` is the line's first
 * ply counted from the game's move 1 (even for the first player). The board ends where it began.
 */
export function pushMovetext<N extends PgnWritableNode<N>>(line: readonly N[], ply: number, writer: PgnLineWriter<N>, tokens: string[]): void {
  let needNumber = true;
  let made = 0;
  for (const node of line) {
    const starting = node.startingComments ?? [];
    for (const c of starting) tokens.push(pgnComment(c));
    if (ply % 2 === 0) tokens.push(`${(ply >> 1) + 1}.`);
    else if (needNumber || starting.length > 0) tokens.push(`${(ply >> 1) + 1}...`);
    tokens.push(writer.text(node));
    for (const nag of node.nags ?? []) tokens.push(`$${nag}`);
    for (const c of node.comments) tokens.push(pgnComment(c));
    const variations = node.variations ?? [];
    needNumber = node.comments.length > 0 || variations.length > 0;
    // A variation replaces this move: it starts from the position before it.
    for (const v of variations) {
      tokens.push('(');
      pushMovetext(v, ply, writer, tokens);
      tokens.push(')');
    }
    writer.make(node);
    made++;
    ply++;
  }
  for (; made > 0; made--) writer.unmake();
}
