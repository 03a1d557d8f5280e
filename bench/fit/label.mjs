// Scores positions with a UCI engine's search, for the evaluation fit.
//
//   node bench/fit/label.mjs --engine /usr/games/fairy-stockfish --variant xiangqi --depth 10 \
//     [--from N] [--to M] positions.jsonl > labelled.jsonl
//
// Each input line (from xiangqi-positions.mjs) is written back with `score`: the engine's
// score at that depth in centipawns from red's (white's) side. Positions it scores as a mate
// are left out. Fairy-Stockfish keeps the fit honest about what matters in play: the score a
// deep search gives a quiet position, not any one engine's static terms.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const input = args.at(-1);
const engine = flag('engine', '/usr/games/fairy-stockfish');
const depth = Number(flag('depth', '10'));
const rows = readFileSync(input, 'utf8').trim().split('\n').slice(Number(flag('from', '0')), Number(flag('to', '1e9')));

const child = spawn(engine, [], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: child.stdout });
let waiting = null;
lines.on('line', (l) => waiting?.(l));
const until = (test) => new Promise((resolve) => (waiting = (l) => test(l) && resolve(l)));
const send = (l) => child.stdin.write(l + '\n');

send('uci');
const variant = flag('variant');
if (variant !== undefined) send(`setoption name UCI_Variant value ${variant}`);
send('setoption name Threads value 1');
send('isready');
await until((l) => l === 'readyok');
for (const line of rows) {
  const row = JSON.parse(line);
  let last = '';
  const done = until((l) => {
    if (l.startsWith('info') && l.includes(' score ')) last = l;
    return l.startsWith('bestmove');
  });
  send(`position fen ${row.fen}`);
  send(`go depth ${depth}`);
  await done;
  const m = / score cp (-?\d+)/.exec(last);
  if (m === null) continue;
  const score = Number(m[1]);
  process.stdout.write(JSON.stringify({ ...row, score: row.stm === 0 ? score : -score }) + '\n');
}
send('quit');
