// Manual check of the browser example (examples/board/): serves it as examples/serve.mjs does,
// opens it in headless Chromium inside a same-origin frame, and in each game plays the first
// side's opening move by clicking the board (xiangqi: the cannon h2, then e2; chess: e2, then
// e4), waits for the engine's reply, and checks what the page shows: the piece's targets, two
// moves in the list (Chinese notation, or SAN), the engine's thinking line, the player to move.
// Then it opens chess from a FEN in the address with a pawn on a7, plays a7-a8, picks the knight
// on the promotion buttons and checks the move list (a8=N, then the reply); and an address
// with a bad FEN, whose reason the page shows.
// Needs Debian's `chromium`; not part of CI.
//
//   npm run build && node scripts/example-smoke.mjs
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { ISOLATED, sendRepositoryFile } from '../examples/serve.mjs';

const harness = `<!doctype html><meta charset="utf-8"><iframe id="f" src="/examples/board/" width="1000" height="700"></iframe>
<script type="module">
const f = document.getElementById('f');
await new Promise((r) => f.addEventListener('load', r, { once: true }));
let doc = f.contentDocument;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const report = (text) => fetch('/result', { method: 'POST', body: text });
try {
  let svg = doc.getElementById('board');
  // A square's place on screen, from the board's viewBox and the page's layout of each game.
  const LAYOUT = { xiangqi: ['abcdefghi', 10, 0, 50, 50, true], chess: ['abcdefgh', 8, 1, 55, 10, false] };
  const click = (game, square) => {
    const [files, ranks, first, cell, margin, onPoints] = LAYOUT[game];
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox.baseVal;
    const half = onPoints ? 0 : cell / 2;
    const x = margin + files.indexOf(square[0]) * cell + half;
    const y = margin + (ranks - 1 - (Number(square.slice(1)) - first)) * cell + half;
    svg.dispatchEvent(new MouseEvent('click', { clientX: box.left + (x / view.width) * box.width, clientY: box.top + (y / view.height) * box.height, bubbles: true }));
  };
  const play = async (game, from, to) => {
    doc.getElementById('game').value = game;
    doc.getElementById('new').click();
    doc.getElementById('time').value = '300';
    click(game, from);
    const targets = svg.querySelectorAll('.target').length;
    click(game, to);
    for (let i = 0; i < 100 && doc.querySelectorAll('#moves li').length < 2; i++) await sleep(100);
    const moves = [...doc.querySelectorAll('#moves li')].map((li) => li.textContent);
    return game + ': targets=' + targets + ' moves=' + moves.join(',') + ' thinking=' + doc.getElementById('thinking').textContent.startsWith('depth ') + ' status=' + doc.getElementById('status').textContent;
  };
  await sleep(500);
  const lines = [await play('xiangqi', 'h2', 'e2'), await play('chess', 'e2', 'e4')];
  const open = async (query) => {
    const loaded = new Promise((r) => f.addEventListener('load', r, { once: true }));
    f.src = '/examples/board/' + query;
    await loaded;
    doc = f.contentDocument;
    svg = doc.getElementById('board');
    await sleep(300);
  };
  await open('?game=chess&fen=' + encodeURIComponent('7k/P6p/8/8/8/8/8/K7 w - - 0 1'));
  doc.getElementById('time').value = '300';
  click('chess', 'a7');
  click('chess', 'a8');
  const picker = !doc.getElementById('promotion').hidden;
  doc.querySelector('#promotion button[data-piece="n"]').click();
  for (let i = 0; i < 100 && doc.querySelectorAll('#moves li').length < 2; i++) await sleep(100);
  lines.push('promotion: picker=' + picker + ' moves=' + [...doc.querySelectorAll('#moves li')].map((li) => li.textContent).join(','));
  await open('?game=xiangqi&fen=' + encodeURIComponent('rnbakabnr/9 w'));
  lines.push('bad fen: status=' + doc.getElementById('status').textContent);
  await report(lines.join(' | '));
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
  if (path === '/') return res.writeHead(200, { ...ISOLATED, 'content-type': 'text/html' }).end(harness);
  sendRepositoryFile(path, res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', () => r(undefined)));
const url = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`;
const reported = new Promise((resolve) => (report = resolve));
const chromium = spawn('chromium', ['--headless', '--no-sandbox', '--disable-gpu', url], { stdio: 'ignore' });
const result = await Promise.race([reported, new Promise((r) => setTimeout(() => r('timeout: no report from the page'), 60000))]);
chromium.kill();
server.close();
console.log(result);
// The cannon on h2 has 12 moves, the pawn on e2 two; after the move the engine answers, and it
// is the player's turn again.
const ok =
  /(^| \| )xiangqi: targets=12 moves=炮二平五,\S+ thinking=true status=Red to move/.test(String(result)) &&
  /(^| \| )chess: targets=2 moves=e4,\S+ thinking=true status=White to move/.test(String(result)) &&
  /(^| \| )promotion: picker=true moves=a8=N,\S+/.test(String(result)) &&
  /(^| \| )bad fen: status=The address's FEN was not read \(invalid FEN \(board\)/.test(String(result));
if (!ok) process.exit(1);
