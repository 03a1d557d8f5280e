import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The worker is its own entry: the engine starts it as `worker.js` beside itself.
    entry: { index: 'src/index.ts', worker: 'src/engine/worker.ts' },
    format: ['esm', 'cjs'],
    // import.meta.url (how the engine finds its worker) also works in the CommonJS build.
    shims: true,
    dts: true,
    sourcemap: true,
    target: 'node20',
    platform: 'neutral',
  },
  {
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node20',
    platform: 'node',
  },
]);
