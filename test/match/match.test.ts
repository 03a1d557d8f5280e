import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eloFromScore, estimateElo, parseSprt, scoreFromElo, SPRT_MIN_GAMES, sprtLlr, sprtState } from '../../src/match/elo.js';
import { QiengineError, UsageError } from '../../src/core/errors.js';
import { EngineProcess, editCommands, parseEngineSpec, type EngineSpec } from '../../src/match/engine-process.js';
import { BALANCED_OPENINGS, readOpenings } from '../../src/match/openings.js';
import { addSearchTally, DEPTH_COUNTS_TOP, playGame, tableVerdict, type SearchTally } from '../../src/match/referee.js';
import { Tablebases } from '../../src/tablebase/probe.js';
import { buildTables, type GeneratedTable } from '../../src/tablebase/generate.js';
import { parseMaterial } from '../../src/tablebase/material.js';
import { GameClocks, parseTimeControl, timeControlText, type TimeControl } from '../../src/match/clock.js';
import { readFileSync } from 'node:fs';
import { progressBar, readMatchRecords, runMatch, searchSummary } from '../../src/match/match.js';
import { matchGamePgn } from '../../src/match/pgn.js';
import { openSession } from '../../src/engine/games.js';
import { readSuite } from '../../src/engine/suite.js';
import { solveSuiteWithEngine } from '../../src/match/suite.js';
import { Xiangqi } from '../../src/xiangqi/game.js';

/**
 * A scripted UCI engine: answers each `go` with the next move of its list (or with what the
 * list says: `crash`, `silent`), and reports a fixed score, at depth n and 1000 x n nodes on
 * its n-th move of a game (after a `currmove` line naming a depth it never finishes). With
 * --before=m1,m2,... it first reports those lines, at depths 1, 2, ... and 10 nodes a depth, each
 * followed by a bound from a failed window and a second MultiPV line, both naming g1f1. With
 * --bare=1 its scored line is UCCI's (`score N`, no unit; `--mate=N` as ElephantEye's ±(10000 -
 * |N|), N plies) and the nodes come in an `info time T nodes N` line after it.
 */
const FAKE = `
const args = process.argv.slice(2);
const moves = args.filter((a) => !a.startsWith('--'));
const flag = (name, d) => (args.find((a) => a.startsWith('--' + name + '=')) ?? '--' + name + '=' + d).slice(name.length + 3);
const score = Number(flag('score', '0'));
// --mate=N reports 'score mate N' instead.
const mate = flag('mate', '');
// --delay=MS answers each go that late; --log=FILE appends every go and setoption line to FILE
// (and every position line, with --positions=1).
const delay = Number(flag('delay', '0'));
const log = flag('log', '');
const positions = flag('positions', '0') === '1';
const before = flag('before', '').split(',').filter((m) => m !== '');
const bare = flag('bare', '0') === '1';
let seen = 0;
require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => {
  if (log !== '' && (l.startsWith('go') || l.startsWith('setoption') || (positions && l.startsWith('position')))) require('node:fs').appendFileSync(log, l + '\\n');
  if (l === 'uci') console.log('uciok');
  else if (l === 'ucci') { console.log('option usemillisec type check default false'); console.log('ucciok'); }
  else if (l === 'isready') console.log('readyok');
  else if (l === 'ucinewgame') seen = 0;
  else if (l.startsWith('go')) {
    const m = moves[seen++] ?? 'a1a1';
    if (m === 'crash') process.exit(3);
    if (m === 'silent') return;
    setTimeout(() => {
      console.log('info depth 99 currmove ' + m + ' currmovenumber 1');
      before.forEach((b, i) => {
        console.log('info depth ' + (i + 1) + ' nodes ' + 10 * (i + 1) + ' score cp ' + score + ' pv ' + b);
        console.log('info depth ' + (i + 2) + ' score cp ' + (score - 50) + ' upperbound pv g1f1');
        console.log('info depth ' + (i + 1) + ' multipv 2 score cp ' + (score - 60) + ' pv g1f1');
      });
      if (bare) {
        console.log('info depth ' + seen + ' score ' + (mate === '' ? score : Number(mate) > 0 ? 10000 - Number(mate) : -10000 - Number(mate)) + ' pv ' + m);
        console.log('info time 5 nodes ' + 1000 * seen);
      } else console.log('info depth ' + seen + ' nodes ' + 1000 * seen + ' score ' + (mate === '' ? 'cp ' + score : 'mate ' + mate) + ' pv ' + m);
      console.log('bestmove ' + m);
    }, delay);
  } else if (l === 'quit') process.exit(0);
});`;
/** A capture-greedy random chess game (seed 3) whose last move, g5h6, leaves king and rook against king. */
const RANDOM_GAME_TO_KRK =
  'h2h3 a7a6 e2e3 b7b6 f1a6 b8a6 c2c3 g7g6 b2b4 a6b4 c3b4 a8a2 a1a2 g8h6 a2b2 c8a6 g1e2 a6e2 d1e2 f8g7 b1a3 g7b2 c1b2 e8f8 b2h8 d8c8 h8b2 h6f5 e2c4 f5e3 f2e3 e7e5 c4f7 f8f7 b2e5 c8g8 e5c7 g8f8 c7b6 f8c8 b6c7 c8c7 a3b1 f7g8 e1f1 c7g3 h1g1 g3e3 d2e3 h7h6 b4b5 g8f8 b1c3 f8e7 g1h1 h6h5 c3b1 d7d6 f1e2 e7d7 e2d1 h5h4 h1g1 d7c7 g1e1 g6g5 e1e2 c7b7 e2a2 g5g4 h3g4 b7b6 a2a8 b6b5 d1c1 b5b4 a8e8 b4c4 e8e6 c4b5 e6d6 b5c5 d6d3 c5b6 d3d4 b6a7 e3e4 h4h3 g2h3 a7b8 c1c2 b8a8 d4b4 a8a7 b4a4 a7b7 c2d1 b7c8 d1e1 c8b8 a4a5 b8c8 a5a6 c8b7 a6a2 b7c8 a2a1 c8d7 g4g5 d7c6 e4e5 c6b5 h3h4 b5b6 e1d2 b6c6 a1a4 c6d5 b1a3 d5e5 d2e3 e5d6 e3f3 d6e7 a4a5 e7e8 a5a6 e8d7 f3g4 d7e8 g4g3 e8f7 g3h3 f7g7 h4h5 g7f8 a6c6 f8g8 a3b1 g8g7 c6c3 g7g8 g5g6 g8h8 g6g7 h8g7 h3g4 g7h8 b1d2 h8h7 d2c4 h7h8 g4f4 h8g8 c3h3 g8h7 h3h1 h7g7 f4g3 g7f8 c4e5 f8g8 h1a1 g8f8 a1b1 f8e8 b1e1 e8e7 e1a1 e7d6 h5h6 d6e5 a1e1 e5d6 g3f2 d6c6 f2e2 c6d6 e1c1 d6e7 c1c4 e7d7 e2e1 d7e6 c4c2 e6d6 c2f2 d6d5 f2d2 d5e5 d2h2 e5f4 h2h3 f4g5 h3b3 g5h6';
