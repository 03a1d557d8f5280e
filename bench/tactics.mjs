// A xiangqi suite of positions with one clearly best move, and engines side by side on it.
//
//   node bench/tactics.mjs --make OUT.epd --pgn A.pgn,B.pgn [--candidates N] [--ms MS] [--quiet]
//     Builds the suite from match games (`qiengine match --pgn`): positions between plies 16
//     and 80, picked at random (fixed seed), each searched MS ms (default 1500) by
//     Fairy-Stockfish with MultiPV 2 and by qiengine at the same time, on the two cores at
//     once. A position is kept when Fairy-Stockfish's best move scores at least 100 cp above
//     its second, its score lies within ±400 cp (the game still open), and qiengine's longer
//     search chose the same move: the `bm` is then both engines' choice at 7.5x match time.
//     With --quiet, only positions whose best move is not a capture, judged by
//     Fairy-Stockfish alone (two of its processes, one a core, and no agreement asked of
//     qiengine, so that the suite does not favour it).
//
//   node bench/tactics.mjs [--suite FILE] [--ms MS] [--no-write]
//     Runs the suite (default bench/suites/xiangqi-clear-best.epd) through `qiengine solve
//     --engine` at MS ms a move (default 200, the match time) for qiengine itself (over UCI,
//     as in matches), Fairy-Stockfish and MaxQi where installed, one after the other, and
//     writes the counts to bench/RESULTS.md (a table for each suite file, named after it).
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Engine, Xiangqi, readXiangqiPgn, seededRandom } from '../dist/index.js';
import { writeResultsSection } from './results-file.mjs';
import { Proc, findNative, nativeVersion } from './uci-process.mjs';

const args = process.argv.slice(2);
const flag = (name, d) => {
  const i = args.indexOf(`--${name}`);
  return i < 0 ? d : args[i + 1];
};
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const DEFAULT_SUITE = fileURLToPath(new URL('./suites/xiangqi-clear-best.epd', import.meta.url));
const FAIRY = findNative('fairy-stockfish');
const MAXQI = findNative('maxqi');

/** Fairy-Stockfish's UCI xiangqi ranks run 1-10; ICCS's 0-9. */
function fsfToIccs(m) {
  const r = /^([a-i])(\d+)([a-i])(\d+)$/.exec(m);
  if (r === null) throw new Error(`not a move: ${m}`);
  return `${r[1]}${Number(r[2]) - 1}${r[3]}${Number(r[4]) - 1}`;
}

/**
 * Fairy-Stockfish's two best moves and scores (cp; null for a mate) after `ms` ms, from the
 * deepest iteration that finished both lines (the last one may stop between them).
 */
async function fsfTwoBest(fsf, fen, ms) {
  const byDepth = new Map();
  const onLine = (l) => {
    const m = /^info depth (\d+) .*multipv (\d) score (cp|mate) (-?\d+) .* pv (\S+)/.exec(l);
    if (m === null) return;
    const depth = Number(m[1]);
    if (!byDepth.has(depth)) byDepth.set(depth, new Map());
    byDepth.get(depth).set(Number(m[2]), { depth, score: m[3] === 'cp' ? Number(m[4]) : null, move: fsfToIccs(m[5]) });
  };
  fsf.waiters.push(onLine);
  fsf.send('ucinewgame');
  fsf.send(`position fen ${fen}`);
  fsf.send(`go movetime ${ms}`);
  const best = await fsf.until((l) => l.startsWith('bestmove'));
  fsf.waiters = fsf.waiters.filter((w) => w !== onLine);
  const depth = Math.max(0, ...[...byDepth].filter(([, lines]) => lines.has(1) && lines.has(2)).map(([d]) => d));
  return { best: fsfToIccs(best.split(' ')[1]), first: byDepth.get(depth)?.get(1), second: byDepth.get(depth)?.get(2) };
}

