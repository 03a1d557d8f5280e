/**
 * Reading PGN, the same for both games: tags (in file order), comments (`{...}` and `;` to the
 * end of the line), NAGs (`$n`, and the suffixes `!`, `?`, `!!`, `??`, `!?`, `?!`), variations
 * (as a tree, or skipped) and the result. What a move is (SAN for chess; ICCS, WXF or Chinese
 * for xiangqi), the start position the tags set and the board the moves are replayed on are the
 * game's own, given as a {@link PgnBoard}. A problem throws a {@link PgnError} naming the game
 * number, the line and the token.
 */
import { IllegalMoveError, PgnError, QiengineError } from './errors.js';
import type { Move } from './move.js';

/** What every move of a game tree carries besides the move itself. */
export interface PgnTreeNode<N> {
  /** Numeric annotation glyphs: `!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6. */
  nags: number[];
  /** Comments written after the move. */
  comments: string[];
  /** Comments written before the move (e.g. at the start of a variation). */
  startingComments: string[];
  /** Alternatives to this move: each is a line of moves starting in the position before it. */
  variations: N[][];
}

/** One game as read: its tags, start, main line and result. */
export interface PgnTree<N> {
  /** Tag pairs in file order. */
  tags: Map<string, string>;
  /** The start position's FEN (from the `FEN` tag, written back canonically, or the standard start). */
  fen: string;
  /** Comments before the first move. */
  comments: string[];
  /** The main line. */
  moves: N[];
  /** The game termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`. */
  result: string;
}

export interface PgnReadOptions {
  /** `tree` (the default) keeps variations in each move's `variations`; `skip` drops them. */
  variations?: 'tree' | 'skip';
}

/**
 * A game's side of reading: the board the moves are replayed on. Each method may throw a
 * {@link QiengineError}; the reader turns it into a {@link PgnError} at the token.
 */
export interface PgnBoard<N> {
  /** Sets up the start position a game's tags describe and returns its FEN. */
  start(tags: ReadonlyMap<string, string>): string;
  /** The node for the move `text` names where the board stands (not made yet). */
  parse(text: string): N;
  /** Makes a node's move (one {@link parse} returned, so it is legal where it was read). */
  make(node: N): void;
  /** Takes back the last move made. */
  unmake(): void;
  /** The move number and side for messages: `12.` or `12...`. */
  moveLabel(): string;
}

/** What {@link PositionPgnBoard} needs of a game's position. */
export interface PgnPosition {
  readonly sideToMove: number;
  readonly fullmove: number;
  makeMove(move: Move): void;
  unmakeMove(): void;
}

/**
 * A {@link PgnBoard} on a game's position: the start from the `FEN` tag (or the standard one),
 * moves made and taken back on it. The game gives its FEN reader and writer, what it checks of
 * the other tags (`Variant`, `Game`) and how a move's text is read.
 */
export abstract class PositionPgnBoard<P extends PgnPosition, N extends PgnTreeNode<N> & { move: Move }> implements PgnBoard<N> {
  protected pos: P;

  constructor(
    private readonly fromFen: (fen: string) => P,
    private readonly toFen: (pos: P) => string,
    private readonly standardFen: string,
  ) {
    this.pos = fromFen(standardFen);
  }

  /** Refuses tags that name another game (throws a {@link QiengineError}). */
  protected abstract checkTags(tags: ReadonlyMap<string, string>): void;

  abstract parse(text: string): N;

  start(tags: ReadonlyMap<string, string>): string {
    this.checkTags(tags);
    const fen = tags.get('FEN');
    try {
      this.pos = this.fromFen(fen ?? this.standardFen);
    } catch (e) {
      if (e instanceof QiengineError) throw new QiengineError(`bad [FEN] tag: ${e.message}`);
      throw e;
    }
    return this.toFen(this.pos);
  }

  make(node: N): void {
    this.pos.makeMove(node.move);
  }

  unmake(): void {
    this.pos.unmakeMove();
  }

  moveLabel(): string {
    return `${this.pos.fullmove}${this.pos.sideToMove === 0 ? '.' : '...'}`;
  }
}

const SUFFIX_NAGS: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };
export const PGN_RESULTS: ReadonlySet<string> = new Set(['1-0', '0-1', '1/2-1/2', '*']);

type Token =
  | { kind: 'tag'; name: string; value: string; line: number; text: string }
  | { kind: 'comment'; text: string; line: number }
  | { kind: 'open' | 'close'; line: number; text: string }
  | { kind: 'nag'; value: number; line: number; text: string }
  | { kind: 'word'; text: string; line: number };

/** ASCII characters that end a word (white space and PGN's own punctuation). */
const WORD_END = new Uint8Array(128);
for (const c of ' \t\n\r\f\v{}()[];$') WORD_END[c.charCodeAt(0)] = 1;

