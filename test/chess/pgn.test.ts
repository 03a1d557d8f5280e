import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Chess, PgnError, Xiangqi, finalPosition, readPgn, writeChessFen, writePgn, type PgnGame } from '../../src/index.js';

const TWO_GAMES = `[Event "Casual"]
[Site "Here"]
[Date "2026.11.21"]
[Round "1"]
[White "Alpha"]
[Black "Beta"]
[Result "1-0"]
[ECO "C65"]

{A Ruy Lopez.} 1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6!? ; the Berlin
4. O-O (4. d3 {quiet} Bc5 (4... d6) 5. c3) 4... Nxe4 $1 5. d4 Nd6 6. Bxc6 dxc6
7. dxe5 Nf5 8. Qxd8+ Kxd8 1-0

[Event "Study"]
[SetUp "1"]
[FEN "8/P7/8/8/8/8/k7/4K3 w - - 0 60"]
[Result "*"]

60. a8=Q+ Kb2 61. Qb7+ *
`;

describe('PGN reading', () => {
  it('reads several games: tags, comments, NAGs, variations and results', () => {
    const games = readPgn(TWO_GAMES);
    expect(games.length).toBe(2);
    const [g1, g2] = games as [PgnGame, PgnGame];
    expect([...g1.tags.keys()]).toEqual(['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result', 'ECO']);
    expect(g1.tags.get('White')).toBe('Alpha');
    expect(g1.result).toBe('1-0');
    expect(g1.comments).toEqual(['A Ruy Lopez.']);
    expect(g1.moves.map((n) => n.san).join(' ')).toBe('e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6 Bxc6 dxc6 dxe5 Nf5 Qxd8+ Kxd8');
    const nf6 = g1.moves[5]!;
    expect(nf6.nags).toEqual([5]);
    expect(nf6.comments).toEqual(['the Berlin']);
    const castle = g1.moves[6]!;
    expect(castle.uci).toBe('e1g1');
    expect(castle.variations.length).toBe(1);
    const v = castle.variations[0]!;
    expect(v.map((n) => n.san)).toEqual(['d3', 'Bc5', 'c3']);
    expect(v[0]!.comments).toEqual(['quiet']);
    expect(v[1]!.variations[0]!.map((n) => n.san)).toEqual(['d6']);
    expect(g1.moves[7]!.nags).toEqual([1]);
    expect(writeChessFen(finalPosition(g1))).toBe('r1bk1b1r/ppp2ppp/2p5/4Pn2/8/5N2/PPP2PPP/RNB2RK1 w - - 0 9');

    expect(g2.fen).toBe('8/P7/8/8/8/8/k7/4K3 w - - 0 60');
    expect(g2.moves.map((n) => n.san)).toEqual(['a8=Q+', 'Kb2', 'Qb7+']);
    expect(g2.result).toBe('*');
  });

  it('can skip variations', () => {
    const [g1] = readPgn(TWO_GAMES, { variations: 'skip' });
    expect(g1!.moves.every((n) => n.variations.length === 0)).toBe(true);
    expect(g1!.moves.length).toBe(16);
  });

  it('accepts loose but common forms: 1.e4 without spaces, "1..." numbers, 0-0, missing result, % escapes', () => {
    const games = readPgn('%escaped line\n1.e4 e5 2.Nf3 2...Nc6 3.Bc4 Bc5 4.0-0');
    expect(games.length).toBe(1);
    expect(games[0]!.moves.map((n) => n.san)).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Bc5', 'O-O']);
    expect(games[0]!.result).toBe('*');
    expect(readPgn('')).toEqual([]);
  });

  it('errors name the game, the line and the move', () => {
    const text = `${TWO_GAMES}\n[Event "Third"]\n\n1. e4 e5\n2. Ke3 *\n`;
    let err: unknown;
    try {
      readPgn(text);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PgnError);
    const e = err as PgnError;
    expect(e.game).toBe(3);
    expect(e.line).toBe(24);
    expect(e.token).toBe('Ke3');
    expect(e.message).toMatch(/game 3, line 24, at 'Ke3': move 2\. Ke3/);
  });

  it.each([
    ['1. e4 (', /variation is not closed/],
    ['1. e4 e5 ) *', /unmatched \)/],
    ['( 1. e4 ) *', /variation must follow a move/],
    ['1. e4 {never closed', /unterminated comment/],
    ['[Event "x" 1. e4 *', /malformed tag/],
    ['[FEN "not a fen"]\n1. e4 *', /bad \[FEN\] tag/],
    ['[Variant "Chess960"]\n1. e4 *', /unsupported variant/],
    ['1. e4 $ e5 *', /NAG/],
    ['1. e4 -- *', /null moves/],
  ])('%s → PgnError', (text, reason) => {
    expect(() => readPgn(text)).toThrow(PgnError);
    expect(() => readPgn(text)).toThrow(reason);
  });
});

