/**
 * Table files (`.qtb`): one material's values, a byte a position, cut into chunks that are
 * compressed one by one, so that a probe reads and unpacks one chunk, not the file.
 *
 * Layout, little-endian:
 *
 *     0  "QITB"            magic
 *     4  u8 version (1), u8 game (0 chess, 1 xiangqi), u8 name length, u8 0
 *     8  u32 positions, u32 positions per chunk, u32 chunks, u16 longest win (plies), u16 0
 *    24  the material's name (ASCII), padded with zeros to a multiple of 4
 *     …  u32 × (chunks + 1): where each chunk starts, from the start of the data
 *     …  u32 × chunks: each unpacked chunk's FNV-1a checksum
 *     …  the chunks, PackBits-compressed
 *
 * A value byte is 0 for a draw, 1..126 for a win in 2v - 1 plies, 128..253 for a loss in
 * 2(v - 128) plies, 127 and 254 for a xiangqi win and loss by the perpetual-check rule, and 255
 * for a numbering with no position. (Version 1 files, written before the rule was applied,
 * have no results by the rule: there 127 and 254 are a win in 253 plies and a loss in 252;
 * they are still read.) PackBits (a header byte n: n < 128
 * copies the next n + 1 bytes, n >= 128 repeats the next byte n - 125 times) packs the long runs
 * of draws and of impossible placements, and never grows a chunk by more than 1/128.
 *
 * Reading checks the header, the chunk table and, as each chunk is unpacked, its length and
 * checksum: a damaged file is a {@link TablebaseError}, never a wrong answer.
 */
import { TablebaseError } from '../core/errors.js';
import { materialName, parseMaterial, type Material } from './material.js';
import { DRAW, INVALID, RULE_LOSS, RULE_WIN, WIN, codeDistance, codeIsWin } from './values.js';

export { TablebaseError };

const MAGIC = 0x42544951; // "QITB" read little-endian
const VERSION = 2;
/** The bytes of the results by the perpetual-check rule (version 2). */
const RULE_WIN_BYTE = 127;
const RULE_LOSS_BYTE = 254;
/** Positions per chunk in the files this writes. */
export const CHUNK_POSITIONS = 1 << 15;

/** The byte of a code. @throws {TablebaseError} for a distance a byte cannot hold */
export function codeToByte(code: number): number {
  if (code === INVALID) return 255;
  if (code === DRAW) return 0;
  if (code === RULE_WIN) return RULE_WIN_BYTE;
  if (code === RULE_LOSS) return RULE_LOSS_BYTE;
  const n = codeDistance(code);
  if (codeIsWin(code)) {
    if (n > 251 || n % 2 === 0) throw new TablebaseError(`a win in ${n} plies does not fit a table byte`);
    return (n + 1) / 2;
  }
  if (n > 250 || n % 2 === 1) throw new TablebaseError(`a loss in ${n} plies does not fit a table byte`);
  return 128 + n / 2;
}

/** The code of a byte of a file of `version` (the current one unless told). */
export function byteToCode(b: number, version = VERSION): number {
  if (b === 0) return DRAW;
  if (b === 255) return INVALID;
  if (version >= 2) {
    if (b === RULE_WIN_BYTE) return RULE_WIN;
    if (b === RULE_LOSS_BYTE) return RULE_LOSS;
  }
  return b < 128 ? WIN - (2 * b - 1) : -WIN + 2 * (b - 128);
}

/** FNV-1a over a byte range. */
function checksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** PackBits. */
export function pack(src: Uint8Array): Uint8Array {
  const out = new Uint8Array(src.length + Math.ceil(src.length / 128) + 1);
  let o = 0;
  let i = 0;
  while (i < src.length) {
    let run = 1;
    while (i + run < src.length && run < 130 && src[i + run] === src[i]) run++;
    if (run >= 3) {
      out[o++] = run + 125;
      out[o++] = src[i]!;
      i += run;
      continue;
    }
    // Literals up to the next run of three, at most 128.
    let lit = 0;
    while (i + lit < src.length && lit < 128) {
      const j = i + lit;
      if (j + 2 < src.length && src[j] === src[j + 1] && src[j] === src[j + 2]) break;
      lit++;
    }
    out[o++] = lit - 1;
    out.set(src.subarray(i, i + lit), o);
    o += lit;
    i += lit;
  }
  return out.slice(0, o);
}

