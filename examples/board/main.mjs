// A board in the browser for both games, on qiengine's game API and Engine: you play the first
// side (red, or white), the engine the other. Everything the page shows is read from the
// library: the pieces from `board()`, the targets of the piece picked up from
// `moves({ square })`, the move list (Chinese notation, or SAN) from `history({ verbose: true })`,
// the game's end from `status()`, a chess pawn's promotion choices from the moves that start
// with its two squares, and the engine's thinking from the `onInfo` reports of a search
// that runs on a module Web Worker, so the page stays responsive while it thinks; the style
// picker sets the search's `randomness` (varied play at full strength) or `skill`. The two games
// differ only in how the board is drawn: xiangqi's pieces stand on the points of a 9 x 10 grid,
// chess's in the squares of an 8 x 8 one.
//
//   npm run build && node examples/serve.mjs      then open the address it prints
//
// `?game=chess` opens chess; `&fen=...` starts from a position (checked with validateChessFen
// or validateXiangqiFen; a bad one is reported and the standard start is used).
import { Chess, Engine, validateChessFen, validateXiangqiFen, Xiangqi } from '../../dist/index.js';

const SVG = 'http://www.w3.org/2000/svg';
const XIANGQI_NAMES = {
  red: { king: '帥', advisor: '仕', elephant: '相', horse: '傌', rook: '俥', cannon: '炮', pawn: '兵' },
  black: { king: '將', advisor: '士', elephant: '象', horse: '馬', rook: '車', cannon: '砲', pawn: '卒' },
};
const CHESS_GLYPHS = { king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '♟' };

/**
 * Each game's board geometry: its files and ranks, the viewBox, and where a square's piece is
 * drawn (xiangqi: on the point; chess: in the middle of the square).
 */
const LAYOUTS = {
  xiangqi: { files: 'abcdefghi', ranks: 10, firstRank: 0, cell: 50, margin: 50, width: 500, height: 550, onPoints: true, human: 'red' },
  chess: { files: 'abcdefgh', ranks: 8, firstRank: 1, cell: 55, margin: 10, width: 460, height: 460, onPoints: false, human: 'white' },
};

const engine = new Engine();
const params = new URLSearchParams(location.search);
/** @type {'xiangqi' | 'chess'} the game shown: xiangqi, or chess with `?game=chess` in the address */
let kind = params.get('game') === 'chess' ? 'chess' : 'xiangqi';
/** The address's `fen`, if the game reads it. */
const startFen = params.get('fen') ?? undefined;
const startCheck = startFen === undefined ? null : kind === 'xiangqi' ? validateXiangqiFen(startFen) : validateChessFen(startFen);
/** @type {string | null} why the address's FEN was not read, shown until the first move */
let notice = startCheck === null || !('error' in startCheck) ? null : `The address's FEN was not read (${startCheck.error}): the standard start instead.`;
/** @type {Xiangqi | Chess} */
let game = kind === 'xiangqi' ? new Xiangqi(notice === null ? startFen : undefined) : new Chess(notice === null ? startFen : undefined);
/** @type {string | null} the square of the piece picked up */
let selected = null;
/** @type {string | null} a chess promotion waiting for its piece: the move's two squares */
let promoting = null;
/** @type {AbortController | null} the engine's search, while it thinks */
let thinking = null;

const board = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (document.getElementById('board')));
const el = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const layout = () => LAYOUTS[kind];

/** Where a square's piece is drawn: the first side at the bottom. */
function at(/** @type {string} */ square) {
  const L = layout();
  const file = L.files.indexOf(square[0]);
  const row = L.ranks - 1 - (Number(square.slice(1)) - L.firstRank);
  const half = L.onPoints ? 0 : L.cell / 2;
  return { x: L.margin + file * L.cell + half, y: L.margin + row * L.cell + half };
}

function shape(/** @type {string} */ name, /** @type {Record<string, string | number>} */ attrs, /** @type {Element} */ parent = board) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent.appendChild(node);
  return node;
}

function drawXiangqiLines() {
  const { cell: C, margin: M } = layout();
  const line = (/** @type {number[]} */ [x1, y1, x2, y2]) => shape('line', { class: 'line', x1: M + x1 * C, y1: M + y1 * C, x2: M + x2 * C, y2: M + y2 * C });
  for (let r = 0; r < 10; r++) line([0, r, 8, r]);
  for (let f = 0; f < 9; f++) {
    // The inner files stop at the river; the edge files cross it.
    if (f === 0 || f === 8) line([f, 0, f, 9]);
    else line([f, 0, f, 4]), line([f, 5, f, 9]);
  }
  // The palaces' diagonals.
  for (const top of [0, 7]) line([3, top, 5, top + 2]), line([5, top, 3, top + 2]);
  for (const [text, f] of [['楚 河', 2], ['漢 界', 6]]) shape('text', { class: 'river', x: M + Number(f) * C, y: M + 4.5 * C }).textContent = String(text);
}

function drawChessSquares() {
  const { cell: C, margin: M } = layout();
  for (let r = 0; r < 8; r++) {
    for (let f = 0; f < 8; f++) shape('rect', { class: (r + f) % 2 === 0 ? 'light' : 'dark', x: M + f * C, y: M + r * C, width: C, height: C });
  }
}