const dir = mkdtempSync(join(tmpdir(), 'qiengine-fake-'));
const script = join(dir, 'fake.cjs');
writeFileSync(script, FAKE);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function fake(name: string, moves: string[]): EngineSpec {
  return { name, dialect: 'uci', command: process.execPath, args: [script, ...moves], options: [], ranks: 0 };
}

describe('Elo estimate', () => {
  it('maps scores to Elo and gives a margin that shrinks with more games', () => {
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.75)).toBeCloseTo(190.85, 1);
    expect(eloFromScore(0.25)).toBeCloseTo(-190.85, 1);
    const small = estimateElo({ wins: 15, draws: 5, losses: 5 });
    const large = estimateElo({ wins: 150, draws: 50, losses: 50 });
    expect(small.score).toBeCloseTo(0.7);
    expect(large.elo).toBeCloseTo(small.elo);
    expect(large.margin).toBeLessThan(small.margin / 2);
    expect(large.scoreLow).toBeLessThan(0.7);
    expect(large.scoreHigh).toBeGreaterThan(0.7);
    expect(estimateElo({ wins: 3, draws: 0, losses: 0 }).elo).toBe(Infinity);
  });

  it('draws the progress bar, with the test when one runs', () => {
    expect(progressBar(5, 10, { wins: 3, draws: 1, losses: 1 }, 10)).toBe('[#####     ] 5/10 +3 =1 -1 70.0%');
    const test = { llr: 1.234, lower: -2.944, upper: 2.944, verdict: undefined };
    expect(progressBar(5, 10, { wins: 3, draws: 1, losses: 1 }, 10, test)).toBe('[#####     ] 5/10 +3 =1 -1 70.0% LLR 1.23 (-2.94, 2.94)');
  });
});

describe('sequential test (SPRT)', () => {
  it('scoreFromElo inverts eloFromScore', () => {
    for (const elo of [-300, -35, 0, 5, 120]) expect(eloFromScore(scoreFromElo(elo))).toBeCloseTo(elo, 9);
  });

  it('gives the normal approximation of the log-likelihood ratio', () => {
    // 60 wins, 30 draws, 10 losses: s = 0.75, var = (60 * 0.0625 + 30 * 0.0625 + 10 * 0.5625) / 100.
    const s0 = scoreFromElo(0);
    const s1 = scoreFromElo(10);
    const variance = (60 * 0.0625 + 30 * 0.0625 + 10 * 0.5625) / 100;
    expect(sprtLlr({ wins: 60, draws: 30, losses: 10 }, 0, 10)).toBeCloseTo((100 * (s1 - s0) * (1.5 - s0 - s1)) / (2 * variance), 2);
  });

  it('is zero halfway between the hypotheses, positive above, negative below, and grows with the games', () => {
    // Equal wins and losses score 0.5: halfway between -10 and +10.
    expect(sprtLlr({ wins: 40, draws: 20, losses: 40 }, -10, 10)).toBeCloseTo(0, 9);
    expect(sprtLlr({ wins: 45, draws: 20, losses: 35 }, -10, 10)).toBeGreaterThan(0);
    expect(sprtLlr({ wins: 35, draws: 20, losses: 45 }, -10, 10)).toBeLessThan(0);
    const small = sprtLlr({ wins: 45, draws: 20, losses: 35 }, -10, 10);
    expect(sprtLlr({ wins: 450, draws: 200, losses: 350 }, -10, 10)).toBeCloseTo(10 * small, 0);
  });

  it('decides only beyond its bounds, never before the minimum of games, and keeps a run of wins finite', () => {
    const o = { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 };
    const open = sprtState({ wins: 50, draws: 20, losses: 50 }, o);
    expect(open.upper).toBeCloseTo(Math.log(0.95 / 0.05), 12);
    expect(open.lower).toBeCloseTo(Math.log(0.05 / 0.95), 12);
    expect(open.verdict).toBeUndefined();
    expect(sprtState({ wins: 500, draws: 200, losses: 300 }, o).verdict).toBe('H1');
    expect(sprtState({ wins: 300, draws: 200, losses: 500 }, o).verdict).toBe('H0');
    const wins = sprtState({ wins: SPRT_MIN_GAMES - 1, draws: 0, losses: 0 }, o);
    expect(Number.isFinite(wins.llr)).toBe(true);
    expect(wins.llr).toBeGreaterThan(wins.upper);
    expect(wins.verdict).toBeUndefined();
    expect(sprtState({ wins: SPRT_MIN_GAMES, draws: 0, losses: 0 }, o).verdict).toBe('H1');
  });

  it('reads --sprt and rejects what it cannot use', () => {
    expect(parseSprt('0,10')).toEqual({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 });
    expect(parseSprt('-5, 5, 0.1, 0.2')).toEqual({ elo0: -5, elo1: 5, alpha: 0.1, beta: 0.2 });
    for (const bad of ['', '10', '0,10,0.05', '10,0', '5,5', 'a,b', '0,10,0,0.05', '0,10,0.05,0.5', '0,,10', '0,5000', '0,10,x,0.05']) {
      expect(() => parseSprt(bad), bad).toThrow(UsageError);
    }
  });
});

describe('engine specs', () => {
  it('parses dialect, command, options and rank numbering', () => {
    const s = parseEngineSpec('uci:/usr/games/stockfish -x;UCI_LimitStrength=true;UCI_Elo=2000', ['node', 'cli.js']);
    expect(s).toEqual({ name: 'stockfish', dialect: 'uci', command: '/usr/games/stockfish', args: ['-x'], options: [['UCI_LimitStrength', 'true'], ['UCI_Elo', '2000']], ranks: 0 });
    expect(parseEngineSpec('uci:fairy-stockfish;ranks=1;name=FSF', []).ranks).toBe(1);
    expect(parseEngineSpec('qiengine', ['node', 'cli.js'])).toMatchObject({ dialect: 'uci', command: 'node', args: ['cli.js', 'uci'] });
    expect(() => parseEngineSpec('telnet:x', [])).toThrow(/should read/);
    expect(() => parseEngineSpec('uci:', [])).toThrow(/no command/);
    expect(() => parseEngineSpec('uci:x;novalue', [])).toThrow(/name=value/);
  });

  it('every built-in opening is legal and six plies long', () => {
    for (const game of ['chess', 'xiangqi'] as const) {
      expect(BALANCED_OPENINGS[game].length).toBe(50);
      for (const line of BALANCED_OPENINGS[game]) {
        expect(line.moves.length).toBe(6);
        expect(line.fen).toBeUndefined();
        expect(() => openSession({ game, moves: line.moves })).not.toThrow();
      }
    }
  });
});