/** Unpacks PackBits into exactly `length` bytes. @throws {TablebaseError} when the data do not fit */
export function unpack(src: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let o = 0;
  let i = 0;
  while (i < src.length) {
    const h = src[i++]!;
    if (h < 128) {
      const n = h + 1;
      if (o + n > length || i + n > src.length) throw new TablebaseError('a chunk unpacks past its length');
      out.set(src.subarray(i, i + n), o);
      o += n;
      i += n;
    } else {
      const n = h - 125;
      if (o + n > length || i >= src.length) throw new TablebaseError('a chunk unpacks past its length');
      out.fill(src[i++]!, o, o + n);
      o += n;
    }
  }
  if (o !== length) throw new TablebaseError(`a chunk unpacks to ${o} bytes, not ${length}`);
  return out;
}

/** What a table file says of itself. */
export interface TableHeader {
  material: Material;
  /** Positions, both sides to move. */
  positions: number;
  /** The longest win, in plies. */
  longestWin: number;
}

/**
 * Writes a table's codes as a file.
 * @throws {TablebaseError} for a distance a byte cannot hold
 */
export function writeTableFile(material: Material, codes: Int16Array, longestWin: number): Uint8Array {
  const name = new TextEncoder().encode(materialName(material));
  const chunks = Math.ceil(codes.length / CHUNK_POSITIONS);
  const packed: Uint8Array[] = [];
  const sums: number[] = [];
  const raw = new Uint8Array(CHUNK_POSITIONS);
  for (let c = 0; c < chunks; c++) {
    const start = c * CHUNK_POSITIONS;
    const n = Math.min(CHUNK_POSITIONS, codes.length - start);
    for (let i = 0; i < n; i++) raw[i] = codeToByte(codes[start + i]!);
    const bytes = raw.subarray(0, n);
    sums.push(checksum(bytes));
    packed.push(pack(bytes));
  }
  const nameBytes = (name.length + 3) & ~3;
  const head = 24 + nameBytes + 4 * (chunks + 1) + 4 * chunks;
  const dataLength = packed.reduce((s, p) => s + p.length, 0);
  const out = new Uint8Array(head + dataLength);
  const v = new DataView(out.buffer);
  v.setUint32(0, MAGIC, true);
  out[4] = VERSION;
  out[5] = material.game === 'chess' ? 0 : 1;
  out[6] = name.length;
  v.setUint32(8, codes.length, true);
  v.setUint32(12, CHUNK_POSITIONS, true);
  v.setUint32(16, chunks, true);
  v.setUint16(20, Math.min(longestWin, 0xffff), true);
  out.set(name, 24);
  let at = 24 + nameBytes;
  let offset = 0;
  for (let c = 0; c <= chunks; c++) {
    v.setUint32(at, offset, true);
    at += 4;
    if (c < chunks) offset += packed[c]!.length;
  }
  for (const s of sums) {
    v.setUint32(at, s, true);
    at += 4;
  }
  for (const p of packed) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A chunk cache shared by the tables of one collection: the most recently used first out last. */
export class ChunkCache {
  private readonly map = new Map<string, Uint8Array>();
  hits = 0;
  misses = 0;

  constructor(readonly capacity: number) {}

  get(key: string, load: () => Uint8Array): Uint8Array {
    const have = this.map.get(key);
    if (have !== undefined) {
      // Re-inserting moves it to the newest end of the Map's order.
      this.map.delete(key);
      this.map.set(key, have);
      this.hits++;
      return have;
    }
    this.misses++;
    const chunk = load();
    this.map.set(key, chunk);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value!);
    return chunk;
  }

  /** How many chunks it holds. */
  get size(): number {
    return this.map.size;
  }
}

