// A xiangqi board in the browser, on qiengine's game API and Engine: you play red, the engine
// black. Everything the page shows is read from the library: the pieces from `board()`, the
// targets of the piece picked up from `moves({ square })`, the move list in Chinese notation
// from `history({ verbose: true })`, the game's end from `status()`, and the engine's thinking
// from the `onInfo` reports of a search that runs on a module Web Worker, so the page stays
// responsive while it thinks.
//
//   npm run build && node examples/serve.mjs      then open the address it prints
import { Engine, Xiangqi } from '../../dist/index.js';

const CELL = 50;
const MARGIN = 50;
const NAMES = {
  red: { king: '帥', advisor: '仕', elephant: '相', horse: '傌', rook: '俥', cannon: '炮', pawn: '兵' },
  black: { king: '將', advisor: '士', elephant: '象', horse: '馬', rook: '車', cannon: '砲', pawn: '卒' },
};
const FILES = 'abcdefghi';
const SVG = 'http://www.w3.org/2000/svg';

const engine = new Engine();
const game = new Xiangqi();
/** @type {string | null} the point of the piece picked up */
let selected = null;
/** @type {AbortController | null} the engine's search, while it thinks */
let thinking = null;

const board = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (document.getElementById('board')));
const el = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The SVG point of an ICCS point: red (rank 0) at the bottom. */
const at = (/** @type {string} */ square) => ({ x: MARGIN + FILES.indexOf(square[0]) * CELL, y: MARGIN + (9 - Number(square[1])) * CELL });

function shape(/** @type {string} */ name, /** @type {Record<string, string | number>} */ attrs, /** @type {Element} */ parent = board) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent.appendChild(node);
  return node;
}

function drawLines() {
  const right = MARGIN + 8 * CELL;
  const bottom = MARGIN + 9 * CELL;
  for (let r = 0; r < 10; r++) shape('line', { class: 'line', x1: MARGIN, y1: MARGIN + r * CELL, x2: right, y2: MARGIN + r * CELL });
  for (let f = 0; f < 9; f++) {
    // The inner files stop at the river; the edge files cross it.
    const edge = f === 0 || f === 8;
    shape('line', { class: 'line', x1: MARGIN + f * CELL, y1: MARGIN, x2: MARGIN + f * CELL, y2: edge ? bottom : MARGIN + 4 * CELL });
    if (!edge) shape('line', { class: 'line', x1: MARGIN + f * CELL, y1: MARGIN + 5 * CELL, x2: MARGIN + f * CELL, y2: bottom });
  }
  for (const [text, x] of [['楚 河', MARGIN + 2 * CELL], ['漢 界', MARGIN + 6 * CELL]]) {
    shape('text', { class: 'river', x, y: MARGIN + 4.5 * CELL }).textContent = String(text);
  }
  // The palaces' diagonals.
  for (const top of [0, 7]) {
    const y0 = MARGIN + top * CELL;
    shape('line', { class: 'line', x1: MARGIN + 3 * CELL, y1: y0, x2: MARGIN + 5 * CELL, y2: y0 + 2 * CELL });
    shape('line', { class: 'line', x1: MARGIN + 5 * CELL, y1: y0, x2: MARGIN + 3 * CELL, y2: y0 + 2 * CELL });
  }
}

function draw() {
  board.replaceChildren();
  drawLines();
  const history = game.history({ verbose: true });
  const last = history.at(-1);
  if (last !== undefined) {
    for (const square of [last.from, last.to]) shape('rect', { class: 'last', x: at(square).x - 24, y: at(square).y - 24, width: 48, height: 48, rx: 6 });
  }
  for (const row of game.board()) {
    for (const piece of row) {
      if (piece === null) continue;
      const g = shape('g', { class: `piece ${piece.color}${piece.square === selected ? ' selected' : ''}` });
      const { x, y } = at(piece.square);
      shape('circle', { cx: x, cy: y, r: 22 }, g);
      shape('text', { x, y }, g).textContent = NAMES[piece.color][piece.type];
    }
  }
  if (selected !== null) {
    for (const m of game.moves({ square: selected, verbose: true })) shape('circle', { class: 'target', cx: at(m.to).x, cy: at(m.to).y, r: 7 });
  }
  el('moves').replaceChildren(
    ...history.map((m) => {
      const li = document.createElement('li');
      li.textContent = m.chinese;
      return li;
    }),
  );
  const status = game.status();
  el('status').textContent = status.over
    ? `${status.winner === null ? 'Draw' : status.winner === 'red' ? 'Red wins' : 'Black wins'} (${status.reason.replace(/-/g, ' ')})`
    : thinking !== null
      ? 'Black is thinking…'
      : `${game.inCheck() ? 'Check! ' : ''}Red to move: pick up a piece.`;
}

/** The ICCS point under a click, or null off the board. */
function pointAt(/** @type {MouseEvent} */ event) {
  const box = board.getBoundingClientRect();
  const x = ((event.clientX - box.left) / box.width) * 500;
  const y = ((event.clientY - box.top) / box.height) * 550;
  const file = Math.round((x - MARGIN) / CELL);
  const rank = 9 - Math.round((y - MARGIN) / CELL);
  return file >= 0 && file < 9 && rank >= 0 && rank < 10 ? `${FILES[file]}${rank}` : null;
}

board.addEventListener('click', (event) => {
  if (thinking !== null || game.isGameOver() || game.turn() !== 'red') return;
  const point = pointAt(event);
  if (point === null) return;
  if (selected !== null && game.moves({ square: selected }).includes(selected + point)) {
    game.move(selected + point);
    selected = null;
    draw();
    void reply();
    return;
  }
  selected = game.get(point)?.color === 'red' ? point : null;
  draw();
});

async function reply() {
  if (game.isGameOver()) return;
  const search = new AbortController();
  thinking = search;
  draw();
  const result = await engine.search(game, {
    movetimeMs: Number(/** @type {HTMLSelectElement} */ (el('time')).value),
    signal: search.signal,
    notation: 'chinese',
    onInfo: (i) => {
      const score = 'mate' in i.score ? `mate ${i.score.mate}` : `${(i.score.cp / 100).toFixed(2)}`;
      el('thinking').textContent = `depth ${i.depth}  ${score}  ${Math.round(i.nps / 1000)} kN/s\n${i.pvNotation.join(' ')}`;
    },
  });
  // Taken back or restarted meanwhile: the answer belongs to another position.
  if (search.signal.aborted) return;
  thinking = null;
  if (result.bestMove !== null) game.move(result.bestMove);
  draw();
}

function stopThinking() {
  thinking?.abort();
  thinking = null;
  selected = null;
}

el('new').addEventListener('click', () => {
  stopThinking();
  game.load(new Xiangqi().fen());
  draw();
});
el('undo').addEventListener('click', () => {
  stopThinking();
  // Back to red's turn: the engine's reply and the move before it.
  game.undo();
  if (game.turn() === 'black') game.undo();
  draw();
});

// The worker warms up while the player looks at the board.
void engine.prepare();
draw();
