#!/usr/bin/env node
/**
 * The `qiengine` binary.
 *
 *   qiengine [uci]                 UCI loop on stdin/stdout (the default)
 *   qiengine ucci                  UCCI loop (ElephantEye's dialect)
 *   qiengine xboard                xboard (CECP 2) loop, for XBoard/WinBoard (also when the first line is `xboard`)
 *   qiengine perft --game chess|xiangqi [--fen F] --depth N [--divide]
 *   qiengine analyse --game chess|xiangqi [--fen F] [--moves "m1 m2"] [--movetime ms | --depth N] [--threads N]
 *   qiengine annotate --game chess|xiangqi --pgn FILE [--movetime ms | --depth N] [--out FILE.pgn]
 *   qiengine solve --game chess|xiangqi --epd FILE [--movetime ms | --depth N | --nodes N] [--engine SPEC]
 *   qiengine bench [--depth N]
 *   qiengine tablebase --game chess|xiangqi --generate MATERIAL [--dir DIR]
 *   qiengine tablebase --game chess|xiangqi [--dir DIR] [--fen F] [--moves "m1 m2"]
 *   qiengine match --game G --engine1 SPEC --engine2 SPEC [--games N] [--movetime ms | --tc 60+0.6] [--openings FILE] [--resume FILE]
 *   qiengine play --game chess|xiangqi [--side first|second|both] [--movetime ms | --depth N]
 *   qiengine help
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { QiengineError, UsageError } from './core/errors.js';
import { ENGINE_NAME, ENGINE_VERSION, ProtocolSession } from './protocol/session.js';
import { XboardSession } from './protocol/xboard.js';
import type { LineSession, Pending } from './protocol/line-session.js';
import { PlaySession } from './protocol/play.js';
import { Chess } from './chess/game.js';
import { Xiangqi } from './xiangqi/game.js';
import { Engine, MAX_THREADS, RANDOMNESS_MAX } from './engine/engine.js';
import { ELO_MAX, ELO_MIN, SKILL_MAX, SKILL_MIN } from './engine/skill.js';
import type { GameKind } from './engine/games.js';
import type { EngineInfo, EngineScore } from './engine/searcher.js';
import { runBench } from './engine/bench.js';
import { parseTimeControl, timeControlText } from './match/clock.js';
import { parseEngineSpec } from './match/engine-process.js';
import { parseSprt } from './match/elo.js';
import { progressBar, readMatchRecords, runMatch, searchSummary } from './match/match.js';
import { readOpenings } from './match/openings.js';
import { matchGamePgn } from './match/pgn.js';
import { iteratePgn, readPgn, type PgnGame } from './chess/pgn.js';
import { iterateXiangqiPgn, readXiangqiPgn, type XiangqiPgnTree } from './xiangqi/pgn.js';
import { annotateChessPgn, annotateXiangqiPgn, reviewGame } from './engine/annotate.js';
import { readSuite, solveSuite, type SuiteReport, type SuiteResult } from './engine/suite.js';
import { solveSuiteWithEngine } from './match/suite.js';
import { bookChoices, bookGame, openBook } from './engine/book.js';
import type { BookGame } from './book/book.js';
import { buildElephantEyeBook, ELEPHANTEYE_RECORD_BYTES } from './book/elephanteye.js';
import { buildPolyglotBook, POLYGLOT_RECORD_BYTES } from './book/polyglot.js';
import { writeTableFile } from './tablebase/file.js';
import type { ProbeResult } from './tablebase/values.js';
import { buildTables, type GeneratedTable } from './tablebase/generate.js';
import { materialName, parseMaterial } from './tablebase/material.js';
import { Tablebases } from './tablebase/probe.js';

const USAGE = `${ENGINE_NAME} ${ENGINE_VERSION}

usage:
  qiengine [uci]        speak UCI on stdin/stdout: chess by default,
                        xiangqi with 'setoption name UCI_Variant value xiangqi'
                        (xiangqi moves in ICCS, ranks 0-9)
  qiengine ucci         speak UCCI (ElephantEye's protocol, xiangqi)
  qiengine xboard       speak the xboard protocol (CECP 2, XBoard/WinBoard): chess,
                        or xiangqi after 'variant xiangqi'; a plain 'qiengine'
                        switches to it when the first line is 'xboard'
  qiengine perft --game chess|xiangqi [--fen FEN] --depth N [--divide]
                        count the leaves of the legal move tree
  qiengine analyse --game chess|xiangqi [--fen FEN | --pgn FILE [--ply N]]
                  [--moves "m1 m2 ..."] [--movetime MS | --depth N] [--multipv K]
                  [--notation wxf|chinese] [--threads N] [--tablebases DIR]
                        think about a position, printing progress after every depth,
                        then the best move and line in SAN (chess) or WXF/Chinese (xiangqi)
                        --pgn starts from the first game of a PGN file, after its main
                        line or its first N plies (xiangqi moves in ICCS, WXF or Chinese);
                        --moves are played after it; --tablebases probes the .qtb
                        endgame tables of DIR
  qiengine annotate --game chess|xiangqi --pgn FILE [--movetime MS | --depth N]
                  [--out FILE.pgn] [--format iccs|wxf|chinese] [--threads N]
                        review every game of a PGN file: each position searched, each
                        move given its score (White's/Red's side), ?!, ? or ?? by the
                        winning chances it gave away, and the engine's line after a
                        mistake; written as PGN to --out or stdout (default 200 ms)
  qiengine solve --game chess|xiangqi --epd FILE [--movetime MS | --depth N | --nodes N]
                  [--threads N | --engine SPEC]
                        run a test suite: search each EPD line's position (default 1 s)
                        and count those whose bm move it plays (none of am; dm N: a mate
                        in at most N found), with the depth and time it found each at;
                        moves in any notation the game reads (SAN, UCI; ICCS, WXF, Chinese);
                        --engine runs it through another engine (SPEC as for match) at
                        --movetime
  qiengine play --game chess|xiangqi [--fen FEN] [--side first|second|both]
                  [--movetime MS | --depth N] [--notation wxf|chinese] [--book FILE]
                  [--skill 0-20 | --elo RATING] [--randomness CP]
                        play against the engine at the terminal: type moves in any
                        notation the game reads (SAN or UCI; ICCS, WXF or Chinese),
                        or help, go, hint, undo, moves, board, fen, new, quit;
                        the engine thinks 1 s a move by default, plays from
                        an opening book when given one, and below full strength
                        with --skill (0 weakest, 20 full, the default) or at about
                        an Elo rating with --elo (Stockfish's UCI_Elo scale, from chess);
                        --randomness CP varies its moves at full strength (a random
                        bonus of up to CP centipawns, 0-500, for each of its moves)
  qiengine bench [--depth N]
                        search fixed positions of both games to a fixed depth; prints
                        the node total (a signature of the search) and nodes/second
  qiengine book --game chess|xiangqi --file BOOK [--fen FEN | --pgn FILE [--ply N]]
                  [--moves "m1 m2 ..."]
                        list an opening book's moves for a position with their weights:
                        a Polyglot .bin for chess, an ElephantEye BOOK.DAT for xiangqi
  qiengine book --game chess|xiangqi --pgn FILE --make OUT [--max-ply N] [--min-games N]
                        make a book (Polyglot for chess, ElephantEye for xiangqi) from
                        the games of a PGN file: each move weighted 2 for a win and 1
                        for a draw of the side that played it; the first N plies
                        (default 30); moves of at least N games (default 1)
  qiengine tablebase --game chess|xiangqi --generate MATERIAL [--dir DIR]
                        build an endgame table (and those its captures lead to) by
                        retrograde analysis and write each as DIR/MATERIAL.qtb, e.g.
                        --generate KRvKAA (xiangqi letters K A E H R C P; chess K Q R B N P;
                        at most 6 pieces)
  qiengine tablebase --game chess|xiangqi [--dir DIR] [--fen FEN] [--moves "m1 m2 ..."]
                        probe the tables in DIR: the position's distance to mate, and
                        every legal move's
  qiengine match --game chess|xiangqi --engine1 SPEC --engine2 SPEC
                  [--games N] [--movetime MS | --tc [MOVES/]SECONDS[+INC] [--timemargin MS]]
                  [--concurrency N] [--out FILE.jsonl]
                  [--openings FILE] [--sprt ELO0,ELO1[,ALPHA,BETA]] [--resume FILE.jsonl]
                  [--pgn FILE.pgn] [--tablebases DIR]
                        play a match (colours alternate over balanced openings) and
                        report the score and Elo difference of engine1, and each
                        engine's mean depth and nodes/s as it reported them.
                        --movetime: a fixed time per move (default 200 ms); --tc: a time
                        control in seconds (60+0.6: a minute and 0.6 s a move; 40/120:
                        two minutes for every 40 moves), the clocks kept by the referee;
                        a side whose clock runs more than --timemargin (default 0) past
                        zero loses on time
                        --sprt stops early once a sequential test accepts engine1 being
                        ELO0 or ELO1 stronger (error rates ALPHA, BETA; default 0.05)
                        FILE: one opening per line, moves in UCI/ICCS coordinates,
                        or a FEN or EPD position, optionally then 'moves' and moves
                        (default: 50 built-in lines per game)
                        --resume continues a stopped match from its --out file: the games
                        in it count and are not played again; new games are added to it
                        (give the same settings as before)
                        --pgn writes the games as PGN too (SAN for chess, ICCS for
                        xiangqi), each engine move with its score/depth and time
                        --tablebases ends a game once it reaches a position the .qtb
                        tables of DIR hold, with their result
                        SPEC: qiengine | uci:CMD | ucci:CMD | xboard:CMD, then ;name=value
                        options, e.g. 'uci:/usr/games/stockfish;UCI_LimitStrength=true;UCI_Elo=2000'
                        or 'uci:/usr/games/fairy-stockfish;ranks=1' (xiangqi ranks 1-10)
  qiengine help         this text`;

/** A text file's content, or a UsageError that names the file. */
function readTextFile(path: string): string {
  return readBinaryFile(path).toString('utf8');
}

