import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eloFromScore, estimateElo } from '../../src/match/elo.js';
import { EngineProcess, parseEngineSpec, type EngineSpec } from '../../src/match/engine-process.js';
import { BALANCED_OPENINGS, readOpenings } from '../../src/match/openings.js';
import { playGame } from '../../src/match/referee.js';
import { progressBar, runMatch } from '../../src/match/match.js';
import { openSession } from '../../src/engine/games.js';

/**
 * A scripted UCI engine: answers each `go` with the next move of its list (or with what the
 * list says: `crash`, `silent`), and reports a fixed score.
 */
const FAKE = `
const args = process.argv.slice(2);
const moves = args.filter((a) => !a.startsWith('--score='));
const score = Number((args.find((a) => a.startsWith('--score=')) ?? '--score=0').slice(8));
let seen = 0;
require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => {
  if (l === 'uci') console.log('uciok');
  else if (l === 'isready') console.log('readyok');
  else if (l === 'ucinewgame') seen = 0;
  else if (l.startsWith('go')) {
    const m = moves[seen++] ?? 'a1a1';
    if (m === 'crash') process.exit(3);
    if (m === 'silent') return;
    console.log('info depth 1 score cp ' + score + ' pv ' + m);
    console.log('bestmove ' + m);
  } else if (l === 'quit') process.exit(0);
});`;
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

  it('draws the progress bar', () => {
    expect(progressBar(5, 10, { wins: 3, draws: 1, losses: 1 }, 10)).toBe('[#####     ] 5/10 +3 =1 -1 70.0%');
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
        expect(line.length).toBe(6);
        expect(() => openSession({ game, moves: line })).not.toThrow();
      }
    }
  });
});

describe('openings files', () => {
  it('reads one line per opening, skipping blank and # lines', () => {
    const text = '# made by hand\n\nh2e2 h9g7\r\n  b0c2   b9c7 \n';
    expect(readOpenings(text, 'xiangqi')).toEqual([['h2e2', 'h9g7'], ['b0c2', 'b9c7']]);
    expect(readOpenings('e2e4 e7e5\nd2d4', 'chess')).toEqual([['e2e4', 'e7e5'], ['d2d4']]);
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
      return await playGame('chess', a, b, opening, { maxPlies });
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

describe('xboard engines', () => {
  it('a draw claim without grounds loses; moves and force mode follow the protocol', async () => {
    const xb = join(dir, 'fake-xboard.cjs');
    writeFileSync(
      xb,
      `let n = 0; const replies = process.argv.slice(2);
require('node:readline').createInterface({ input: process.stdin }).on('line', (l) => {
  if (l === 'protover 2') console.log('feature usermove=1 ping=1 done=1');
  else if (l.startsWith('ping')) console.log('pong' + l.slice(4));
  else if (l === 'go') { const r = replies[n++]; console.log(r.startsWith('1/2') ? r : 'move ' + r); }
  else if (l === 'quit') process.exit(0);
});`,
    );
    const claimer: EngineSpec = { name: 'claimer', dialect: 'xboard', command: process.execPath, args: [xb, 'e2e4', '1/2-1/2 {Draw by fifty move rule}'], options: [], ranks: 0 };
    const a = new EngineProcess(claimer, 'chess', 50);
    const b = new EngineProcess(fake('b', ['e7e5']), 'chess', 50);
    await a.start();
    await b.start();
    try {
      const r = await playGame('chess', a, b, []);
      expect(r.moves).toEqual(['e2e4', 'e7e5']);
      expect(r.result).toBe('0-1');
      expect(r.reason).toMatch(/claimer gave no move: claimer claims a draw/);
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
      openings: [[]],
    });
    // Game 1: a is white and plays f3/g4, b plays e5/Qh4#: a loses. Game 2: b is white but
    // plays e7e5 first: illegal, so a wins.
    expect(report.score).toEqual({ wins: 1, draws: 0, losses: 1 });
    expect(report.records[0]!.first).toBe('a');
    expect(report.records[1]!.first).toBe('b');
    expect(report.elo.elo).toBe(0);
  });
});
