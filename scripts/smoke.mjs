// Smoke test of the built package: it loads through `import` and `require`, and the
// `qiengine` binary answers `uci`. Run after `npm run build`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const fail = (msg) => {
  console.error(`smoke: FAIL ${msg}`);
  process.exit(1);
};

const esm = await import('qiengine');
const require = createRequire(import.meta.url);
const cjs = require('qiengine');
for (const [name, mod] of /** @type {Array<[string, typeof esm]>} */ ([['import', esm], ['require', cjs]])) {
  const g = new mod.Xiangqi();
  if (g.perft(3) !== 79666) fail(`${name}: perft(3) of the start position`);
  if (g.key64() !== 0x8f899c24e6db463en) fail(`${name}: start key`);
  const c = new mod.Chess();
  if (c.perft(3) !== 8902) fail(`${name}: chess perft(3) of the start position`);
  if (c.key() !== 0x463b96181691fc9cn) fail(`${name}: chess start key`);
  console.log(`smoke: ${name}('qiengine') ok`);
}

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const out = execFileSync(process.execPath, [cli, 'uci'], { input: 'uci\nisready\nposition startpos\ngo perft 3\nquit\n' }).toString();
if (!out.includes('uciok') || !out.includes('readyok') || !out.includes('Nodes searched: 8902')) fail(`qiengine uci (chess) answered:\n${out}`);
const xq = execFileSync(process.execPath, [cli, 'uci'], { input: 'uci\nsetoption name UCI_Variant value xiangqi\nposition startpos\ngo perft 3\nquit\n' }).toString();
if (!xq.includes('Nodes searched: 79666')) fail(`qiengine uci (xiangqi) answered:\n${xq}`);
const ucci = execFileSync(process.execPath, [cli, 'ucci'], { input: 'isready\nquit\n' }).toString();
if (!ucci.includes('ucciok') || !ucci.includes('bye')) fail(`qiengine ucci answered:\n${ucci}`);
console.log('smoke: qiengine binary answers uci and ucci');

