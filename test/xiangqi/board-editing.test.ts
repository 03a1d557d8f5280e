import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FenError, QiengineError, validateXiangqiFen, Xiangqi, XIANGQI_START_FEN, xiangqiSquareName } from '../../src/index.js';
import type { XiangqiPosition } from '../../src/xiangqi/position.js';
import { randomPlayout } from '../helpers/playout.js';
import { expectFenCheckAgreesWithLoad, typedOrOk } from '../helpers/fuzz.js';
import { readPerftEpd, rng } from '../helpers/data.js';

const FENS = [XIANGQI_START_FEN, ...readPerftEpd('xiangqi-perft-public.epd').map((e) => e.fen)];
const FILES = 'abcdefghi';
const POINTS = [...FILES].flatMap((f) => Array.from({ length: 10 }, (_, r) => `${f}${r}`));

/**
 * The points of the side to move's pieces that take onto each point, by the move generator:
 * pseudo-legal captures (pins ignored), so that these are exactly the attackers of an enemy
 * piece standing there.
 */
function capturesOnto(pos: XiangqiPosition): Map<number, number[]> {
  const buf = new Int32Array(256);
  const end = pos.generatePseudoLegal(buf, 0, true);
  const onto = new Map<number, number[]>();
  for (let i = 0; i < end; i++) {
    const m = buf[i]!;
    const to = (m >>> 8) & 0xff;
    onto.set(to, [...(onto.get(to) ?? []), m & 0xff]);
  }
  return onto;
}

