import fc from 'fast-check';
import { expect } from 'vitest';
import { FenError, QiengineError, type FenCheck } from '../../src/index.js';

/** Applies 1..maxEdits random edits (replace, delete, insert, splice a slice) drawn from `alphabet`. */
export function mutate(text: string, rand: () => number, alphabet: string, maxEdits = 4): string {
  const chars = [...text];
  const letters = [...alphabet];
  const n = 1 + Math.floor(rand() * maxEdits);
  for (let k = 0; k < n; k++) {
    const i = Math.floor(rand() * (chars.length + 1));
    const c = letters[Math.floor(rand() * letters.length)]!;
    const op = rand();
    if (op < 0.4) chars[i] = c;
    else if (op < 0.7) chars.splice(i, 1);
    else if (op < 0.9) chars.splice(i, 0, c);
    else chars.splice(i, 0, ...chars.slice(Math.floor(rand() * chars.length), Math.floor(rand() * chars.length)));
  }
  return chars.join('');
}

/** A random string of up to `max` characters from `alphabet`. */
export function randomString(rand: () => number, max: number, alphabet: string): string {
  const letters = [...alphabet];
  let s = '';
  const n = Math.floor(rand() * max);
  for (let i = 0; i < n; i++) s += letters[Math.floor(rand() * letters.length)]!;
  return s;
}

/** Runs `f`; any throw must be a QiengineError with a message. Returns whether it succeeded. */
export function typedOrOk(f: () => void): boolean {
  try {
    f();
    return true;
  } catch (e) {
    if (!(e instanceof QiengineError)) throw e;
    expect(e.message.length).toBeGreaterThan(0);
    return false;
  }
}

/**
 * Property: for FENs with random text spliced in, `validate` says ok exactly when `load` reads
 * the text, and otherwise names the field of the FenError that `load` throws.
 */
export function expectFenCheckAgreesWithLoad(validate: (fen: string) => FenCheck, load: (fen: string) => void, fens: readonly string[]): void {
  fc.assert(
    fc.property(fc.string({ maxLength: 60 }), fc.constantFrom(...fens), fc.nat(90), (junk, fen, at) => {
      const text = fen.slice(0, at) + junk + fen.slice(at);
      const check = validate(text);
      let loaded = true;
      try {
        load(text);
      } catch (e) {
        expect(e).toBeInstanceOf(FenError);
        loaded = false;
        if (!check.ok) expect(check.field).toBe((e as FenError).field);
      }
      expect(check.ok).toBe(loaded);
    }),
    { numRuns: 500 },
  );
}
