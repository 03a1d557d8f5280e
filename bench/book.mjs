// Opening-book speed: opening a book (the one check of its whole length and order) and looking
// positions up, for a Polyglot book (Debian's gnuchess-book `book.bin`, when installed) and
// ElephantEye's BOOK.DAT (from ../shared/data, which the package never ships). The positions
// are those the book's own lines reach (its three heaviest moves at each position, six plies
// deep), so every lookup finds moves; each is looked up as a bare key search (`count`, chess) and
// as the full answer (`moves`: every record's move checked legal and written in SAN or WXF and
// Chinese). No JavaScript anchor reads either format, so the rates stand alone.
// Writes the table into bench/RESULTS.md.
//
//   node bench/book.mjs [--no-write]
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Chess, ElephantEyeBook, PolyglotBook, Xiangqi } from '../dist/index.js';
import { bestTime as time, measuredOn } from './measure.mjs';
import { writeResultsSection } from './results-file.mjs';

const POLYGLOT = '/usr/share/games/gnuchess/book.bin';
const ELEEYE = fileURLToPath(new URL('../../shared/data/eleeye-BOOK.DAT', import.meta.url));


/** The positions (as games) a book's three heaviest moves reach, `depth` plies deep. */
function bookPositions(book, game, depth, out = [], seen = new Set()) {
  const fen = game.fen();
  if (seen.has(fen)) return out;
  seen.add(fen);
  const moves = book.moves(game);
  if (moves.length === 0) return out;
  out.push(game.clone());
  if (depth > 0) {
    for (const m of moves.slice(0, 3)) {
      game.move(m.move);
      bookPositions(book, game, depth - 1, out, seen);
      game.undo();
    }
  }
  return out;
}

const rows = [];
const perLookup = (ms, n) => `${((ms * 1000) / n).toFixed(2)} µs (${Math.round(n / (ms / 1000)).toLocaleString('en-US')} /s)`;

function measure(label, bytes, open, newGame, countable) {
  const openMs = time(() => open(bytes));
  const book = open(bytes);
  const games = bookPositions(book, newGame(), 6);
  const keys = games.map((g) => (countable ? g.key() : 0n));
  const fullMs = time(() => {
    let n = 0;
    for (const g of games) n += book.moves(g).length;
    return n;
  });
  const keyMs = countable
    ? time(() => {
        let n = 0;
        for (const k of keys) n += book.count(k);
        return n;
      })
    : undefined;
  rows.push(
    `| ${label} | ${book.size.toLocaleString('en-US')} | ${(bytes.length / 1024).toFixed(0)} KiB | ${openMs.toFixed(2)} ms | ${games.length} | ${keyMs === undefined ? '' : perLookup(keyMs, games.length)} | ${perLookup(fullMs, games.length)} |`,
  );
}

if (existsSync(POLYGLOT)) measure('chess: Polyglot, gnuchess-book `book.bin`', new Uint8Array(readFileSync(POLYGLOT)), (b) => PolyglotBook.fromBytes(b), () => new Chess(), true);
else console.log(`(no ${POLYGLOT}: apt-get install gnuchess-book for the chess row)`);
measure('xiangqi: ElephantEye `BOOK.DAT`', new Uint8Array(readFileSync(ELEEYE)), (b) => ElephantEyeBook.fromBytes(b), () => new Xiangqi(), false);

const table = [
  '',
  "Opening a book (its one check of length and order) and looking up the positions its own lines reach (the three heaviest moves at each, six plies deep), best of fifteen. `count`: the key's binary search alone; `moves`: the full answer, every record's move checked legal and written in SAN (chess) or ICCS, WXF and Chinese (xiangqi), ElephantEye's mirrored lookup where the position itself is missing. No JavaScript anchor reads either format.",
  '',
  '| book | records | size | open | positions | `count` per lookup | `moves` per lookup |',
  '|---|---|---|---|---|---|---|',
  ...rows,
  '',
  `${measuredOn()}.`,
  '',
];
console.log(table.join('\n'));
if (!process.argv.includes('--no-write')) writeResultsSection('book', table, { heading: 'Opening books', after: '<!-- pgn:end -->' });
