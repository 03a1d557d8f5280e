/**
 * PGN: read files of many games, write games back in export format.
 *
 * Reading keeps tags (in file order), comments (`{...}` and `;` to the end of the line), NAGs
 * (`$n`, and the suffixes `!`, `?`, `!!`, `??`, `!?`, `?!`), variations (as a tree, or skipped),
 * the result, and `[FEN]` / `[SetUp]` start positions. Every move is replayed and checked, and
 * stored with its canonical SAN and UCI. A problem throws a {@link PgnError} naming the game
 * number, the line and the token.
 *
 * Writing follows the export format: the Seven Tag Roster first, then the other tags, a blank
 * line, and movetext wrapped at 80 columns.
 */
import { IllegalMoveError, PgnError, QiengineError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import { pgnComment, pgnTag, wrapMovetext } from '../core/pgn-text.js';
import { positionFromFen, START_FEN, writeFen } from './fen.js';
import type { ChessPosition } from './position.js';
import { moveToSan, moveToUci, parseSan } from './san.js';

/** One move of a PGN game, with what was written around it. */
export interface PgnNode {
  /** Canonical SAN (as this library writes it, whatever the file had). */
  san: string;
  uci: string;
  move: Move;
  /** Numeric annotation glyphs: `!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6. */
  nags: number[];
  /** Comments written after the move. */
  comments: string[];
  /** Comments written before the move (e.g. at the start of a variation). */
  startingComments: string[];
  /** Alternatives to this move: each is a line of moves starting in the position before it. */
  variations: PgnNode[][];
}

/** One game of a PGN file. */
export interface PgnGame {
  /** Tag pairs in file order. */
  tags: Map<string, string>;
  /** The start position (from `[FEN]`, or the standard start). */
  fen: string;
  /** Comments before the first move. */
  comments: string[];
  /** The main line. */
  moves: PgnNode[];
  /** The game termination marker: `1-0`, `0-1`, `1/2-1/2` or `*`. */
  result: string;
}

export interface PgnReadOptions {
  /** `tree` (the default) keeps variations in {@link PgnNode.variations}; `skip` drops them. */
  variations?: 'tree' | 'skip';
}

const SUFFIX_NAGS: Record<string, number> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };
const RESULTS = new Set(['1-0', '0-1', '1/2-1/2', '*']);
const SEVEN_TAGS = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'];
const SEVEN_DEFAULTS = ['?', '?', '????.??.??', '?', '?', '?', '*'];

type Token =
  | { kind: 'tag'; name: string; value: string; line: number; text: string }
  | { kind: 'comment'; text: string; line: number }
  | { kind: 'open' | 'close'; line: number; text: string }
  | { kind: 'nag'; value: number; line: number; text: string }
  | { kind: 'word'; text: string; line: number };

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
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\f' || ch === '\v' || ch === '\ufeff') {
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
    while (j < n && !/[\s{}()[\];$]/.test(text[j]!)) j++;
    if (j === i) err(ch, `unexpected character '${ch}'`);
    yield { kind: 'word', text: text.slice(i, j), line };
    i = j;
  }
}

/** Reads every game of a PGN text. @throws {PgnError} at the first problem. */
export function readPgn(text: string, options: PgnReadOptions = {}): PgnGame[] {
  return [...iteratePgn(text, options)];
}

interface Frame {
  line: PgnNode[];
  /** The move this line is a variation of (null for the main line). */
  parent: PgnNode | null;
  /** Moves made on the board in this line. */
  made: number;
  /** Comments waiting for the next move of this line. */
  pending: string[];
  /** Where comments before the line's first move go instead (the game's own, for the main line). */
  leading: string[] | null;
}

/**
 * Reads games one at a time, so a large file need not be held as objects all at once.
 * @throws {PgnError}
 */
export function* iteratePgn(text: string, options: PgnReadOptions = {}): Generator<PgnGame> {
  if (typeof text !== 'string') throw new PgnError(1, 1, String(text).slice(0, 40), 'PGN input must be a string');
  const keepVariations = (options.variations ?? 'tree') === 'tree';
  let gameNo = 1;
  let game: PgnGame | null = null;
  let pos: ChessPosition | null = null;
  let stack: Frame[] = [];
  let skipDepth = 0;
  let lastLine = 1;
  /** Comments between games, given to the next one. */
  const floating: string[] = [];

  const fresh = (): PgnGame => ({ tags: new Map(), fen: START_FEN, comments: [], moves: [], result: '*' });
  const err = (line: number, token: string, reason: string): never => {
    throw new PgnError(gameNo, line, token.slice(0, 40), reason);
  };
  /** Sets up the board when the first movetext token of a game arrives. */
  const begin = (line: number): { g: PgnGame; p: ChessPosition } => {
    if (game === null) game = fresh();
    if (pos === null) {
      const variant = game.tags.get('Variant');
      if (variant !== undefined && !/^(standard|chess)$/i.test(variant)) err(line, variant, `unsupported variant '${variant}'`);
      const fen = game.tags.get('FEN');
      if (fen !== undefined) {
        try {
          pos = positionFromFen(fen);
        } catch (e) {
          if (e instanceof QiengineError) err(line, fen, `bad [FEN] tag: ${e.message}`);
          throw e;
        }
        game.fen = writeFen(pos!);
      } else {
        pos = positionFromFen(START_FEN);
      }
      game.comments.push(...floating.splice(0));
      stack = [{ line: game.moves, parent: null, made: 0, pending: [], leading: game.comments }];
    }
    return { g: game, p: pos! };
  };
  const finish = (result: string | undefined, line: number): PgnGame => {
    const { g } = begin(line);
    if (stack.length > 1 || skipDepth > 0) err(line, result ?? '', 'a variation is not closed');
    const main = stack[0];
    if (main !== undefined) g.comments.push(...main.pending.splice(0));
    g.result = result ?? g.tags.get('Result') ?? '*';
    if (!RESULTS.has(g.result)) g.result = '*';
    game = null;
    pos = null;
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
      if (pos !== null) {
        // Tags after movetext: the previous game ended without a termination marker.
        yield finish(undefined, tok.line);
      }
      if (game === null) game = fresh();
      game.tags.set(tok.name, tok.value);
      continue;
    }
    if (skipDepth > 0) {
      if (tok.kind === 'open') skipDepth++;
      else if (tok.kind === 'close') skipDepth--;
      continue;
    }
    if (tok.kind === 'word' && RESULTS.has(tok.text)) {
      yield finish(tok.text, tok.line);
      continue;
    }
    const { p } = begin(tok.line);
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
        p.unmakeMove();
        {
          const line: PgnNode[] = [];
          last!.variations.push(line);
          stack.push({ line, parent: last!, made: 0, pending: [], leading: null });
        }
        break;
      case 'close':
        if (stack.length === 1) err(tok.line, ')', 'unmatched )');
        for (let k = 0; k < frame.made; k++) p.unmakeMove();
        stack.pop();
        p.makeMove(frame.parent!.move);
        if (frame.line.length === 0) err(tok.line, ')', 'empty variation');
        break;
      case 'word':
        readWord(tok.text, tok.line, p, frame, last, err);
        break;
    }
  }
  if (game !== null) yield finish(undefined, lastLine);
}