describe('PGN writing', () => {
  it('writes the Seven Tag Roster first and wraps movetext at 80 columns', () => {
    const [g1] = readPgn(TWO_GAMES);
    const text = writePgn(g1!);
    const lines = text.split('\n');
    expect(lines.slice(0, 8)).toEqual([
      '[Event "Casual"]',
      '[Site "Here"]',
      '[Date "2026.11.21"]',
      '[Round "1"]',
      '[White "Alpha"]',
      '[Black "Beta"]',
      '[Result "1-0"]',
      '[ECO "C65"]',
    ]);
    expect(lines[8]).toBe('');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    // After a comment or a variation, a black move gets its number again (export format).
    expect(writePgn(g1!, { maxLineLength: 1000 })).toContain('4. O-O (4. d3 {quiet} 4... Bc5 (4... d6) 5. c3) 4... Nxe4 $1 5. d4');
    expect(text.trimEnd().endsWith('Kxd8 1-0')).toBe(true);
  });

  it('round-trips: reading what it wrote gives the same games', () => {
    for (const g of readPgn(TWO_GAMES)) {
      const again = readPgn(writePgn(g));
      expect(again.length).toBe(1);
      expect(writePgn(again[0]!)).toBe(writePgn(g));
      expect(again[0]!.moves).toEqual(g.moves);
    }
  });

  it('writes SetUp and FEN for a non-standard start, and the Chess API exports its game', () => {
    const game = new Chess('8/P7/8/8/8/8/k7/4K3 w - - 0 60');
    game.tags.set('White', 'Me');
    game.move('a8=Q+');
    const text = game.pgn();
    expect(text).toContain('[SetUp "1"]\n[FEN "8/P7/8/8/8/8/k7/4K3 w - - 0 60"]');
    expect(text).toContain('[White "Me"]');
    expect(text).toContain('60. a8=Q+ *');
    const loaded = new Chess();
    loaded.loadPgn(text);
    expect(loaded.fen()).toBe(game.fen());
    expect(loaded.history()).toEqual(['a8=Q+']);
  });

  it('a long game wraps and reads back', () => {
    const game = new Chess();
    for (let i = 0; i < 10; i++) for (const m of ['Nf3', 'Nf6', 'Ng1', 'Ng8']) game.move(m);
    const text = game.pgn();
    expect(text.split('\n').every((l) => l.length <= 80)).toBe(true);
    expect(readPgn(text)[0]!.moves.length).toBe(40);
  });
});

describe('Chess comments on positions', () => {
  it('keeps a PGN\'s comments through loadPgn and pgn(), and lets a GUI set, read and remove them', () => {
    const game = new Chess();
    game.loadPgn('[Event "Notes"]\n\n{A quiet start} 1. e4 {best by test} e5 2. Nf3 {develops} Nc6 *');
    const comments = game.getComments();
    expect(comments.map((c) => c.comment)).toEqual(['A quiet start', 'best by test', 'develops']);
    expect(comments[0]!.fen).toBe(new Chess().fen());
    expect(game.getComment()).toBeUndefined(); // after Nc6: none
    const text = game.pgn();
    expect(text).toContain('{A quiet start} 1. e4 {best by test} 1... e5 2. Nf3 {develops} 2... Nc6 *');
    const again = new Chess();
    again.loadPgn(text);
    expect(again.getComments()).toEqual(comments);

    game.setComment('the main line');
    expect(game.getComment()).toBe('the main line');
    expect(game.clone().getComments().at(-1)).toEqual({ fen: game.fen(), comment: 'the main line' });
    // A move taken back leaves its position's comment out of the game, and of its PGN.
    game.undo();
    expect(game.getComments().map((c) => c.comment)).toEqual(['A quiet start', 'best by test', 'develops']);
    expect(game.pgn()).not.toContain('the main line');
    expect(game.removeComment()).toBe('develops');
    expect(game.getComments()).toHaveLength(2);
    game.setComment('');
    expect(game.getComment()).toBeUndefined();
    game.load(game.fen());
    expect(game.getComments()).toEqual([]);
  });

  it('comments set along random games come back from pgn() through loadPgn, in both games', () => {
    const text = fc.string({ maxLength: 30 });
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), fc.array(fc.option(text), { minLength: 13, maxLength: 13 }), (picks, notes) => {
        for (const game of [new Chess(), new Xiangqi()]) {
          if (notes[0] !== null && notes[0] !== undefined) game.setComment(notes[0]);
          picks.forEach((p, i) => {
            const moves = game.moves();
            if (moves.length === 0 || game.isGameOver()) return;
            game.move(moves[p % moves.length]!);
            const note = notes[i + 1];
            if (note !== null && note !== undefined) game.setComment(note);
          });
          const again = game instanceof Chess ? new Chess() : new Xiangqi();
          again.loadPgn(game.pgn());
          expect(again.getComments()).toEqual(game.getComments());
        }
      }),
      { numRuns: 60 },
    );
    // A comment is kept as PGN holds it: a brace (which would end it) as a parenthesis, white
    // space as single spaces.
    const braced = new Chess();
    braced.setComment(' a }\n\tb  ');
    expect(braced.getComment()).toBe('a ) b');
    const back = new Chess();
    back.loadPgn(braced.pgn());
    expect(back.getComment()).toBe('a ) b');
  });
});
