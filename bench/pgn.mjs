// PGN reading speed, side by side in one run: qiengine (built dist) against chessops and
// chess.js (dev dependencies, used only here) on the same chess games, each reader replaying
// and checking every move as it reads (chessops's parser only splits the text, so its moves are
// replayed with its own SAN reader, as a user of it must). Then qiengine's xiangqi reader on
// the same number of xiangqi games written in ICCS, WXF and Chinese (no JavaScript anchor reads
// xiangqi PGN). The games are random legal playouts from a fixed seed, written by qiengine.
// Writes the table into bench/RESULTS.md.
//
//   node bench/pgn.mjs [--no-write]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Chess as ChessJs } from 'chess.js';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { makeSan, parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { Chess, readPgn, readXiangqiPgn, seededRandom as rng, Xiangqi } from '../dist/index.js';
import { bestTime as time, measuredOn } from './measure.mjs';
import { writeResultsSection } from './results-file.mjs';

const GAMES = 300;
const MAX_PLIES = 120;

function chessGames() {
  const rand = rng(1);
  const out = [];
  let plies = 0;
  for (let i = 0; i < GAMES; i++) {
    const g = new Chess();
    g.tags.set('Event', 'bench');
    g.tags.set('Round', String(i + 1));
    for (let p = 0; p < MAX_PLIES && !g.isGameOver(); p++) {
      const moves = g.moves();
      g.move(moves[Math.floor(rand() * moves.length)]);
      plies++;
    }
    out.push(g.pgn());
  }
  return { text: out.join('\n'), games: out, plies };
}

function xiangqiGames(format) {
  const rand = rng(2);
  const out = [];
  let plies = 0;
  for (let i = 0; i < GAMES; i++) {
    const g = new Xiangqi();
    g.tags.set('Round', String(i + 1));
    for (let p = 0; p < MAX_PLIES && !g.status().over; p++) {
      const moves = g.moves();
      g.move(moves[Math.floor(rand() * moves.length)], 'iccs');
      plies++;
    }
    out.push(g.pgn({ format }));
  }
  return { text: out.join('\n'), plies };
}


const chess = chessGames();
const countMoves = (games) => games.reduce((n, g) => n + g.moves.length, 0);
const expectPlies = (n, who) => {
  if (n !== chess.plies) throw new Error(`${who} read ${n} moves, not ${chess.plies}`);
};

const rows = [];
const qTime = time(() => readPgn(chess.text), (gs) => expectPlies(countMoves(gs), 'qiengine'));
const opsTime = time(
  () => {
    let n = 0;
    for (const game of parsePgn(chess.text)) {
      const pos = startingPosition(game.headers).unwrap();
      for (const node of game.moves.mainline()) {
        const move = parseSan(pos, node.san);
        if (move === undefined) throw new Error(`chessops: bad move ${node.san}`);
        pos.play(move);
        n++;
      }
    }
    return n;
  },
  (n) => expectPlies(n, 'chessops'),
);
// The same work as qiengine's reader: each move's canonical SAN and UCI kept as well.
const opsFullTime = time(
  () => {
    const out = [];
    for (const game of parsePgn(chess.text)) {
      const pos = startingPosition(game.headers).unwrap();
      for (const node of game.moves.mainline()) {
        const move = parseSan(pos, node.san);
        if (move === undefined) throw new Error(`chessops: bad move ${node.san}`);
        out.push({ san: makeSan(pos, move), uci: makeUci(move), move });
        pos.play(move);
      }
    }
    return out.length;
  },
  (n) => expectPlies(n, 'chessops (canonical SAN)'),
);
const jsTime = time(
  () => {
    let n = 0;
    const board = new ChessJs();
    for (const g of chess.games) {
      board.loadPgn(g);
      n += board.history().length;
    }
    return n;
  },
  (n) => expectPlies(n, 'chess.js'),
  2,
);
const rate = (ms, plies) => `${Math.round(GAMES / (ms / 1000)).toLocaleString('en-US')} games/s (${(plies / (ms / 1000) / 1e6).toFixed(2)} M moves/s)`;
rows.push(`| chess | qiengine \`readPgn\` | ${qTime.toFixed(0)} ms | ${rate(qTime, chess.plies)} | 1.00 |`);
rows.push(`| chess | chessops \`parsePgn\` + \`parseSan\`/\`play\` | ${opsTime.toFixed(0)} ms | ${rate(opsTime, chess.plies)} | ${(opsTime / qTime).toFixed(2)} |`);
rows.push(`| chess | chessops, keeping each move's canonical SAN and UCI as qiengine does | ${opsFullTime.toFixed(0)} ms | ${rate(opsFullTime, chess.plies)} | ${(opsFullTime / qTime).toFixed(2)} |`);
rows.push(`| chess | chess.js \`loadPgn\`, a game at a time | ${jsTime.toFixed(0)} ms | ${rate(jsTime, chess.plies)} | ${(jsTime / qTime).toFixed(2)} |`);
for (const format of ['iccs', 'wxf', 'chinese']) {
  const x = xiangqiGames(format);
  const t = time(
    () => readXiangqiPgn(x.text),
    (gs) => {
      if (countMoves(gs) !== x.plies) throw new Error(`xiangqi ${format}: read ${countMoves(gs)} moves, not ${x.plies}`);
    },
  );
  rows.push(`| xiangqi (${format.toUpperCase()}) | qiengine \`readXiangqiPgn\` | ${t.toFixed(0)} ms | ${rate(t, x.plies)} | |`);
}

const pkg = (name) => JSON.parse(readFileSync(fileURLToPath(new URL(`../node_modules/${name}/package.json`, import.meta.url)), 'utf8')).version;
const table = [
  '',
  `Reading ${GAMES} games of random legal moves (up to ${MAX_PLIES} plies each; ${chess.plies.toLocaleString('en-US')} chess moves), every move replayed and checked, best of fifteen (chess.js: of two); qiengine's reader also keeps each move's canonical SAN and UCI. The last column is the time beside qiengine's (above 1: slower).`,
  '',
  '| game | reader | time | rate | time / qiengine |',
  '|---|---|---|---|---|',
  ...rows,
  '',
  `${measuredOn()}; chessops ${pkg('chessops')}, chess.js ${pkg('chess.js')}.`,
  '',
];
console.log(table.join('\n'));
if (!process.argv.includes('--no-write')) writeResultsSection('pgn', table, { heading: 'PGN reading', after: '<!-- chess-perft:end -->' });
