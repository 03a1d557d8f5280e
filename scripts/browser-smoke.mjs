// Manual check that the built package runs in a browser: serves dist/ on localhost, opens a
// page in headless Chromium that imports dist/index.js, has the Engine search on its module
// Web Worker (with and without an AbortSignal, and on two threads: two workers sharing a table
// when the page is cross-origin isolated, one otherwise), and posts what happened back to this
// script.
// Needs Debian's `chromium`; not part of CI.
//
//   npm run build && node scripts/browser-smoke.mjs
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const page = `<!doctype html><meta charset="utf-8"><body>pending</body><script type="module">
import { Engine, Xiangqi } from './index.js';
const out = [];
try {
  const e = new Engine();
  out.push('mode=' + (await e.threadMode()));
  const r = await e.search({ game: 'xiangqi' }, { depth: 6 });
  out.push('legal=' + new Xiangqi().moves().includes(r.bestMove), 'pv=' + r.pvNotation.slice(0, 3).join(','));
  const c = new AbortController();
  setTimeout(() => c.abort(), 200);
  const t0 = performance.now();
  const s = await e.search({ game: 'chess' }, { signal: c.signal });
  out.push('aborted=' + (s.bestMove !== null) + ' after ' + Math.round(performance.now() - t0) + 'ms');
  out.push('sab=' + (typeof SharedArrayBuffer !== 'undefined'));
  e.close();
  // Two threads need SharedArrayBuffer: without it one thread searches.
  const e2 = new Engine({ threads: 2 });
  const t = await e2.search({ game: 'xiangqi' }, { depth: 6 });
  out.push('threads=' + (t.threadNodes?.length ?? 1) + ' legal2=' + new Xiangqi().moves().includes(t.bestMove));
  e2.close();
} catch (err) {
  out.push('error=' + err);
}
await fetch('/result', { method: 'POST', body: out.join(' ') });
</script>`;
const types = { '.js': 'text/javascript', '.html': 'text/html', '.map': 'application/json' };
let report;
// Cross-origin isolation (COOP + COEP) gives the page SharedArrayBuffer, so stop travels
// through the shared flag; without it the engine ends the worker instead. Both are checked.
let isolated = false;
const server = createServer((req, res) => {
  if (isolated) {
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Embedder-Policy', 'require-corp');
  }
  if (req.url === '/result') {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => report(body));
    return res.end();
  }
  if (req.url === '/' || req.url === '/index.html') {
    res.writeHead(200, { 'content-type': 'text/html' });
    return res.end(page);
  }
  try {
    const body = readFileSync(join(dist, req.url.slice(1)));
    res.writeHead(200, { 'content-type': types[extname(req.url)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`;
// The page posts its findings back; Chromium runs until then (or a minute).
let failed = false;
for (const iso of [false, true]) {
  isolated = iso;
  const reported = new Promise((resolve) => (report = resolve));
  const chromium = spawn('chromium', ['--headless', '--no-sandbox', '--disable-gpu', url], { stdio: 'ignore' });
  const result = await Promise.race([reported, new Promise((r) => setTimeout(() => r('timeout: no report from the page'), 60000))]);
  chromium.kill();
  console.log(`${iso ? 'isolated' : 'plain'}: ${result}`);
  if (!new RegExp(`mode=worker legal=true .* aborted=true .* sab=${iso} threads=${iso ? 2 : 1} legal2=true`).test(result)) failed = true;
}
server.close();
if (failed) process.exit(1);
