import { Chess as ChessopsChess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Chess, CHESS_START_FEN, FenError, QiengineError, validateChessFen, Xiangqi } from '../../src/index.js';
import { readPerftEpd, rng } from '../helpers/data.js';
import { expectFenCheckAgreesWithLoad, typedOrOk } from '../helpers/fuzz.js';
import { randomPlayout } from '../helpers/playout.js';

const FENS = [CHESS_START_FEN, ...readPerftEpd('chess-perftsuite.epd').map((e) => e.fen)].slice(0, 40);
const SQUARES = [...'abcdefgh'].flatMap((f) => Array.from({ length: 8 }, (_, r) => `${f}${r + 1}`));
const nameOf = (i: number): string => `${'abcdefgh'[i & 7]}${(i >> 3) + 1}`;

describe('Chess board for GUIs', () => {
  it('board() lists every square from rank 8 down, as get() reads them', () => {
    for (const fen of FENS) {
      const game = new Chess(fen);
      const rows = game.board();
      expect(rows).toHaveLength(8);
      rows.forEach((row, r) => {
        expect(row).toHaveLength(8);
        row.forEach((cell, f) => {
          const square = `${'abcdefgh'[f]}${8 - r}`;
          expect(cell === null ? null : { color: cell.color, type: cell.type }).toEqual(game.get(square));
          if (cell !== null) expect(cell.square).toBe(square);
        });
      });
    }
    expect(new Chess().board()[7]![4]).toEqual({ square: 'e1', color: 'white', type: 'king' });
  });

  it('moves({ square }) and moves({ piece }) split the legal moves by origin and by piece', () => {
    for (const fen of FENS) {
      const game = new Chess(fen);
      const all = game.moves().sort();
      expect(SQUARES.flatMap((s) => game.moves({ square: s })).sort()).toEqual(all);
      const pieces = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'] as const;
      expect(pieces.flatMap((piece) => game.moves({ piece })).sort()).toEqual(all);
    }
    const start = new Chess();
    expect(start.moves({ square: 'g1', notation: 'san' })).toEqual(expect.arrayContaining(['Nf3', 'Nh3']));
    expect(start.moves({ square: 'g1' })).toHaveLength(2);
    expect(start.moves({ piece: 'pawn', verbose: true }).every((m) => m.piece === 'pawn')).toBe(true);
    expect(start.moves({ square: 'e4' })).toEqual([]);
    expect(() => start.moves({ square: 'i9' })).toThrow(QiengineError);
    expect(() => start.moves({ piece: 'horse' as never })).toThrow(QiengineError);
    // Code written for either game still calls moves() with no argument on the union (a
    // compile-time check as much as a run-time one).
    const games: Array<Chess | Xiangqi> = [new Chess(), new Xiangqi()];
    expect(games.map((g) => g.moves().length)).toEqual([20, 44]);
    expect(games.map((g) => g.moves({ square: 'b1', verbose: true }).map((m) => m.to))).toEqual([['a3', 'c3'], []]);
  });

  it('attackers() agree with chessops on every square, for both colours, along random games', () => {
    let checked = 0;
    for (const [i, fen] of FENS.slice(0, 12).entries()) {
      const game = new Chess(fen);
      randomPlayout(game.position, 300 + i, 30, () => {
        const theirs = ChessopsChess.fromSetup(parseFen(game.fen()).unwrap()).unwrap();
        for (let k = 0; k < 64; k++) {
          for (const color of ['white', 'black'] as const) {
            const expected = [...theirs.kingAttackers(k, color, theirs.board.occupied)].map(nameOf).sort();
            expect(game.attackers(nameOf(k), color)).toEqual(expected);
            expect(game.isAttacked(nameOf(k), color)).toBe(expected.length > 0);
            checked++;
          }
        }
      });
    }
    expect(checked).toBeGreaterThan(20_000);
    // The side to move's attackers by default; a defended piece's defenders.
    const game = new Chess('4k3/8/8/3p4/4P3/5N2/8/4K3 w - - 0 1');
    expect(game.attackers('d5')).toEqual(['e4']);
    expect(game.attackers('e4')).toEqual([]);
    expect(game.attackers('e5')).toEqual(['f3']);
    expect(game.attackers('e4', 'black')).toEqual(['d5']);
    expect(() => game.attackers('e4', 'green' as never)).toThrow(QiengineError);
    expect(() => game.isAttacked('e4', 'green' as never)).toThrow(QiengineError);
  });

  it('put() and remove() edit the board, validated as a FEN, and start the history there', () => {
    const game = new Chess();
    game.move('e4');
    game.tags.set('Event', 'setup');
    expect(game.remove('h1')).toEqual({ color: 'white', type: 'rook' });
    // The rook gone, white's kingside castling goes with it.
    expect(game.fen()).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBN1 b Qkq - 0 1');
    expect(game.history()).toEqual([]);
    expect(game.tags.get('Event')).toBe('setup');
    game.put({ color: 'white', type: 'rook' }, 'h1');
    expect(game.fen()).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b Qkq - 0 1'); // a right once dropped stays dropped
    // A second black queen needs a pawn fewer (as if promoted): with eight, no extra piece fits.
    expect(() => game.put({ color: 'black', type: 'queen' }, 'e5')).toThrow('black has more pieces than promotions could produce');
    expect(game.remove('a7')).toEqual({ color: 'black', type: 'pawn' });
    game.put({ color: 'black', type: 'queen' }, 'e5');
    expect(game.get('e5')).toEqual({ color: 'black', type: 'queen' });
    expect(game.remove('c4')).toBeNull();

    const before = game.fen();
    const faults: Array<[() => unknown, string]> = [
      [() => game.put({ color: 'white', type: 'pawn' }, 'a8'), 'pawns cannot stand on the first or last rank'],
      [() => game.put({ color: 'white', type: 'king' }, 'a4'), 'expected one white king, found 2'],
      [() => game.remove('e8'), 'expected one black king, found 0'],
      [() => game.remove('e4'), 'the side not to move (white) is in check'], // the queen on e5 would see the king
    ];
    for (const [edit, reason] of faults) {
      expect(edit).toThrow(FenError);
      expect(edit).toThrow(reason);
      expect(game.fen()).toBe(before);
    }
    expect(() => game.put({ color: 'white', type: 'dragon' } as never, 'a4')).toThrow(QiengineError);
    expect(() => game.remove('e9')).toThrow(QiengineError);
    expect(game.fen()).toBe(before);
  });

  it('an edit that spoils the en-passant square drops it, and one that moves a king or rook drops its rights', () => {
    const game = new Chess('rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3');
    game.remove('e4'); // the pawn that just moved two squares
    expect(game.fen()).toBe('rnbqkbnr/ppp1pppp/8/8/3p4/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3');
    const castles = new Chess('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    castles.put({ color: 'white', type: 'queen' }, 'a1');
    castles.remove('h8');
    expect(castles.fen()).toBe('r3k3/8/8/8/8/8/8/Q3K2R w Kq - 0 1');
  });

  it('a piece removed and put back leaves the position as it was, rights permitting', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: FENS.length - 1 }), fc.integer({ min: 0, max: 63 }), (i, k) => {
        const game = new Chess(FENS[i]!);
        const square = SQUARES[k]!;
        const piece = game.get(square);
        if (piece === null || piece.type === 'king') return;
        const fields = game.fen().split(' ');
        // A piece that shields the king of the side not to move cannot go (a typed error).
        if (!typedOrOk(() => game.remove(square))) {
          expect(game.fen()).toBe(fields.join(' '));
          return;
        }
        game.put(piece, square);
        const after = game.fen().split(' ');
        // Board, turn and counters come back; castling rights may only shrink (a rook lifted).
        expect([after[0], after[1], after[4], after[5]]).toEqual([fields[0], fields[1], fields[4], fields[5]]);
        expect([...after[2]!].every((ch) => after[2] === '-' || fields[2]!.includes(ch))).toBe(true);
        if (piece.type !== 'rook') expect(after[2]).toBe(fields[2]);
      }),
    );
  });

  it('setTurn() hands the move over, dropping en passant, and refuses to leave the other side in check', () => {
    const game = new Chess('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2');
    game.setTurn('black');
    expect(game.fen()).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2');
    const checked = new Chess('4k3/8/8/8/8/8/4r3/4K3 w - - 0 1'); // white is in check
    expect(() => checked.setTurn('black')).toThrow(FenError);
    expect(checked.turn()).toBe('white');
    expect(() => game.setTurn('red' as never)).toThrow(QiengineError);
    // The side already to move: nothing changes, the history stays.
    const played = new Chess();
    played.move('e4');
    played.setTurn('black');
    expect(played.history()).toEqual(['e4']);
    expect(() => played.put(null as never, 'a3')).toThrow(QiengineError);
  });

  it('history({ verbose: true }) gives each move with the positions around it', () => {
    const game = new Chess();
    for (const m of ['e4', 'd5', 'exd5', 'Qxd5', 'Nc3']) game.move(m);
    const moves = game.history({ verbose: true });
    expect(moves.map((m) => m.san)).toEqual(game.history());
    expect(moves[0]).toMatchObject({ san: 'e4', uci: 'e2e4', piece: 'pawn', before: CHESS_START_FEN });
    expect(moves[3]).toMatchObject({ san: 'Qxd5', captured: 'pawn', color: 'black' });
    for (let i = 1; i < moves.length; i++) expect(moves[i]!.before).toBe(moves[i - 1]!.after);
    expect(moves.at(-1)!.after).toBe(game.fen());
    expect(new Chess().history({ verbose: true })).toEqual([]);
  });

  it('findPiece() lists the squares of a kind of piece', () => {
    const game = new Chess();
    expect(game.findPiece({ color: 'white', type: 'knight' })).toEqual(['b1', 'g1']);
    expect(game.findPiece({ color: 'black', type: 'king' })).toEqual(['e8']);
    expect(new Chess('4k3/8/8/8/8/8/8/4K3 w - - 0 1').findPiece({ color: 'white', type: 'queen' })).toEqual([]);
  });

  it('3,000 random edits each give a typed error with the game unchanged, or a valid game', () => {
    const rand = rng(98);
    const pieces = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'] as const;
    const game = new Chess('r3k2r/pp3ppp/8/8/8/8/PP3PPP/R3K2R w KQkq - 0 1');
    let accepted = 0;
    for (let i = 0; i < 3000; i++) {
      const before = game.fen();
      const square = SQUARES[Math.floor(rand() * SQUARES.length)]!;
      const op = rand();
      const ok = typedOrOk(() => {
        if (op < 0.45) game.put({ color: rand() < 0.5 ? 'white' : 'black', type: pieces[Math.floor(rand() * pieces.length)]! }, square);
        else if (op < 0.9) game.remove(square);
        else game.setTurn(rand() < 0.5 ? 'white' : 'black');
      });
      if (!ok) expect(game.fen()).toBe(before);
      else {
        accepted++;
        expect(new Chess(game.fen()).fen()).toBe(game.fen());
        expect(game.moves().length).toBe(game.perft(1));
      }
    }
    expect(accepted).toBeGreaterThan(500);
  });
});

