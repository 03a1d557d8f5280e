import { buildSync } from 'esbuild';
import { afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

let built: URL | undefined;
let dir: string | undefined;

// The bundle is removed after the test file that imported this helper has run.
afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/**
 * The engine's worker bundled from source, as the package build makes it (tests run the
 * TypeScript sources, where no `worker.js` sits beside the engine).
 */
export function workerUrl(): URL {
  if (built === undefined) {
    dir = mkdtempSync(join(tmpdir(), 'qiengine-worker-'));
    const out = join(dir, 'worker.mjs');
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
