import { describe, expect, it } from 'vitest';
import { Chess, Engine, Xiangqi, XboardSession } from '../../src/index.js';
import { rng } from '../helpers/data.js';
import { driver, type LineDriver } from '../helpers/protocol.js';
import { writeTableFile } from '../../src/tablebase/file.js';
import { buildTables, type GeneratedTable } from '../../src/tablebase/generate.js';
import { parseMaterial } from '../../src/tablebase/material.js';

function session(engine = new Engine({ thread: 'inline' })): { s: XboardSession; out: string[] } & LineDriver {
  const out: string[] = [];
  const s = new XboardSession((l) => out.push(l), { engine });
  return { s, out, ...driver(s, out) };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** The engine's moves among the replies. */
const movesIn = (lines: string[]): string[] => lines.filter((l) => l.startsWith('move ')).map((l) => l.slice(5));

describe('xboard protocol', () => {
  it('announces its features for protover 2, ending with done=1', () => {
    const { send } = session();
    expect(send('xboard')).toEqual([]);
    const f = send('protover 2');
    expect(f[0]).toBe('feature done=0');
    expect(f.at(-1)).toBe('feature done=1');
    const all = f.join(' ');
    for (const feature of ['variants="normal,xiangqi"', 'setboard=1', 'usermove=1', 'ping=1', 'playother=1', 'analyze=1', 'san=0', 'myname="qiengine']) {
      expect(all).toContain(feature);
    }
    expect(all).toContain('option="Skill Level -spin 20 0 20"');
    expect(all).toContain('option="Randomness -spin 0 0 500"');
  });

  it('random toggles varied play (GNU Chess\'s random mode) and new turns it off; option Randomness sets it', async () => {
    const { send, think } = session(new Engine({ thread: 'inline', random: rng(3) }));
    const opening = async (...setup: string[]): Promise<string> => movesIn(await think('new', 'variant xiangqi', ...setup, 'sd 3', 'go'))[0]!;
    const plain = await opening();
    expect(await opening()).toBe(plain);
    const varied = new Set<string>();
    for (let k = 0; k < 6; k++) varied.add(await opening('random'));
    expect(varied.size).toBeGreaterThan(1);
    // random twice is off again
    for (let k = 0; k < 3; k++) expect(await opening('random', 'random')).toBe(plain);
    expect(send('option Randomness=501')[0]).toMatch(/^Error \(randomness: expected a whole number from 0 to 500\)/);
    send('option Randomness=160');
    const byOption = new Set<string>();
    for (let k = 0; k < 6; k++) byOption.add(await opening());
    expect(byOption.size).toBeGreaterThan(1);
    send('option Randomness=0');
    expect(await opening()).toBe(plain);
  });

  it('plays black in chess after new, answering a user move with a legal move', async () => {
    const { think } = session();
    const out = await think('xboard', 'new', 'sd 3', 'usermove e2e4');
    const [reply] = movesIn(out);
    expect(reply).toBeDefined();
    const game = new Chess();
    game.move('e4');
    expect(game.moves()).toContain(reply);
    expect(await think('ping 7')).toEqual(['pong 7']);
  });

  it('plays xiangqi after variant xiangqi, with moves in ICCS and bare moves accepted', async () => {
    const { think } = session();
    const out = await think('new', 'variant xiangqi', 'sd 3', 'h2e2');
    const [reply] = movesIn(out);
    const game = new Xiangqi();
    game.move('h2e2');
    expect(game.moves()).toContain(reply);
  });

  it('posts thinking lines as depth, score, centiseconds, nodes and the line', async () => {
    const { think } = session();
    const out = await think('new', 'post', 'sd 4', 'e2e4');
    const posts = out.filter((l) => /^\d+ -?\d+ \d+ \d+ /.test(l));
    expect(posts.map((l) => Number(l.split(' ')[0]))).toEqual([1, 2, 3, 4]);
    // The last line's first move is the move played.
    expect(posts.at(-1)!.split(' ')[4]).toBe(movesIn(out)[0]);
    const quiet = await think('nopost', 'remove', 'e2e4');
    expect(quiet.filter((l) => /^\d+ -?\d+ /.test(l))).toEqual([]);
  });

  it('in force mode takes moves for both sides without moving; go makes it play the side to move', async () => {
    const { think } = session();
    expect(await think('new', 'force', 'sd 2', 'e2e4', 'e7e5', 'g1f3')).toEqual([]);
    const out = await think('go');
    const game = new Chess();
    for (const m of ['e4', 'e5', 'Nf3']) game.move(m);
    expect(game.moves()).toContain(movesIn(out)[0]);
    // Now it plays black: white's next move is answered.
    const after = new Chess(game.fen());
    after.move(movesIn(out)[0]!);
    const next = after.moves()[0]!;
    expect(movesIn(await think(next))).toHaveLength(1);
  });

  it('playother makes it play the side not on move, and waits', async () => {
    const { think } = session();
    expect(await think('new', 'sd 2', 'force', 'playother')).toEqual([]);
    expect(movesIn(await think('d2d4'))).toHaveLength(1);
  });

  it('answers an illegal or malformed move with Illegal move and changes nothing', async () => {
    const { think } = session();
    expect(await think('new', 'force', 'usermove e2e5')).toEqual(['Illegal move: e2e5']);
    expect(await think('usermove zz')).toEqual(['Illegal move: zz']);
    expect(await think('usermove')).toEqual(['Illegal move: ']);
    // The position is still the start: e2e4 is legal, and the undo takes back only it.
    expect(await think('e2e4', 'undo', 'e2e4', 'e7e5')).toEqual([]);
  });

  it('answers unknown commands, bad arguments and unknown variants with Error and carries on', async () => {
    const { think } = session();
    expect(await think('frobnicate 3')).toEqual(['Error (unknown command): frobnicate 3']);
    expect((await think('variant shogi'))[0]).toMatch(/^Error \(unsupported variant 'shogi'/);
    expect((await think('level 40 x 0'))[0]).toMatch(/^Error \(level needs MPS BASE INC/);
    expect((await think('sd -1'))[0]).toMatch(/^Error \(sd needs a non-negative number/);
    expect((await think('time'))[0]).toMatch(/^Error \(time needs/);
    expect((await think('edit'))[0]).toMatch(/^Error \(not supported/);
    expect((await think('undo'))[0]).toMatch(/^Error \(no move to take back/);
    expect(await think('ping 1')).toEqual(['pong 1']);
  });

  it('rejects a bad setboard with tellusererror and keeps its position', async () => {
    const { think } = session();
    await think('new', 'force', 'e2e4');
    expect(await think('setboard rnbqkbnr/pppppppp/8/8 w KQkq - 0 1')).toEqual(['tellusererror Illegal position']);
    // Black is still to move after e2e4.
    expect(await think('e7e5')).toEqual([]);
    expect(await think('e7e5')).toEqual(['Illegal move: e7e5']);
  });

  it('reads a xiangqi setboard in the letters XBoard writes (H for the horse, E for the elephant)', async () => {
    const { think } = session();
    const out = await think('new', 'variant xiangqi', 'force', 'setboard rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RHEAKAEHR b - - 1 1', 'sd 2', 'go');
    const game = new Xiangqi('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1');
    expect(game.moves()).toContain(movesIn(out)[0]);
  });

  it('announces mate after its own mating move, in chess and in xiangqi', async () => {
    const { think } = session();
    // White mates with Qh5xf7 (scholar's mate).
    const chess = await think('new', 'force', 'setboard r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4', 'sd 3', 'go');
    expect(chess).toEqual(['move h5f7', '1-0 {White wins by checkmate}']);
    // Red's rook mates on the back rank while the kings face each other across an open file.
    const xq = await think('new', 'variant xiangqi', 'force', 'setboard 3k5/9/9/9/9/9/9/9/9/R3K4 w', 'sd 3', 'go');
    expect(movesIn(xq)).toHaveLength(1);
    expect(xq.at(-1)).toBe('1-0 {Red wins by checkmate}');
  });

  it('announces the end when the user mates it, and then does not move', async () => {
    const { think } = session();
    const out = await think('new', 'force', 'setboard r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4', 'playother', 'h5f7');
    expect(out).toEqual(['1-0 {White wins by checkmate}']);
    expect(await think('go')).toEqual([]);
    expect(await think('a7a6')).toEqual(['Illegal move (the game is over): a7a6']);
  });

  it('after result it does not move; new starts a chess game again', async () => {
    const { think } = session();
    await think('new', 'variant xiangqi', 'force', 'h2e2');
    expect(await think('result 1-0 {adjudication}', 'go')).toEqual([]);
    expect((await think('new', 'sd 2', 'e2e4'))[0]).toMatch(/^move [a-h][1-8][a-h][1-8]/);
  });

  it('remove takes back a move of each side and plays on with the same colour', async () => {
    const { think } = session();
    const first = movesIn(await think('new', 'sd 3', 'e2e4'));
    expect(first).toHaveLength(1);
    expect(await think('remove')).toEqual([]);
    // White to move again; the engine still plays black.
    expect(movesIn(await think('d2d4'))).toHaveLength(1);
  });

  it('stops at ? and plays the best move so far; force drops the move being searched', async () => {
    const { s, out, think } = session();
    await think('new', 'st 60');
    s.handle('e2e4');
    await sleep(150);
    s.handle('?');
    await s.idle();
    expect(movesIn(out)).toHaveLength(1);
    out.length = 0;
    s.handle('remove');
    s.handle('d2d4');
    await sleep(150);
    s.handle('force');
    s.handle('ping 9');
    await s.idle();
    expect(movesIn(out)).toEqual([]);
    expect(out.at(-1)).toBe('pong 9');
  });

  it('answers ping after the move it is thinking about, not before', async () => {
    const { think } = session();
    const out = await think('new', 'sd 3', 'e2e4', 'ping 3');
    expect(out.filter((l) => !/^\d/.test(l)).map((l) => l.split(' ')[0])).toEqual(['move', 'pong']);
  });

  it('takes a draw offer when its last search found it worse off, and not otherwise', async () => {
    const { think } = session();
    // Black (the engine) has a bare king against a queen.
    await think('new', 'force', 'setboard 4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1', 'playother', 'sd 3', 'd2d3');
    expect(await think('draw')).toEqual(['offer draw']);
    // Here the engine (black) is the one with the queen.
    await think('new', 'force', 'setboard 4k3/3q4/8/8/8/8/8/4K3 w - - 0 1', 'playother', 'sd 3', 'e1f1');
    expect(await think('draw')).toEqual([]);
  });

  it('gives a hint for the position after its move', async () => {
    const { think } = session();
    const reply = movesIn(await think('new', 'sd 4', 'e2e4'))[0]!;
    const hint = await think('hint');
    expect(hint).toHaveLength(1);
    const game = new Chess();
    game.move('e4');
    game.move(reply);
    expect(game.moves()).toContain(hint[0]!.replace('Hint: ', ''));
  });

  it('analyses without moving, answers . with stat01, and restarts on a move', async () => {
    const { s, out, think } = session();
    await think('new', 'force');
    s.handle('analyze');
    await sleep(200);
    s.handle('.');
    s.handle('ping 4');
    const stat = out.find((l) => l.startsWith('stat01: '));
    expect(stat).toMatch(/^stat01: \d+ \d+ \d+ 0 20$/);
    expect(out.at(-1)).toBe('pong 4');
    s.handle('e2e4');
    await sleep(100);
    out.length = 0;
    await sleep(100);
    // The new analysis is of black's replies.
    const lines = out.filter((l) => /^\d+ -?\d+ /.test(l));
    expect(lines.length).toBeGreaterThan(0);
    const game = new Chess();
    game.move('e4');
    expect(game.moves()).toContain(lines[0]!.split(' ')[4]);
    s.handle('exit');
    await s.idle();
    expect(movesIn(out)).toEqual([]);
    // After exit it is in force mode: a move gets no answer.
    expect(await think('e7e5')).toEqual([]);
  });

  it('analysis of a proven mate ends once, without starting again', async () => {
    const { s, think } = session();
    const out = await think('new', 'force', 'setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 'analyze');
    expect(s.busy).toBe(false);
    expect(out.at(-1)).toMatch(/^\d+ 100001 \d+ \d+ a1a8$/);
    expect(await think('exit')).toEqual([]);
  });

  it('exclude and include leave moves out of the analysis of the position they were given in', async () => {
    const { s, send, think } = session();
    const pvLines = (lines: string[]): string[] => lines.filter((l) => /^\d+ -?\d+ /.test(l));
    const firstMoves = (lines: string[]): Set<string> => new Set(pvLines(lines).map((l) => l.split(' ')[4]!));
    expect(send('protover 2').join(' ')).toContain('exclude=1');
    // a1a8 mates at once; the analysis finds it and ends.
    let lines = await think('new', 'force', 'sd 3', 'setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 'analyze');
    expect(lines.at(-1)).toMatch(/^\d+ 100001 \d+ \d+ a1a8$/);
    // Without the mate the analysis starts again on the other moves.
    lines = await think('exclude a1a8');
    expect(pvLines(lines).length).toBeGreaterThan(0);
    expect(firstMoves(lines).has('a1a8')).toBe(false);
    lines = await think('include a1a8');
    expect(lines.at(-1)).toMatch(/^\d+ 100001 \d+ \d+ a1a8$/);
    // Every move left out: nothing to analyse, and the session waits; one let back in is the line.
    expect(await think('exclude all')).toEqual([]);
    expect(s.busy).toBe(false);
    lines = await think('include g1f1');
    expect([...firstMoves(lines)]).toEqual(['g1f1']);
    // A move that is not legal here is an error, and the list stays.
    expect(send('exclude a1a9')[0]).toMatch(/^Error \(.*\): exclude a1a9$/);
    await s.idle();
    // A move ends the list: black's analysis after g1h1 sees its moves, and white's again after
    // the take-back sees every move, the mate too.
    lines = await think('g1h1');
    expect(pvLines(lines).length).toBeGreaterThan(0);
    lines = await think('undo');
    expect(lines.at(-1)).toMatch(/^\d+ 100001 \d+ \d+ a1a8$/);
    expect(await think('exit')).toEqual([]);
  });

  it('nps turns the move time into a node budget and reports time as nodes over the rate', async () => {
    const { send, think } = session();
    expect(send('protover 2').join(' ')).toContain('nps=1');
    const out = await think('new', 'post', 'st 5', 'nps 2000', 'e2e4');
    const thinking = out.filter((l) => /^\d+ -?\d+ \d+ \d+ /.test(l));
    expect(movesIn(out)).toHaveLength(1);
    // 5 virtual seconds at 2,000 nodes a second: 10,000 nodes at most (the search looks at the
    // limit every 128 nodes).
    const last = thinking.at(-1)!.split(' ').map(Number);
    expect(last[3]).toBeLessThanOrEqual(10_000 + 128);
    for (const l of thinking) {
      const [, , cs, nodes] = l.split(' ').map(Number);
      expect(cs).toBe(Math.round((nodes! * 100) / 2000));
    }
    expect(send('nps x')[0]).toMatch(/^Error \(nps needs a non-negative number\)/);
    // No pondering on a virtual clock: after its move the engine waits.
    const { s: s2, out: out2 } = session();
    for (const l of ['new', 'hard', 'st 1', 'nps 5000', 'e2e4']) s2.handle(l);
    for (let i = 0; i < 100 && movesIn(out2).length === 0; i++) await sleep(50);
    await sleep(100);
    expect(movesIn(out2)).toHaveLength(1);
    expect(s2.busy).toBe(false);
  });

  it('egtpath qiengine DIR loads the endgame tables the search then scores exactly', async () => {
    const built = new Map<string, GeneratedTable>();
    buildTables(parseMaterial('chess', 'KRvK'), built);
    const tables = [...built.values()].map((t) => writeTableFile(t.material, t.values, t.longestWin));
    const dirs: string[] = [];
    const out: string[] = [];
    const s = new XboardSession((l) => out.push(l), {
      engine: new Engine({ thread: 'inline' }),
      readTablebases: (dir) => (dirs.push(dir), dir === '/corrupt' ? [Uint8Array.of(1, 2, 3, 4)] : tables),
    });
    const { send, think } = driver(s, out);
    expect(send('protover 2').join(' ')).toContain('egt="qiengine"');
    // A long KRvK win: at depth 2 only the tables can see the mate.
    const fen = '8/8/8/8/8/3k4/8/R6K w - - 0 1';
    const plain = await think('new', 'force', 'sd 2', 'post', `setboard ${fen}`, 'go');
    expect(plain.filter((l) => /^\d+ 1000\d\d /.test(l))).toEqual([]);
    expect(send('egtpath qiengine /tables/chess')).toEqual([]);
    expect(dirs).toEqual(['/tables/chess']);
    const known = await think('force', `setboard ${fen}`, 'go');
    expect(known.some((l) => /^\d+ 1000\d\d \d+ \d+ /.test(l))).toBe(true);
    // A damaged file is a typed error, and the tables loaded before stay.
    expect(send('egtpath qiengine /corrupt')[0]).toMatch(/^Error \(not a table file .*\): egtpath qiengine \/corrupt$/);
    expect((await think('force', `setboard ${fen}`, 'go')).some((l) => /^\d+ 1000\d\d \d+ \d+ /.test(l))).toBe(true);
    // Another format, or a session that cannot read files, is refused.
    expect(send('egtpath syzygy /tb')[0]).toMatch(/^Error \(egtpath: only the qiengine format is read/);
    const { send: bare } = session();
    expect(bare('egtpath qiengine /tb')[0]).toMatch(/^Error \(egtpath: this session cannot read files\)/);
    expect(bare('egtpath qiengine')).toEqual([]);
  });

  it('pause stops the engine thinking (a running search is dropped), resume starts it again', async () => {
    const { s, send, think } = session();
    expect(send('protover 2').join(' ')).toContain('pause=1');
    // Paused before the move: the engine waits, and answers once resumed.
    expect(await think('new', 'sd 2', 'pause', 'e2e4')).toEqual([]);
    expect(s.busy).toBe(false);
    expect(await think('ping 1')).toEqual(['pong 1']);
    const [reply] = movesIn(await think('resume'));
    const game = new Chess();
    game.move('e4');
    expect(game.moves()).toContain(reply);
    // Paused while it thinks: the search is dropped without a move, and run again on resume.
    const { s: s2, out } = session();
    s2.handle('new');
    s2.handle('st 1');
    s2.handle('d2d4');
    await sleep(100);
    expect(s2.busy).toBe(true);
    s2.handle('pause');
    await s2.idle();
    await sleep(1200);
    expect(movesIn(out)).toEqual([]);
    s2.handle('resume');
    await s2.idle();
    expect(movesIn(out)).toHaveLength(1);
  });

  it('resigns instead of moving after three lost scores in a row when Resign is set, and not by default', async () => {
    /** Plays white's first move that leaves the game going, until the engine (black) resigns or `limit` moves. */
    async function play(resign: string | null, limit: number): Promise<{ replies: string[]; engineMoves: number }> {
      const { think } = session();
      const fen = '4k3/8/8/8/8/8/8/RQ2K3 w - - 0 1';
      await think('new', 'force', `setboard ${fen}`, 'sd 2', 'playother', ...(resign === null ? [] : [`option Resign=${resign}`]));
      const game = new Chess(fen);
      let replies: string[] = [];
      let engineMoves = 0;
      for (let i = 0; i < limit; i++) {
        const mine = game.moves().find((m) => {
          const next = new Chess(game.fen());
          next.move(m);
          return !next.status().over;
        })!;
        game.move(mine);
        replies = await think(mine);
        const [reply] = movesIn(replies);
        if (reply === undefined) break;
        engineMoves++;
        game.move(reply);
      }
      return { replies, engineMoves };
    }
    const resigned = await play('500', 5);
    expect(resigned.engineMoves).toBe(2);
    expect(resigned.replies).toEqual(['resign']);
    const never = await play(null, 4);
    expect(never.engineMoves).toBe(4);
  });

  it('takes its options, memory and cores, and rejects values out of range', async () => {

    const { think } = session();
    expect(await think('option Skill Level=5', 'option Contempt=-30', 'option Perpetual Chase=0', 'memory 8', 'cores 1')).toEqual([]);
    expect((await think('option Skill Level=99'))[0]).toMatch(/^Error \(skill level: expected a whole number from 0 to 20/);
    expect((await think('option Perpetual Chase=yes'))[0]).toMatch(/^Error \(perpetual chase: expected 0 or 1/);
    expect(await think('option Move Limit=100', 'option Limit Counts Checks=0')).toEqual([]);
    expect((await think('option Move Limit=1001'))[0]).toMatch(/^Error \(move limit: expected a whole number from 0 to 1000/);
    expect((await think('option Limit Counts Checks=2'))[0]).toMatch(/^Error \(limit counts checks: expected 0 or 1/);
    expect((await think('option Hash=5'))[0]).toMatch(/^Error \(unknown option 'hash'/);
    expect((await think('option Resign=-1'))[0]).toMatch(/^Error \(resign: expected a whole number from 0 to 10000/);
    expect((await think('memory lots'))[0]).toMatch(/^Error \(memory needs/);
  });

  it('plays under level and time, and under st', async () => {
    const { think } = session();
    expect(movesIn(await think('new', 'level 40 0:05 0', 'time 500', 'otim 500', 'e2e4'))).toHaveLength(1);
    expect(movesIn(await think('new', 'level 0 1 1', 'time 300', 'd2d4'))).toHaveLength(1);
    expect(movesIn(await think('new', 'st 0.1', 'c2c4'))).toHaveLength(1);
  });

  it('survives garbage lines and still answers ping', async () => {
    const { s, out } = session();
    const random = rng(5);
    const words = ['usermove', 'level', 'time', 'setboard', 'option', 'sd', 'st', 'undo', 'remove', 'variant', 'protover', 'result', 'draw', 'hint', '.', '?', 'e2e4', 'h2e2', 'zz', '\u0000', '-1', '1e99', '=', 'NaN', 'xiangqi', 'normal', 'force', 'exclude', 'include', 'all', 'pause', 'resume', 'nps'];
    for (let i = 0; i < 2000; i++) {
      const n = 1 + Math.floor(random() * 4);
      const line = Array.from({ length: n }, () => words[Math.floor(random() * words.length)]!).join(' ');
      expect(() => s.handle(line)).not.toThrow();
    }
    await s.idle();
    out.length = 0;
    s.handle('force');
    s.handle('ping 77');
    await s.idle();
    expect(out.at(-1)).toBe('pong 77');
  });

  it('quit ends the session and drops a search in progress', async () => {
    const { s, out } = session();
    s.handle('new');
    s.handle('st 60');
    s.handle('e2e4');
    await sleep(50);
    s.handle('quit');
    await s.idle();
    expect(s.finished).toBe(true);
    expect(movesIn(out)).toEqual([]);
  });
});

describe('xboard pondering (hard)', () => {
  /** Waits until the replies hold `count` moves of the engine (or fails after 10 s). */
  async function movesAfter(out: string[], count: number): Promise<string[]> {
    for (let i = 0; i < 1000 && movesIn(out).length < count; i++) await sleep(10);
    return movesIn(out);
  }

  it('ponders on the reply it expects; when that reply comes its move follows at once', async () => {
    const { s, out } = session();
    for (const l of ['new', 'hard', 'sd 4', 'e2e4']) s.handle(l);
    const [reply] = await movesAfter(out, 1);
    s.handle('hint');
    const guess = out.find((l) => l.startsWith('Hint: '))!.slice(6);
    // It thinks on: the ponder search to depth 4 has ended and waits for the reply.
    await sleep(50);
    expect(s.busy).toBe(true);
    out.length = 0;
    s.handle('ping 12');
    expect(out).toEqual(['pong 12']);
    s.handle(`usermove ${guess}`);
    const [second] = await movesAfter(out, 1);
    const game = new Chess();
    for (const m of ['e2e4', reply!, guess]) game.move(m);
    expect(game.moves()).toContain(second);
    s.handle('easy');
    s.handle('force');
    await s.idle();
    expect(s.busy).toBe(false);
  });

  it('drops the ponder search on another reply, and answers that one', async () => {
    const { s, out } = session();
    for (const l of ['new', 'hard', 'sd 3', 'd2d4']) s.handle(l);
    const [reply] = await movesAfter(out, 1);
    s.handle('hint');
    const guess = out.find((l) => l.startsWith('Hint: '))!.slice(6);
    const game = new Chess();
    game.move('d2d4');
    game.move(reply!);
    const other = game.moves().find((m) => m !== guess)!;
    out.length = 0;
    s.handle(other);
    const [second] = await movesAfter(out, 1);
    game.move(other);
    expect(game.moves()).toContain(second);
    s.handle('quit');
    await s.idle();
    expect(s.finished).toBe(true);
  });

  it('does not ponder when easy, and easy stops a ponder search', async () => {
    const { s, out, think } = session();
    await think('new', 'sd 3', 'e2e4');
    expect(s.busy).toBe(false);
    s.handle('hard');
    s.handle('remove');
    s.handle('e2e4');
    await movesAfter(out, 1);
    await sleep(20);
    expect(s.busy).toBe(true);
    s.handle('easy');
    await s.idle();
    expect(s.busy).toBe(false);
  });
});
