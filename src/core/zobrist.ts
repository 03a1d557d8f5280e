/**
 * Zobrist key words and the 64-bit boundary.
 *
 * Hot paths keep a key as two int32 halves (`lo`, `hi`) and XOR them with plain numbers:
 * BigInt arithmetic allocates and is roughly two orders of magnitude slower. A `bigint`
 * is built only when a caller asks for it.
 */

/** Joins two 32-bit halves into an unsigned 64-bit `bigint`: `hi << 32 | lo`. */
export function joinKey64(lo: number, hi: number): bigint {
  return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
}

/** The low 32 bits of a 64-bit key, as a signed int32. */
export function keyLo(key: bigint): number {
  return Number(key & 0xffffffffn) | 0;
}

/** The high 32 bits of a 64-bit key, as a signed int32. */
export function keyHi(key: bigint): number {
  return Number((key >> 32n) & 0xffffffffn) | 0;
}

/** A 32-bit word as 8 lower-case hex digits. */
export function hex32(word: number): string {
  return (word >>> 0).toString(16).padStart(8, '0');
}

/** A 64-bit key as 16 lower-case hex digits. */
export function hex64(key: bigint): string {
  return key.toString(16).padStart(16, '0');
}

/**
 * Builds a `BigUint64Array` from two parallel int32 tables (low and high halves).
 * Used to expose the tables to callers; the engine itself never reads it.
 */
export function toBigTable(lo: Int32Array, hi: Int32Array): BigUint64Array {
  const out = new BigUint64Array(lo.length);
  for (let i = 0; i < lo.length; i++) out[i] = joinKey64(lo[i]!, hi[i]!);
  return out;
}