describe('openings files', () => {
  it('reads one line per opening, skipping blank and # lines', () => {
    const text = '# made by hand\n\nh2e2 h9g7\r\n  b0c2   b9c7 \n';
    expect(readOpenings(text, 'xiangqi')).toEqual([{ moves: ['h2e2', 'h9g7'] }, { moves: ['b0c2', 'b9c7'] }]);
    expect(readOpenings('e2e4 e7e5\nd2d4', 'chess')).toEqual([{ moves: ['e2e4', 'e7e5'] }, { moves: ['d2d4'] }]);
    // Positions: a FEN, an EPD line (its operations left out, counters added), with moves after.
    const KIWI = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';
    expect(readOpenings(`${KIWI}\n${KIWI.slice(0, -4)} bm e5f7; id "kiwipete";\n${KIWI} moves e1g1 e8c8`, 'chess')).toEqual([
      { fen: KIWI, moves: [] },
      { fen: KIWI, moves: [] },
      { fen: KIWI, moves: ['e1g1', 'e8c8'] },
    ]);
    expect(readOpenings('4k4/R8/9/9/9/9/n8/3K5/9/9 b - - 0 1 moves a3b1', 'xiangqi')).toEqual([{ fen: '4k4/R8/9/9/9/9/n8/3K5/9/9 b - - 0 1', moves: ['a3b1'] }]);
    expect(() => readOpenings(`d2d4\n${KIWI} moves e1c1 e8e7`, 'chess')).toThrow(/line 2/);
    expect(() => readOpenings('8/8/8 w - - 0 1', 'chess')).toThrow(/line 1: .*FEN/i);
  });

  it('names the line of an illegal or unreadable move, and rejects a file with no line', () => {
    expect(() => readOpenings('e2e4\ne2e4 e2e4', 'chess')).toThrow(/line 2/);
    expect(() => readOpenings('h2e2\n\nzz', 'xiangqi')).toThrow(/line 3/);
    expect(() => readOpenings('e2e4', 'xiangqi')).toThrow(/line 1/);
    expect(() => readOpenings('# nothing\n\n', 'chess')).toThrow(/no line/);
  });
});

describe('referee', () => {
  async function game(white: EngineSpec, black: EngineSpec, opening: string[] = [], maxPlies = 40) {
    const a = new EngineProcess(white, 'chess', 50);
    const b = new EngineProcess(black, 'chess', 50);
    await a.start();
    await b.start();
    try {
      return await playGame('chess', a, b, { moves: opening }, { maxPlies });
    } finally {
      await a.quit();
      await b.quit();
    }
  }

  it('ends the game on checkmate', async () => {
    const r = await game(fake('w', ['f2f3', 'g2g4']), fake('b', ['e7e5', 'd8h4']));
    expect(r.result).toBe('0-1');
    expect(r.reason).toBe('checkmate');
    expect(r.moves).toEqual(['f2f3', 'e7e5', 'g2g4', 'd8h4']);
    // Each side reported depths 1 and 2 and 1,000 and 2,000 nodes; a currmove line's depth is
    // not a finished one.
    for (const t of r.search!) expect(t).toMatchObject({ moves: 2, depthMoves: 2, depthSum: 3, depthCounts: [0, 1, 1], nodes: 3000 });
    expect(r.search![0].nodesTimeMs).toBeGreaterThan(0);
    // One report a move, in move order: the mover's score, depth and nodes, and its time.
    expect(r.reports!.map(({ score, depth, nodes }) => [score, depth, nodes])).toEqual([
      [0, 1, 1000],
      [0, 1, 1000],
      [0, 2, 2000],
      [0, 2, 2000],
    ]);
    for (const p of r.reports!) expect(Number.isInteger(p.ms) && p.ms >= 0).toBe(true);
  });

  it('with endgame tables, ends a game once it reaches a position they hold', async () => {
    // A capture-greedy random game (seed 3) that reaches king and rook against king on its last
    // move, g5h6, with white to move.
    const line = RANDOM_GAME_TO_KRK.split(' ');
    const tables = new Tablebases();
    tables.addTable(buildTables(parseMaterial('chess', 'KRvK')));
    const play = async (tablebases?: Tablebases) => {
      const a = new EngineProcess(fake('w', ['h3b3']), 'chess', 50);
      const b = new EngineProcess(fake('b', ['g5h6']), 'chess', 50);
      await a.start();
      await b.start();
      try {
        return await playGame('chess', a, b, { moves: line.slice(0, -2) }, { tablebases });
      } finally {
        await a.quit();
        await b.quit();
      }
    };
    const judged = await play(tables);
    expect(judged.moves).toEqual(line);
    expect(judged.result).toBe('1-0');
    expect(judged.reason).toMatch(/^adjudicated: tablebase win, mate in \d+$/);
    // Without tables the game goes on: white's script has run out, and its next move is illegal.
    const played = await play();
    expect(played.result).toBe('0-1');
    expect(played.reason).toMatch(/illegal move/);
  });

  it('reads a table verdict as the game’s rules would keep it', () => {
    const chess = new Tablebases();
    chess.addTable(buildTables(parseMaterial('chess', 'KRvK')));
    const at = (fen: string) => openSession({ game: 'chess', fen }).position;
    expect(tableVerdict(chess, 'chess', at('8/8/7k/8/8/1R6/8/4K3 w - - 0 99'))).toEqual({ result: '1-0', reason: expect.stringMatching(/^adjudicated: tablebase win, mate in \d+$/) });
    // Black to move takes the rook: a draw. Black with the rook: 0-1.
    expect(tableVerdict(chess, 'chess', at('8/8/8/8/8/8/6kR/4K3 b - - 0 1'))).toEqual({ result: '1/2-1/2', reason: 'adjudicated: tablebase draw' });
    expect(tableVerdict(chess, 'chess', at('4k3/8/8/8/8/8/r7/4K3 b - - 0 1'))?.result).toBe('0-1');
    // A mate the 50-move rule would come before is no verdict; nor is a position of no table.
    expect(tableVerdict(chess, 'chess', at('8/8/7k/8/8/1R6/8/4K3 w - - 99 120'))).toBeNull();
    expect(tableVerdict(chess, 'chess', at('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'))).toBeNull();
    // Xiangqi: black's horse holds only by perpetual check, which loses.
    const built = new Map<string, GeneratedTable>();
    buildTables(parseMaterial('xiangqi', 'KRvKH'), built);
    const xq = new Tablebases();
    for (const t of built.values()) xq.addTable(t);
    const perpetual = (clock: number) => openSession({ game: 'xiangqi', fen: `4k4/R8/9/9/9/9/n8/3K5/9/9 b - - ${clock} 1` }).position;
    expect(tableVerdict(xq, 'xiangqi', perpetual(0))).toEqual({ result: '1-0', reason: 'adjudicated: tablebase win, by the perpetual-check rule' });
    expect(tableVerdict(xq, 'xiangqi', perpetual(80))).toBeNull();
    expect(tableVerdict(xq, 'chess', at('8/8/7k/8/8/1R6/8/4K3 w - - 0 99'))).toBeNull();
    // Building KRvKH and the tables below it takes about 20 s on an idle 2-core machine, over
    // 60 s (the default limit) beside two matches, and 196 s beside two matches with the test
    // run niced (stop 104).
  }, 400_000);

  it('reports only the moves after the opening, and only what the engine said', async () => {
    const r = await game(fake('w', ['g2g4', '--score=-40']), fake('b', ['d8h4', '--score=30']), ['f2f3', 'e7e5']);
    expect(r.reason).toBe('checkmate');
    expect(r.reports!.map((p) => p.score)).toEqual([-40, 30]);
    // A scored line is what gives depth and nodes; a move with none carries neither.
    const mute = await game(fake('w', ['silent']), fake('b', []));
    expect(mute.reports).toEqual([]);
  });

  it('an illegal move, a crash or silence loses', async () => {
    expect(await game(fake('w', ['e2e5']), fake('b', []))).toMatchObject({ result: '0-1', reason: "w played an illegal move 'e2e5'" });
    expect((await game(fake('w', ['e2e4']), fake('b', ['crash']))).result).toBe('1-0');
    const silent = await game(fake('w', ['silent']), fake('b', []));
    expect(silent.result).toBe('0-1');
    expect(silent.reason).toMatch(/gave no move/);
  });

  it('draws by repetition, and by the move limit', async () => {
    const shuffle = (a: string, b: string) => Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b));
    const r = await game(fake('w', shuffle('g1f3', 'f3g1')), fake('b', shuffle('g8f6', 'f6g8')));
    expect(r).toMatchObject({ result: '1/2-1/2', reason: 'threefold-repetition' });
    const long = await game(fake('w', ['e2e4', 'd2d4']), fake('b', ['e7e5', 'd7d5']), [], 4);
    expect(long).toMatchObject({ result: '1/2-1/2', reason: 'adjudicated: move limit' });
  });

  it('adjudicates when both engines agree that one side wins, not when both claim a win', async () => {
    const w = ['g1f3', 'b1c3', 'e2e4', 'd2d4', 'f1d3', 'c1e3', 'd1d2'];
    const b = ['g8f6', 'b8c6', 'e7e5', 'd7d5', 'f8d6', 'c8e6', 'd8d7'];
    const agreed = await game(fake('w', [...w, '--score=2000']), fake('b', [...b, '--score=-2000']));
    expect(agreed).toMatchObject({ result: '1-0', reason: 'adjudicated: both engines agree' });
    expect(agreed.moves.length).toBe(7);
    const both = await game(fake('w', [...w, '--score=2000']), fake('b', [...b, '--score=2000']), [], 12);
    expect(both.reason).toBe('adjudicated: move limit');
  });
});

