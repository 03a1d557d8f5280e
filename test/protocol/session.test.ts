import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ELO_MAX, ELO_MIN, Engine, ProtocolSession, buildPolyglotBook, skillForElo, winDrawLoss } from '../../src/index.js';
import { rng, sharedData } from '../helpers/data.js';
import { driver, type LineDriver } from '../helpers/protocol.js';

/** Files a session may read by name in these tests (a stand-in for the file system). */
const FILES = new Map<string, Uint8Array>([
  ['BOOK.DAT', new Uint8Array(readFileSync(sharedData('eleeye-BOOK.DAT')))],
  ['chess.bin', buildPolyglotBook([{ moves: ['e4', 'e5', 'Nf3'], result: '1/2-1/2' }, { moves: ['e4', 'c5'], result: '1/2-1/2' }])],
  ['shuffle.bin', buildPolyglotBook([{ moves: ['Nf3', 'Nf6', 'Ng1', 'Ng8', 'e4'] }])],
  ['junk.bin', new Uint8Array(13)],
]);

function readFile(path: string): Uint8Array {
  const f = FILES.get(path);
  if (f === undefined) throw Object.assign(new Error(`no such file ${path}`), { code: 'ENOENT' });
  return f;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function session(engine?: Engine): { s: ProtocolSession; out: string[] } & LineDriver {
  const out: string[] = [];
  const s = new ProtocolSession((l) => out.push(l), { engine: engine ?? new Engine({ thread: 'inline' }), readFile, random: rng(11) });
  return { s, out, ...driver(s, out) };
}

describe('UCI', () => {
  it('answers uci, isready and quit', async () => {
    const { s, send } = session();
    const hello = send('uci');
    expect(hello[0]).toMatch(/^id name qiengine/);
    expect(hello).toContain('option name UCI_Variant type combo default chess var chess var xiangqi');
    expect(hello.at(-1)).toBe('uciok');
    expect(send('isready')).toEqual(['readyok']);
    expect(send('quit')).toEqual([]);
    expect(s.finished).toBe(true);
  });

  it('xiangqi: d prints the board, Fen, Key (key64) and Lock1 for every vector', async () => {
    const { send } = session();
    send('uci', 'setoption name UCI_Variant value xiangqi');
    const cases: Array<[string, string, string]> = [
      ['position startpos', '8f899c24e6db463e', '052656d5'],
      ['position startpos moves h2e2', 'eabc90f8e2049e57', 'eb505d7d'],
      ['position startpos moves h2e2 h9g7', 'fa12f0104ebda1f1', 'df3ad30d'],
      ['position startpos moves h2e2 h7e7', 'dcf02f51f0128fd3', 'd72f0aa7'],
      ['position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h7e7 e2e6', 'bb9629ee456e2919', '762a6b65'],
    ];
    for (const [pos, key, lock1] of cases) {
      const out = send(pos, 'd');
      expect(out).toContain(`Key: ${key}`);
      expect(out).toContain(`Lock1: ${lock1}`);
      expect(out.some((l) => l.startsWith('Fen: '))).toBe(true);
      expect(out[0]).toMatch(/^9 {2}r/);
    }
  });

  it('xiangqi: go perft N prints one line per root move, a blank line, then the total', async () => {
    const { send } = session();
    send('setoption name UCI_Variant value xiangqi');
    const out = send('position startpos', 'go perft 2');
    expect(out.length).toBe(44 + 2);
    expect(out[44]).toBe('');
    expect(out[45]).toBe('Nodes searched: 1920');
    expect(out.slice(0, 44).every((l) => /^[a-i]\d[a-i]\d: \d+$/.test(l))).toBe(true);
  });

  it('xiangqi: a bad position line changes nothing', async () => {
    const { send } = session();
    send('setoption name UCI_Variant value xiangqi', 'position startpos moves h2e2');
    const before = send('d');
    expect(send('position startpos moves h2e2 h9h2')[0]).toMatch(/^info string illegal move 'h9h2'/);
    expect(send('position fen rnbakabnr/9 w')[0]).toMatch(/^info string invalid FEN \(board\)/);
    expect(send('position sideways')[0]).toMatch(/^info string position:/);
    expect(send('d')).toEqual(before);
  });

  it('UCI_Variant: chess by default, xiangqi and chess selectable, anything else rejected', async () => {
    const { s, send } = session();
    send('uci');
    expect(s.variant).toBe('chess');
    expect(send('setoption name UCI_Variant value xiangqi')).toEqual([]);
    expect(s.variant).toBe('xiangqi');
    expect(send('setoption name UCI_Variant value chess')).toEqual([]);
    expect(s.variant).toBe('chess');
    expect(send('setoption name UCI_Variant value shogi')[0]).toMatch(/unknown variant/);
    expect(s.variant).toBe('chess');
    expect(send('setoption name Hash value 32')).toEqual([]);
    expect(s.options.get('hash')).toBe('32');
  });

  it('Threads (UCI) and threads (UCCI) are offered, checked, and reach the engine', async () => {
    const engine = new Engine({ thread: 'inline' });
    const { s, send, think } = session(engine);
    expect(send('uci')).toContain('option name Threads type spin default 1 min 1 max 64');
    for (const bad of ['0', '65', 'two', '']) {
      expect(send(`setoption name Threads value ${bad}`)).toEqual(['info string Threads: expected a number of threads from 1 to 64']);
    }
    expect(s.options.get('threads')).toBeUndefined();
    expect(send('setoption name Threads value 2')).toEqual([]);
    expect(s.options.get('threads')).toBe('2');
    // An inline engine has no workers: one thread searches, and the answer is still a move.
    expect((await think('position startpos', 'go depth 3')).at(-1)).toMatch(/^bestmove \S+/);
    expect(send('ucci')).toContain('option threads type spin min 1 max 64 default 1');
    expect(send('setoption threads 0')).toEqual(['info string threads: expected a number of threads from 1 to 64']);
    expect(send('setoption threads 3')).toEqual([]);
  });

  it('eval shows the static evaluation, whose parts add up to the final score; debug and register are accepted', () => {
    const { send } = session();
    send('uci', 'position startpos moves e2e4');
    const out = send('eval');
    expect(out[0]).toBe("Evaluation terms (centipawns from white's view; the tempo goes to the side to move):");
    const term = (name: string) => Number(out.find((l) => l.trim().startsWith(name + ' '))!.trim().split(/\s+/)[1]);
    const final = Number(/^Final evaluation: (-?\d+) \(side to move\)$/.exec(out.at(-1)!)![1]);
    // Black to move: the first player's parts count against it, the tempo for it.
    expect(final).toBe(-(term('pieceSquare') + term('patterns')) + term('tempo'));
    send('setoption name UCI_Variant value xiangqi', 'position startpos');
    const x = send('eval');
    expect(x[0]).toMatch(/red's view/);
    const xt = (name: string) => Number(x.find((l) => l.trim().startsWith(name + ' '))!.trim().split(/\s+/)[1]);
    expect(Number(/(-?\d+)/.exec(x.at(-1)!)![1])).toBe(xt('pieceSquare') + xt('imbalance') + xt('attack') + xt('patterns') + xt('tempo'));
    // The patterns' own parts, indented under them, add up to them within rounding.
    const under = x.slice(x.findIndex((l) => l.trim().startsWith('patterns ')) + 1).filter((l) => l.startsWith('    '));
    expect(under.map((l) => l.trim().split(/\s+/)[0])).toEqual(['cannonThreats', 'pins', 'rookMobility', 'horses']);
    expect(Math.abs(['cannonThreats', 'pins', 'rookMobility', 'horses'].reduce((a, n) => a + xt(n), 0) - xt('patterns'))).toBeLessThanOrEqual(5);
    // Where the patterns' cap binds, what it took off is one more part, and they still add up.
    send('position fen 1nb1kab2/4a1n2/r3c4/2p1p3p/p1P3p1C/5r3/P3P1P1P/2C5B/3K5/RNBc1A1NR w - - 0 17');
    const c = send('eval');
    const ct = (name: string) => Number(c.find((l) => l.trim().startsWith(name + ' '))!.trim().split(/\s+/)[1]);
    const capped = c.slice(c.findIndex((l) => l.trim().startsWith('patterns ')) + 1).filter((l) => l.startsWith('    '));
    expect(capped.map((l) => l.trim().split(/\s+/)[0])).toEqual(['cannonThreats', 'pins', 'rookMobility', 'horses', 'cap']);
    expect(ct('cap')).toBeGreaterThan(0);
    expect(Math.abs(['cannonThreats', 'pins', 'rookMobility', 'horses', 'cap'].reduce((a, n) => a + ct(n), 0) - ct('patterns'))).toBeLessThanOrEqual(5);
    expect(Number(/(-?\d+)/.exec(c.at(-1)!)![1])).toBe(ct('pieceSquare') + ct('imbalance') + ct('attack') + ct('patterns') + ct('tempo'));
    expect(send('debug on', 'debug off', 'register later')).toEqual([]);
  });

  it('unknown and garbage lines get info string, and 10,000 random lines never break the loop', async () => {
    const { s, send } = session();
    expect(send('hello world')).toEqual(["info string unknown command 'hello'"]);
    expect(send('go perft x')[0]).toMatch(/^info string go perft/);
    const rand = rng(99);
    const words = ['infinite', 'ponder', 'ponderhit', 'probe', 'multipv', 'searchmoves', 'uci', 'ucci', 'isready', 'position', 'startpos', 'fen', 'moves', 'go', 'perft', '1', '2', 'd', 'setoption', 'name', 'value', 'banmoves', 'h2e2', 'h9g7', 'stop', 'ucinewgame', 'x', '\u0000', '炮二平五', '-1', '99', 'e2e4', 'e7e8q', 'UCI_Variant', 'chess', 'xiangqi', 'e1g1', 'eval', 'mate', 'draw', 'debug', 'Skill', 'Level', 'contempt', 'Contempt'];
    for (let i = 0; i < 10_000; i++) {
      const n = Math.floor(rand() * 6);
      let line = Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]!).join(' ');
      if (line.startsWith('quit')) continue;
      // Searches are bounded so that 10,000 lines stay quick; the garbage around them stays.
      if (line.startsWith('go')) line += ' nodes 300';
      expect(() => s.handle(line)).not.toThrow();
    }
    // Searches started by the garbage (some infinite) answer once stopped; the loop survives.
    for (let k = 0; k < 100_000 && s.busy; k++) {
      s.handle('stop');
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(s.busy).toBe(false);
    expect(s.finished).toBe(false);
    expect(send('isready')).toEqual(['readyok']);
  });
});

describe('UCI search', () => {
  it('go depth / nodes / movetime / clock answer a legal bestmove with info lines', async () => {
    const { send, think } = session();
    send('uci', 'position startpos moves e2e4');
    const out = await think('go depth 3');
    expect(out.filter((l) => l.startsWith('info depth')).length).toBe(3);
    expect(out[0]).toMatch(/^info depth 1 seldepth \d+ score cp -?\d+ nodes \d+ nps \d+ hashfull \d+ time \d+ pv [a-h]/);
    expect(out.at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
    const limited = await think('go nodes 5000');
    expect(limited.at(-1)).toMatch(/^bestmove /);
    // The node limit stops the search inside a depth: the last full depth's line is reported
    // again with the whole search's nodes (more) and time, as Stockfish does at a stop.
    const infos = limited.filter((l) => l.startsWith('info depth'));
    const field = (l: string, k: string) => new RegExp(`\\b${k} (\\S+)`).exec(l)![1]!;
    const [done, final] = infos.slice(-2) as [string, string];
    expect(field(final, 'depth')).toBe(field(done, 'depth'));
    expect(final.slice(final.indexOf(' pv '))).toBe(done.slice(done.indexOf(' pv ')));
    expect(Number(field(final, 'nodes'))).toBeGreaterThan(Number(field(done, 'nodes')));
    expect(Number(field(final, 'time'))).toBeGreaterThanOrEqual(Number(field(done, 'time')));
    // Every report counts from the search's start: nodes never fall.
    const nodes = infos.map((l) => Number(field(l, 'nodes')));
    expect(nodes).toEqual([...nodes].sort((x, y) => x - y));
    expect((await think('go movetime 50')).at(-1)).toMatch(/^bestmove /);
    expect((await think('go wtime 1000 btime 1000 winc 10 binc 10')).at(-1)).toMatch(/^bestmove /);
    expect((await think('go depth 2 searchmoves a7a6')).at(-1)).toMatch(/^bestmove a7a6/);
    expect((await think('go depth x'))[0]).toMatch(/^info string go: depth needs a non-negative number/);
  });

  it('go mate N searches until it finds a mate in N, and stops there', async () => {
    const { send, think } = session();
    // A back-rank mate in 1: with no time limit given, the search stops at the first depth that
    // proves it.
    send('uci', 'position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1');
    const out = await think('go mate 1');
    expect(out.at(-1)).toBe('bestmove d1d8');
    const infos = out.filter((l) => l.startsWith('info depth'));
    expect(infos.at(-1)).toMatch(/score mate 1 /);
    // It stopped at the depth that found it, well before the depths it would reach in a second.
    expect(Number(/depth (\d+)/.exec(infos.at(-1)!)![1])).toBeLessThanOrEqual(3);
    send('position fen r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4');
    const scholar = await think('go mate 1 depth 10');
    expect(scholar.at(-1)).toMatch(/^bestmove h5f7/);
    expect((await think('go mate 0'))[0]).toMatch(/^info string go: mate needs a whole number/);
    expect((await think('go mate x'))[0]).toMatch(/^info string go: mate needs a non-negative number/);
  });

  it('Skill Level (UCCI skilllevel) weakens the search: shallower, and only the lines asked for are reported; Contempt moves the worth of a draw', async () => {
    const { s, send, think } = session();
    expect(send('uci')).toContain('option name Skill Level type spin default 20 min 0 max 20');
    for (const bad of ['21', '-1', 'x', '']) expect(send(`setoption name Skill Level value ${bad}`)).toEqual(['info string Skill Level: expected a whole number from 0 to 20']);
    expect(s.options.has('skill level')).toBe(false);
    expect(send('setoption name Skill Level value 2', 'position startpos')).toEqual([]);
    const out = await think('go depth 10');
    const infos = out.filter((l) => l.startsWith('info depth'));
    expect(infos.every((l) => !l.includes(' multipv '))).toBe(true);
    expect(Math.max(...infos.map((l) => Number(/depth (\d+)/.exec(l)![1])))).toBe(3);
    expect(out.at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
    expect(send('setoption name Contempt value 2000')).toEqual(['info string Contempt: expected centipawns from -1000 to 1000']);
    expect(s.options.has('contempt')).toBe(false);
    expect(send('setoption name Contempt value -300', 'position startpos moves g1f3 g8f6 f3g1 f6g8', 'setoption name Skill Level value 20')).toEqual([]);
    expect((await think('go depth 4')).at(-1)).toMatch(/^bestmove g1f3/);
    expect(send('setoption name Contempt value 0')).toEqual([]);
    expect((await think('go depth 4')).at(-1)).not.toMatch(/^bestmove g1f3/);
    expect(send('ucci')).toContain('option skilllevel type spin min 0 max 20 default 20');
    expect(send('setoption skilllevel 20')).toEqual([]);
    expect(Math.max(...(await think('go depth 5')).filter((l) => l.startsWith('info depth')).map((l) => Number(/depth (\d+)/.exec(l)![1])))).toBe(5);
  });

  it('Randomness (UCCI randomness, by ElephantEye\'s grades) varies the move played; 0 or none turns it off', async () => {
    const { s, send, think } = session(new Engine({ thread: 'inline', random: rng(4) }));
    expect(send('uci')).toContain('option name Randomness type spin default 0 min 0 max 500');
    for (const bad of ['501', '-1', 'x', '1.5', 'constructor']) {
      expect(send(`setoption name Randomness value ${bad}`)).toEqual(['info string Randomness: expected none, tiny, small, medium, large or huge, or centipawns from 0 to 500']);
    }
    expect(s.options.has('randomness')).toBe(false);
    expect(send('ucci')).toContain('option randomness type combo var none var tiny var small var medium var large var huge default none');
    const grades = [['none', 0], ['tiny', 10], ['Small', 20], ['medium', 40], ['large', 80], ['HUGE', 160], ['75', 75]] as const;
    for (const [grade, cp] of grades) {
      expect(send(`setoption randomness ${grade}`)).toEqual([]);
      expect(s.options.get('randomness')).toBe(String(cp));
    }
    const first = async (): Promise<string> => (await think('position startpos', 'go depth 3')).at(-1)!;
    send('setoption randomness huge');
    const varied = new Set<string>();
    for (let k = 0; k < 6; k++) varied.add(await first());
    expect(varied.size).toBeGreaterThan(1);
    send('setoption randomness none');
    const fixed = new Set<string>();
    for (let k = 0; k < 3; k++) fixed.add(await first());
    expect(fixed.size).toBe(1);
  });

  it("UCCI reports as ElephantEye does: info depth D score S pv ..., a bare score, then info time T nodes N", async () => {
    const { send, think } = session();
    send('ucci', 'position fen 3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 0 1');
    const out = await think('go depth 4');
    const depthLines = out.filter((l) => l.startsWith('info depth '));
    expect(depthLines.length).toBeGreaterThan(0);
    for (const l of depthLines) expect(l).toMatch(/^info depth \d+ score -?\d+ pv( [a-i]\d[a-i]\d)+$/);
    // Each is followed by its time and nodes.
    for (const l of depthLines) expect(out[out.indexOf(l) + 1]).toMatch(/^info time \d+ nodes \d+$/);
    // Two rooks mate in 2: three plies, 10000 - 3 on ElephantEye's scale.
    expect(depthLines.at(-1)).toMatch(/ score 9997 pv /);
    expect(out.some((l) => / cp | mate /.test(l))).toBe(false);
  });

  it('UCCI pruning and knowledge (ElephantEye\'s grades): none turns null moves or the pattern terms off', async () => {
    const { s, send, think } = session();
    const hello = send('ucci');
    expect(hello).toContain('option pruning type combo var none var small var medium var large default large');
    expect(hello).toContain('option knowledge type combo var none var small var medium var large default large');
    // The search's trace: every depth's score and line, and the nodes after the last. Two settings
    // can meet on one node count by chance (an evaluation change made knowledge none's tree at
    // depth 6 come to the default's count once), hardly on the whole trace.
    const trace = async (): Promise<string> => {
      send('setoption newgame');
      const out = await think('position startpos', 'go depth 6');
      // UCCI gives the nodes in the `info time T nodes N` line after each depth's line.
      expect(out.some((l) => l.startsWith('info depth 6 score '))).toBe(true);
      const count = Number(/^info time \d+ nodes (\d+)$/.exec(out.filter((l) => l.startsWith('info time ')).at(-1)!)![1]);
      expect(count).toBeGreaterThan(0);
      return [...out.filter((l) => l.startsWith('info depth ')), `nodes ${String(count)}`].join('\n');
    };
    const base = await trace();
    expect(send('setoption pruning none')).toEqual([]);
    expect(s.options.get('pruning')).toBe('false');
    const noNull = await trace();
    expect(noNull).not.toBe(base);
    expect(send('setoption pruning Large', 'setoption knowledge none')).toEqual([]);
    const plain = await trace();
    expect(plain).not.toBe(base);
    expect(plain).not.toBe(noNull);
    expect(send('setoption knowledge small')).toEqual([]);
    expect(await trace()).toBe(base);
    for (const bad of ['', 'lots', '2']) expect(send(`setoption knowledge ${bad}`)).toEqual(['info string knowledge: expected none, small, medium or large']);
    expect(s.options.get('knowledge')).toBe('true');
  });

  it('UCI_LimitStrength with UCI_Elo plays at a rating, over the Skill Level; without it, the Elo is only kept', async () => {
    const { s, send, think } = session();
    const hello = send('uci');
    expect(hello).toContain('option name UCI_LimitStrength type check default false');
    expect(hello).toContain(`option name UCI_Elo type spin default ${ELO_MIN} min ${ELO_MIN} max ${ELO_MAX}`);
    const deepest = (out: string[]) => Math.max(...out.filter((l) => l.startsWith('info depth')).map((l) => Number(/depth (\d+)/.exec(l)![1])));
    for (const bad of [String(ELO_MIN - 1), String(ELO_MAX + 1), '1500.5', 'x', '']) {
      expect(send(`setoption name UCI_Elo value ${bad}`)).toEqual([`info string UCI_Elo: expected a whole number from ${ELO_MIN} to ${ELO_MAX}`]);
    }
    expect(s.options.has('uci_elo')).toBe(false);
    expect(send('setoption name UCI_LimitStrength value maybe')).toEqual(['info string UCI_LimitStrength: expected true or false']);
    // The Elo alone changes nothing until strength is limited.
    expect(send(`setoption name UCI_Elo value ${ELO_MIN}`, 'setoption name Skill Level value 20', 'position startpos')).toEqual([]);
    expect(deepest(await think('go depth 5'))).toBe(5);
    expect(send('setoption name UCI_LimitStrength value true')).toEqual([]);
    const out = await think('go depth 12');
    expect(deepest(out)).toBe(1 + Math.floor(skillForElo(ELO_MIN)));
    expect(out.at(-1)).toMatch(/^bestmove [a-h][1-8][a-h][1-8]/);
    // Limited strength with no Elo given plays at the lowest rating; full strength again when off.
    const fresh = session();
    expect(fresh.send('setoption name UCI_LimitStrength value true', 'position startpos')).toEqual([]);
    expect(deepest(await fresh.think('go depth 12'))).toBe(1 + Math.floor(skillForElo(ELO_MIN)));
    expect(send('setoption name UCI_LimitStrength value false')).toEqual([]);
    expect(deepest(await think('go depth 5'))).toBe(5);
  });

  it('a fixed movetime keeps back 2% of itself for the reply, at most the Move Overhead', async () => {
    const asked: Array<number | undefined> = [];
    class SpyEngine extends Engine {
      override search(...args: Parameters<Engine['search']>): ReturnType<Engine['search']> {
        asked.push(args[1]?.movetimeMs);
        return super.search(...args);
      }
    }
    const { send, think } = session(new SpyEngine({ thread: 'inline' }));
    send('uci', 'position startpos');
    await think('go movetime 200');
    send('setoption name Move Overhead value 5');
    await think('go movetime 400');
    await think('go movetime 200');
    expect(asked).toEqual([196, 395, 196]);
  });

  it('the Perpetual Chase option decides whether a chasing cycle loses in the search', async () => {
    const { send, think } = session();
    expect(send('uci')).toContain('option name Perpetual Chase type check default true');
    // Red's rook has chased the cannon on both its moves and the cannon went back; red's d3c3
    // would repeat as the chaser, a loss under the rule (UCI ranks 0-9).
    send('setoption name UCI_Variant value xiangqi', 'position fen 5k3/9/9/9/2c6/9/3R5/9/9/4K4 w - - 0 1 moves d3c3 c5d5 c3d3 d5c5');
    const judged = await think('go depth 4 searchmoves d3c3');
    expect(judged.filter((l) => l.startsWith('info depth 4 ')).at(-1)).toMatch(/ score cp -29900 /);
    expect(send('setoption name Perpetual Chase value maybe')).toEqual(['info string Perpetual Chase: expected true or false']);
    // The refused value changed nothing: the rule still judges the cycle.
    const still = await think('go depth 4 searchmoves d3c3');
    expect(still.filter((l) => l.startsWith('info depth 4 ')).at(-1)).toMatch(/ score cp -29900 /);
    send('setoption name Perpetual Chase value false');
    const plain = await think('go depth 4 searchmoves d3c3');
    expect(plain.filter((l) => l.startsWith('info depth 4 ')).at(-1)).toMatch(/ score cp 50 /);
  });

  it('Move Limit and Limit Counts Checks set xiangqi\'s move limit in the search (UCI and UCCI)', async () => {
    // Two plies before the 60-move limit; the mate takes three, two of them checks.
    const fen = '3k5/9/9/9/9/9/9/9/R8/1R3K3 w - - 118 80';
    const scoreAt = async (think: (l: string) => Promise<string[]>): Promise<string | undefined> => (await think('go depth 5')).filter((l) => l.startsWith('info depth 5 ')).at(-1)?.replace(/^.* score (\S+ -?\d+) .*$/, '$1');
    const uci = session();
    const hello = uci.send('uci');
    expect(hello).toContain('option name Move Limit type spin default 120 min 0 max 1000');
    expect(hello).toContain('option name Limit Counts Checks type check default true');
    uci.send('setoption name UCI_Variant value xiangqi', `position fen ${fen}`);
    expect(await scoreAt(uci.think)).toBe('cp 50');
    expect(uci.send('setoption name Move Limit value -1')).toEqual(['info string Move Limit: expected plies from 0 (no limit) to 1000']);
    expect(uci.send('setoption name Limit Counts Checks value perhaps')).toEqual(['info string Limit Counts Checks: expected true or false']);
    expect(await scoreAt(uci.think)).toBe('cp 50'); // refused values changed nothing
    uci.send('setoption name Limit Counts Checks value false');
    expect(await scoreAt(uci.think)).toBe('mate 2');
    uci.send('setoption name Limit Counts Checks value true', 'setoption name Move Limit value 0');
    expect(await scoreAt(uci.think)).toBe('mate 2');
    uci.send('setoption name Move Limit value 119');
    expect(await scoreAt(uci.think)).toBe('cp 50'); // the clock already stands at the limit
    const ucci = session();
    const ucciHello = ucci.send('ucci');
    expect(ucciHello).toContain('option movelimit type spin min 0 max 1000 default 120');
    expect(ucciHello).toContain('option limitcountschecks type check default true');
    // UCCI's score is a bare number: mate in 2 (three plies) is ElephantEye's 10000 - 3.
    const ucciScoreAt = async (): Promise<string | undefined> => (await ucci.think('go depth 5')).filter((l) => l.startsWith('info depth 5 ')).at(-1)?.replace(/^info depth 5 score (-?\d+) pv .*$/, '$1');
    ucci.send(`position fen ${fen}`, 'setoption limitcountschecks false');
    expect(await ucciScoreAt()).toBe('9997');
    ucci.send('setoption limitcountschecks true');
    expect(await ucciScoreAt()).toBe('50');
    ucci.send('setoption movelimit 200');
    expect(await ucciScoreAt()).toBe('9997');
  });

  it('finds mate and reports it as mate N; a finished game answers bestmove (none)', async () => {
    const { send, think } = session();
    send('uci', 'position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1');
    const out = (await think('go depth 3'));
    expect(out.some((l) => / score mate 1 /.test(l))).toBe(true);
    expect(out.at(-1)).toBe('bestmove a1a8');
    send('position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1');
    expect((await think('go depth 3')).at(-1)).toBe('bestmove (none)');
  });
});

describe('UCI chess', () => {
  it('plain uci plays chess: position, d with the Polyglot key, go perft', async () => {
    const { send } = session();
    send('uci');
    const d = send('position startpos moves e2e4 d7d5 e4e5 f7f5', 'd');
    expect(d[0]).toBe('8  r n b q k b n r');
    expect(d).toContain('Fen: rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3');
    expect(d).toContain('Key: 22a48b5a8e47ff78');
    expect(send('position startpos', 'd')).toContain('Key: 463b96181691fc9c');
    const perft = send('position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 'go perft 3');
    expect(perft.length).toBe(48 + 2);
    expect(perft).toContain('e1g1: 2059');
    expect(perft.at(-1)).toBe('Nodes searched: 97862');
  });

  it('moves must be UCI; a bad move, FEN or castling leaves the position as it was', async () => {
    const { send } = session();
    send('uci', 'position startpos moves e2e4');
    const before = send('d');
    expect(send('position startpos moves e4')[0]).toMatch(/^info string illegal move 'e4': expected a UCI move/);
    expect(send('position startpos moves e2e5')[0]).toMatch(/^info string illegal move 'e2e5'/);
    expect(send('position startpos moves e1g1')[0]).toMatch(/^info string illegal move 'e1g1'/);
    expect(send('position fen 8/8/8/8/8/8/8/8 w - - 0 1')[0]).toMatch(/^info string invalid FEN \(board\): expected one white king/);
    expect(send('d')).toEqual(before);
    expect(send('position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1', 'd')).toContain('Fen: r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4');
  });
});

describe('UCI_ShowWDL', () => {
  it('adds wdl W D L after the score when on, from the fitted model, and not when off', async () => {
    const { send, think } = session();
    expect(send('uci')).toContain('option name UCI_ShowWDL type check default false');
    const off = await think('position startpos', 'go depth 3');
    expect(off.filter((l) => l.includes(' wdl '))).toEqual([]);
    expect(send('setoption name UCI_ShowWDL value true')).toEqual([]);
    const on = (await think('position startpos', 'go depth 3')).filter((l) => l.startsWith('info depth'));
    expect(on.length).toBeGreaterThan(0);
    for (const l of on) {
      const m = / score cp (-?\d+) wdl (\d+) (\d+) (\d+) nodes /.exec(l)!;
      expect(m).not.toBeNull();
      expect([Number(m[2]), Number(m[3]), Number(m[4])]).toEqual(winDrawLoss('chess', { cp: Number(m[1]) }));
    }
    expect(send('setoption name UCI_ShowWDL value maybe')).toEqual(['info string UCI_ShowWDL: expected true or false']);
  });
});

describe('UCCI', () => {
  it('ucci enters ElephantEye mode: ucciok, banmoves, nobestmove, bye', async () => {
    const { s, send, think } = session();
    const hello = send('ucci');
    expect(hello.at(-1)).toBe('ucciok');
    expect(hello).toContain('option perpetualchase type check default true');
    expect(s.mode).toBe('ucci');
    expect(s.variant).toBe('xiangqi');
    expect(send('setoption name UCI_Variant value chess')[0]).toMatch(/UCCI plays xiangqi only/);
    expect(send('setoption hashsize 32')).toEqual([]);
    expect(send('setoption perpetualchase false')).toEqual([]);
    expect(send('setoption perpetualchase sometimes')[0]).toMatch(/perpetualchase: expected true or false/);
    send('position startpos', 'banmoves h2e2 b2e2');
    const perft = send('go perft 1');
    expect(perft).not.toContain('h2e2: 1');
    expect(perft.at(-1)).toBe('Nodes searched: 42');
    expect(send('banmoves z0z0')[0]).toMatch(/^info string/);
    const go = (await think('go depth 3'));
    expect(go.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
    expect(go.at(-1)).not.toMatch(/bestmove (h2e2|b2e2)/); // banned
    expect(go.filter((l) => l.startsWith('info depth')).length).toBe(3);
    send('position fen 3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1');
    expect((await think('go depth 2')).at(-1)).toBe('nobestmove');
    expect(send('quit')).toEqual(['bye']);
  });

  it('go draw: a draw offer is taken where the position is no better than a draw, refused where it is won', async () => {
    const { send, think } = session();
    send('ucci');
    // A rook up: refused.
    expect(send('position fen 3k5/9/9/9/R8/9/9/9/9/4K4 w - - 0 1')).toEqual([]);
    expect((await think('go draw depth 4')).at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d( ponder \S+)?$/);
    // A rook down: taken.
    expect(send('position fen 3k5/9/9/9/r8/9/9/9/9/4K4 w - - 0 1')).toEqual([]);
    expect((await think('go draw depth 4')).at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d( ponder \S+)? draw$/);
    // The same position without an offer: a plain answer.
    expect((await think('go depth 4')).at(-1)).not.toMatch(/draw$/);
  });

  it('ponderhit draw: the offer that comes with the expected move is answered as go draw is', async () => {
    const { send, s, out } = session();
    send('ucci', 'position fen 3k5/9/9/9/r8/9/9/9/9/4K4 w - - 0 1', 'go ponder depth 3');
    s.handle('ponderhit draw');
    await s.idle();
    expect(out.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d( ponder \S+)? draw$/);
  });

  it('resignscore: bestmove carries resign after three lost scores in a row; newgame starts the count again', async () => {
    const { send, think } = session();
    expect(send('ucci')).toContain('option resignscore type spin min 0 max 10000 default 0');
    // Off by default: never.
    const lost = 'position fen 3k5/r8/r8/9/9/9/9/9/9/4K4 w - - 0 1';
    for (let i = 0; i < 4; i++) expect((await think(lost, 'go depth 3')).at(-1)).not.toMatch(/resign$/);
    expect(send('setoption resignscore 500')).toEqual([]);
    expect((await think(lost, 'go depth 3')).at(-1)).not.toMatch(/resign$/);
    expect((await think(lost, 'go depth 3')).at(-1)).not.toMatch(/resign$/);
    expect((await think(lost, 'go depth 3')).at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d( ponder \S+)? resign$/);
    // A position that is not lost breaks the run.
    send('setoption newgame');
    expect((await think(lost, 'go depth 3')).at(-1)).not.toMatch(/resign$/);
    expect((await think('position startpos', 'go depth 3')).at(-1)).not.toMatch(/resign$/);
    expect((await think(lost, 'go depth 3')).at(-1)).not.toMatch(/resign$/);
    expect((await think(lost, 'go depth 3')).at(-1)).not.toMatch(/resign$/);
    // Analysis (go infinite) is not a move of the game: it neither resigns nor counts.
    send(lost, 'go infinite depth 3');
    await sleep(100);
    expect((await think('stop')).at(-1)).not.toMatch(/resign$/);
    expect((await think(lost, 'go depth 3')).at(-1)).toMatch(/ resign$/);
    expect(send('setoption resignscore 20000')).toEqual(['info string resignscore: expected centipawns from 0 (never) to 10000']);
  });
});

describe('opening books', () => {
  it('UCI: OwnBook and BookFile answer from a Polyglot book, and search once it runs out', async () => {
    const { send, think } = session();
    const hello = send('uci');
    expect(hello).toContain('option name OwnBook type check default false');
    expect(hello).toContain('option name BookFile type string default <empty>');
    expect(send('setoption name BookFile value chess.bin')).toEqual(['info string BookFile: Polyglot book for chess, 4 records']);
    // Off by default: the engine searches.
    let out = await think('position startpos', 'go depth 1');
    expect(out.some((l) => l.startsWith('info depth 1'))).toBe(true);
    send('setoption name OwnBook value true');
    out = await think('position startpos', 'go depth 8');
    expect(out).toEqual(['info string book move e2e4 (e4, weight 2, 100.0%)', 'bestmove e2e4']);
    out = await think('position startpos moves e2e4', 'go movetime 50');
    expect(out.at(-1)).toMatch(/^bestmove (e7e5|c7c5)$/);
    expect(out[0]).toMatch(/^info string book move (e7e5 \(e5|c7c5 \(c5), weight 1, 50.0%\)$/);
    // searchmoves leaves out the book's other moves; analysis never reads the book.
    out = await think('go depth 2 searchmoves c7c5');
    expect(out).toEqual(['info string book move c7c5 (c5, weight 1, 100.0%)', 'bestmove c7c5']);
    out = await think('position startpos moves e2e4 e7e5 g1f3', 'go depth 2');
    expect(out.some((l) => l.startsWith('info depth 2'))).toBe(true);
    const t = think('position startpos', 'go infinite');
    await new Promise((r) => setTimeout(r, 30));
    send('stop');
    out = await t;
    expect(out.some((l) => l.includes('book move'))).toBe(false);
    // A book move that would repeat a position of the game is not played.
    send('setoption name BookFile value shuffle.bin');
    out = await think('position startpos moves g1f3 g8f6', 'go depth 1');
    expect(out[0]).toBe('info string book move f3g1 (Ng1, weight 1, 100.0%)');
    out = await think('position startpos moves g1f3 g8f6 f3g1', 'go depth 1');
    expect(out.some((l) => l.includes('book move'))).toBe(false);
    out = await think('position startpos moves g1f3 g8f6 f3g1 f6g8', 'go depth 1');
    expect(out[0]).toBe('info string book move e2e4 (e4, weight 1, 100.0%)');
  });

  it('UCCI: usebook and bookfiles play from BOOK.DAT, mirrored positions too, never a banned move', async () => {
    const { send, think } = session();
    const hello = send('ucci');
    expect(hello).toContain('option usebook type check default false');
    expect(hello).toContain('option bookfiles type string default <empty>');
    expect(send('setoption bookfiles BOOK.DAT', 'setoption usebook true')).toEqual(['info string bookfiles: ElephantEye book for xiangqi, 12081 records']);
    let out = await think('position startpos', 'go depth 3');
    expect(out).toHaveLength(2);
    const first = /^bestmove ([a-i]\d[a-i]\d)$/.exec(out[1]!)![1]!;
    expect(out[0]).toMatch(new RegExp(`^info string book move ${first} \\(`));
    // After 炮八平五 (b2e2) the book's answer is found through the mirror of 炮二平五.
    out = await think('position startpos moves b2e2', 'go depth 3');
    expect(out.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d$/);
    expect(out[0]).toMatch(/^info string book move/);
    out = await think('position startpos moves b2e2', 'banmoves b9c7 h9g7 b7e7 h7e7', 'go depth 2');
    expect(out.some((l) => l.includes('book move'))).toBe(false);
    expect(out.at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d( ponder [a-i]\d[a-i]\d)?$/);
    send('setoption usebook false');
    out = await think('position startpos', 'go depth 1');
    expect(out.some((l) => l.includes('book move'))).toBe(false);
  });

  it('a book for the other game is kept but not read; bad files and values change nothing', async () => {
    const { send, think } = session();
    send('uci', 'setoption name OwnBook value true');
    expect(send('setoption name BookFile value BOOK.DAT')).toEqual(['info string BookFile: ElephantEye book for xiangqi, 12081 records']);
    let out = await think('position startpos', 'go depth 1');
    expect(out.some((l) => l.includes('book move'))).toBe(false);
    send('setoption name UCI_Variant value xiangqi');
    out = await think('position startpos', 'go depth 1');
    expect(out[0]).toMatch(/^info string book move/);
    expect(send('setoption name BookFile value missing.bin')).toEqual(["info string BookFile: cannot read 'missing.bin': ENOENT"]);
    expect(send('setoption name BookFile value junk.bin')).toEqual(['info string BookFile: ElephantEye book: its length, 13 bytes, is not a whole number of 8-byte records']);
    expect(send('setoption name OwnBook value maybe')).toEqual(['info string OwnBook: expected true or false']);
    out = await think('position startpos', 'go depth 1');
    expect(out[0]).toMatch(/^info string book move/);
    expect(send('setoption name BookFile value <empty>')).toEqual([]);
    out = await think('position startpos', 'go depth 1');
    expect(out.some((l) => l.includes('book move'))).toBe(false);
    const said: string[] = [];
    const noFiles = new ProtocolSession((l) => said.push(l), { engine: new Engine({ thread: 'inline' }) });
    noFiles.handle('setoption name BookFile value BOOK.DAT');
    expect(said).toEqual(['info string BookFile: this session cannot read files']);
    noFiles.handle('quit');
  });
});

describe('options and probe', () => {
  it('MultiPV adds multipv k to info lines; Clear Hash empties the table; probe answers pophash', async () => {
    const { send, think } = session();
    send('uci', 'setoption name MultiPV value 3', 'position startpos');
    const out = await think('go depth 3');
    expect(out.filter((l) => l.startsWith('info depth 3')).map((l) => / multipv (\d) /.exec(l)?.[1])).toEqual(['1', '2', '3']);
    expect(send('setoption name MultiPV value 0')[0]).toMatch(/^info string MultiPV/);
    expect(send('setoption name Hash value lots')[0]).toMatch(/^info string Hash/);
    send('setoption name MultiPV value 1');
    const best = (await think('go depth 4')).at(-1)!.split(' ')[1]!;
    const probed = await think('probe');
    expect(probed[0]).toMatch(new RegExp(`^pophash bestmove ${best} (lowerbound -?\\d+ depth \\d+ ?)?(upperbound -?\\d+ depth \\d+)?`));
    send('setoption name Clear Hash');
    expect(await think('probe')).toEqual(['pophash']);
    // probe may name its own position; a bad one is refused, and the session's stays as it was.
    const before = send('d');
    expect(await think('probe sideways')).toEqual(["info string position: expected 'startpos' or 'fen <fen>': probe sideways"]);
    expect((await think('probe startpos moves e2e5'))[0]).toMatch(/^info string illegal move 'e2e5'/);
    expect(await think('probe startpos moves e2e4')).toEqual(['pophash']);
    expect(send('d')).toEqual(before);
  });

  it('an unknown option name is answered and changes nothing; GUI-only and ElephantEye options are accepted', async () => {
    const { send, think } = session();
    send('uci', 'position startpos moves e2e4');
    const before = send('d');
    expect(send('setoption name Nonsense value 3')).toEqual(["info string setoption: unknown option 'Nonsense'"]);
    expect(send('setoption name UCI_Chess960 value true')).toEqual(["info string setoption: unknown option 'UCI_Chess960'"]);
    expect(send('setoption name UCI_AnalyseMode value true', 'setoption name UCI_Opponent value none 2000 computer Other')).toEqual([]);
    expect(send('setoption idle large', 'setoption style risky', 'setoption promotion false', 'setoption batch on')).toEqual([]);
    // Check options take true or false only, as the others do.
    expect(send('setoption name Ponder value maybe')).toEqual(['info string Ponder: expected true or false']);
    expect(send('setoption usemillisec perhaps')).toEqual(['info string usemillisec: expected true or false']);
    expect(send('d')).toEqual(before);
    expect((await think('go depth 2')).at(-1)).toMatch(/^bestmove [a-h]/);
  });

  it('searchmoves takes the moves up to go\'s next word, each legal, at least one', async () => {
    const { send, think } = session();
    send('uci', 'position startpos moves e2e4');
    const picked = (await think('go searchmoves a7a6 h7h6 depth 2')).at(-1)!;
    expect(picked).toMatch(/^bestmove (a7a6|h7h6)\b/);
    // A bad move is named, not taken as the list's end; an empty list is refused. Neither searches.
    const bad = await think('go depth 2 searchmoves a7a6 zz99');
    expect(bad).toHaveLength(1);
    expect(bad[0]).toMatch(/^info string illegal move 'zz99': expected a UCI move/);
    expect(await think('go depth 2 searchmoves')).toEqual(['info string go: searchmoves needs at least one move']);
    expect(await think('go searchmoves depth 2')).toEqual(['info string go: searchmoves needs at least one move']);
    expect((await think('go depth 2 searchmoves a7a5')).at(-1)).toMatch(/^bestmove a7a5\b/);
  });

  it('UCCI go time/increment/opptime and ponder with ponderhit', async () => {
    const { send, think } = session();
    send('ucci', 'position startpos moves h2e2');
    expect((await think('go time 2000 increment 0 opptime 2000')).at(-1)).toMatch(/^bestmove [a-i]\d[a-i]\d/);
    expect(send('setoption usemillisec false')).toEqual([]);
    expect((await think('go time 2 increment 0')).at(-1)).toMatch(/^bestmove /);
    expect(send('go time -5')[0]).toMatch(/^info string go: time needs a non-negative number/);
  });
});