/** Whether a character ends a word: a table for ASCII, the regex only for the rest (rare). */
function endsWord(code: number): boolean {
  return code < 128 ? WORD_END[code] === 1 : /[\s\u3000]/.test(String.fromCharCode(code));
}

/** Splits PGN text into tokens, tracking line numbers. */
function* tokenize(text: string, gameNo: () => number): Generator<Token> {
  let i = 0;
  let line = 1;
  const n = text.length;
  const err = (token: string, reason: string): never => {
    throw new PgnError(gameNo(), line, token.slice(0, 40), reason);
  };
  while (i < n) {
    const ch = text[i]!;
    if (ch === '\n') {
      line++;
      i++;
      // A '%' in the first column escapes the whole line.
      if (text[i] === '%') while (i < n && text[i] !== '\n') i++;
      continue;
    }
    // Full-width spaces separate moves in files written with Chinese notation.
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v' || ch === '\ufeff' || ch === '\u3000') {
      i++;
      continue;
    }
    const startLine = line;
    if (ch === '%' && i === 0) {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (ch === '{') {
      const close = text.indexOf('}', i + 1);
      if (close < 0) err('{', 'unterminated comment');
      const body = text.slice(i + 1, close);
      for (const c of body) if (c === '\n') line++;
      yield { kind: 'comment', text: body.replace(/\s+/g, ' ').trim(), line: startLine };
      i = close + 1;
      continue;
    }
    if (ch === ';') {
      let e = text.indexOf('\n', i);
      if (e < 0) e = n;
      yield { kind: 'comment', text: text.slice(i + 1, e).trim(), line: startLine };
      i = e;
      continue;
    }
    if (ch === '(' || ch === ')') {
      yield { kind: ch === '(' ? 'open' : 'close', line, text: ch };
      i++;
      continue;
    }
    if (ch === '[') {
      const m = /^\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\\n]|\\.)*)"\s*\]/.exec(text.slice(i, i + 4096));
      if (m === null) {
        const end = text.indexOf('\n', i);
        err(text.slice(i, end < 0 ? n : end), 'malformed tag pair (expected [Name "value"])');
      }
      yield { kind: 'tag', name: m![1]!, value: m![2]!.replace(/\\(.)/g, '$1'), line, text: m![0]! };
      i += m![0]!.length;
      continue;
    }
    if (ch === '$') {
      const m = /^\$(\d{1,3})/.exec(text.slice(i, i + 4));
      if (m === null) err(text.slice(i, i + 8), 'a NAG must be $ followed by a number');
      yield { kind: 'nag', value: Number(m![1]), line, text: m![0]! };
      i += m![0]!.length;
      continue;
    }
    let j = i;
    while (j < n && !endsWord(text.charCodeAt(j))) j++;
    if (j === i) err(ch, `unexpected character '${ch}'`);
    yield { kind: 'word', text: text.slice(i, j), line };
    i = j;
  }
}

interface Frame<N> {
  line: N[];
  /** The move this line is a variation of (null for the main line). */
  parent: N | null;
  /** Moves made on the board in this line. */
  made: number;
  /** Comments waiting for the next move of this line. */
  pending: string[];
  /** Where comments before the line's first move go instead (the game's own, for the main line). */
  leading: string[] | null;
}

/**
 * Reads a PGN text's games one at a time on the game's board, so a large file need not be held
 * as objects all at once.
 * @throws {PgnError} at the first problem.
 */
