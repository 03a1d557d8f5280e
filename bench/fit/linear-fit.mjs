// The least-squares machinery both evaluation fits share (xiangqi-fit.mjs, chess-fit.mjs). A
// position is a labelled row ({ score, pat }: the engine's score and our fixed pattern part, both
// from the first player's side) and a sparse feature vector ({ idx, val }) over the weights.

/**
 * Whether position i is held out: every tenth block of 200. Positions of one game come in a
 * row, so the held-out ones come from games the fit has not seen, not from the neighbours of
 * ones it has.
 */
export const heldOut = (i) => Math.floor(i / 200) % 10 === 0;

/** The fitted part of position i's score under weights w. */
export function linearPart(features, w, i) {
  const { idx, val } = features[i];
  let s = 0;
  for (let a = 0; a < idx.length; a++) s += w[idx[a]] * val[a];
  return s;
}

/**
 * The labelling engine's centipawns per one of ours: least squares of its scores on our whole
 * evaluation under the current weights `prior`, over the positions not held out.
 */
export function engineScale(rows, features, prior) {
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < rows.length; i++) {
    if (heldOut(i)) continue;
    const ours = linearPart(features, prior, i) + rows[i].pat;
    sxy += ours * rows[i].score;
    sxx += ours * ours;
  }
  return sxy / sxx;
}

/**
 * The normal equations (A, P x P row-major, and b) of the positions not held out, for the
 * scores less k times the pattern part; the caller adds its pulls, then {@link solveNormal}.
 */
export function normalEquations(rows, features, k, P) {
  const A = new Float64Array(P * P);
  const b = new Float64Array(P);
  for (let i = 0; i < rows.length; i++) {
    if (heldOut(i)) continue;
    const { idx, val } = features[i];
    const y = rows[i].score - k * rows[i].pat;
    for (let a = 0; a < idx.length; a++) {
      b[idx[a]] += val[a] * y;
      for (let c = 0; c < idx.length; c++) A[idx[a] * P + idx[c]] += val[a] * val[c];
    }
  }
  return { A, b };
}

/**
 * Least squares with a ridge pull, solved in place: `A` holds the normal matrix with the pull
 * already on its diagonal, so it is symmetric positive definite, and `b` the right-hand side.
 * Returns the weights. Cholesky, as P is a few hundred.
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

/**
 * Prints the header and each named weight vector's error on the held-out positions (in the
 * engine's units: `weights` already scaled by k).
 */
export function reportHeldOut(rows, features, k, lambda, named) {
  let mean = 0;
  let n = 0;
  for (let i = 0; i < rows.length; i++) if (heldOut(i)) (mean += rows[i].score), n++;
  mean /= n;
  console.log(`${rows.length} positions (${n} held out); k = ${k.toFixed(3)} of the engine's centipawns per one of ours; lambda ${lambda}`);
  for (const [name, weights] of named) {
    let e = 0;
    let v = 0;
    for (let i = 0; i < rows.length; i++) {
      if (!heldOut(i)) continue;
      e += (linearPart(features, weights, i) + k * rows[i].pat - rows[i].score) ** 2;
      v += (rows[i].score - mean) ** 2;
    }
    console.log(`${name}: held-out mean square error ${(e / n).toFixed(0)}, variance explained ${(1 - e / v).toFixed(3)}`);
  }
}