function draw() {
  const L = layout();
  board.setAttribute('viewBox', `0 0 ${L.width} ${L.height}`);
  board.replaceChildren();
  if (kind === 'xiangqi') drawXiangqiLines();
  else drawChessSquares();
  const history = game.history({ verbose: true });
  const last = history.at(-1);
  if (last !== undefined) {
    for (const square of [last.from, last.to]) shape('rect', { class: 'last', x: at(square).x - 24, y: at(square).y - 24, width: 48, height: 48, rx: 6 });
  }
  for (const row of game.board()) {
    for (const piece of row) {
      if (piece === null) continue;
      const g = shape('g', { class: `piece ${kind} ${piece.color}${piece.square === selected ? ' selected' : ''}` });
      const { x, y } = at(piece.square);
      if (kind === 'xiangqi') shape('circle', { cx: x, cy: y, r: 22 }, g);
      shape('text', { x, y }, g).textContent =
        kind === 'xiangqi' ? XIANGQI_NAMES[/** @type {'red' | 'black'} */ (piece.color)][/** @type {keyof typeof XIANGQI_NAMES.red} */ (piece.type)] : CHESS_GLYPHS[/** @type {keyof typeof CHESS_GLYPHS} */ (piece.type)];
    }
  }
  if (selected !== null) {
    for (const m of game.moves({ square: selected, verbose: true })) shape('circle', { class: 'target', cx: at(m.to).x, cy: at(m.to).y, r: 7 });
  }
  el('moves').replaceChildren(
    ...history.map((m) => {
      const li = document.createElement('li');
      li.textContent = 'chinese' in m ? m.chinese : m.san;
      return li;
    }),
  );
  const status = game.status();
  const side = (/** @type {string | null | undefined} */ c) => (c ? c[0].toUpperCase() + c.slice(1) : '');
  el('promotion').hidden = promoting === null;
  el('status').textContent = notice !== null
    ? notice
    : promoting !== null
    ? 'Pick the piece the pawn becomes.'
    : status.over
    ? `${status.winner ? `${side(status.winner)} wins` : 'Draw'} (${String(status.reason).replace(/-/g, ' ')})`
    : thinking !== null
      ? `${side(game.turn())} is thinking…`
      : `${game.inCheck() ? 'Check! ' : ''}${side(game.turn())} to move: pick up a piece.`;
}

/** The square under a click, or null off the board. */
function squareAt(/** @type {MouseEvent} */ event) {
  const L = layout();
  const box = board.getBoundingClientRect();
  const x = ((event.clientX - box.left) / box.width) * L.width - L.margin;
  const y = ((event.clientY - box.top) / box.height) * L.height - L.margin;
  const toIndex = (/** @type {number} */ v) => (L.onPoints ? Math.round(v / L.cell) : Math.floor(v / L.cell));
  const file = toIndex(x);
  const row = toIndex(y);
  if (file < 0 || file >= L.files.length || row < 0 || row >= L.ranks) return null;
  return `${L.files[file]}${L.ranks - 1 - row + L.firstRank}`;
}

/** Plays the player's move and asks the engine for its reply. */
function play(/** @type {string} */ move) {
  game.move(move);
  notice = null;
  selected = null;
  promoting = null;
  draw();
  void reply();
}

board.addEventListener('click', (event) => {
  if (thinking !== null || game.isGameOver() || game.turn() !== layout().human) return;
  const square = squareAt(event);
  if (square === null) return;
  promoting = null;
  if (selected !== null) {
    // Both games' squares are two characters, so a move is its two squares, and a chess
    // promotion its two squares and the piece's letter: several moves share the two squares
    // then, and the player picks the piece.
    const choices = game.moves({ square: selected }).filter((m) => m.startsWith(selected + square));
    if (choices.length > 1) {
      promoting = selected + square;
      draw();
      return;
    }
    if (choices.length === 1) return play(choices[0]);
  }
  selected = game.get(square)?.color === layout().human ? square : null;
  draw();
});

el('promotion')
  .querySelectorAll('button')
  .forEach((button) =>
    button.addEventListener('click', () => {
      if (promoting !== null) play(promoting + button.dataset.piece);
    }),
  );

async function reply() {
  if (game.isGameOver()) return;
  const search = new AbortController();
  thinking = search;
  draw();
  const style = /** @type {HTMLSelectElement} */ (el('style')).value;
  const result = await engine.search(game, {
    movetimeMs: Number(/** @type {HTMLSelectElement} */ (el('time')).value),
    randomness: style === 'varied' ? 20 : 0,
    skill: style === 'skill10' ? 10 : style === 'skill3' ? 3 : 20,
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
  promoting = null;
  notice = null;
}

el('new').addEventListener('click', () => {
  stopThinking();
  kind = /** @type {'xiangqi' | 'chess'} */ (/** @type {HTMLSelectElement} */ (el('game')).value);
  game = kind === 'xiangqi' ? new Xiangqi() : new Chess();
  el('thinking').textContent = '';
  draw();
});
el('undo').addEventListener('click', () => {
  stopThinking();
  // Back to the player's turn: the engine's reply and the move before it.
  game.undo();
  if (game.turn() !== layout().human) game.undo();
  draw();
});

// The worker warms up while the player looks at the board.
/** @type {HTMLSelectElement} */ (el('game')).value = kind;
void engine.prepare();
draw();
