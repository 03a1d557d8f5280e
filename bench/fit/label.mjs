// Scores positions with a UCI engine's search, for the evaluation fit.
//
//   node bench/fit/label.mjs --engine /usr/games/fairy-stockfish --variant xiangqi --depth 10 \
//     [--from N] [--to M] positions.jsonl > labelled.jsonl
//
// Each input line (from xiangqi-positions.mjs) is written back with `score`: the engine's
// score at that depth in centipawns from red's (white's) side. Positions it scores as a mate
// are left out. Fairy-Stockfish keeps the fit honest about what matters in play: the score a
// deep search gives a quiet position, not any one engine's static terms.
import { readFileSync } from 'node:fs';
import { startNative } from '../uci-process.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const input = args.at(-1);
const depth = Number(flag('depth', '10'));
const rows = readFileSync(input, 'utf8').trim().split('\n').slice(Number(flag('from', '0')), Number(flag('to', '1e9')));

const engine = await startNative(flag('engine', '/usr/games/fairy-stockfish'), flag('variant'));
for (const line of rows) {
  const row = JSON.parse(line);
  let last = '';
  const done = engine.until((l) => {
    if (l.startsWith('info') && l.includes(' score ')) last = l;
    return l.startsWith('bestmove');
  });
  engine.send(`position fen ${row.fen}`);
  engine.send(`go depth ${depth}`);
  await done;
  const m = / score cp (-?\d+)/.exec(last);
  if (m === null) continue;
  const score = Number(m[1]);
  process.stdout.write(JSON.stringify({ ...row, score: row.stm === 0 ? score : -score }) + '\n');
}
engine.quit();