export function* iteratePgnGames<N extends PgnTreeNode<N>>(text: string, board: PgnBoard<N>, options: PgnReadOptions = {}): Generator<PgnTree<N>> {
  if (typeof text !== 'string') throw new PgnError(1, 1, String(text).slice(0, 40), 'PGN input must be a string');
  const keepVariations = (options.variations ?? 'tree') === 'tree';
  let gameNo = 1;
  let game: PgnTree<N> | null = null;
  let started = false;
  let stack: Array<Frame<N>> = [];
  let skipDepth = 0;
  let lastLine = 1;
  /** Comments between games, given to the next one. */
  const floating: string[] = [];

  const fresh = (): PgnTree<N> => ({ tags: new Map(), fen: '', comments: [], moves: [], result: '*' });
  const err = (line: number, token: string, reason: string): never => {
    throw new PgnError(gameNo, line, token.slice(0, 40), reason);
  };
  /** Sets up the board when the first movetext token of a game arrives. */
  const begin = (line: number): PgnTree<N> => {
    if (game === null) game = fresh();
    if (!started) {
      try {
        game.fen = board.start(game.tags);
      } catch (e) {
        if (e instanceof QiengineError) err(line, game.tags.get('FEN') ?? game.tags.get('Variant') ?? '', e.message);
        throw e;
      }
      started = true;
      game.comments.push(...floating.splice(0));
      stack = [{ line: game.moves, parent: null, made: 0, pending: [], leading: game.comments }];
    }
    return game;
  };
  const finish = (result: string | undefined, line: number): PgnTree<N> => {
    const g = begin(line);
    if (stack.length > 1 || skipDepth > 0) err(line, result ?? '', 'a variation is not closed');
    const main = stack[0];
    if (main !== undefined) g.comments.push(...main.pending.splice(0));
    g.result = result ?? g.tags.get('Result') ?? '*';
    if (!PGN_RESULTS.has(g.result)) g.result = '*';
    game = null;
    started = false;
    stack = [];
    skipDepth = 0;
    gameNo++;
    return g;
  };

  for (const tok of tokenize(text, () => gameNo)) {
    lastLine = tok.line;
    if (tok.kind === 'comment' && game === null) {
      floating.push(tok.text);
      continue;
    }
    if (tok.kind === 'tag') {
      // Tags after movetext: the previous game ended without a termination marker.
      if (started) yield finish(undefined, tok.line);
      if (game === null) game = fresh();
      game.tags.set(tok.name, tok.value);
      continue;
    }
    if (skipDepth > 0) {
      if (tok.kind === 'open') skipDepth++;
      else if (tok.kind === 'close') skipDepth--;
      continue;
    }
    if (tok.kind === 'word' && PGN_RESULTS.has(tok.text)) {
      yield finish(tok.text, tok.line);
      continue;
    }
    begin(tok.line);
    const frame = stack[stack.length - 1]!;
    const last = frame.line[frame.line.length - 1];
    switch (tok.kind) {
      case 'comment':
        if (last !== undefined && frame.pending.length === 0) last.comments.push(tok.text);
        else frame.pending.push(tok.text);
        break;
      case 'nag':
        if (last === undefined) err(tok.line, tok.text, 'a NAG must follow a move');
        last!.nags.push(tok.value);
        break;
      case 'open':
        if (last === undefined) err(tok.line, '(', 'a variation must follow a move');
        if (!keepVariations) {
          skipDepth = 1;
          break;
        }
        board.unmake();
        {
          const line: N[] = [];
          last!.variations.push(line);
          stack.push({ line, parent: last!, made: 0, pending: [], leading: null });
        }
        break;
      case 'close':
        if (stack.length === 1) err(tok.line, ')', 'unmatched )');
        for (let k = 0; k < frame.made; k++) board.unmake();
        stack.pop();
        board.make(frame.parent!);
        if (frame.line.length === 0) err(tok.line, ')', 'empty variation');
        break;
      case 'word':
        readWord(tok.text, tok.line, board, frame, last, err);
        break;
    }
  }
  if (game !== null) yield finish(undefined, lastLine);
}

function readWord<N extends PgnTreeNode<N>>(
  word: string,
  line: number,
  board: PgnBoard<N>,
  frame: Frame<N>,
  last: N | undefined,
  err: (line: number, token: string, reason: string) => never,
): void {
  // Move numbers: `12.`, `12...`, or `12.e4` with the move attached. A bare number is skipped.
  // (The regexes run only where the first or last character calls for them: most words are
  // plain moves, read by the hundred thousand.)
  const first = word.charCodeAt(0);
  if (first >= 48 && first <= 57 && /^\d+\.*$/.test(word)) return;
  // Suffix annotations become NAGs.
  let w = word;
  const lastChar = word.charCodeAt(word.length - 1);
  const suffix = lastChar === 33 || lastChar === 63 ? /(!!|\?\?|!\?|\?!|!|\?)$/.exec(w) : null;
  let nag = 0;
  if (suffix !== null) {
    nag = SUFFIX_NAGS[suffix[1]!]!;
    w = w.slice(0, -suffix[1]!.length);
    if (w === '' || /^\d+\.+$/.test(w)) {
      if (last === undefined) err(line, word, 'an annotation must follow a move');
      last!.nags.push(nag);
      return;
    }
  }
  let node: N;
  try {
    node = board.parse(w);
  } catch (first) {
    if (!(first instanceof QiengineError)) throw first;
    // A number glued to the move (`12.e4`); tried second, because a WXF pawn move such as
    // `33.4` (the pawn on file 3 moving along to file 4) looks like one.
    const num = /^\d+\.+(.+)$/.exec(w);
    let e: unknown = first;
    let text = w;
    if (num !== null) {
      text = num[1]!;
      try {
        node = board.parse(text);
        e = undefined;
      } catch (second) {
        if (!(second instanceof QiengineError)) throw second;
        e = second;
      }
    }
    if (e !== undefined) {
      const q = e as QiengineError;
      const reason = q instanceof IllegalMoveError ? q.reason : q.message;
      err(line, word, `move ${board.moveLabel()} ${text}: ${reason}`);
    }
  }
  if (nag !== 0) node!.nags.push(nag);
  const pending = frame.pending.splice(0);
  if (frame.line.length === 0 && frame.leading !== null) frame.leading.push(...pending);
  else node!.startingComments = pending;
  frame.line.push(node!);
  board.make(node!);
  frame.made++;
}
