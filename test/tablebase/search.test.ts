import { describe, expect, it } from 'vitest';
import { Chess, Engine, ProtocolSession, TablebaseError, Tablebases, Xiangqi } from '../../src/index.js';
import { workerUrl } from '../helpers/worker.js';
import { writeTableFile } from '../../src/tablebase/file.js';
import { buildTables, type GeneratedTable } from '../../src/tablebase/generate.js';
import { parseMaterial } from '../../src/tablebase/material.js';

/** Table files of a material and those its captures lead to. */
function files(game: 'chess' | 'xiangqi', name: string): Uint8Array[] {
  const built = new Map<string, GeneratedTable>();
  buildTables(parseMaterial(game, name), built);
  return [...built.values()].map((t) => writeTableFile(t.material, t.values, t.longestWin));
}

const KRK = files('chess', 'KRvK');
// A long KRvK win, which a 4-ply search sees only through the table.
const LONGEST = '8/8/8/8/8/3k4/8/R6K w - - 0 1';

/** The mate in moves the tables give a position (the side to move winning). */
function tableMate(tables: Uint8Array[], game: Chess | Xiangqi): number {
  const set = new Tablebases();
  for (const f of tables) set.addFile(f);
  const r = set.probe(game)!;
  expect(r.result).toBe('win');
  return (r.plies + 1) / 2;
}
const MATE = tableMate(KRK, new Chess(LONGEST));

describe('searching with endgame tables', () => {
  it('scores a table position exactly at a shallow depth, and counts the probes', () => {
    const without = new Engine({ thread: 'inline' });
    const plain = without.searchSync({ game: 'chess', fen: LONGEST }, { depth: 4 });
    expect('cp' in plain.score).toBe(true);
    expect(plain.tbhits).toBe(0);
    const engine = new Engine({ thread: 'inline', tablebases: KRK });
    const r = engine.searchSync({ game: 'chess', fen: LONGEST }, { depth: 4 });
    expect(r.score).toEqual({ mate: MATE });
    expect(r.tbhits).toBeGreaterThan(0);
    // The line goes on through the tables to the mate it announces.
    expect(r.pv).toHaveLength(2 * MATE - 1);
    const replay = new Chess(LONGEST);
    for (const m of r.pv) replay.move(m);
    expect(replay.isCheckmate()).toBe(true);
    expect(r.pvNotation.at(-1)).toMatch(/#$/);
    // A position outside every table is searched as before (fresh engines: history carries over).
    const fresh = new Engine({ thread: 'inline', tablebases: KRK });
    const other = fresh.searchSync({ game: 'chess' }, { depth: 6 });
    expect(other.tbhits).toBe(0);
    expect(other.nodes).toBe(new Engine({ thread: 'inline' }).searchSync({ game: 'chess' }, { depth: 6 }).nodes);
    engine.setTablebases([]);
    expect(engine.searchSync({ game: 'chess', fen: LONGEST }, { depth: 4 }).tbhits).toBe(0);
    without.close();
    engine.close();
  });

  it('does not trust a table mate the move limit would stop: the search looks for itself there', () => {
    const engine = new Engine({ thread: 'inline', tablebases: KRK });
    const withClock = (clock: number): string => LONGEST.replace(' 0 1', ` ${clock} 1`);
    // At depth 4 the children (one ply on, no capture) are probed: a mate in 2 * MATE - 2
    // plies from there fits below 100 plies only while the clock is low enough.
    const fits = 100 - (2 * MATE - 1) - 1;
    expect(engine.searchSync({ game: 'chess', fen: withClock(fits) }, { depth: 4 }).score).toEqual({ mate: MATE });
    engine.clear();
    const late = engine.searchSync({ game: 'chess', fen: withClock(fits + 1) }, { depth: 4 });
    expect('cp' in late.score).toBe(true);
    engine.clear();
    // Near the limit the tables answer nothing, and the search sees the draw coming.
    const last = engine.searchSync({ game: 'chess', fen: withClock(97) }, { depth: 4 });
    expect(last.score).toEqual({ cp: 0 });
    // In xiangqi the limit is 120 plies.
    const x = new Engine({ thread: 'inline', tablebases: files('xiangqi', 'KRvKAA') });
    const fen = '3ak4/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1';
    const early = x.searchSync({ game: 'xiangqi', fen }, { depth: 3 });
    expect('mate' in early.score).toBe(true);
    const n = 'mate' in early.score ? early.score.mate : 0;
    x.clear();
    const edge = x.searchSync({ game: 'xiangqi', fen: fen.replace(' 0 1', ` ${120 - (2 * n - 1)} 1`) }, { depth: 3 });
    expect('cp' in edge.score).toBe(true);
    engine.close();
    x.close();
  });

  it('xiangqi on the worker: KRvKAA from its files, reported as tbhits', async () => {
    const engine = new Engine({ thread: 'worker', workerUrl: workerUrl() });
    const tables = files('xiangqi', 'KRvKAA');
    engine.setTablebases(tables);
    const fen = '3ak4/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1';
    const infos: number[] = [];
    const r = await engine.search({ game: 'xiangqi', fen }, { depth: 3, onInfo: (i) => infos.push(i.tbhits) });
    expect(r.score).toEqual({ mate: tableMate(tables, new Xiangqi(fen)) });
    expect(r.tbhits).toBeGreaterThan(0);
    expect(infos.at(-1)).toBe(r.tbhits);
    engine.close();
  });

  it('refuses a damaged file before anything changes', () => {
    const engine = new Engine({ thread: 'inline', tablebases: KRK });
    const bad = KRK[0]!.slice(0, 12);
    expect(() => engine.setTablebases([bad])).toThrow(TablebaseError);
    expect(engine.searchSync({ game: 'chess', fen: LONGEST }, { depth: 4 }).score).toEqual({ mate: MATE });
    expect(() => new Engine({ tablebases: [new Uint8Array(40)] })).toThrow(/no QITB mark/);
    engine.close();
  });

  it('UCI TablebasePath loads a directory\u2019s tables; info lines carry tbhits', async () => {
    const dirs = new Map<string, Uint8Array[]>([['tb', KRK], ['bad', [new Uint8Array(30)]]]);
    const out: string[] = [];
    const s = new ProtocolSession((l) => out.push(l), {
      engine: new Engine({ thread: 'inline' }),
      readTablebases: (dir) => {
        const f = dirs.get(dir);
        if (f === undefined) throw Object.assign(new Error('no such directory'), { code: 'ENOENT' });
        return f;
      },
    });
    s.handle('uci');
    expect(out).toContain('option name TablebasePath type string default <empty>');
    out.length = 0;
    s.handle('setoption name TablebasePath value tb');
    expect(out).toEqual([`info string TablebasePath: ${KRK.length} table file${KRK.length === 1 ? '' : 's'}`]);
    out.length = 0;
    s.handle(`position fen ${LONGEST}`);
    s.handle('go depth 4');
    await s.idle();
    expect(out.at(-2)).toMatch(new RegExp(`^info depth 4 .* score mate ${MATE} .* tbhits \\d+ time`));
    out.length = 0;
    s.handle('setoption name TablebasePath value bad');
    s.handle('setoption name TablebasePath value nowhere');
    expect(out).toEqual(['info string TablebasePath: not a table file (no QITB mark)', 'info string TablebasePath: no such directory']);
    out.length = 0;
    s.handle('go depth 4');
    await s.idle();
    expect(out.at(-2)).toContain(`score mate ${MATE}`);
  });
});
