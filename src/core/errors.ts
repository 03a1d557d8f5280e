/**
 * Typed errors. Every public function that validates input throws one of these, so a caller
 * can tell bad input (a `QiengineError`) from a bug (anything else).
 */

/** The base class of every error qiengine throws on purpose. */
export class QiengineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The FEN field a {@link FenError} refers to. */
export type FenField = 'board' | 'turn' | 'castling' | 'enPassant' | 'halfmove' | 'fullmove' | 'position';

/** What {@link checkFen} finds: the FEN reads, or the field at fault and why (as a {@link FenError} says). */
export type FenCheck = { ok: true } | { ok: false; field: FenField; error: string };

/**
 * Whether `read` takes `fen`, as a {@link FenCheck} instead of an error (chess.js's
 * `validateFen`). Anything `read` throws that is not a {@link FenError} is thrown on.
 */
export function checkFen(fen: string, read: (fen: string) => void): FenCheck {
  try {
    read(fen);
    return { ok: true };
  } catch (e) {
    if (e instanceof FenError) return { ok: false, field: e.field, error: e.message };
    throw e;
  }
}

/** A FEN string could not be read: `field` says which part, `reason` says why. */
export class FenError extends QiengineError {
  constructor(
    readonly field: FenField,
    readonly reason: string,
    readonly fen: string,
  ) {
    super(`invalid FEN (${field}): ${reason}`);
  }
}

/** A move string could not be parsed, or the move is not legal in the position. */
export class IllegalMoveError extends QiengineError {
  constructor(
    readonly move: string,
    readonly reason: string,
    readonly fen?: string,
  ) {
    super(`illegal move '${move}': ${reason}${fen === undefined ? '' : ` in ${fen}`}`);
  }
}

/** A notation string (WXF, Chinese, SAN...) is malformed or ambiguous. */
export class NotationError extends IllegalMoveError {}

/** A protocol line could not be understood. */
export class ProtocolError extends QiengineError {
  constructor(
    readonly line: string,
    readonly reason: string,
  ) {
    super(`${reason}: ${line}`);
  }
}

/** A command-line argument is missing or invalid. */
export class UsageError extends QiengineError {}

/**
 * A PGN file could not be read. `game` is the 1-based game number in the file, `line` the
 * 1-based line, and `token` the text where reading stopped (often the offending move).
 */
export class PgnError extends QiengineError {
  constructor(
    readonly game: number,
    readonly line: number,
    readonly token: string,
    readonly reason: string,
  ) {
    super(`PGN game ${game}, line ${line}, at '${token}': ${reason}`);
  }
}

/**
 * An opening book file could not be read: its length is not a whole number of records, or its
 * records are out of order. `record` is the 0-based record where reading stopped (-1 when the
 * file as a whole is at fault).
 */
export class BookError extends QiengineError {
  constructor(
    readonly format: 'polyglot' | 'elephanteye',
    readonly record: number,
    readonly reason: string,
  ) {
    super(`${format === 'polyglot' ? 'Polyglot' : 'ElephantEye'} book${record >= 0 ? `, record ${record}` : ''}: ${reason}`);
  }
}

/** An endgame table file could not be read (it is not one, or it is damaged), or a table could not be written. */
export class TablebaseError extends QiengineError {}
