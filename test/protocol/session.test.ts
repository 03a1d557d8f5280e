import { describe, expect, it } from 'vitest';
import { ProtocolSession } from '../../src/index.js';
import { rng } from '../helpers/data.js';

function session(): { s: ProtocolSession; out: string[]; send: (...lines: string[]) => string[] } {
  const out: string[] = [];
  const s = new ProtocolSession((l) => out.push(l));
  return {
    s,
    out,
    send: (...lines) => {
      out.length = 0;
      for (const l of lines) s.handle(l);
      return [...out];
    },
  };
}

describe('UCI', () => {
  it('answers uci, isready and quit', () => {
    const { s, send } = session();
    const hello = send('uci');
    expect(hello[0]).toMatch(/^id name qiengine/);
    expect(hello).toContain('option name UCI_Variant type combo default xiangqi var xiangqi');
    expect(hello.at(-1)).toBe('uciok');
    expect(send('isready')).toEqual(['readyok']);
    expect(send('quit')).toEqual([]);
    expect(s.finished).toBe(true);
  });

  it('d prints the board, Fen, Key (key64) and Lock1 for every vector', () => {
    const { send } = session();
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

  it('go perft N prints one line per root move, a blank line, then the total', () => {
    const { send } = session();
    const out = send('position startpos', 'go perft 2');
    expect(out.length).toBe(44 + 2);
    expect(out[44]).toBe('');
    expect(out[45]).toBe('Nodes searched: 1920');
    expect(out.slice(0, 44).every((l) => /^[a-i]\d[a-i]\d: \d+$/.test(l))).toBe(true);
  });

  it('a bad position line changes nothing', () => {
    const { send } = session();
    send('position startpos moves h2e2');
    const before = send('d');
    expect(send('position startpos moves h2e2 h9h2')[0]).toMatch(/^info string illegal move 'h9h2'/);
    expect(send('position fen rnbakabnr/9 w')[0]).toMatch(/^info string invalid FEN \(board\)/);
    expect(send('position sideways')[0]).toMatch(/^info string position:/);
    expect(send('d')).toEqual(before);
  });

  it('UCI_Variant: xiangqi is accepted, chess is reported as unavailable, anything else rejected', () => {
    const { s, send } = session();
    expect(send('setoption name UCI_Variant value xiangqi')).toEqual([]);
    expect(send('setoption name UCI_Variant value chess')[0]).toMatch(/not available/);
    expect(send('setoption name UCI_Variant value shogi')[0]).toMatch(/unknown variant/);
    expect(s.variant).toBe('xiangqi');
    expect(send('setoption name Hash value 32')).toEqual([]);
    expect(s.options.get('hash')).toBe('32');
  });

  it('unknown and garbage lines get info string, and 10,000 random lines never break the loop', () => {
    const { s, send } = session();
    expect(send('hello world')).toEqual(["info string unknown command 'hello'"]);
    expect(send('go perft x')[0]).toMatch(/^info string go perft/);
    const rand = rng(99);
    const words = ['uci', 'ucci', 'isready', 'position', 'startpos', 'fen', 'moves', 'go', 'perft', '1', '2', 'd', 'setoption', 'name', 'value', 'banmoves', 'h2e2', 'h9g7', 'stop', 'ucinewgame', 'x', '\u0000', '炮二平五', '-1', '99'];
    for (let i = 0; i < 10_000; i++) {
      const n = Math.floor(rand() * 6);
      const line = Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]!).join(' ');
      if (line.startsWith('quit')) continue;
      expect(() => s.handle(line)).not.toThrow();
    }
    expect(s.finished).toBe(false);
    expect(send('isready')).toEqual(['readyok']);
  });
});

describe('UCCI', () => {
  it('ucci enters ElephantEye mode: ucciok, banmoves, nobestmove, bye', () => {
    const { s, send } = session();
    expect(send('ucci').at(-1)).toBe('ucciok');
    expect(s.mode).toBe('ucci');
    expect(send('setoption hashsize 32')).toEqual([]);
    send('position startpos', 'banmoves h2e2 b2e2');
    const perft = send('go perft 1');
    expect(perft).not.toContain('h2e2: 1');
    expect(perft.at(-1)).toBe('Nodes searched: 42');
    expect(send('banmoves z0z0')[0]).toMatch(/^info string/);
    expect(send('go depth 5').at(-1)).toBe('nobestmove');
    expect(send('quit')).toEqual(['bye']);
  });
});
