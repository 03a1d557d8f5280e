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

/**
 * Least squares with a ridge pull, solved in place: `A` (P x P, row-major) holds the normal
 * matrix with the pull already on its diagonal, so it is symmetric positive definite, and `b`
 * the right-hand side. Returns the weights. Cholesky, as P is a few hundred.
 */
export function solveNormal(A, b, P) {
  for (let j = 0; j < P; j++) {
    let d = A[j * P + j];
    for (let m = 0; m < j; m++) d -= A[j * P + m] ** 2;
    d = Math.sqrt(d);
    A[j * P + j] = d;
    for (let i = j + 1; i < P; i++) {
      let s = A[i * P + j];
      for (let m = 0; m < j; m++) s -= A[i * P + m] * A[j * P + m];
      A[i * P + j] = s / d;
    }
  }
  const z = new Float64Array(P);
  for (let i = 0; i < P; i++) {
    let s = b[i];
    for (let m = 0; m < i; m++) s -= A[i * P + m] * z[m];
    z[i] = s / A[i * P + i];
  }
  const w = new Float64Array(P);
  for (let i = P - 1; i >= 0; i--) {
    let s = z[i];
    for (let m = i + 1; m < P; m++) s -= A[m * P + i] * w[m];
    w[i] = s / A[i * P + i];
  }
  return w;
}