describe('Xiangqi board for GUIs', () => {
  it('board() lists every point top row first, as get() reads them', () => {
    for (const fen of FENS) {
      const game = new Xiangqi(fen);
      const rows = game.board();
      expect(rows).toHaveLength(10);
      rows.forEach((row, r) => {
        expect(row).toHaveLength(9);
        row.forEach((cell, f) => {
          const square = `${FILES[f]}${9 - r}`;
          const piece = game.get(square);
          expect(cell === null ? null : { color: cell.color, type: cell.type }).toEqual(piece);
          if (cell !== null) expect(cell.square).toBe(square);
        });
      });
    }
    expect(new Xiangqi().board()[9]![4]).toEqual({ square: 'e0', color: 'red', type: 'king' });
  });

  it('moves({ square }) and moves({ piece }) split the legal moves by origin and by piece', () => {
    for (const fen of FENS) {
      const game = new Xiangqi(fen);
      const all = game.moves().sort();
      const bySquare = POINTS.flatMap((p) => game.moves({ square: p })).sort();
      expect(bySquare).toEqual(all);
      const pieces = ['king', 'advisor', 'elephant', 'horse', 'rook', 'cannon', 'pawn'] as const;
      expect(pieces.flatMap((piece) => game.moves({ piece })).sort()).toEqual(all);
      for (const m of game.moves({ piece: 'horse', verbose: true })) expect(m.piece).toBe('horse');
    }
    const start = new Xiangqi();
    expect(start.moves({ square: 'h2' })).toHaveLength(12); // the cannon: along its rank, up its file, and over the horse
    expect(start.moves({ square: 'e5' })).toEqual([]);
    expect(start.moves({ square: 'h2', piece: 'horse' })).toEqual([]);
    expect(() => start.moves({ square: 'j0' })).toThrow(QiengineError);
    expect(() => start.moves({ piece: 'queen' as never })).toThrow(QiengineError);
  });

  it('attackers() are the origins of the pseudo-legal captures onto each enemy piece, for both sides', () => {
    let checked = 0;
    for (const [i, fen] of FENS.entries()) {
      const game = new Xiangqi(fen);
      randomPlayout(game.position, 100 + i, 40, (p) => {
        const pos = p as XiangqiPosition;
        for (const side of [pos.sideToMove, pos.sideToMove ^ 1]) {
          // The other side's captures are read with the move handed over (a null move).
          if (side !== pos.sideToMove) pos.makeNull();
          const onto = capturesOnto(pos);
          for (let sq = 0; sq < 256; sq++) {
            const id = pos.board[sq]!;
            // Enemy pieces but their king, which no move takes.
            if (id === 0 || id === 64 || (id & (16 << side)) !== 0 || id === 16 << (side ^ 1)) continue;
            expect(pos.attackers(sq, side).sort()).toEqual((onto.get(sq) ?? []).sort());
            checked++;
          }
          if (side !== pos.sideToMove) pos.unmakeNull();
        }
      });
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('isAttacked() (the position\'s own attack test) agrees with attackers() on every point, for both sides', () => {
    let checked = 0;
    for (const [i, fen] of FENS.entries()) {
      const game = new Xiangqi(fen);
      randomPlayout(game.position, 200 + i, 30, () => {
        for (const square of POINTS) {
          for (const by of ['red', 'black'] as const) {
            expect(game.isAttacked(square, by)).toBe(game.attackers(square, by).length > 0);
            checked++;
          }
        }
      });
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('attackers() on empty points and on defended pieces', () => {
    // Red: king e0, rook a0, cannon b2, horse c3, pawn e6 (across the river); black: king d9, advisor e8.
    const game = new Xiangqi('3k5/4a4/9/4P4/9/9/2N6/1C7/9/R3K4 w - - 0 1');
    expect(game.attackers('a9')).toEqual(['a0']); // the side to move's by default: the rook's open file
    expect(game.attackers('b9', 'red')).toEqual([]); // a cannon needs one screen, and the b file has none
    expect(game.attackers('b1', 'red')).toEqual(['c3']); // the horse (its leg c2 is empty); the cannon next to b1 does not take
    expect(game.attackers('d6', 'red')).toEqual(['e6']); // a pawn across the river steps sideways
    expect(game.attackers('e5', 'red')).toEqual([]); // and never back
    expect(game.attackers('e7', 'red')).toEqual(['e6']);
    expect(game.attackers('d0', 'red')).toEqual(['a0', 'e0']); // an empty point: rook and king
    expect(game.attackers('d9', 'black')).toEqual(['e8']); // the black king's defender
    expect(game.isAttacked('d9', 'red')).toBe(false);
    expect(() => game.attackers('e4', 'green' as never)).toThrow(QiengineError);
    expect(() => game.isAttacked('e4', 'green' as never)).toThrow(QiengineError);
    expect(game.isAttacked('e7', 'red')).toBe(true);
    // A red pawn on b5 is a screen: the cannon now attacks b9, and the rook still only its file.
    const screened = new Xiangqi('3k5/4a4/9/4P4/1P7/9/2N6/1C7/9/R3K4 w - - 0 1');
    expect(screened.attackers('b9', 'red')).toEqual(['b2']);
    expect(screened.attackers('b6', 'red')).toEqual(['b2', 'b5']); // the pawn, and the cannon over it
    // A horse whose leg (c2) is taken does not attack.
    const hobbled = new Xiangqi('3k5/4a4/9/4P4/9/9/2N6/1CC6/9/R3K4 w - - 0 1');
    expect(hobbled.attackers('b1', 'red')).toEqual([]);
  });

  it('put() and remove() edit the board, validated as a FEN, and start the history there', () => {
    const game = new Xiangqi();
    game.move('h2e2');
    game.tags.set('Event', 'setup');
    expect(game.remove('b0')).toEqual({ color: 'red', type: 'horse' });
    expect(game.get('b0')).toBeNull();
    expect(game.history()).toEqual([]);
    expect(game.fen()).toBe('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/R1BAKABNR b - - 1 1');
    expect(game.tags.get('Event')).toBe('setup');
    game.put({ color: 'red', type: 'horse' }, 'c2');
    expect(game.get('c2')).toEqual({ color: 'red', type: 'horse' });
    expect(game.remove('e5')).toBeNull();

    const before = game.fen();
    const faults: Array<[() => unknown, string]> = [
      [() => game.put({ color: 'red', type: 'rook' }, 'e4'), 'too many red rooks'],
      [() => game.put({ color: 'red', type: 'advisor' }, 'a5'), 'never reach'],
      [() => game.put({ color: 'red', type: 'king' }, 'd1'), 'too many red kings'],
      [() => game.remove('e0'), 'red king is missing'],
      [() => game.put({ color: 'red', type: 'rook' }, 'e1'), 'too many red rooks'],
    ];
    for (const [edit, reason] of faults) {
      expect(edit).toThrow(FenError);
      expect(edit).toThrow(reason);
      expect(game.fen()).toBe(before);
    }
    expect(() => game.put({ color: 'green', type: 'rook' } as never, 'e4')).toThrow(QiengineError);
    expect(() => game.remove('z9')).toThrow(QiengineError);
    expect(game.fen()).toBe(before);
    // Points a piece can never reach, on a board with room for more pieces.
    const bare = new Xiangqi('3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1');
    expect(() => bare.put({ color: 'black', type: 'elephant' }, 'e4')).toThrow('black elephant on e4 is on a point it can never reach');
    expect(() => bare.put({ color: 'red', type: 'pawn' }, 'b3')).toThrow('never reach');
    expect(() => bare.put({ color: 'black', type: 'king' }, 'e5')).toThrow(FenError);
    // Black to move may not leave red in check: a black rook onto red's open e file is refused.
    expect(() => bare.put({ color: 'black', type: 'rook' }, 'e5')).toThrow('the side not to move (red) is in check');
  });

  it('a piece removed and put back leaves the position as it was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: FENS.length - 1 }), fc.integer({ min: 0, max: 89 }), (i, k) => {
        const game = new Xiangqi(FENS[i]!);
        const fen = game.fen();
        const square = POINTS[k]!;
        const piece = game.get(square);
        if (piece === null || piece.type === 'king') return;
        // A piece that shields the king of the side not to move cannot go (a typed error).
        if (!typedOrOk(() => game.remove(square))) {
          expect(game.fen()).toBe(fen);
          return;
        }
        game.put(piece, square);
        expect(game.fen()).toBe(fen);
        expect(game.key64()).toBe(new Xiangqi(fen).key64());
      }),
    );
  });

  it('setTurn() hands the move over, and refuses to leave the other side in check', () => {
    const game = new Xiangqi();
    game.setTurn('black');
    expect(game.turn()).toBe('black');
    expect(game.moves()).toHaveLength(44);
    const checked = new Xiangqi('3k5/9/9/9/9/9/9/9/9/3RK4 b - - 0 1'); // black is in check
    expect(() => checked.setTurn('red')).toThrow(FenError);
    expect(checked.turn()).toBe('black');
    expect(() => game.setTurn('white' as never)).toThrow(QiengineError);
    // The side already to move: nothing changes, the history stays.
    const played = new Xiangqi();
    played.move('h2e2');
    played.setTurn('black');
    expect(played.history()).toEqual(['h2e2']);
    expect(() => played.put(undefined as never, 'e4')).toThrow(QiengineError);
    expect(xiangqiSquareName(0x33)).toBe('a9');
  });

  it('history({ verbose: true }) gives each move with the positions around it', () => {
    const game = new Xiangqi();
    for (const m of ['h2e2', 'h9g7', 'e2e6', 'b9c7']) game.move(m);
    const moves = game.history({ verbose: true });
    expect(moves.map((m) => m.iccs)).toEqual(game.history());
    expect(moves[0]).toMatchObject({ chinese: '炮二平五', piece: 'cannon', color: 'red', before: XIANGQI_START_FEN });
    expect(moves[2]).toMatchObject({ wxf: 'C5+4', captured: 'pawn', check: false });
    for (let i = 1; i < moves.length; i++) expect(moves[i]!.before).toBe(moves[i - 1]!.after);
    expect(moves.at(-1)!.after).toBe(game.fen());
    const replay = new Xiangqi();
    for (const { before, after, ...info } of moves) {
      expect(replay.fen()).toBe(before);
      expect(replay.move(info.iccs)).toEqual(info);
      expect(replay.fen()).toBe(after);
    }
    expect(new Xiangqi().history({ verbose: true })).toEqual([]);
  });

  it('findPiece() lists the points of a kind of piece', () => {
    const game = new Xiangqi();
    expect(game.findPiece({ color: 'red', type: 'cannon' })).toEqual(['b2', 'h2']);
    expect(game.findPiece({ color: 'black', type: 'king' })).toEqual(['e9']);
    game.move('h2h9');
    expect(game.findPiece({ color: 'black', type: 'horse' })).toEqual(['b9']);
  });

  it('3,000 random edits each give a typed error with the game unchanged, or a valid game', () => {
    const rand = rng(98);
    const pieces = ['king', 'advisor', 'elephant', 'horse', 'rook', 'cannon', 'pawn'] as const;
    const game = new Xiangqi();
    let accepted = 0;
    for (let i = 0; i < 3000; i++) {
      const before = game.fen();
      const square = POINTS[Math.floor(rand() * POINTS.length)]!;
      const op = rand();
      const ok = typedOrOk(() => {
        if (op < 0.45) game.put({ color: rand() < 0.5 ? 'red' : 'black', type: pieces[Math.floor(rand() * pieces.length)]! }, square);
        else if (op < 0.9) game.remove(square);
        else game.setTurn(rand() < 0.5 ? 'red' : 'black');
      });
      if (!ok) expect(game.fen()).toBe(before);
      else {
        accepted++;
        // Whatever was accepted reads back the same and has working moves.
        expect(new Xiangqi(game.fen()).fen()).toBe(game.fen());
        expect(game.moves().length).toBe(game.perft(1));
      }
    }
    expect(accepted).toBeGreaterThan(500);
  });
});

describe('Xiangqi, the rest of chess.js\'s board calls', () => {
  it('reset() goes back to the start, keeping the game\'s rules; moveNumber() reads the fullmove count', () => {
    const g = new Xiangqi(undefined, { perpetualChase: false });
    for (const m of ['h2e2', 'h9g7', 'h0g2']) g.move(m);
    expect(g.moveNumber()).toBe(2);
    g.setComment('note');
    g.tags.set('Event', 'x');
    g.reset();
    expect([g.fen(), g.history().length, g.getComments().length, g.tags.size, g.moveNumber()]).toEqual([XIANGQI_START_FEN, 0, 0, 0, 1]);
    expect(g.position.chaseRule).toBe(false);
  });

  it('validateXiangqiFen() says which field is at fault instead of throwing, and agrees with load()', () => {
    expect(validateXiangqiFen(XIANGQI_START_FEN)).toEqual({ ok: true });
    expect(validateXiangqiFen('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w - - 0 1')).toMatchObject({ ok: false, field: 'board' });
    expectFenCheckAgreesWithLoad(validateXiangqiFen, (fen) => new Xiangqi(fen), FENS);
  });
});
