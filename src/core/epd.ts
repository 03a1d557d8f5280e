/**
 * EPD operations, the part of an EPD line after its position fields: `bm Nf3 Nc3; id "WAC.001";`.
 * The same for both games (chess/fen.ts reads chess EPD; test suites read xiangqi lines too).
 */
import { FenError } from './errors.js';

/** An EPD operation: `bm Nf3 Nc3;` is `{ opcode: 'bm', operands: ['Nf3', 'Nc3'] }`. */
export interface EpdOperation {
  opcode: string;
  operands: string[];
}

/**
 * Reads EPD operations: an opcode and its operands, each operation closed by `;` (the last may
 * leave it out). Quoted operands (`id "a b";`) keep their spaces.
 * @param line the whole line, for the error
 * @throws {FenError} for a bad opcode or an unterminated quote
 */
export function readEpdOperations(text: string, line: string): EpdOperation[] {
  const ops: EpdOperation[] = [];
  let i = 0;
  let current: string[] = [];
  let token = '';
  let quoted = false;
  let inToken = false;
  const endToken = (): void => {
    if (inToken) current.push(token);
    token = '';
    inToken = false;
  };
  const endOp = (): void => {
    endToken();
    if (current.length > 0) {
      const opcode = current[0]!;
      if (!/^[A-Za-z][A-Za-z0-9_]{0,14}$/.test(opcode)) throw new FenError('position', `bad EPD opcode '${opcode.slice(0, 20)}'`, line);
      ops.push({ opcode, operands: current.slice(1) });
    }
    current = [];
  };
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') quoted = false;
      else token += ch;
    } else if (ch === '"') {
      quoted = true;
      inToken = true;
    } else if (ch === ';') {
      endOp();
    } else if (/\s/.test(ch)) {
      endToken();
    } else {
      token += ch;
      inToken = true;
    }
  }
  if (quoted) throw new FenError('position', 'unterminated quoted EPD operand', line);
  endOp();
  return ops;
}