describe('time controls', () => {
  it('reads [MOVES/]SECONDS[+INCREMENT] and writes it back', () => {
    expect(parseTimeControl('60+0.6')).toEqual({ baseMs: 60000, incrementMs: 600 });
    expect(parseTimeControl('40/120')).toEqual({ baseMs: 120000, incrementMs: 0, moves: 40 });
    expect(parseTimeControl(' 0.5 ')).toEqual({ baseMs: 500, incrementMs: 0 });
    for (const t of ['60+0.6', '40/120', '0.5', '40/90+30']) expect(timeControlText(parseTimeControl(t))).toBe(t);
    for (const bad of ['', 'abc', '1:00', '0', '0/60', '60+', '-5', '60+0.6+1']) expect(() => parseTimeControl(bad)).toThrow(UsageError);
  });

  it('keeps two clocks: charges each move, adds the increment, and a new period after MOVES moves', () => {
    const c = new GameClocks({ baseMs: 1000, incrementMs: 100 });
    expect(c.state(0)).toEqual({ firstMs: 1000, secondMs: 1000, incrementMs: 100 });
    expect(c.charge(0, 300)).toBe(true);
    expect(c.state(1)).toEqual({ firstMs: 800, secondMs: 1000, incrementMs: 100 });
    expect(c.charge(1, 1050)).toBe(false);
    expect(c.leftMs(1)).toBe(-50);
    const margin = new GameClocks({ baseMs: 1000, incrementMs: 0 });
    expect(margin.charge(0, 1050, 100)).toBe(true);
    const periods = new GameClocks({ baseMs: 1000, incrementMs: 0, moves: 2 });
    expect(periods.state(0).movesToGo).toBe(2);
    periods.charge(0, 400);
    expect(periods.state(0).movesToGo).toBe(1);
    periods.charge(0, 400);
    // Two moves made: the next period's second comes on top of the 200 ms left.
    expect(periods.state(0)).toMatchObject({ firstMs: 1200, movesToGo: 2 });
  });

  async function timedGame(tc: TimeControl, white: EngineSpec, black: EngineSpec, game: 'chess' | 'xiangqi' = 'chess', marginMs?: number) {
    const a = new EngineProcess(white, game, tc);
    const b = new EngineProcess(black, game, tc);
    await a.start();
    await b.start();
    try {
      return await playGame(game, a, b, { moves: [] }, { timeControl: tc, timeMarginMs: marginMs, maxPlies: 6 });
    } finally {
      await a.quit();
      await b.quit();
    }
  }

  it('tells UCI engines both clocks, and a side whose clock runs out loses; its late move is not played', async () => {
    const wlog = join(dir, 'white-go.log');
    const blog = join(dir, 'black-go.log');
    // Wide margins, so that a busy machine's delays (hundreds of ms) change nothing.
    const tc = { baseMs: 2000, incrementMs: 50 };
    const r = await timedGame(tc, fake('w', ['e2e4', 'd2d4', 'g1f3', `--log=${wlog}`]), fake('b', ['e7e5', 'd7d5', `--delay=1200`, `--log=${blog}`]));
    // Black: 2000 - ~1200 + 50 = ~850 after its first move, then ~1200 more: flagged.
    expect(r).toMatchObject({ result: '1-0', reason: 'b lost on time' });
    expect(r.moves).toEqual(['e2e4', 'e7e5', 'd2d4']);
    expect(r.reports).toHaveLength(3);
    const w = readFileSync(wlog, 'utf8').trim().split('\n');
    expect(w[0]).toBe('go wtime 2000 btime 2000 winc 50 binc 50');
    const second = /^go wtime (\d+) btime (\d+) winc 50 binc 50$/.exec(w[1]!);
    expect(second).not.toBeNull();
    // White's instant move cost it little and earned the increment; black's cost ~1150.
    expect(Number(second![1])).toBeGreaterThan(1400);
    expect(Number(second![2])).toBeLessThan(900);
    // With a margin larger than the overrun the same game goes on to the move limit.
    const lenient = await timedGame(tc, fake('w', ['e2e4', 'd2d4', 'g1f3']), fake('b', ['e7e5', 'd7d5', 'g8f6', '--delay=1200']), 'chess', 6000);
    expect(lenient.reason).toBe('adjudicated: move limit');
  });

  it('speaks the clocks in UCCI (milliseconds asked for) with periods, and an engine that never answers loses on time', async () => {
    const log = join(dir, 'ucci-go.log');
    const ucci = (name: string, moves: string[]): EngineSpec => ({ name, dialect: 'ucci', command: process.execPath, args: [script, ...moves, `--log=${log}`], options: [], ranks: 0 });
    const r = await timedGame({ baseMs: 400, incrementMs: 0, moves: 20 }, ucci('r', ['h2e2', 'h0g2']), ucci('k', ['silent']), 'xiangqi');
    expect(r).toMatchObject({ result: '1-0', reason: 'k lost on time', moves: ['h2e2'] });
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines).toContain('setoption usemillisec true');
    expect(lines).toContain('go time 400 movestogo 20 opptime 400 oppmovestogo 20');
    // With an increment instead of periods; red's list then runs out (an illegal move).
    const inc = await timedGame({ baseMs: 5000, incrementMs: 100 }, ucci('r', ['h2e2']), ucci('k', ['h9g7']), 'xiangqi');
    expect(inc).toMatchObject({ result: '0-1', moves: ['h2e2', 'h9g7'] });
    expect(readFileSync(log, 'utf8')).toContain('go time 5000 increment 100 opptime 5000 oppincrement 100');
  });
});