/** A file's bytes, or a UsageError that names the file. */
function readBinaryFile(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new UsageError(`cannot read '${path}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** The moves of `--moves "m1 m2 ..."` (none without it). */
function movesFlag(flags: Map<string, string>): string[] {
  return (flags.get('moves') ?? '').split(/\s+/).filter((m) => m !== '');
}

function parseFlags(args: string[], allowed: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) throw new UsageError(`unexpected argument '${a}'`);
    const name = a.slice(2);
    // Named before its value is looked for, so a misspelt last flag is not called valueless.
    if (!allowed.includes(name)) throw new UsageError(`unknown option --${name}`);
    if (name === 'divide') {
      flags.set(name, 'true');
      continue;
    }
    const v = args[i + 1];
    if (v === undefined) throw new UsageError(`--${name} needs a value`);
    flags.set(name, v);
    i++;
  }
  return flags;
}

function gameFlag(flags: Map<string, string>): GameKind {
  const g = flags.get('game') ?? 'xiangqi';
  if (g !== 'xiangqi' && g !== 'chess') throw new UsageError(`--game ${g}: expected chess or xiangqi`);
  return g;
}

function intFlag(flags: Map<string, string>, name: string, min: number, max: number): number | undefined {
  const v = flags.get(name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

function scoreText(s: EngineScore): string {
  if ('mate' in s) return s.mate > 0 ? `mate in ${s.mate}` : `mated in ${-s.mate}`;
  return `${s.cp >= 0 ? '+' : ''}${(s.cp / 100).toFixed(2)}`;
}

function count(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(0)}k` : String(n);
}

/** A PGN main line in protocol coordinates: UCI for chess, ICCS for xiangqi. */
function protocolLine(moves: ReadonlyArray<{ uci: string } | { iccs: string }>): string[] {
  return moves.map((n) => ('uci' in n ? n.uci : n.iccs));
}

/**
 * Where `analyse` starts: `--fen`, or the first game of the `--pgn` file (its start and the
 * protocol coordinates of its main line, or of its first `--ply` plies).
 */
function startFlags(flags: Map<string, string>, game: GameKind): { fen: string | undefined; moves: string[] } {
  const path = flags.get('pgn');
  const ply = intFlag(flags, 'ply', 0, 100_000);
  if (path === undefined) {
    if (ply !== undefined) throw new UsageError('--ply counts the moves of a --pgn game: give --pgn');
    return { fen: flags.get('fen'), moves: [] };
  }
  if (flags.has('fen')) throw new UsageError('--fen and --pgn both give the start: give one');
  const text = readTextFile(path);
  const first = game === 'chess' ? iteratePgn(text, { variations: 'skip' }).next().value : iterateXiangqiPgn(text, { variations: 'skip' }).next().value;
  if (first === undefined) throw new UsageError(`'${path}' holds no game`);
  const line = protocolLine(first.moves);
  if (ply !== undefined && ply > line.length) throw new UsageError(`--ply ${ply} is past the game's end (${line.length} plies)`);
  return { fen: first.fen, moves: line.slice(0, ply ?? line.length) };
}

async function analyseCommand(args: string[]): Promise<void> {
  const flags = parseFlags(args, ['game', 'fen', 'pgn', 'ply', 'moves', 'movetime', 'depth', 'multipv', 'notation', 'threads', 'tablebases']);
  const game = gameFlag(flags);
  const depth = intFlag(flags, 'depth', 1, 99);
  const movetime = intFlag(flags, 'movetime', 1, 86_400_000);
  const multiPv = intFlag(flags, 'multipv', 1, 64) ?? 1;
  const threads = intFlag(flags, 'threads', 1, MAX_THREADS) ?? 1;
  const notation = flags.get('notation') ?? 'wxf';
  if (notation !== 'wxf' && notation !== 'chinese') throw new UsageError('--notation must be wxf or chinese');
  const moves = movesFlag(flags);
  const start = startFlags(flags, game);
  moves.unshift(...start.moves);
  const tbDir = flags.get('tablebases');
  const tableFiles = tbDir === undefined ? undefined : readTableFiles(tbDir);
  const engine = new Engine({ hashMb: 64, threads, tablebases: tableFiles });
  try {
    const spec = { game, fen: start.fen, moves };
    const board = game === 'chess' ? new Chess(spec.fen) : new Xiangqi(spec.fen);
    for (const m of moves) board.move(m);
    process.stdout.write(`${board.ascii()}\n${board.fen()}\n\n`);
    // The search probes the tables below the root; the root's own answer is said first.
    if (tableFiles !== undefined) {
      const known = tablebasesOf(tableFiles).probe(board);
      if (known !== null) process.stdout.write(`tables (side to move): ${tableResultText(known)}\n\n`);
    }
    const limit = depth === undefined && movetime === undefined ? { movetimeMs: 3000 } : { depth, movetimeMs: movetime };
    const onInfo = (i: EngineInfo): void => {
      const tag = multiPv > 1 ? ` [${i.multipv}]` : '';
      process.stdout.write(
        `depth ${String(i.depth).padStart(2)}${tag}  ${scoreText(i.score).padStart(8)}  nodes ${count(i.nodes).padStart(6)}  nps ${count(i.nps).padStart(5)}  ${String(i.timeMs).padStart(5)} ms  ${i.pvNotation.join(' ')}\n`,
      );
    };
    const r = await engine.search(spec, { ...limit, multiPv, notation: notation as 'wxf' | 'chinese', onInfo });
    if (r.bestMove === null) {
      process.stdout.write(`no legal move: ${board.isCheckmate() ? 'checkmate' : 'stalemate'}\n`);
      return;
    }
    const threadsText = (r.threadNodes === undefined ? '' : ` on ${r.threadNodes.length} threads`) + (r.tbhits > 0 ? `, ${count(r.tbhits)} table hits` : '');
    process.stdout.write(`\nbest move: ${r.pvNotation[0]} (${r.bestMove})  score ${scoreText(r.score)}  depth ${r.depth}  ${count(r.nodes)} nodes${threadsText} in ${r.timeMs} ms\n`);
    process.stdout.write(`line: ${r.pvNotation.join(' ')}\n`);
  } finally {
    engine.close();
  }
}

/** `qiengine play`: a game against the engine, typed at the terminal (see {@link PlaySession}). */
async function playCommand(args: string[]): Promise<void> {
  const flags = parseFlags(args, ['game', 'fen', 'side', 'movetime', 'depth', 'notation', 'book', 'skill', 'elo', 'randomness']);
  const game = gameFlag(flags);
  const side = flags.get('side') ?? 'first';
  if (side !== 'first' && side !== 'second' && side !== 'both') throw new UsageError('--side must be first, second or both');
  const depth = intFlag(flags, 'depth', 1, 99);
  const movetimeMs = intFlag(flags, 'movetime', 1, 86_400_000);
  if (depth !== undefined && movetimeMs !== undefined) throw new UsageError('give --movetime or --depth, not both');
  const notation = flags.get('notation') ?? 'wxf';
  if (notation !== 'wxf' && notation !== 'chinese') throw new UsageError('--notation must be wxf or chinese');
  const bookPath = flags.get('book');
  const book = bookPath === undefined ? undefined : openBook(game, readBinaryFile(bookPath));
  // The position is checked before the engine starts.
  const fen = flags.get('fen');
  if (fen !== undefined) void (game === 'chess' ? new Chess(fen) : new Xiangqi(fen));
  const skill = intFlag(flags, 'skill', SKILL_MIN, SKILL_MAX);
  const elo = intFlag(flags, 'elo', ELO_MIN, ELO_MAX);
  if (skill !== undefined && elo !== undefined) throw new UsageError('give --skill or --elo, not both');
  const randomness = intFlag(flags, 'randomness', 0, RANDOMNESS_MAX);
  const engine = new Engine({ hashMb: 64, book, skill, elo, randomness });
  const session = new PlaySession((l) => process.stdout.write(l + '\n'), { game, fen, side, depth, movetimeMs, notation, engine });
  try {
    void engine.prepare();
    await session.start();
    const input = createInterface({ input: process.stdin, terminal: false });
    for await (const line of input) {
      await session.handle(line);
      if (session.finished) break;
    }
    input.close();
  } finally {
    engine.close();
  }
}

function bookCommand(args: string[]): void {
  const flags = parseFlags(args, ['game', 'file', 'fen', 'pgn', 'ply', 'moves', 'make', 'max-ply', 'min-games']);
  const game = gameFlag(flags);
  const make = flags.get('make');
  if (make !== undefined) {
    const path = flags.get('pgn');
    if (path === undefined) throw new UsageError('--make needs the games: --pgn FILE');
    if (make === path) throw new UsageError('--make needs a file of its own, not the --pgn file');
    const maxPly = intFlag(flags, 'max-ply', 1, 1000) ?? 30;
    const minGames = intFlag(flags, 'min-games', 1, 1_000_000) ?? 1;
    const text = readTextFile(path);
    let games = 0;
    const lines = function* (): Generator<BookGame> {
      const all = game === 'chess' ? iteratePgn(text, { variations: 'skip' }) : iterateXiangqiPgn(text, { variations: 'skip' });
      for (const g of all) {
        games++;
        yield { fen: g.fen, moves: protocolLine(g.moves), result: g.result };
      }
    };
    const bytes = game === 'chess' ? buildPolyglotBook(lines(), { maxPly, minGames }) : buildElephantEyeBook(lines(), { maxPly, minGames });
    writeFileSync(make, bytes);
    const records = bytes.length / (game === 'chess' ? POLYGLOT_RECORD_BYTES : ELEPHANTEYE_RECORD_BYTES);
    process.stdout.write(`${make}: ${game === 'chess' ? 'Polyglot' : 'ElephantEye'} book, ${records.toLocaleString('en-US')} records from ${games} games\n`);
    return;
  }
  const file = flags.get('file');
  if (file === undefined) throw new UsageError('book needs --file BOOK (or --make OUT.bin)');
  const book = openBook(game, readBinaryFile(file));
  const moves = movesFlag(flags);
  const start = startFlags(flags, game);
  const spec = { game, fen: start.fen, moves: [...start.moves, ...moves] };
  const choices = bookChoices(book, spec);
  const format = bookGame(book) === 'chess' ? 'Polyglot' : 'ElephantEye';
  process.stdout.write(`${file}: ${format} book, ${book.size.toLocaleString('en-US')} records\n`);
  if (choices.length === 0) {
    process.stdout.write('the book does not know this position\n');
    return;
  }
  const width = Math.max(...choices.map((c) => c.human.length), 4);
  for (const c of choices) {
    const note = c.weight === 0 ? '  (repeats a position of the game, or weight 0)' : '';
    process.stdout.write(`${c.move.padEnd(6)} ${c.human.padEnd(width)} ${String(c.weight).padStart(6)} ${(100 * c.share).toFixed(1).padStart(6)}%${note}\n`);
  }
}

async function annotateCommand(args: string[]): Promise<void> {
  const flags = parseFlags(args, ['game', 'pgn', 'movetime', 'depth', 'out', 'format', 'threads']);
  const game = gameFlag(flags);
  const path = flags.get('pgn');
  if (path === undefined) throw new UsageError('annotate needs --pgn FILE');
  const depth = intFlag(flags, 'depth', 1, 99);
  const movetime = intFlag(flags, 'movetime', 1, 86_400_000);
  const threads = intFlag(flags, 'threads', 1, MAX_THREADS) ?? 1;
  const format = flags.get('format') ?? 'iccs';
  if (format !== 'iccs' && format !== 'wxf' && format !== 'chinese') throw new UsageError('--format must be iccs, wxf or chinese');
  if (flags.has('format') && game === 'chess') throw new UsageError('--format is for xiangqi (chess is written in SAN)');
  const out = flags.get('out');
  if (out !== undefined && out === path) throw new UsageError('--out needs a file of its own, not the --pgn file');
  const text = readTextFile(path);
  // Read whole before any search: a bad game fails at once and nothing is written.
  const games = game === 'chess' ? readPgn(text) : readXiangqiPgn(text);
  if (games.length === 0) throw new UsageError(`'${path}' holds no game`);
  if (out !== undefined) writeFileSync(out, '');
  const engine = new Engine({ hashMb: 64, threads });
  try {
    for (const [i, g] of games.entries()) {
      const moves = protocolLine(g.moves);
      // A counter that rewrites itself on a terminal; one line a game in a log.
      const tty = process.stderr.isTTY === true;
      const onProgress = (done: number, total: number): void => {
        if (tty) process.stderr.write(`\rgame ${i + 1}/${games.length}: position ${done}/${total}`);
      };
      const reviews = await reviewGame(engine, game, g.fen, moves, { movetimeMs: movetime, depth, onProgress });
      process.stderr.write(`${tty ? '\r' : ''}game ${i + 1}/${games.length}: ${moves.length} moves reviewed\n`);
      const pgn = game === 'chess' ? annotateChessPgn(g as PgnGame, reviews) : annotateXiangqiPgn(g as XiangqiPgnTree, reviews, format);
      if (out === undefined) process.stdout.write(pgn + '\n');
      else writeFileSync(out, pgn + '\n', { flag: 'a' });
    }
  } finally {
    engine.close();
  }
}

/** `qiengine solve`: a test suite (see engine/suite.ts), a line a position and the total. */
async function solveCommand(args: string[]): Promise<void> {
  const flags = parseFlags(args, ['game', 'epd', 'movetime', 'depth', 'nodes', 'threads', 'engine']);
  const game = gameFlag(flags);
  const path = flags.get('epd');
  if (path === undefined) throw new UsageError('solve needs --epd FILE');
  const depth = intFlag(flags, 'depth', 1, 99);
  const movetimeMs = intFlag(flags, 'movetime', 1, 86_400_000);
  const nodes = intFlag(flags, 'nodes', 1, Number.MAX_SAFE_INTEGER);
  const threads = intFlag(flags, 'threads', 1, MAX_THREADS) ?? 1;
  const other = flags.get('engine');
  if (other !== undefined && (depth !== undefined || nodes !== undefined || flags.has('threads'))) {
    throw new UsageError('--engine runs the suite at a time per move: give --movetime, not --depth, --nodes or --threads (set the engine\'s own options in its SPEC)');
  }
  // Read whole before any search: a bad line fails at once.
  const positions = readSuite(readTextFile(path), game);
  const width = String(positions.length).length;
  const onResult = (r: SuiteResult, done: number, total: number): void => {
    const p = r.position;
    const wanted = [...(p.best.length > 0 ? [`bm ${p.best.join(' ')}`] : []), ...(p.avoid.length > 0 ? [`am ${p.avoid.join(' ')}`] : []), ...(p.mate === undefined ? [] : [`dm ${p.mate}`])].join('; ');
    const said = r.score === null ? '' : ` ${scoreText(r.score)}`;
    const played = r.move === null ? 'no legal move' : `${r.moveNotation ?? r.move} (${r.move})${said}`;
    const verdict = !r.solved ? `not solved (${wanted})` : r.found !== null ? `solved, found at depth ${r.found.depth} in ${r.found.timeMs} ms` : 'solved';
    process.stdout.write(`${String(done).padStart(width)}/${total}  ${p.id}: ${played}  ${verdict}\n`);
  };
  let report: SuiteReport;
  if (other !== undefined) {
    report = await solveSuiteWithEngine(parseEngineSpec(other, selfCommand()), game, positions, { movetimeMs, onResult });
  } else {
    const engine = new Engine({ hashMb: 64, threads });
    try {
      report = await solveSuite(engine, game, positions, { movetimeMs, depth, nodes, onResult });
    } finally {
      engine.close();
    }
  }
  const share = ((100 * report.solved) / report.total).toFixed(1);
  process.stdout.write(`\nsolved ${report.solved} of ${report.total} (${share}%) in ${(report.timeMs / 1000).toFixed(1)} s, ${count(report.nodes)} nodes\n`);
}

/** The bytes of every `.qtb` table file in a directory, or a UsageError naming it. */
function readTableFiles(dir: string): Uint8Array[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.qtb')).sort();
  } catch (e) {
    throw new UsageError(`cannot read the directory '${dir}': ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return names.map((n) => readBinaryFile(join(dir, n)));
}

function tablebaseCommand(args: string[]): void {
  const flags = parseFlags(args, ['game', 'generate', 'dir', 'fen', 'moves']);
  const game = gameFlag(flags);
  const dir = flags.get('dir') ?? '.';
  const generate = flags.get('generate');
  if (generate !== undefined) {
    const material = parseMaterial(game, generate);
    const built = new Map<string, GeneratedTable>();
    const t0 = performance.now();
    let shown = '';
    const target = buildTables(material, built, (p) => {
      if (!process.stderr.isTTY) return;
      const line = p.stage === 'setup' ? `${p.material}: setting up ${Math.round((100 * p.done) / p.total)}%` : `${p.material}: ply ${p.done}`;
      if (line !== shown) process.stderr.write(`\r${line.padEnd(40)}`);
      shown = line;
    });
    if (process.stderr.isTTY) process.stderr.write('\r'.padEnd(42) + '\r');
    mkdirSync(dir, { recursive: true });
    for (const t of built.values()) {
      const bytes = writeTableFile(t.material, t.values, t.longestWin);
      const file = join(dir, `${materialName(t.material)}.qtb`);
      writeFileSync(file, bytes);
      const { valid, won, lost, drawn, byRule } = t.counts;
      const pct = (n: number): string => `${((100 * n) / Math.max(1, valid)).toFixed(1)}%`;
      const rule = byRule > 0 ? ` (${pct(byRule)} of all by the perpetual-check rule)` : '';
      process.stdout.write(
        `${materialName(t.material).padEnd(10)} ${valid.toLocaleString('en-US').padStart(11)} positions: side to move wins ${pct(won)}, loses ${pct(lost)}, draws ${pct(drawn)}${rule}; longest win ${t.longestWin} plies; ${file} ${(bytes.length / 1024).toFixed(0)} KiB\n`,
      );
    }
    process.stdout.write(`${materialName(target.material)}: ${built.size} table${built.size === 1 ? '' : 's'} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    return;
  }
  const tables = tablebasesIn(dir, game);
  const board = game === 'chess' ? new Chess(flags.get('fen')) : new Xiangqi(flags.get('fen'));
  for (const m of movesFlag(flags)) board.move(m);
  process.stdout.write(`${board.ascii()}\n${board.fen()}\n\n`);
  const result = tables.probe(board);
  if (result === null) {
    process.stdout.write('no table here holds this position\n');
    return;
  }
  process.stdout.write(`side to move: ${tableResultText(result)}\n`);
  const moves = tables.moves(board);
  if (moves === null) {
    process.stdout.write('(the tables a capture leads to are missing: no move list)\n');
    return;
  }
  for (const m of moves) process.stdout.write(`${m.move.padEnd(6)} ${tableResultText(m)}\n`);
}

/** A set of the table files' tables. @throws {TablebaseError} for a damaged file */
function tablebasesOf(files: readonly Uint8Array[]): Tablebases {
  const tables = new Tablebases();
  for (const bytes of files) tables.addFile(bytes);
  return tables;
}

/**
 * The tables of a directory's `.qtb` files.
 * @throws {UsageError} when it holds none of `game`'s; {@link TablebaseError} for a damaged file
 */
function tablebasesIn(dir: string, game: GameKind): Tablebases {
  const tables = tablebasesOf(readTableFiles(dir));
  if (tables.maxPieces(game) === 0) throw new UsageError(`no ${game} table files (.qtb) in '${dir}'`);
  return tables;
}

/** A table's answer in words: `draw`, `win in 7 plies`, `loss by the perpetual-check rule`. */
function tableResultText(r: ProbeResult): string {
  return r.result === 'draw' ? 'draw' : r.byRule ? `${r.result} by the perpetual-check rule` : `${r.result} in ${r.plies} plies`;
}

function benchCommand(args: string[]): void {
  const flags = parseFlags(args, ['depth']);
  const depth = intFlag(flags, 'depth', 1, 30);
  const report = runBench(depth === undefined ? {} : { depth }, (line) => process.stdout.write(line + '\n'));
  process.stdout.write(`\nNodes searched  : ${report.nodes}\nTime (ms)       : ${Math.round(report.timeMs)}\nNodes/second    : ${Math.round(report.nps)}\n`);
}

/** The command that runs this binary again (for the engine spec `qiengine`). */
function selfCommand(): string[] {
  return [process.execPath, fileURLToPath(import.meta.url)];
}

async function matchCommand(args: string[]): Promise<void> {
  const flags = parseFlags(args, ['game', 'engine1', 'engine2', 'games', 'movetime', 'tc', 'timemargin', 'concurrency', 'out', 'max-plies', 'openings', 'sprt', 'resume', 'pgn', 'tablebases']);
  const game = gameFlag(flags);
  const tbDir = flags.get('tablebases');
  const tablebases = tbDir === undefined ? undefined : tablebasesIn(tbDir, game);
  const self = selfCommand();
  const e1 = flags.get('engine1') ?? 'qiengine';
  const e2 = flags.get('engine2');
  if (e2 === undefined) throw new UsageError('--engine2 is required (the opponent)');
  const engines: [ReturnType<typeof parseEngineSpec>, ReturnType<typeof parseEngineSpec>] = [parseEngineSpec(e1, self), parseEngineSpec(e2, self)];
  const games = intFlag(flags, 'games', 1, 100_000) ?? 100;
  const tcFlag = flags.get('tc');
  if (tcFlag !== undefined && flags.has('movetime')) throw new UsageError('give --movetime or --tc, not both');
  const timeControl = tcFlag === undefined ? undefined : parseTimeControl(tcFlag);
  const movetimeMs = timeControl === undefined ? (intFlag(flags, 'movetime', 10, 3_600_000) ?? 200) : undefined;
  const timeMarginMs = intFlag(flags, 'timemargin', 0, 3_600_000);
  if (timeMarginMs !== undefined && timeControl === undefined) throw new UsageError('--timemargin goes with --tc');
  const limitText = timeControl === undefined ? `${movetimeMs} ms/move` : `tc ${timeControlText(timeControl)}`;
  const concurrency = intFlag(flags, 'concurrency', 1, 64) ?? 1;
  const maxPlies = intFlag(flags, 'max-plies', 10, 10_000) ?? 400;
  const openingsFile = flags.get('openings');
  const openings = openingsFile === undefined ? undefined : readOpenings(readTextFile(openingsFile), game);
  const sprtFlag = flags.get('sprt');
  const sprt = sprtFlag === undefined ? undefined : parseSprt(sprtFlag);
  const resume = flags.get('resume');
  if (resume !== undefined && flags.has('out') && flags.get('out') !== resume) throw new UsageError('--resume adds the new games to its own file: give no other --out');
  const played = resume === undefined ? undefined : readMatchRecords(readTextFile(resume));
  const out = resume ?? flags.get('out');
  if (out !== undefined && resume === undefined) writeFileSync(out, '');
  // The PGN file grows with the games as --out does: a resumed match adds its new games to it.
  const pgn = flags.get('pgn');
  if (pgn !== undefined && pgn === out) throw new UsageError('--pgn needs a file of its own, not the --out/--resume file');
  if (pgn !== undefined && resume === undefined) writeFileSync(pgn, '');
  const event = `${engines[0].name} vs ${engines[1].name}, ${limitText}`;
  const tty = process.stderr.isTTY === true;
  process.stderr.write(`${engines[0].name} vs ${engines[1].name}: ${game}, ${games} games, ${limitText}\n`);
  if (played !== undefined) process.stderr.write(`resuming: ${played.length} games already played\n`);
  const report = await runMatch({
    game,
    engines,
    games,
    movetimeMs,
    timeControl,
    timeMarginMs,
    concurrency,
    maxPlies,
    openings,
    sprt,
    played,
    tablebases,
    onGame: (r, s, done, test) => {
      const bar = progressBar(done, games, s, 30, test);
      process.stderr.write(tty ? `\r${bar}` : `${bar}  ${r.result} ${r.reason}\n`);
      if (out !== undefined) writeFileSync(out, JSON.stringify(r) + '\n', { flag: 'a' });
      if (pgn !== undefined) writeFileSync(pgn, matchGamePgn(game, r, { event, timeControl: timeControl === undefined ? undefined : timeControlText(timeControl) }) + '\n', { flag: 'a' });
    },
  });
  if (tty) process.stderr.write('\n');
  const { score: s, elo } = report;
  const reasons = new Map<string, number>();
  for (const r of report.records) {
    const reason = r.reason.replace(/'[^']*'/g, '').slice(0, 60);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  process.stdout.write(`${engines[0].name} vs ${engines[1].name} (${game}, ${limitText})\n`);
  process.stdout.write(`games ${elo.games}: +${s.wins} =${s.draws} -${s.losses}, score ${(elo.score * 100).toFixed(1)}% (95%: ${(elo.scoreLow * 100).toFixed(1)}-${(elo.scoreHigh * 100).toFixed(1)}%)\n`);
  process.stdout.write(`elo difference ${Number.isFinite(elo.elo) ? elo.elo.toFixed(0) : elo.elo > 0 ? '+inf' : '-inf'} +/- ${Number.isFinite(elo.margin) ? elo.margin.toFixed(0) : 'inf'}\n`);
  if (sprt !== undefined && report.sprt !== undefined) {
    const t = report.sprt;
    const verdict =
      t.verdict === 'H1'
        ? `H1 accepted: engine1 is more likely ${sprt.elo1} than ${sprt.elo0} Elo stronger`
        : t.verdict === 'H0'
          ? `H0 accepted: engine1 is more likely ${sprt.elo0} than ${sprt.elo1} Elo stronger`
          : 'no verdict yet';
    process.stdout.write(`sprt elo0 ${sprt.elo0} elo1 ${sprt.elo1} alpha ${sprt.alpha} beta ${sprt.beta}: LLR ${t.llr.toFixed(2)} (${t.lower.toFixed(2)}, ${t.upper.toFixed(2)}), ${verdict}\n`);
  }
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${n} x ${reason}\n`);
  for (const m of report.memory) if (m.firstKb !== undefined) process.stdout.write(`memory ${m.engine}: ${m.firstKb} kB after the first game, ${m.lastKb} kB after the last\n`);
  for (const [k, t] of report.search.entries()) {
    const { meanDepth, medianDepth, nps } = searchSummary(t);
    if (meanDepth === undefined && nps === undefined) continue;
    const median = medianDepth === undefined ? '' : ` (median ${medianDepth})`;
    const depth = meanDepth === undefined ? 'no depth' : `depth ${meanDepth.toFixed(1)}${median}`;
    const speed = nps === undefined ? 'no node counts' : `${count(Math.round(nps))} nodes/s`;
    process.stdout.write(`search ${engines[k]!.name}: ${depth} and ${speed} on average over ${t.moves} moves, as it reported them\n`);
  }
}

function perftCommand(args: string[]): void {
  const flags = parseFlags(args, ['game', 'fen', 'depth', 'divide']);
  const gameName = gameFlag(flags);
  const depth = Number(flags.get('depth') ?? '');
  if (!Number.isInteger(depth) || depth < 1 || depth > 12) throw new UsageError('--depth must be an integer from 1 to 12');
  const fen = flags.get('fen');
  const game = gameName === 'chess' ? new Chess(fen) : new Xiangqi(fen);
  const t0 = process.hrtime.bigint();
  let total = 0;
  if (flags.has('divide')) {
    for (const { move, nodes } of game.perftDivide(depth)) {
      process.stdout.write(`${move}: ${nodes}\n`);
      total += nodes;
    }
    process.stdout.write('\n');
  } else {
    total = game.perft(depth);
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  process.stdout.write(`Nodes searched: ${total}\n`);
  process.stdout.write(`Time: ${ms.toFixed(0)} ms, ${(total / Math.max(ms, 0.001) / 1000).toFixed(2)} M leaves/s\n`);
}

/**
 * The engine at the other end of a GUI's pipe: UCI or UCCI (ProtocolSession), or the xboard
 * protocol (XboardSession) when the first line is `xboard`, as XBoard and WinBoard begin.
 */
function protocolLoop(firstLine?: string): void {
  const write = (l: string): void => void process.stdout.write(l + '\n');
  let session: LineSession<Pending> | null = null;
  const open = (first: string): LineSession<Pending> =>
    first.trim().split(/\s+/)[0] === 'xboard' ? new XboardSession(write, { readTablebases: readTableFiles }) : new ProtocolSession(write, { readFile: (path) => readFileSync(path), readTablebases: readTableFiles });
  const handle = (line: string): void => {
    if (session === null) {
      if (line.trim() === '') return;
      session = open(line);
    }
    const s = session;
    s.handle(line);
    // `quit` may wait behind a search that is being stopped.
    void s.idle().then(() => {
      if (s.finished) process.exit(0);
    });
  };
  if (firstLine !== undefined) handle(firstLine);
  const rl = createInterface({ input: process.stdin, terminal: false });
  rl.on('line', handle);
  rl.on('close', () => void (session === null ? Promise.resolve() : session.idle()).then(() => process.exit(0)));
}

async function main(argv: string[]): Promise<void> {
  const [cmd, ...rest] = argv;
  try {
    switch (cmd) {
      case undefined:
      case 'uci':
        return protocolLoop();
      case 'ucci':
        return protocolLoop('ucci');
      case 'xboard':
        return protocolLoop('xboard');
      case 'perft':
        return perftCommand(rest);
      case 'analyse':
      case 'analyze':
        return await analyseCommand(rest);
      case 'annotate':
        return await annotateCommand(rest);
      case 'solve':
        return await solveCommand(rest);
      case 'play':
        return await playCommand(rest);
      case 'bench':
        return benchCommand(rest);
      case 'book':
        return bookCommand(rest);
      case 'tablebase':
        return tablebaseCommand(rest);
      case 'match':
        return await matchCommand(rest);
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(USAGE + '\n');
        return;
      case '--version':
        process.stdout.write(ENGINE_VERSION + '\n');
        return;
      default:
        throw new UsageError(`unknown command '${cmd}'`);
    }
  } catch (e) {
    if (e instanceof QiengineError) {
      // Usage mistakes get the usage text; bad input (a FEN, a move) only its message.
      process.stderr.write(e instanceof UsageError ? `qiengine: ${e.message}\n\n${USAGE}\n` : `qiengine: ${e.message}\n`);
      process.exitCode = 2;
      return;
    }
    throw e;
  }
}

// A reader that stops early (`qiengine analyse ... | head`) closes the pipe: that ends the
// command quietly, as it does for other command-line tools, rather than as an unhandled error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

void main(process.argv.slice(2));
