// Manual check of the browser example (examples/board/): serves it as examples/serve.mjs does,
// opens it in headless Chromium inside a same-origin frame, plays red's first move by clicking
// the board (the cannon h2, then e2), waits for the engine's reply, and checks what the page
// shows: two moves in the list in Chinese notation, the engine's thinking line, red to move.
// Needs Debian's `chromium`; not part of CI.
//
//   npm run build && node scripts/example-smoke.mjs
import { spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript' };
const harness = `<!doctype html><meta charset="utf-8"><iframe id="f" src="/examples/board/" width="1000" height="700"></iframe>
<script type="module">
const f = document.getElementById('f');
await new Promise((r) => f.addEventListener('load', r, { once: true }));
const doc = f.contentDocument;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const report = (text) => fetch('/result', { method: 'POST', body: text });
try {
  const svg = doc.getElementById('board');
  // An ICCS point's place on screen, by the board's viewBox (500 x 550, cells of 50 from 50).
  const click = (point) => {
    const box = svg.getBoundingClientRect();
    const x = box.left + ((50 + 'abcdefghi'.indexOf(point[0]) * 50) / 500) * box.width;
    const y = box.top + ((50 + (9 - Number(point[1])) * 50) / 550) * box.height;
    svg.dispatchEvent(new MouseEvent('click', { clientX: x, clientY: y, bubbles: true }));
  };
  await sleep(500);
  doc.getElementById('time').value = '300';
  click('h2');
  const targets = svg.querySelectorAll('.target').length;
  click('e2');
  for (let i = 0; i < 100 && doc.querySelectorAll('#moves li').length < 2; i++) await sleep(100);
  const moves = [...doc.querySelectorAll('#moves li')].map((li) => li.textContent);
  await report('targets=' + targets + ' moves=' + moves.join(',') + ' thinking=' + (doc.getElementById('thinking').textContent.startsWith('depth ')) + ' status=' + doc.getElementById('status').textContent);
} catch (e) {
  await report('error=' + e);
}
</script>`;
let report;
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  if (path === '/result') {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => report(body));
    return res.end();
  }
  const headers = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
  if (path === '/') return res.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(harness);
  let file = normalize(join(root, path));
  try {
    if (!file.startsWith(root)) throw new Error('outside');
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`;
const reported = new Promise((resolve) => (report = resolve));
const chromium = spawn('chromium', ['--headless', '--no-sandbox', '--disable-gpu', url], { stdio: 'ignore' });
const result = await Promise.race([reported, new Promise((r) => setTimeout(() => r('timeout: no report from the page'), 60000))]);
chromium.kill();
server.close();
console.log(result);
// The cannon on h2 has 12 moves; after h2e2 the engine answers, and it is red's turn again.
if (!/^targets=12 moves=炮二平五,\S+ thinking=true status=Red to move/.test(String(result))) process.exit(1);
