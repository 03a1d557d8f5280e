// Reading and rewriting the weights files in src/, shared by the fit scripts of both games, so
// that no script keeps a copy of a weight that could drift from the source.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The file that holds every weight of `game`'s evaluation ('xiangqi' or 'chess'). */
export const weightsFileOf = (game) => fileURLToPath(new URL(`../../src/${game}/evaluate-weights.ts`, import.meta.url));

/** The numbers of array constant `name` in the weights source `source`. */
export function weightArray(source, name) {
  const m = new RegExp(`const ${name} = \\[([^\\]]*)\\]`).exec(source);
  if (m === null) throw new Error(`${name} not found in the weights source`);
  return m[1].split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
}

/** `source` with array constant `name` written out as `rows` (arrays of numbers), one per line. */
export function arrayText(name, rows) {
  return `const ${name} = [\n${rows.map((row) => '  ' + row.map((x) => String(x).padStart(4)).join(',')).join(',\n')},\n]`;
}

/** `source` with array constant `name` replaced by `rows` (see {@link arrayText}). */
export function replaceArray(source, name, rows) {
  return source.replace(new RegExp(`const ${name} = \\[[^\\]]*\\]`), arrayText(name, rows));
}
