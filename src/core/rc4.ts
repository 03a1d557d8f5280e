/**
 * The RC4 key stream as XQWLight and ElephantEye use it to fill their Zobrist tables.
 *
 * Both engines schedule with an empty key (every key byte is 0). We reproduce that
 * exactly, byte for byte, because ElephantEye's opening book is keyed by these words.
 */
export class RC4 {
  private readonly s = new Uint8Array(256);
  private x = 0;
  private y = 0;

  /** @param key the key bytes; the default empty key is the one ElephantEye uses. */
  constructor(key: ArrayLike<number> = [0]) {
    const s = this.s;
    for (let i = 0; i < 256; i++) s[i] = i;
    const len = key.length > 0 ? key.length : 1;
    let j = 0;
    for (let i = 0; i < 256; i++) {
      j = (j + s[i]! + ((key[i % len] ?? 0) & 255)) & 255;
      const t = s[i]!;
      s[i] = s[j]!;
      s[j] = t;
    }
  }

  /** The next key-stream byte. */
  nextByte(): number {
    const s = this.s;
    this.x = (this.x + 1) & 255;
    this.y = (this.y + s[this.x]!) & 255;
    const t = s[this.x]!;
    s[this.x] = s[this.y]!;
    s[this.y] = t;
    return s[(s[this.x]! + s[this.y]!) & 255]!;
  }

  /** The next 32-bit word: four bytes, little-endian, as a signed int32 (use `>>> 0` for unsigned). */
  nextWord(): number {
    const b0 = this.nextByte();
    const b1 = this.nextByte();
    const b2 = this.nextByte();
    const b3 = this.nextByte();
    return b0 | (b1 << 8) | (b2 << 16) | (b3 << 24);
  }
}