describe('Chess, the rest of chess.js\'s board calls', () => {
  it('reset() goes back to the start with no history, comments or tags; moveNumber() reads the fullmove count', () => {
    const g = new Chess();
    expect(g.moveNumber()).toBe(1);
    for (const m of ['e4', 'e5', 'Nf3']) g.move(m);
    expect(g.moveNumber()).toBe(2);
    g.setComment('a note');
    g.tags.set('White', 'Someone');
    g.reset();
    expect([g.fen(), g.history().length, g.getComments().length, g.tags.size, g.moveNumber()]).toEqual([CHESS_START_FEN, 0, 0, 0, 1]);
    g.load('4k3/8/8/8/8/8/8/4K3 b - - 12 57');
    expect(g.moveNumber()).toBe(57);
  });

  it('squareColor(): a1 and h8 dark, h1 and a8 light, checkerboard in between; a bad name is a typed error', () => {
    const g = new Chess();
    expect(['a1', 'h8', 'h1', 'a8', 'e4', 'd4'].map((s) => g.squareColor(s))).toEqual(['dark', 'dark', 'light', 'light', 'light', 'dark']);
    for (let i = 0; i < 64; i++) expect(g.squareColor(nameOf(i))).toBe(((i >> 3) + (i & 7)) % 2 === 0 ? 'dark' : 'light');
    for (const bad of ['i1', 'a9', '', 'e']) expect(() => g.squareColor(bad)).toThrow(QiengineError);
  });

  it('getCastlingRights() reads the FEN field; setCastlingRights() edits it where king and rook allow, else changes nothing', () => {
    const g = new Chess();
    expect(g.getCastlingRights('white')).toEqual({ kingside: true, queenside: true });
    g.move('e4');
    expect(g.setCastlingRights('black', { queenside: false })).toBe(true);
    expect(g.getCastlingRights('black')).toEqual({ kingside: true, queenside: false });
    expect(g.fen().split(' ')[2]).toBe('KQk');
    expect(g.history()).toEqual([]);
    expect(g.setCastlingRights('black', { queenside: true })).toBe(true);
    expect(g.fen().split(' ')[2]).toBe('KQkq');
    // Asking for what is already so changes nothing, not even the history.
    g.move('e5');
    expect(g.setCastlingRights('white', { kingside: true })).toBe(true);
    expect(g.history()).toEqual(['e5']);
    const bare = new Chess('r3k3/8/8/8/8/8/8/4K2R w - - 0 1');
    const before = bare.fen();
    expect(bare.setCastlingRights('white', { queenside: true })).toBe(false);
    expect(bare.setCastlingRights('black', { kingside: true })).toBe(false);
    expect(bare.fen()).toBe(before);
    expect(bare.setCastlingRights('white', { kingside: true })).toBe(true);
    expect(bare.setCastlingRights('black', { queenside: true })).toBe(true);
    expect(bare.fen().split(' ')[2]).toBe('Kq');
    expect(bare.moves()).toContain('e1g1');
    expect(() => bare.getCastlingRights('red' as 'white')).toThrow(QiengineError);
    expect(() => bare.setCastlingRights('white', null as never)).toThrow(QiengineError);
  });

  it('validateChessFen() says which field is at fault instead of throwing, and agrees with load()', () => {
    expect(validateChessFen(CHESS_START_FEN)).toEqual({ ok: true });
    const bad = validateChessFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1');
    expect(bad).toMatchObject({ ok: false, field: 'turn' });
    expectFenCheckAgreesWithLoad(validateChessFen, (fen) => new Chess(fen), FENS);
  });
});
