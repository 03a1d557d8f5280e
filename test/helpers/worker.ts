import { buildSync } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

let built: URL | undefined;

/**
 * The engine's worker bundled from source, as the package build makes it (tests run the
 * TypeScript sources, where no `worker.js` sits beside the engine).
 */
export function workerUrl(): URL {
  if (built === undefined) {
    const out = join(mkdtempSync(join(tmpdir(), 'qiengine-worker-')), 'worker.mjs');
    buildSync({
      entryPoints: [fileURLToPath(new URL('../../src/engine/worker.ts', import.meta.url))],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      outfile: out,
      logLevel: 'error',
    });
    built = pathToFileURL(out);
  }
  return built;
}