// A plain `qiengine` whose first line is `xboard` speaks the xboard protocol: features, then a
// xiangqi move of its own in answer to one (quit is sent once the move is in: it would drop it).
{
  const child = spawn(process.execPath, [cli], { stdio: ['pipe', 'pipe', 'inherit'] });
  let said = '';
  const moved = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`qiengine xboard answered no move:\n${said}`)), 20000);
    child.stdout.on('data', (d) => {
      said += d;
      if (/^move [a-i]\d[a-i]\d$/m.test(said)) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  child.stdin.write('xboard\nprotover 2\nnew\nvariant xiangqi\nsd 3\nusermove h2e2\n');
  await moved.catch((e) => fail(e.message));
  child.stdin.end('quit\n');
  await new Promise((resolve) => child.on('exit', resolve));
  if (!said.includes('variants="normal,xiangqi"') || !said.includes('feature done=1')) fail(`qiengine xboard answered:\n${said}`);
  console.log('smoke: qiengine binary answers xboard');
}

// The engine from the built package searches on its worker (dist/worker.js), from ESM and CJS.
for (const [name, mod] of /** @type {Array<[string, typeof esm]>} */ ([['import', esm], ['require', cjs]])) {
  const engine = new mod.Engine();
  if ((await engine.threadMode()) !== 'worker') fail(`${name}: the Engine did not start its worker`);
  const r = await engine.search({ game: 'chess', fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' }, { depth: 4 });
  if (r.bestMove !== 'a1a8' || r.pvNotation[0] !== 'Ra8#') fail(`${name}: Engine mate in 1 gave ${JSON.stringify(r)}`);
  const stop = new AbortController();
  setTimeout(() => stop.abort(), 100);
  const t0 = performance.now();
  const x = await engine.search({ game: 'xiangqi' }, { signal: stop.signal });
  if (x.bestMove === null || performance.now() - t0 > 2000) fail(`${name}: an aborted search did not answer promptly`);
  engine.close();
}
console.log('smoke: the Engine searches on its worker and stops on an AbortSignal');

const analyse = execFileSync(process.execPath, [cli, 'analyse', '--game', 'xiangqi', '--depth', '5']).toString();
if (!/best move: \S+ \([a-i]\d[a-i]\d\)/.test(analyse)) fail(`qiengine analyse answered:\n${analyse}`);
const bench = execFileSync(process.execPath, [cli, 'bench', '--depth', '5']).toString();
if (!/Nodes searched {2}: \d+/.test(bench)) fail(`qiengine bench answered:\n${bench}`);
const played = execFileSync(process.execPath, [cli, 'play', '--game', 'chess', '--depth', '3'], { input: 'e4\nquit\n' }).toString();
if (!/^you: e4 \(e2e4\)$/m.test(played) || !/^qiengine: \S+ \([a-h][1-8][a-h][1-8]; /m.test(played)) fail(`qiengine play answered:\n${played}`);
// At the lowest Elo the engine still answers (a level-0 search is one ply deep); a level and a
// rating together are refused before anything starts.
const weak = execFileSync(process.execPath, [cli, 'play', '--game', 'chess', '--elo', String(esm.ELO_MIN)], { input: 'e4\nquit\n' }).toString();
if (!/^qiengine: \S+ \([a-h][1-8][a-h][1-8]; /m.test(weak)) fail(`qiengine play --elo answered:\n${weak}`);
const both = spawnSync(process.execPath, [cli, 'play', '--game', 'chess', '--elo', String(esm.ELO_MIN), '--skill', '3'], { input: 'quit\n' });
if (both.status !== 2 || !/give --skill or --elo, not both/.test(both.stderr.toString())) fail(`qiengine play --elo --skill: status ${both.status}, ${both.stderr}`);
const high = spawnSync(process.execPath, [cli, 'play', '--game', 'chess', '--elo', String(esm.ELO_MAX + 1)], { input: 'quit\n' });
if (high.status !== 2 || !high.stderr.toString().includes(`--elo must be an integer from ${esm.ELO_MIN} to ${esm.ELO_MAX}`)) fail(`qiengine play --elo ${esm.ELO_MAX + 1}: status ${high.status}, ${high.stderr}`);
// Varied play: one game's first reply differs between runs now and then; here only that it
// answers, and that a bonus beyond the range is refused before anything starts.
const varied = execFileSync(process.execPath, [cli, 'play', '--game', 'xiangqi', '--depth', '3', '--randomness', '40'], { input: 'h2e2\nquit\n' }).toString();
if (!/^qiengine: \S+ \([a-i]\d[a-i]\d; /m.test(varied)) fail(`qiengine play --randomness answered:\n${varied}`);
const wild = spawnSync(process.execPath, [cli, 'play', '--game', 'chess', '--randomness', '501'], { input: 'quit\n' });
if (wild.status !== 2 || !wild.stderr.toString().includes('--randomness must be an integer from 0 to 500')) fail(`qiengine play --randomness 501: status ${wild.status}, ${wild.stderr}`);
// A misspelt flag is named as unknown, even as the last word, where no value follows it.
const typo = spawnSync(process.execPath, [cli, 'analyse', '--game', 'chess', '--dpeth']);
if (typo.status !== 2 || !typo.stderr.toString().includes('unknown option --dpeth')) fail(`qiengine analyse --dpeth: status ${typo.status}, ${typo.stderr}`);
console.log('smoke: qiengine analyse, bench and play run');

// A match's openings file is read and checked before any engine starts: a bad line is a usage
// error that names it, and a good file plays its line (one short game between two qiengines).
const dir = mkdtempSync(join(tmpdir(), 'qiengine-smoke-'));
try {
  const bad = join(dir, 'bad.txt');
  writeFileSync(bad, 'h2e2 h9g7\nh2e2 h2e2\n');
  const r = spawnSync(process.execPath, [cli, 'match', '--game', 'xiangqi', '--engine2', 'qiengine', '--openings', bad]);
  if (r.status !== 2 || !/line 2/.test(r.stderr.toString())) fail(`match with a bad openings file: status ${r.status}, ${r.stderr}`);
  const good = join(dir, 'good.txt');
  writeFileSync(good, '# one line\ne2e4 e7e5 g1f3\n');
  const out = join(dir, 'games.jsonl');
  const pgnFile = join(dir, 'games.pgn');
  const report = execFileSync(process.execPath, [cli, 'match', '--game', 'chess', '--engine2', 'qiengine', '--openings', good, '--games', '1', '--movetime', '10', '--max-plies', '12', '--out', out, '--sprt', '0,10', '--pgn', pgnFile], { stdio: 'pipe' }).toString();
  const rec = JSON.parse(readFileSync(out, 'utf8'));
  if (rec.moves.slice(0, 3).join(' ') !== 'e2e4 e7e5 g1f3') fail(`match did not play the openings file's line: ${JSON.stringify(rec.moves)}`);
  // One game is below the test's minimum: it reports its ratio and no verdict.
  if (!/^sprt elo0 0 elo1 10 alpha 0.05 beta 0.05: LLR -?\d+\.\d\d \(-2\.94, 2\.94\), no verdict yet$/m.test(report)) fail(`match --sprt reported:\n${report}`);
  if (rec.game !== 0) fail(`match record has no game number: ${JSON.stringify(rec.game)}`);
  // Both engines (qiengine over UCI) report depth and nodes: the record tallies them and the
  // report gives each engine's mean and median.
  if (!(rec.search?.[0]?.depthMoves > 0 && rec.search[1].nodes > 0)) fail(`match record's search tallies: ${JSON.stringify(rec.search)}`);
  if ((report.match(/^search qiengine: depth \d+\.\d \(median \d+(\.5)?\) and \S+ nodes\/s on average over \d+ moves, as it reported them$/gm) ?? []).length !== 2) fail(`match reported no search lines:\n${report}`);
  // The record reports each engine move, and --pgn writes the game with them.
  if (rec.reports?.length !== rec.moves.length - 3 || !(rec.reports[0].depth > 0)) fail(`match record's move reports: ${JSON.stringify(rec.reports)}`);
  const pgnText = readFileSync(pgnFile, 'utf8');
  if (!/^\[White "qiengine"\]$/m.test(pgnText) || !/^1\. e4 \{book\} 1\.\.\. e5 \{book\} 2\. Nf3 \{book\} 2\.\.\. \S+ \{[+-]\d+\.\d\d\/\d+ [\d.]+s\}/m.test(pgnText)) fail(`match --pgn wrote:\n${pgnText}`);
  // --resume plays only what the file lacks, and adds it to the file (and to the PGN).
  const resumed = execFileSync(process.execPath, [cli, 'match', '--game', 'chess', '--engine2', 'qiengine', '--openings', good, '--games', '2', '--movetime', '10', '--max-plies', '12', '--resume', out, '--pgn', pgnFile], { stdio: 'pipe' }).toString();
  const games = readFileSync(out, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  if (games.map((g) => g.game).join(',') !== '0,1' || !/^games 2:/m.test(resumed)) fail(`match --resume: games ${games.map((g) => g.game)}, report:\n${resumed}`);
  if ((readFileSync(pgnFile, 'utf8').match(/^\[Round "\d+"\]$/gm) ?? []).join(' ') !== '[Round "1"] [Round "2"]') fail(`match --resume --pgn:\n${readFileSync(pgnFile, 'utf8')}`);
  const garbage = join(dir, 'garbage.jsonl');
  const garbageText = readFileSync(out, 'utf8') + 'not json\n';
  writeFileSync(garbage, garbageText);
  const badResume = spawnSync(process.execPath, [cli, 'match', '--game', 'chess', '--engine2', 'qiengine', '--resume', garbage]);
  if (badResume.status !== 2 || !/line 3: not a JSON game record/.test(badResume.stderr.toString())) fail(`match --resume with a bad line: status ${badResume.status}, ${badResume.stderr}`);
  // The refused file is left as it was.
  if (readFileSync(garbage, 'utf8') !== garbageText) fail('match --resume changed the file it refused');
  const samePgn = spawnSync(process.execPath, [cli, 'match', '--game', 'chess', '--engine2', 'qiengine', '--resume', out, '--pgn', out]);
  if (samePgn.status !== 2 || !/--pgn needs a file of its own/.test(samePgn.stderr.toString())) fail(`match --pgn on the --resume file: status ${samePgn.status}, ${samePgn.stderr}`);
  const badSprt = spawnSync(process.execPath, [cli, 'match', '--game', 'chess', '--engine2', 'qiengine', '--sprt', '10,0']);
  if (badSprt.status !== 2 || !/ELO0 must be below ELO1/.test(badSprt.stderr.toString())) fail(`match --sprt 10,0: status ${badSprt.status}, ${badSprt.stderr}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log('smoke: qiengine match reads an openings file, runs --sprt, writes PGN and resumes');

// analyse --pgn starts from a game in a file: after its first --ply plies, or its main line.
const pgnDir = mkdtempSync(join(tmpdir(), 'qiengine-smoke-'));
try {
  const game = join(pgnDir, 'game.pgn');
  writeFileSync(game, '[Game "Chinese Chess"]\n\n1. 炮二平五 马８进７ (1... C8.5) 2. H0-G2 *\n');
  const two = execFileSync(process.execPath, [cli, 'analyse', '--game', 'xiangqi', '--pgn', game, '--ply', '2', '--depth', '3']).toString();
  if (!two.includes('rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2') || !/best move: /.test(two)) fail(`analyse --pgn --ply 2 answered:\n${two}`);
  const past = spawnSync(process.execPath, [cli, 'analyse', '--game', 'xiangqi', '--pgn', game, '--ply', '4']);
  if (past.status !== 2 || !/past the game's end \(3 plies\)/.test(past.stderr.toString())) fail(`analyse --ply past the end: status ${past.status}, ${past.stderr}`);
  const bad = join(pgnDir, 'bad.pgn');
  writeFileSync(bad, '1. H2-E2 H2-E2 *\n');
  const illegal = spawnSync(process.execPath, [cli, 'analyse', '--game', 'xiangqi', '--pgn', bad]);
  if (illegal.status !== 2 || !/PGN game 1, line 1, at 'H2-E2'/.test(illegal.stderr.toString())) fail(`analyse --pgn with an illegal move: status ${illegal.status}, ${illegal.stderr}`);
  // annotate reviews a game: the move that allows mate is a blunder, shown with a better line.
  const fool = join(pgnDir, 'fool.pgn');
  writeFileSync(fool, '[White "A"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n');
  const annotated = join(pgnDir, 'fool-annotated.pgn');
  execFileSync(process.execPath, [cli, 'annotate', '--game', 'chess', '--pgn', fool, '--depth', '3', '--out', annotated], { stdio: 'pipe' });
  const review = readFileSync(annotated, 'utf8');
  if (!/2\. g4 \$4 \{-M1\/\d+\} \(2\. /.test(review) || !/Qh4#\s+0-1/.test(review)) fail(`annotate wrote:\n${review}`);
  const same = spawnSync(process.execPath, [cli, 'annotate', '--game', 'chess', '--pgn', fool, '--out', fool]);
  if (same.status !== 2 || !/--out needs a file of its own/.test(same.stderr.toString())) fail(`annotate --out on its --pgn file: status ${same.status}, ${same.stderr}`);
  // solve runs a test suite: a line a position, then the total; a bad line names itself.
  const suite = join(pgnDir, 'suite.epd');
  writeFileSync(suite, '3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - dm 2; id "two rooks";\n3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - bm 车九平八;\n');
  const solved = execFileSync(process.execPath, [cli, 'solve', '--game', 'xiangqi', '--epd', suite, '--depth', '5']).toString();
  if (!/^1\/2  two rooks: .* mate in 2  solved, found at depth \d+ in \d+ ms$/m.test(solved) || !/^2\/2  line 2: .*not solved \(bm a1b1\)$/m.test(solved) || !/solved 1 of 2 \(50\.0%\)/.test(solved)) fail(`solve answered:\n${solved}`);
  writeFileSync(suite, '3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - id "nothing";\n');
  const nothing = spawnSync(process.execPath, [cli, 'solve', '--game', 'xiangqi', '--epd', suite]);
  if (nothing.status !== 2 || nothing.stderr.toString() !== 'qiengine: suite line 1: no bm, am or dm operation: nothing to solve\n') fail(`solve with nothing to solve: status ${nothing.status}, ${nothing.stderr}`);
} finally {
  rmSync(pgnDir, { recursive: true, force: true });
}
console.log('smoke: qiengine analyse starts from a PGN game and refuses a bad one; annotate reviews one; solve runs a suite');

// book: make a Polyglot book from PGN, list its moves, and play from it over UCI; list
// ElephantEye's BOOK.DAT (from ../shared, as the tests read it) and play from it over UCCI.
const bookDir = mkdtempSync(join(tmpdir(), 'qiengine-smoke-'));
try {
  const games = join(bookDir, 'games.pgn');
  writeFileSync(games, '[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Result "1/2-1/2"]\n\n1. e4 c5 1/2-1/2\n\n[Result "0-1"]\n\n1. d4 d5 0-1\n');
  const bin = join(bookDir, 'book.bin');
  const made = execFileSync(process.execPath, [cli, 'book', '--game', 'chess', '--pgn', games, '--make', bin]).toString();
  if (!made.includes('Polyglot book, 6 records from 3 games')) fail(`book --make answered:\n${made}`);
  const listed = execFileSync(process.execPath, [cli, 'book', '--game', 'chess', '--file', bin]).toString();
  if (!/e2e4\s+e4\s+3\s+100\.0%/.test(listed) || !/d2d4\s+d4\s+0\s+0\.0%/.test(listed)) fail(`book --file answered:\n${listed}`);
  const uciBook = execFileSync(process.execPath, [cli, 'uci'], { input: `uci\nsetoption name BookFile value ${bin}\nsetoption name OwnBook value true\nposition startpos\ngo movetime 100\nquit\n` }).toString();
  if (!uciBook.includes('info string book move e2e4') || !uciBook.includes('bestmove e2e4')) fail(`qiengine uci with a book answered:\n${uciBook}`);
  const eleeye = fileURLToPath(new URL('../../shared/data/eleeye-BOOK.DAT', import.meta.url));
  const xqList = execFileSync(process.execPath, [cli, 'book', '--game', 'xiangqi', '--file', eleeye, '--moves', 'h2e2']).toString();
  if (!xqList.includes('12,081 records') || !/h9g7\s+H8\+7\s+761/.test(xqList)) fail(`book --file BOOK.DAT answered:\n${xqList}`);
  const ucciBook = execFileSync(process.execPath, [cli, 'ucci'], { input: `setoption bookfiles ${eleeye}\nsetoption usebook true\nposition startpos moves h2e2\ngo depth 5\nquit\n` }).toString();
  if (!/info string book move (h9g7|b9c7|h7e7|b7e7)/.test(ucciBook) || !/bestmove (h9g7|b9c7|h7e7|b7e7)/.test(ucciBook)) fail(`qiengine ucci with BOOK.DAT answered:\n${ucciBook}`);
  const xqGames = join(bookDir, 'xiangqi.pgn');
  writeFileSync(xqGames, '[Game "Chinese Chess"]\n[Result "1-0"]\n\n1. 炮二平五 马８进７ 1-0\n\n[Game "Chinese Chess"]\n[Result "0-1"]\n\n1. C2.5 H2+3 0-1\n');
  const dat = join(bookDir, 'BOOK.DAT');
  const xqMade = execFileSync(process.execPath, [cli, 'book', '--game', 'xiangqi', '--pgn', xqGames, '--make', dat]).toString();
  if (!xqMade.includes('ElephantEye book, 3 records from 2 games')) fail(`book --make (xiangqi) answered:\n${xqMade}`);
  const xqMine = execFileSync(process.execPath, [cli, 'book', '--game', 'xiangqi', '--file', dat, '--moves', 'b2e2']).toString();
  if (!/h9g7\s+H8\+7\s+2\s+100\.0%/.test(xqMine) || !/b9c7\s+H2\+3\s+0\s+0\.0%/.test(xqMine)) fail(`book --file (made, mirrored) answered:\n${xqMine}`);
  const notBook = spawnSync(process.execPath, [cli, 'book', '--game', 'xiangqi', '--file', games]);
  if (notBook.status !== 2 || !/qiengine: ElephantEye book(, record \d+)?: /.test(notBook.stderr.toString())) fail(`book --file of a PGN: status ${notBook.status}, ${notBook.stderr}`);
} finally {
  rmSync(bookDir, { recursive: true, force: true });
}
console.log('smoke: qiengine book makes, lists and plays Polyglot and ElephantEye books');

// tablebase: build xiangqi KRvKA (and KRvK) into a directory, probe it, and search with it;
// build KRvKH and probe a loss by the perpetual-check rule.
const tbDir = mkdtempSync(join(tmpdir(), 'qiengine-smoke-'));
try {
  const made = execFileSync(process.execPath, [cli, 'tablebase', '--game', 'xiangqi', '--generate', 'KRvKA', '--dir', tbDir]).toString();
  if (!/KRvKA: 2 tables in/.test(made) || !made.includes(join(tbDir, 'KRvK.qtb'))) fail(`tablebase --generate answered:\n${made}`);
  const probed = execFileSync(process.execPath, [cli, 'tablebase', '--game', 'xiangqi', '--dir', tbDir, '--fen', '4k4/4a4/9/9/9/9/9/9/9/R2K5 w - - 0 1']).toString();
  if (!/side to move: win in \d+ plies/.test(probed) || !/a0a\d\s+win in/.test(probed)) fail(`tablebase probe answered:\n${probed}`);
  const uciTb = execFileSync(process.execPath, [cli, 'uci'], { input: `uci\nsetoption name UCI_Variant value xiangqi\nsetoption name TablebasePath value ${tbDir}\nposition fen 4k4/4a4/9/9/9/9/9/9/9/R2K5 w - - 0 1\ngo depth 3\nquit\n` }).toString();
  if (!uciTb.includes('info string TablebasePath: 2 table files') || !/score mate \d+ .*tbhits \d+/.test(uciTb)) fail(`qiengine uci with tables answered:\n${uciTb}`);
  // KRvKH: the horse's perpetual checks lose by the rule, and the files and the probe say so.
  const withRule = execFileSync(process.execPath, [cli, 'tablebase', '--game', 'xiangqi', '--generate', 'KRvKH', '--dir', tbDir]).toString();
  if (!/KRvKH .*by the perpetual-check rule/.test(withRule)) fail(`tablebase --generate KRvKH answered:\n${withRule}`);
  const ruleProbe = execFileSync(process.execPath, [cli, 'tablebase', '--game', 'xiangqi', '--dir', tbDir, '--fen', '4k4/R8/9/9/9/9/n8/3K5/9/9 b - - 0 1']).toString();
  if (!/side to move: loss by the perpetual-check rule/.test(ruleProbe) || !/a3b1\s+loss by the perpetual-check rule/.test(ruleProbe)) fail(`tablebase probe of a perpetual check answered:\n${ruleProbe}`);
  const ruleAnalysis = execFileSync(process.execPath, [cli, 'analyse', '--game', 'xiangqi', '--fen', '4k4/R8/9/9/9/9/n8/3K5/9/9 b - - 0 1', '--depth', '2', '--tablebases', tbDir]).toString();
  if (!ruleAnalysis.includes('tables (side to move): loss by the perpetual-check rule') || !/best move: H1\+2 \(a3b1\)/.test(ruleAnalysis)) fail(`analyse with tables of a perpetual check answered:\n${ruleAnalysis}`);
  const noTables = spawnSync(process.execPath, [cli, 'match', '--game', 'chess', '--engine2', 'qiengine', '--games', '2', '--tablebases', tbDir]);
  if (noTables.status !== 2 || !/no chess table files/.test(noTables.stderr.toString())) fail(`match --tablebases without chess tables: status ${noTables.status}, ${noTables.stderr}`);
  const none = spawnSync(process.execPath, [cli, 'tablebase', '--game', 'chess', '--dir', tbDir]);
  if (none.status !== 2 || !/no chess table files/.test(none.stderr.toString())) fail(`tablebase probe without tables: status ${none.status}, ${none.stderr}`);
} finally {
  rmSync(tbDir, { recursive: true, force: true });
}
console.log('smoke: qiengine tablebase builds, probes and searches with endgame tables');
console.log('smoke: 10 passed, 0 failed');
