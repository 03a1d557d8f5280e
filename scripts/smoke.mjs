// Smoke test of the built package: it loads through `import` and `require`, and the
// `qiengine` binary answers `uci`. Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const fail = (msg) => {
  console.error(`smoke: FAIL ${msg}`);
  process.exit(1);
};

const esm = await import('qiengine');
const require = createRequire(import.meta.url);
const cjs = require('qiengine');
for (const [name, mod] of [['import', esm], ['require', cjs]]) {
  const g = new mod.Xiangqi();
  if (g.perft(3) !== 79666) fail(`${name}: perft(3) of the start position`);
  if (g.key64() !== 0x8f899c24e6db463en) fail(`${name}: start key`);
  const c = new mod.Chess();
  if (c.perft(3) !== 8902) fail(`${name}: chess perft(3) of the start position`);
  if (c.key() !== 0x463b96181691fc9cn) fail(`${name}: chess start key`);
  console.log(`smoke: ${name}('qiengine') ok`);
}

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const out = execFileSync(process.execPath, [cli, 'uci'], { input: 'uci\nisready\nposition startpos\ngo perft 3\nquit\n' }).toString();
if (!out.includes('uciok') || !out.includes('readyok') || !out.includes('Nodes searched: 8902')) fail(`qiengine uci (chess) answered:\n${out}`);
const xq = execFileSync(process.execPath, [cli, 'uci'], { input: 'uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\ngo perft 3\nquit\n' }).toString();
if (!xq.includes('Nodes searched: 79666')) fail(`qiengine uci (xiangqi) answered:\n${xq}`);
const ucci = execFileSync(process.execPath, [cli, 'ucci'], { input: 'isready\nquit\n' }).toString();
if (!ucci.includes('ucciok') || !ucci.includes('bye')) fail(`qiengine ucci answered:\n${ucci}`);
console.log('smoke: qiengine binary answers uci and ucci');
console.log('smoke: 3 passed, 0 failed');
