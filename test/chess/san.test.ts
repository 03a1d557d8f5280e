import { describe, expect, it } from 'vitest';
import { Chess, IllegalMoveError, NotationError, chessFromFen, moveToSan, parseSan, parseUci, moveToUci } from '../../src/index.js';
import { readPerftEpd, rng } from '../helpers/data.js';

const sanOf = (fen: string, uci: string): string => {
  const pos = chessFromFen(fen);
  return moveToSan(pos, parseUci(pos, uci));
};

describe('SAN writing', () => {
  it.each([
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'g1f3', 'Nf3'],
    ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', 'e2e4', 'e4'],
    // Knights on b1 and f3 both reach d2: the file tells them apart.
    ['4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1', 'b1d2', 'Nbd2'],
    // Knights on the same file: the rank.
    ['4k3/8/8/8/8/2N5/8/2N1K3 w - - 0 1', 'c1e2', 'N1e2'],
    // Queens on a4 and a1 both reach d1: the rank.
    ['5k2/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1', 'a4d1', 'Q4d1'],
    // Queens on a1, a3 and c1 all reach b2: neither file nor rank is enough, so the full square.
    ['6k1/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1', 'a1b2', 'Qa1b2'],
    ['4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1', 'e4d5', 'exd5'],
    ['4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1', 'e5d6', 'exd6'],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1g1', 'O-O'],
    ['r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1', 'e8c8', 'O-O-O'],
    ['4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a7a8q', 'a8=Q+'],
    ['4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a7a8n', 'a8=N'],
    ['1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a7b8r', 'axb8=R+'],
    ['rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq g6 0 3', 'd1h5', 'Qh5#'],
    ['4k3/8/8/8/8/8/8/R3K3 w Q - 0 1', 'a1a8', 'Ra8+'],
  ])('%s %s → %s', (fen, uci, san) => {
    expect(sanOf(fen, uci)).toBe(san);
  });

  it('prefers the file, then the rank, and adds nothing when no other piece can go there', () => {
    const pos = chessFromFen('5k2/8/8/8/Q6Q/8/8/Q3K3 w - - 0 1');
    expect(moveToSan(pos, parseUci(pos, 'h4d4'))).toBe('Qhd4'); // a4 and a1 can also go to d4; the file h is unique
    expect(moveToSan(pos, parseUci(pos, 'a4d4'))).toBe('Qa4d4'); // h4 shares the rank, a1 the file
    expect(moveToSan(pos, parseUci(pos, 'a4d1'))).toBe('Q4d1'); // a1 shares the file
    expect(moveToSan(pos, parseUci(pos, 'h4h8'))).toBe('Qhh8+'); // a1 reaches h8 along the long diagonal
    expect(moveToSan(pos, parseUci(pos, 'a4a8'))).toBe('Qa8+'); // no other queen reaches a8
    // A pinned knight does not count as a rival.
    const pinned = chessFromFen('4k3/8/8/8/8/8/8/1N2KN1r w - - 0 1');
    expect(moveToSan(pinned, parseUci(pinned, 'b1d2'))).toBe('Nd2');
  });
});

describe('SAN reading (lenient)', () => {
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  it.each([
    [start, 'Nf3', 'g1f3'],
    [start, 'Ngf3', 'g1f3'],
    [start, 'N1f3', 'g1f3'],
    [start, 'Ng1f3', 'g1f3'],
    [start, 'Ng1-f3', 'g1f3'],
    [start, 'e4', 'e2e4'],
    [start, 'e2e4', 'e2e4'],
    [start, 'e2-e4', 'e2e4'],
    [start, 'Nf3!?', 'g1f3'],
    ['4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1', 'exd5', 'e4d5'],
    ['4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1', 'ed5', 'e4d5'],
    ['4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1', 'e:d5', 'e4d5'],
    ['4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1', 'exd6e.p.', 'e5d6'],
    ['4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1', 'exd6 e.p.', 'e5d6'],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', '0-0', 'e1g1'],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'O-O-O', 'e1c1'],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', '0-0-0+', 'e1c1'],
    ['r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', 'e1g1', 'e1g1'],
    ['4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a8Q', 'a7a8q'],
    ['4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a8=Q+', 'a7a8q'],
    ['4k3/P7/8/8/8/8/8/4K3 w - - 0 1', 'a8=n', 'a7a8n'],
    ['k7/8/8/7Q/8/8/4q3/4K3 w - - 0 1', 'Qh5xe2', 'h5e2'],
    ['4k3/8/8/8/7q/8/8/4R1K1 b - - 0 1', 'Qh4xe1', 'h4e1'],
  ])('%s: %s', (fen, san, uci) => {
    const pos = chessFromFen(fen);
    expect(moveToUci(parseSan(pos, san))).toBe(uci);
  });

  it('a long form naming the wrong origin is illegal, not silently re-routed', () => {
    const pos = chessFromFen('4k3/8/8/8/7q/8/8/4R1K1 b - - 0 1');
    expect(() => parseSan(pos, 'Qg4xe1')).toThrow(IllegalMoveError);
    expect(() => parseSan(pos, 'Nxe1')).toThrow(IllegalMoveError);
  });

  it('ambiguous, malformed and illegal SAN give typed errors, and nothing changes', () => {
    const game = new Chess('4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1');
    const fen = game.fen();
    expect(() => game.move('Nd2')).toThrow(NotationError);
    expect(() => game.move('Nd2')).toThrow(/ambiguous/);
    expect(() => game.move('Zz9')).toThrow(NotationError);
    expect(() => game.move('Nd5')).toThrow(IllegalMoveError);
    expect(() => game.move('')).toThrow(NotationError);
    expect(() => game.move('O-O')).toThrow(/castling is not legal/);
    expect(() => new Chess('4k3/P7/8/8/8/8/8/4K3 w - - 0 1').move('a8')).toThrow(/promotion needs a piece/);
    expect(game.fen()).toBe(fen);
  });

  it('every legal move of many positions writes SAN that reads back to the same move, and SANs are unique', () => {
    const rand = rng(7);
    const buf = new Int32Array(256);
    let checked = 0;
    for (const { fen } of readPerftEpd('chess-perftsuite.epd')) {
      const pos = chessFromFen(fen);
      for (let ply = 0; ply < 12; ply++) {
        const n = pos.generate(buf, 0, false);
        if (n === 0) break;
        const moves = Array.from(buf.subarray(0, n));
        const sans = moves.map((m) => moveToSan(pos, m));
        expect(new Set(sans).size).toBe(n);
        moves.forEach((m, i) => expect(parseSan(pos, sans[i]!)).toBe(m));
        checked += n;
        pos.makeMove(moves[Math.floor(rand() * n)]!);
      }
    }
    expect(checked).toBeGreaterThan(15_000);
  });
});