describe('games from a position', () => {
  it('starts both engines from the opening’s FEN, with the side to move’s own clock, and records and writes it', async () => {
    const log = join(dir, 'fen-go.log');
    const ucci = (name: string, moves: string[]): EngineSpec => ({ name, dialect: 'ucci', command: process.execPath, args: [script, ...moves, `--log=${log}`, '--positions=1'], options: [], ranks: 0 });
    // Black to move first: the second engine opens, and its clock is the one that runs.
    const fen = '4k4/R8/9/9/9/9/n8/3K5/9/9 b - - 0 1';
    const a = new EngineProcess(ucci('r', ['d2d1']), 'xiangqi', { baseMs: 5000, incrementMs: 0 });
    const b = new EngineProcess(ucci('k', ['a3b1', '--delay=1200']), 'xiangqi', { baseMs: 5000, incrementMs: 0 });
    await a.start();
    await b.start();
    let r;
    try {
      r = await playGame('xiangqi', a, b, { fen, moves: [] }, { timeControl: { baseMs: 5000, incrementMs: 0 }, maxPlies: 2 });
    } finally {
      await a.quit();
      await b.quit();
    }
    expect(r).toMatchObject({ fen, opening: [], moves: ['a3b1', 'd2d1'], result: '1/2-1/2', reason: 'adjudicated: move limit' });
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines).toContain(`position fen ${fen}`);
    expect(lines).toContain(`position fen ${fen} moves a3b1`);
    const goes = lines.filter((l) => l.startsWith('go'));
    expect(goes[0]).toBe('go time 5000 opptime 5000');
    // Red's turn: its own 5000 as time, black's ~3800 as opptime.
    const red = /^go time (\d+) opptime (\d+)$/.exec(goes[1]!);
    expect(Number(red![1])).toBe(5000);
    expect(Number(red![2])).toBeLessThan(4000);
    const pgn = matchGamePgn('xiangqi', r, { event: 't' });
    expect(pgn).toContain(`[FEN "${fen}"]`);
    // A resumed record must start from the same position as the match's line.
    const other = { ...r, game: 0, first: 'a' };
    await expect(
      runMatch({ game: 'xiangqi', engines: [ucci('a', []), ucci('b', [])], games: 2, movetimeMs: 50, openings: [{ moves: [] }], played: [other] }),
    ).rejects.toThrow(/its opening is not this match's line 1/);
  });

  it('an xboard engine gets the position by setboard, or by edit mode where it lists no setboard', async () => {
    // Edit mode as XBoard sends it: a first move to hand black the turn, then the pieces.
    expect(editCommands('4k3/8/8/8/8/8/8/4K2R b K - 0 1', 'chess', 1, 0)).toEqual(['a2a3', 'edit', '#', 'Ke1', 'Rh1', 'c', 'Ke8', '.']);
    // Xiangqi: ICCS ranks from 0 (or 1), the horse and elephant as H and E, after moves that
    // empty the a-file (MaxQi's '#' leaves it as it was) and leave the side to move: nine plies
    // for black, ten for red.
    const clearing = ['a3a4', 'a6a5', 'a4a5', 'a9a8', 'a5b5', 'a8b8', 'a0a1', 'c6c5', 'a1b1'];
    expect(editCommands('4k4/R8/9/9/9/9/n8/3K5/9/2B6 b - - 0 1', 'xiangqi', 1, 0)).toEqual([...clearing, 'edit', '#', 'Ra8', 'Kd2', 'Ec0', 'c', 'Ke9', 'Ha3', '.']);
    const wire = [...clearing, 'c5c4'].map((m) => m.replace(/\d/g, (r) => String(Number(r) + 1)));
    expect(editCommands('4k4/R8/9/9/9/9/n8/3K5/9/9 w - - 0 1', 'xiangqi', 0, 1)).toEqual([...wire, 'edit', '#', 'Ra9', 'Kd3', 'c', 'Ke10', 'Ha4', '.']);
    // The moves are legal from the start, and leave the a-file empty with the side to move as asked.
    const g = new Xiangqi();
    for (const m of clearing) g.move(m);
    expect(g.turn()).toBe('black');
    expect(g.fen().split(' ')[0]!.split('/').every((row) => row.startsWith('1') || /^[2-9]/.test(row))).toBe(true);
    g.move('c5c4');
    expect(g.turn()).toBe('red');
    const log = join(dir, 'xboard-setup.log');
    const xb = join(dir, 'fake-xboard-setup.cjs');
    // An xboard engine that logs what it is told and answers each go with the next move.
    writeFileSync(
      xb,
      `const [features, ...replies] = process.argv.slice(2); let n = 0;
require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => {
  require('node:fs').appendFileSync(${JSON.stringify(log)}, l + '\\n');
  if (l === 'protover 2') console.log('feature ' + features + ' ping=1 done=1');
  else if (l.startsWith('ping')) console.log('pong' + l.slice(4));
  else if (l === 'go') console.log('move ' + replies[n++]);
  else if (l === 'quit') process.exit(0);
});`,
    );
    const fen = '4k3/8/8/8/8/8/4P3/4K3 b - - 0 1';
    for (const features of ['setboard=1', 'setboard=0']) {
      writeFileSync(log, '');
      const a = new EngineProcess(fake('w', ['e2e4']), 'chess', 50);
      const b = new EngineProcess({ name: 'x', dialect: 'xboard', command: process.execPath, args: [xb, features, 'e8d7'], options: [], ranks: 0 }, 'chess', 50);
      await a.start();
      await b.start();
      try {
        const r = await playGame('chess', a, b, { fen, moves: [] }, { maxPlies: 2 });
        expect(r.moves).toEqual(['e8d7', 'e2e4']);
      } finally {
        await a.quit();
        await b.quit();
      }
      const told = readFileSync(log, 'utf8').split('\n');
      if (features === 'setboard=1') expect(told).toContain(`setboard ${fen}`);
      else {
        const from = told.indexOf('a2a3');
        expect(told.slice(from, from + 8)).toEqual(['a2a3', 'edit', '#', 'Pe2', 'Ke1', 'c', 'Ke8', '.']);
        expect(told.some((l) => l.startsWith('setboard'))).toBe(false);
      }
    }
  });
});

