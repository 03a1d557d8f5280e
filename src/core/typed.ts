/**
 * Growing typed arrays. Positions keep their history in typed arrays and double them in the
 * rare game that outgrows them; these copy the old contents into the larger array.
 */

/** A copy of `a` in a new `Int32Array` of length `n` (n >= a.length). */
export function grownInt32(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

/** A copy of `a` in a new `Uint8Array` of length `n` (n >= a.length). */
export function grownUint8(a: Uint8Array, n: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(n);
  b.set(a);
  return b;
}