async function make() {
  const out = flag('make');
  const pgns = (flag('pgn') ?? '').split(',').filter(Boolean);
  const wanted = Number(flag('candidates', '300'));
  const ms = Number(flag('ms', '1500'));
  if (pgns.length === 0 || FAIRY === null) throw new Error('--make needs --pgn files and Fairy-Stockfish');
  const positions = [];
  for (const path of pgns) {
    const tag = path.replace(/^.*\//, '').replace(/\.pgn$/, '');
    readXiangqiPgn(readFileSync(path, 'utf8')).forEach((g, n) => {
      const board = new Xiangqi(g.fen);
      g.moves.forEach((node, ply) => {
        if (ply >= 16 && ply <= 80 && board.moves().length >= 5) positions.push({ fen: board.fen(), id: `${tag} game ${n + 1} ply ${ply}` });
        board.move(node.iccs);
      });
    });
  }
  // A fixed seed: the same games give the same suite.
  const random = seededRandom(2026);
  for (let i = positions.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [positions[i], positions[j]] = [positions[j], positions[i]];
  }
  const candidates = positions.slice(0, wanted);
  const quiet = args.includes('--quiet');
  const startFsf = async () => {
    const fsf = new Proc(FAIRY);
    fsf.send('uci');
    await fsf.until((l) => l === 'uciok');
    for (const o of ['UCI_Variant value xiangqi', 'Threads value 1', 'Hash value 64', 'MultiPV value 2']) fsf.send(`setoption name ${o}`);
    fsf.send('isready');
    await fsf.until((l) => l === 'readyok');
    return fsf;
  };
  const fsf = await startFsf();
  // The second core: qiengine's search of the same position, or (--quiet) a second
  // Fairy-Stockfish on the next candidate.
  const fsf2 = quiet ? await startFsf() : null;
  const engine = quiet ? null : new Engine({ hashMb: 64 });
  await engine?.prepare();
  const kept = [];
  const judge = (p, theirs, ours) => {
    const a = theirs.first;
    const b = theirs.second;
    const clear = a !== undefined && b !== undefined && a.score !== null && b.score !== null && a.move === theirs.best && a.score - b.score >= 100 && Math.abs(a.score) <= 400;
    // A capture's destination square holds a piece.
    const isCapture = clear && new Xiangqi(p.fen).get(theirs.best.slice(2, 4)) !== null;
    const keep = clear && (quiet ? !isCapture : ours === theirs.best);
    if (keep) kept.push(`${p.fen.replace(/ \d+ \d+$/, '')} bm ${theirs.best}; id "${p.id}"; c0 "Fairy-Stockfish ${a.score} cp, second ${b.move} ${b.score} cp, depth ${a.depth}";`);
    if (process.env.TACTICS_DEBUG) console.error(JSON.stringify({ theirs, ours }));
  };
  for (let i = 0; i < candidates.length; i += quiet ? 2 : 1) {
    const p = candidates[i];
    if (quiet) {
      const q = candidates[i + 1];
      const [one, two] = await Promise.all([fsfTwoBest(fsf, p.fen, ms), q === undefined ? null : fsfTwoBest(fsf2, q.fen, ms)]);
      judge(p, one, null);
      if (q !== undefined) judge(q, two, null);
    } else {
      engine.clear();
      const [theirs, ours] = await Promise.all([fsfTwoBest(fsf, p.fen, ms), engine.search({ game: 'xiangqi', fen: p.fen }, { movetimeMs: ms })]);
      judge(p, theirs, ours.bestMove);
    }
    process.stderr.write(`\r${Math.min(i + (quiet ? 2 : 1), candidates.length)}/${candidates.length}: ${kept.length} kept`);
  }
  process.stderr.write('\n');
  fsf.quit();
  fsf2?.quit();
  engine?.close();
  const rule = quiet
    ? 'its score is within 400 cp, and the move is not a capture (Fairy-Stockfish\'s view alone)'
    : 'its score is within 400 cp, and qiengine chose the same move in the same time';
  writeFileSync(out, `# xiangqi positions with one clearly best ${quiet ? 'quiet ' : ''}move: made by bench/tactics.mjs --make${quiet ? ' --quiet' : ''} from ${pgns.map((p) => p.replace(/^.*\//, '')).join(', ')}\n# (${candidates.length} candidates, ${ms} ms each; kept where Fairy-Stockfish 11.1's best move leads its second by 100 cp or more,\n# ${rule})\n${kept.join('\n')}\n`);
  console.log(`${kept.length} of ${candidates.length} kept in ${out}`);
}

/** Runs the suite through `qiengine solve --engine` and returns its total line's counts. */
function solveWith(spec, suite, ms) {
  const out = execFileSync(process.execPath, [cli, 'solve', '--game', 'xiangqi', '--epd', suite, '--engine', spec, '--movetime', String(ms)], { maxBuffer: 1 << 26 }).toString();
  const m = /solved (\d+) of (\d+)/.exec(out);
  if (m === null) throw new Error(`no total from ${spec}:\n${out}`);
  return { solved: Number(m[1]), total: Number(m[2]) };
}

async function run() {
  const suite = flag('suite', DEFAULT_SUITE);
  const ms = Number(flag('ms', '200'));
  const engines = [['qiengine (UCI, one thread)', 'qiengine']];
  if (FAIRY !== null) engines.push([nativeVersion(FAIRY), `uci:${FAIRY};ranks=1`]);
  if (MAXQI !== null) engines.push(['MaxQi (Fairy-Max, xboard)', `xboard:${MAXQI}`]);
  const rows = [];
  for (const [name, spec] of engines) {
    const t0 = performance.now();
    const r = solveWith(spec, suite, ms);
    rows.push(`| ${name} | ${r.solved} of ${r.total} | ${((100 * r.solved) / r.total).toFixed(1)}% | ${((performance.now() - t0) / 1000).toFixed(0)} s |`);
    console.log(rows.at(-1));
  }
  const lines = [
    `Machine: ${os.cpus()[0]?.model ?? 'unknown'}, ${os.cpus().length} cores, Node ${process.version}. Suite: ${suite.replace(/^.*\/bench\//, 'bench/')}, ${ms} ms a move, one engine at a time.`,
    '',
    '| engine | solved | share | wall time |',
    '|---|---|---|---|',
    ...rows,
  ];
  // One table a suite file, named after it, headed by what the file's first comment says it
  // holds (the words before its first colon: `--make` writes them).
  const name = suite.replace(/^.*\//, '').replace(/\.epd$/, '');
  const said = /^#\s*([^:\n]+):/.exec(readFileSync(suite, 'utf8'))?.[1]?.trim() ?? name;
  const heading = `Test suites: ${said} (bench/tactics.mjs)`;
  if (!args.includes('--no-write')) writeResultsSection(name, lines, { heading });
}

await (args.includes('--make') ? make() : run());