describe('xboard engines', () => {
  it("gives its thinking lines as the move's progress, each with its line's first move", async () => {
    const xb = join(dir, 'fake-xboard-pv.cjs');
    writeFileSync(
      xb,
      `require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => {
  if (l === 'protover 2') console.log('feature usermove=1 ping=1 done=1');
  else if (l.startsWith('ping')) console.log('pong' + l.slice(4));
  else if (l === 'go') { console.log('1 10 0 100 1. e2e4 e7e5'); console.log('2 20 1 300 1... d2d4'); console.log('3 15 2 700'); console.log('move d2d4'); }
  else if (l === 'quit') process.exit(0);
});`,
    );
    const e = new EngineProcess({ name: 'pv', dialect: 'xboard', command: process.execPath, args: [xb], options: [], ranks: 0 }, 'chess', 50);
    await e.start();
    try {
      await e.newGame();
      const r = await e.play([]);
      expect(r.move).toBe('d2d4');
      expect(r.progress.map(({ timeMs: _t, ...p }) => p)).toEqual([
        { score: 10, depth: 1, nodes: 100, move: 'e2e4' },
        { score: 20, depth: 2, nodes: 300, move: 'd2d4' },
        { score: 15, depth: 3, nodes: 700 },
      ]);
      for (const p of r.progress) expect(p.timeMs).toBeLessThanOrEqual(r.timeMs);
      // The next move starts a new list.
      expect((await e.play(['d2d4', 'd7d5'])).progress).toHaveLength(3);
    } finally {
      await e.quit();
    }
  });

  it('a draw claim without grounds loses; moves and force mode follow the protocol', async () => {
    const xb = join(dir, 'fake-xboard.cjs');
    writeFileSync(
      xb,
      `let n = 0; const replies = process.argv.slice(2);
require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => {
  if (l === 'protover 2') console.log('feature usermove=1 ping=1 done=1');
  else if (l.startsWith('ping')) console.log('pong' + l.slice(4));
  else if (l === 'go') { const r = replies[n++]; console.log('3 25 10 4567 ' + r); console.log(r.startsWith('1/2') ? r : 'move ' + r); }
  else if (l === 'quit') process.exit(0);
});`,
    );
    const claimer: EngineSpec = { name: 'claimer', dialect: 'xboard', command: process.execPath, args: [xb, 'e2e4', '1/2-1/2 {Draw by fifty move rule}'], options: [], ranks: 0 };
    const a = new EngineProcess(claimer, 'chess', 50);
    const b = new EngineProcess(fake('b', ['e7e5']), 'chess', 50);
    await a.start();
    await b.start();
    try {
      const r = await playGame('chess', a, b, { moves: [] });
      expect(r.moves).toEqual(['e2e4', 'e7e5']);
      expect(r.result).toBe('0-1');
      expect(r.reason).toMatch(/claimer gave no move: claimer claims a draw/);
      // Its thinking line (ply, score, time, nodes) gave the depth and nodes of its one move.
      expect(r.search![0]).toMatchObject({ moves: 1, depthMoves: 1, depthSum: 3, nodes: 4567 });
      expect(r.reports![0]).toMatchObject({ score: 25, depth: 3, nodes: 4567 });
    } finally {
      await a.quit();
      await b.quit();
    }
  });
});