function readWord(
  word: string,
  line: number,
  pos: ChessPosition,
  frame: Frame,
  last: PgnNode | undefined,
  err: (line: number, token: string, reason: string) => never,
): void {
  // Move numbers: `12.`, `12...`, or `12.e4` with the move attached.
  let w = word;
  const num = /^(\d+)(\.+)/.exec(w);
  if (num !== null) w = w.slice(num[0].length);
  else if (/^\d+$/.test(w)) return;
  if (w === '') return;
  // Suffix annotations become NAGs.
  const suffix = /(!!|\?\?|!\?|\?!|!|\?)$/.exec(w);
  let nag = 0;
  if (suffix !== null) {
    nag = SUFFIX_NAGS[suffix[1]!]!;
    w = w.slice(0, -suffix[1]!.length);
    if (w === '') {
      if (last === undefined) err(line, word, 'an annotation must follow a move');
      last!.nags.push(nag);
      return;
    }
  }
  if (w === '--' || w === 'Z0') err(line, word, 'null moves are not supported');
  let move: Move;
  try {
    move = parseSan(pos, w);
  } catch (e) {
    if (e instanceof QiengineError) {
      const reason = e instanceof IllegalMoveError ? e.reason : e.message;
      err(line, word, `move ${pos.fullmove}${pos.sideToMove === 0 ? '.' : '...'} ${w}: ${reason}`);
    }
    throw e;
  }
  const node: PgnNode = {
    san: moveToSan(pos, move!),
    uci: moveToUci(move!),
    move: move!,
    nags: nag === 0 ? [] : [nag],
    comments: [],
    startingComments: [],
    variations: [],
  };
  const pending = frame.pending.splice(0);
  if (frame.line.length === 0 && frame.leading !== null) frame.leading.push(...pending);
  else node.startingComments = pending;
  frame.line.push(node);
  pos.makeMove(move!);
  frame.made++;
}

/** The position after the main line of a game. */
export function finalPosition(game: PgnGame): ChessPosition {
  const pos = positionFromFen(game.fen);
  for (const node of game.moves) pos.makeMove(node.move);
  return pos;
}

export interface PgnWriteOptions {
  /** Longest movetext line (default 80, the export format's limit). */
  maxLineLength?: number;
}

/** Writes one game in PGN export format. */
export function writePgn(game: PgnGame, options: PgnWriteOptions = {}): string {
  const width = options.maxLineLength ?? 80;
  const out: string[] = [];
  const tags = new Map(game.tags);
  tags.set('Result', game.result);
  if (game.fen !== START_FEN) {
    tags.set('SetUp', '1');
    tags.set('FEN', game.fen);
  }
  SEVEN_TAGS.forEach((name, k) => out.push(pgnTag(name, tags.get(name) ?? SEVEN_DEFAULTS[k]!)));
  for (const [name, value] of tags) if (!SEVEN_TAGS.includes(name)) out.push(pgnTag(name, value));
  out.push('');

  const tokens: string[] = game.comments.map(pgnComment);
  const start = positionFromFen(game.fen);
  const ply0 = start.sideToMove + 2 * (start.rootFullmove - 1);
  const writeLine = (line: PgnNode[], ply: number): void => {
    let needNumber = true;
    for (const node of line) {
      for (const c of node.startingComments) tokens.push(pgnComment(c));
      const white = ply % 2 === 0;
      if (white) tokens.push(`${(ply >> 1) + 1}.`);
      else if (needNumber || node.startingComments.length > 0) tokens.push(`${(ply >> 1) + 1}...`);
      tokens.push(node.san);
      for (const nag of node.nags) tokens.push(`$${nag}`);
      for (const c of node.comments) tokens.push(pgnComment(c));
      needNumber = node.comments.length > 0 || node.variations.length > 0;
      for (const v of node.variations) {
        tokens.push('(');
        writeLine(v, ply);
        tokens.push(')');
      }
      ply++;
    }
  };
  writeLine(game.moves, ply0);
  tokens.push(game.result);

  out.push(...wrapMovetext(tokens, width));
  return out.join('\n') + '\n';
}