let nextFileId = 0;

/** A table file opened for probing: its header read and checked, its chunks unpacked on demand. */
export class TableFile {
  readonly header: TableHeader;
  private readonly id = nextFileId++;
  private readonly view: DataView;
  /** The file's format version (1: no results by the perpetual-check rule). */
  private readonly version: number;
  private readonly chunkPositions: number;
  private readonly chunks: number;
  private readonly offsetsAt: number;
  private readonly sumsAt: number;
  private readonly dataAt: number;

  /**
   * @throws {TablebaseError} when the bytes are not a table file of a version this reads, or
   * its header or chunk table is damaged
   */
  constructor(
    private readonly bytes: Uint8Array,
    private readonly cache: ChunkCache,
  ) {
    if (!(bytes instanceof Uint8Array) || bytes.length < 24) throw new TablebaseError('not a table file (too short)');
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.view = v;
    if (v.getUint32(0, true) !== MAGIC) throw new TablebaseError('not a table file (no QITB mark)');
    if (bytes[4] !== 1 && bytes[4] !== VERSION) throw new TablebaseError(`table file version ${bytes[4]}, this reads 1 and ${VERSION}`);
    this.version = bytes[4]!;
    const game = bytes[5] === 0 ? 'chess' : bytes[5] === 1 ? 'xiangqi' : null;
    if (game === null) throw new TablebaseError(`table file for an unknown game (${bytes[5]})`);
    const nameLength = bytes[6]!;
    const positions = v.getUint32(8, true);
    this.chunkPositions = v.getUint32(12, true);
    this.chunks = v.getUint32(16, true);
    const nameBytes = (nameLength + 3) & ~3;
    this.offsetsAt = 24 + nameBytes;
    this.sumsAt = this.offsetsAt + 4 * (this.chunks + 1);
    this.dataAt = this.sumsAt + 4 * this.chunks;
    if (this.chunkPositions === 0 || this.chunks !== Math.ceil(positions / this.chunkPositions) || this.dataAt > bytes.length) {
      throw new TablebaseError('a damaged table header');
    }
    let material: Material;
    try {
      material = parseMaterial(game, new TextDecoder().decode(bytes.subarray(24, 24 + nameLength)));
    } catch {
      throw new TablebaseError('a damaged table header (material name)');
    }
    let last = 0;
    for (let c = 0; c <= this.chunks; c++) {
      const at = v.getUint32(this.offsetsAt + 4 * c, true);
      if (at < last || this.dataAt + at > bytes.length) throw new TablebaseError(`a damaged chunk table (chunk ${c})`);
      last = at;
    }
    this.header = { material, positions, longestWin: v.getUint16(20, true) };
  }

  /** The code of position `index`. @throws {TablebaseError} for a damaged chunk */
  code(index: number): number {
    const c = Math.floor(index / this.chunkPositions);
    const chunk = this.cache.get(`${this.id}:${c}`, () => this.loadChunk(c));
    return byteToCode(chunk[index - c * this.chunkPositions]!, this.version);
  }

  private loadChunk(c: number): Uint8Array {
    const v = this.view;
    const from = v.getUint32(this.offsetsAt + 4 * c, true);
    const to = v.getUint32(this.offsetsAt + 4 * (c + 1), true);
    const length = Math.min(this.chunkPositions, this.header.positions - c * this.chunkPositions);
    const raw = unpack(this.bytes.subarray(this.dataAt + from, this.dataAt + to), length);
    if (checksum(raw) !== v.getUint32(this.sumsAt + 4 * c, true)) throw new TablebaseError(`chunk ${c} of ${materialName(this.header.material)} fails its checksum`);
    return raw;
  }
}