describe('match', () => {
  it('alternates colours over openings and scores from the first engine', async () => {
    // 'a' mates with black (fool's mate) and gets mated with white: 1 win, 1 loss.
    const foolWhite = ['f2f3', 'g2g4'];
    const foolBlack = ['e7e5', 'd8h4'];
    const report = await runMatch({
      game: 'chess',
      engines: [fake('a', [...foolWhite]), fake('b', [...foolBlack])],
      games: 2,
      movetimeMs: 50,
      openings: [{ moves: [] }],
    });
    // Game 1: a is white and plays f3/g4, b plays e5/Qh4#: a loses. Game 2: b is white but
    // plays e7e5 first: illegal, so a wins.
    expect(report.score).toEqual({ wins: 1, draws: 0, losses: 1 });
    expect(report.records[0]!.first).toBe('a');
    expect(report.records[1]!.first).toBe('b');
    expect(report.elo.elo).toBe(0);
    expect(report.sprt).toBeUndefined();
    // Search tallies by engine, not by colour: 'a' chose two moves (game 1), 'b' two (game 1;
    // its illegal first move in game 2 is not counted).
    expect(report.search[0]).toMatchObject({ moves: 2, depthSum: 3, nodes: 3000 });
    expect(report.search[1]).toMatchObject({ moves: 2, depthSum: 3, nodes: 3000 });
    expect(searchSummary(report.search[0]).meanDepth).toBe(1.5);
    expect(searchSummary(report.search[0]).nps).toBeGreaterThan(0);
    expect(searchSummary(report.search[0]).medianDepth).toBe(1.5);
    expect(searchSummary({ moves: 3, depthMoves: 0, depthSum: 0, nodes: 0, nodesTimeMs: 0 })).toEqual({ meanDepth: undefined, medianDepth: undefined, nps: undefined });
  });

  it('gives the median depth beside the mean, which a few searches run up to the limit pull away', () => {
    // Three moves at depth 12, two at 14 and two where the engine saw a mate and reported 245
    // (counted in the last index): the mean says 79, the median 14.
    const counts = new Array<number>(DEPTH_COUNTS_TOP + 1).fill(0);
    counts[12] = 3;
    counts[14] = 2;
    counts[DEPTH_COUNTS_TOP] = 2;
    const t: SearchTally = { moves: 7, depthMoves: 7, depthSum: 3 * 12 + 2 * 14 + 2 * 245, depthCounts: counts, nodes: 0, nodesTimeMs: 0 };
    expect(searchSummary(t)).toMatchObject({ meanDepth: (36 + 28 + 490) / 7, medianDepth: 14, nps: undefined });
    // An even count: the mean of the middle two.
    expect(searchSummary({ ...t, depthMoves: 4, depthCounts: [0, 0, 1, 1, 2] }).medianDepth).toBe(3.5);
    expect(searchSummary({ ...t, depthMoves: 2, depthCounts: [0, 2] }).medianDepth).toBe(1);
    // Tallies add count by count; with an older record that kept no counts, the sum keeps none.
    const a: SearchTally = { moves: 1, depthMoves: 1, depthSum: 2, depthCounts: [0, 0, 1], nodes: 5, nodesTimeMs: 1 };
    addSearchTally(a, { moves: 2, depthMoves: 2, depthSum: 7, depthCounts: [0, 0, 0, 1, 1], nodes: 5, nodesTimeMs: 1 });
    expect(a).toEqual({ moves: 3, depthMoves: 3, depthSum: 9, depthCounts: [0, 0, 1, 1, 1], nodes: 10, nodesTimeMs: 2 });
    expect(searchSummary(a).medianDepth).toBe(3);
    addSearchTally(a, { moves: 1, depthMoves: 1, depthSum: 5, nodes: 1, nodesTimeMs: 1 });
    expect(a.depthCounts).toBeUndefined();
    expect(searchSummary(a)).toMatchObject({ meanDepth: 14 / 4, medianDepth: undefined });
  });

  it('plays under a time control instead of a time per move, and needs exactly one of the two', async () => {
    const report = await runMatch({
      game: 'chess',
      engines: [fake('a', ['f2f3', 'g2g4']), fake('b', ['e7e5', 'd8h4', '--delay=600'])],
      games: 1,
      timeControl: { baseMs: 1000, incrementMs: 0 },
      openings: [{ moves: [] }],
    });
    // b's second move comes after its second ran out: a loss on time, not the mate.
    expect(report.records[0]).toMatchObject({ result: '1-0', reason: 'b lost on time' });
    const both = { game: 'chess' as const, engines: [fake('a', []), fake('b', [])] as [EngineSpec, EngineSpec], games: 1 };
    await expect(runMatch({ ...both, movetimeMs: 50, timeControl: { baseMs: 500, incrementMs: 0 } })).rejects.toThrow(/not both/);
    await expect(runMatch(both)).rejects.toThrow(UsageError);
  });

  it('stops early when the sequential test decides, and reports only the games played', async () => {
    // 'b' has no moves: its first move is illegal, so 'a' wins every game, with either colour.
    const seen: number[] = [];
    const report = await runMatch({
      game: 'chess',
      engines: [fake('a', ['e2e4']), fake('b', [])],
      games: 100,
      movetimeMs: 50,
      openings: [{ moves: [] }],
      sprt: { elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05 },
      onGame: (_r, _s, done, test) => {
        seen.push(done);
        expect(test).toBeDefined();
      },
    });
    expect(report.score).toEqual({ wins: SPRT_MIN_GAMES, draws: 0, losses: 0 });
    expect(report.records).toHaveLength(SPRT_MIN_GAMES);
    expect(report.records.every((r) => r !== undefined)).toBe(true);
    expect(report.sprt?.verdict).toBe('H1');
    expect(seen).toEqual(Array.from({ length: SPRT_MIN_GAMES }, (_, i) => i + 1));
  }, 30_000);

  it('resumes a stopped match: the games played count and only the missing ones are played', async () => {
    // 'a' wins with white (b's illegal first move) and loses with black (fool's mate), as above,
    // so every even game is a win and every odd one a loss.
    const engines = (): [EngineSpec, EngineSpec] => [fake('a', ['f2f3', 'g2g4']), fake('b', ['e7e5', 'd8h4'])];
    const openings = [{ moves: [] }, { moves: ['e2e4', 'e7e5'] }];
    const full = await runMatch({ game: 'chess', engines: engines(), games: 4, movetimeMs: 50, openings: [{ moves: [] }] });
    expect(full.records.map((r) => r.game)).toEqual([0, 1, 2, 3]);
    // Games 0 and 3 were played before the stop (as a file lists them: in the order they ended).
    const file = [full.records[3]!, full.records[0]!].map((r) => JSON.stringify(r)).join('\n') + '\n';
    const played = readMatchRecords(file);
    const seen: number[] = [];
    const resumed = await runMatch({
      game: 'chess',
      engines: engines(),
      games: 4,
      movetimeMs: 50,
      openings: [{ moves: [] }],
      played,
      onGame: (r, _s, done) => seen.push(r.game! * 10 + done),
    });
    expect(seen).toEqual([13, 24]);
    expect(resumed.score).toEqual(full.score);
    expect(resumed.records.map((r) => r.game)).toEqual([0, 1, 2, 3]);
    // The resumed games' search tallies count too.
    const counts = (t: SearchTally) => [t.moves, t.depthMoves, t.depthSum, t.nodes];
    expect(resumed.search.map(counts)).toEqual(full.search.map(counts));
    expect(full.search[0].moves).toBeGreaterThan(0);
    // A match already complete plays nothing (no engine is even started: 'x' does not exist).
    const none = await runMatch({ game: 'chess', engines: [{ ...fake('a', []), command: '/nonexistent/x' }, fake('b', [])], games: 4, movetimeMs: 50, openings: [{ moves: [] }], played: full.records });
    expect(none.score).toEqual(full.score);
    // Games that do not fit the match are refused before any game starts.
    const swapped = { ...full.records[0]!, first: 'b' };
    await expect(runMatch({ game: 'chess', engines: engines(), games: 4, movetimeMs: 50, openings: [{ moves: [] }], played: [swapped] })).rejects.toThrow(/game 0: b moved first, but here a does/);
    await expect(runMatch({ game: 'chess', engines: engines(), games: 4, movetimeMs: 50, openings, played: [full.records[2]!] })).rejects.toThrow(/game 2: its opening is not this match's line 2/);
    await expect(runMatch({ game: 'chess', engines: engines(), games: 2, movetimeMs: 50, openings: [{ moves: [] }], played: [full.records[3]!] })).rejects.toThrow(/game 3: needs a game number from 0 to 1/);
    await expect(runMatch({ game: 'chess', engines: engines(), games: 4, movetimeMs: 50, openings: [{ moves: [] }], played: [full.records[1]!, full.records[1]!] })).rejects.toThrow(/game 1: played twice/);
  }, 30_000);

  it('reads a match file, naming the line that is not a numbered game record', () => {
    const rec = { first: 'a', second: 'b', opening: [], moves: ['e2e4'], result: '1-0', reason: 'checkmate', game: 0 };
    expect(readMatchRecords(`${JSON.stringify(rec)}\n\n${JSON.stringify({ ...rec, game: 1 })}\n`).map((r) => r.game)).toEqual([0, 1]);
    expect(readMatchRecords('')).toEqual([]);
    expect(() => readMatchRecords(`${JSON.stringify(rec)}\n{"first":`)).toThrow(/line 2: not a JSON game record/);
    expect(() => readMatchRecords('[1,2]')).toThrow(/line 1: not a game record/);
    expect(() => readMatchRecords('null')).toThrow(/line 1: not a game record/);
    const { game: _dropped, ...old } = rec;
    expect(() => readMatchRecords(JSON.stringify(old))).toThrow(/line 1: the game has no number/);
    const tally = { moves: 2, depthMoves: 2, depthSum: 9, nodes: 500, nodesTimeMs: 40 };
    expect(readMatchRecords(JSON.stringify({ ...rec, search: [tally, tally] }))[0]!.search).toEqual([tally, tally]);
    const counted = { ...tally, depthCounts: [0, 1, 0, 1] };
    expect(readMatchRecords(JSON.stringify({ ...rec, search: [counted, tally] }))[0]!.search).toEqual([counted, tally]);
    const tooLong = new Array<number>(DEPTH_COUNTS_TOP + 2).fill(0);
    tooLong[0] = 2;
    for (const bad of [
      [tally],
      [tally, { ...tally, nodes: -1 }],
      [tally, { ...tally, moves: 'x' }],
      'x',
      // Depth counts must be whole counts that add up to the moves with a depth.
      [tally, { ...tally, depthCounts: [0, 1] }],
      [tally, { ...tally, depthCounts: [0, 1.5, 0.5] }],
      [tally, { ...tally, depthCounts: [3, -1] }],
      [tally, { ...tally, depthCounts: 'x' }],
      [tally, { ...tally, depthCounts: tooLong }],
    ]) {
      expect(() => readMatchRecords(JSON.stringify({ ...rec, search: bad }))).toThrow(/line 1: its search tallies are not two sets of counts/);
    }
    const reports = [{ score: 12, depth: 9, nodes: 800, ms: 198 }];
    expect(readMatchRecords(JSON.stringify({ ...rec, reports }))[0]!.reports).toEqual(reports);
    expect(readMatchRecords(JSON.stringify({ ...rec, reports: [{ ms: 5 }] }))[0]!.reports).toEqual([{ ms: 5 }]);
    for (const bad of [[], [...reports, ...reports], [{ score: 1 }], [{ ms: -1 }], [{ ms: 5, depth: 'x' }], [null], 'x']) {
      expect(() => readMatchRecords(JSON.stringify({ ...rec, reports: bad }))).toThrow(/line 1: its move reports are not one for each move after the opening/);
    }
  });
});

describe('test suites through an engine process', () => {
  const suite = readSuite('6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id "back rank";\n6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Kf1;\n6k1/8/8/8/8/8/R7/1R4K1 w - - dm 2;\n', 'chess');
  it('asks for one move a position and counts bm/am by it; dm needs a mate score; an illegal move fails', async () => {
    const seen: string[] = [];
    const report = await solveSuiteWithEngine(fake('f', ['a1a8', '--score=35']), 'chess', suite, { movetimeMs: 20, onResult: (r, done, total) => seen.push(`${done}/${total} ${r.moveNotation}`) });
    expect(seen).toEqual(['1/3 Ra8#', '2/3 Ra8#', '3/3 null']); // a1a8 is not legal in the third
    expect(report.results.map((r) => r.solved)).toEqual([true, false, false]);
    // The only report solved it: found there.
    expect(report.results[0]).toMatchObject({ move: 'a1a8', score: { cp: 35 }, depth: 1, nodes: 1000, found: { depth: 1, nodes: 1000 } });
    expect(report.results[1]!.found).toBeNull();
    expect(report.solved).toBe(1);
    expect(report.total).toBe(3);
    expect(report.nodes).toBe(3000);
    const mates = readSuite('6k1/8/8/8/8/8/R7/1R4K1 w - - dm 2;', 'chess');
    const mateIn = async (n: number): Promise<unknown> => (await solveSuiteWithEngine(fake('m', ['b1b7', `--mate=${n}`]), 'chess', mates, { movetimeMs: 20 })).results[0];
    expect(await mateIn(2)).toMatchObject({ solved: true, score: { mate: 2 } });
    expect(await mateIn(3)).toMatchObject({ solved: false, score: { mate: 3 } });
    expect(await mateIn(-2)).toMatchObject({ solved: false, score: { mate: -2 } });
  }, 30_000);
  it('says where the engine found the answer from its reports: the first of those that solve it to the end', async () => {
    const first = suite.slice(0, 1);
    const at = async (before: string): Promise<unknown> => (await solveSuiteWithEngine(fake('p', ['a1a8', `--before=${before}`]), 'chess', first, { movetimeMs: 20 })).results[0]!.found;
    // Kf1 at depth 1, then Ra8# at depth 2 (the bounds and second lines naming Kf1 do not count).
    expect(await at('g1f1,a1a8')).toMatchObject({ depth: 2, nodes: 20 });
    // Ra8# at depth 1, dropped at depth 2, back in the last report: found only there.
    expect(await at('a1a8,g1f1')).toMatchObject({ depth: 1, nodes: 1000 });
    // A line in another notation (SAN) reads as its move; one the position has not, as wrong.
    expect(await at('Ra8#')).toMatchObject({ depth: 1, nodes: 10 });
    expect(await at('Ra8#,h7h5')).toMatchObject({ depth: 1, nodes: 1000 });
    const found = (await at('a1a8')) as { timeMs: number };
    expect(found.timeMs).toBeGreaterThanOrEqual(0);
  }, 30_000);

  it("reads a UCCI engine's bare scores (mates on ElephantEye's scale) and its nodes from the line after", async () => {
    const spec = (args: string[]): EngineSpec => ({ name: 'u', dialect: 'ucci', command: process.execPath, args: [script, ...args, '--bare=1'], options: [], ranks: 0 });
    for (const [args, score] of [
      [['--score=-35'], -35],
      [['--mate=3'], 100000 - 2], // 9997: three plies to mate, mate in 2
      [['--mate=-4'], -100000 + 2], // -9996: mated in 2
    ] as const) {
      const e = new EngineProcess(spec(['h2e2', ...args]), 'xiangqi', 50);
      await e.start();
      try {
        await e.newGame();
        const r = await e.play([]);
        expect(r).toMatchObject({ move: 'h2e2', score, depth: 1, nodes: 1000 });
        expect(r.progress).toMatchObject([{ score, depth: 1, nodes: 1000, move: 'h2e2' }]);
      } finally {
        await e.quit();
      }
    }
  }, 30_000);

  it('a missing engine is an error, and the run ends', async () => {
    const missing: EngineSpec = { name: 'none', dialect: 'uci', command: join(dir, 'no-such-engine'), args: [], options: [], ranks: 0 };
    await expect(solveSuiteWithEngine(missing, 'chess', suite, { movetimeMs: 20 })).rejects.toThrow(QiengineError);
  });
});
