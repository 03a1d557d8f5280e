import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Path of a file in ../shared/data (beside the repository, as on CI). */
export function sharedData(name: string): string {
  return fileURLToPath(new URL(`../../../shared/data/${name}`, import.meta.url));
}

export interface EpdPerft {
  fen: string;
  counts: Array<[depth: number, nodes: number]>;
}

/** Reads `fen ;D1 n ;D2 n` lines. */
export function readPerftEpd(name: string): EpdPerft[] {
  return readFileSync(sharedData(name), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => {
      const [fen, ...ops] = line.split(';');
      return {
        fen: fen!.trim(),
        counts: ops.map((op) => {
          const [d, n] = op.trim().split(/\s+/);
          return [Number(d!.slice(1)), Number(n)] as [number, number];
        }),
      };
    });
}

/** A small deterministic PRNG (mulberry32) for playouts in tests: the benches' own. */
/** A small fixed-seed generator (mulberry32), so that every run tests the same inputs. */
export { seededRandom as rng } from '../../src/search/search.js';
