import { describe, expect, it } from 'vitest';
import { Engine, PolyglotBook, buildPolyglotBook } from '../../src/index.js';
import { PlaySession, type PlayOptions } from '../../src/protocol/play.js';

function play(options: Omit<PlayOptions, 'engine'> & { engine?: Engine }) {
  const out: string[] = [];
  const engine = options.engine ?? new Engine({ thread: 'inline' });
  const s = new PlaySession((l) => out.push(l), { depth: 2, ...options, engine });
  /** Sends lines one by one and returns what they printed. */
  const send = async (...lines: string[]) => {
    const from = out.length;
    for (const l of lines) await s.handle(l);
    return out.slice(from);
  };
  return { s, out, send, engine };
}

describe('play: a person against the engine', () => {
  it('answers a move in any notation with the engine\'s move, and the board', async () => {
    const { s, out, send } = play({ game: 'xiangqi' });
    await s.start();
    expect(out[0]).toBe('qiengine plays xiangqi; type help for the commands.');
    expect(out.at(-1)).toBe('red to move');
    const reply = await send('炮二平五');
    expect(reply[0]).toBe('you: C2.5 炮二平五 (h2e2)');
    expect(reply[1]).toMatch(/^qiengine: \S+ \([a-i]\d[a-i]\d; [+-]\d+\.\d\d, depth 2\)$/);
    expect(reply.at(-1)).toBe('red to move');
    // WXF and ICCS are read too.
    expect((await send('H2+3'))[0]).toBe('you: H2+3 马二进三 (h0g2)');
    expect((await send('fen'))[0]).toMatch(/^\S+ w - - \d+ 3$/);
  });

  it('refuses an illegal move and a move out of turn, changing nothing', async () => {
    const { s, send } = play({ game: 'chess' });
    await s.start();
    const before = (await send('fen'))[0];
    const bad = await send('e5');
    expect(bad[0]).toMatch(/^illegal move 'e5'/);
    expect((await send('fen'))[0]).toBe(before);
    const both = play({ game: 'chess', side: 'both' });
    await both.s.start();
    // In `both` mode the person plays either side and the engine only moves on go.
    expect(await both.send('e4', 'e5')).toEqual(['you: e4 (e2e4)', 'black to move', 'you: e5 (e7e5)', 'white to move']);
    const go = await both.send('go');
    expect(go[0]).toMatch(/^qiengine: /);
    // The engine now plays white: a move for black gets its reply at once.
    const reply = await both.send('Nc6');
    expect(reply[0]).toBe('you: Nc6 (b8c6)');
    expect(reply[1]).toMatch(/^qiengine: /);
    // Taking back the engine's opening move leaves it to move: the person is told to type go.
    const second = play({ game: 'chess', side: 'second' });
    await second.s.start();
    expect((await second.send('undo')).at(-1)).toBe('white to move (the engine: type go)');
    expect((await second.send('e4'))[0]).toBe("it is the engine's move: type go");
  });

  it('undo takes back the engine\'s reply and the person\'s move; new starts again', async () => {
    const { s, send } = play({ game: 'chess' });
    await s.start();
    const start = (await send('fen'))[0];
    await send('d4');
    await send('undo');
    expect((await send('fen'))[0]).toBe(start);
    expect((await send('undo'))[0]).toBe('no move to take back');
    await send('e4');
    await send('new');
    expect((await send('fen'))[0]).toBe(start);
  });

  it('the engine opens when the person plays second, and says when the game is over', async () => {
    const { s, out } = play({ game: 'chess', side: 'second' });
    await s.start();
    expect(out.some((l) => l.startsWith('qiengine: '))).toBe(true);
    expect(out.at(-1)).toBe('black to move');
    // Fool's mate, the person giving mate as black.
    const mate = play({ game: 'chess', side: 'both' });
    await mate.s.start();
    const end = await mate.send('f3', 'e5', 'g4', 'Qh4#');
    expect(end).toContain('game over: black wins (checkmate). new starts another, undo takes moves back.');
    expect((await mate.send('a6'))[0]).toMatch(/^the game is over/);
    expect((await mate.send('hint'))[0]).toMatch(/^the game is over/);
    // Undo reopens it.
    await mate.send('undo');
    expect((await mate.send('moves'))[0]).toContain('Qh4#');
  });

  it('resign gives the person\'s side up, and pgn writes the game with that result; undo takes it back', async () => {
    const { s, send } = play({ game: 'xiangqi' });
    await s.start();
    await send('h2e2');
    expect(await send('resign')).toEqual(['game over: black wins (red resigns). new starts another, undo takes moves back.']);
    expect((await send('h0g2'))[0]).toMatch(/^the game is over/);
    expect((await send('resign'))[0]).toMatch(/^the game is over/);
    const pgn = (await send('pgn')).join('\n');
    expect(pgn).toMatch(/\[Result "0-1"\]/);
    expect(pgn).toMatch(/H2-E2 .* 0-1\s*$/s);
    // Undo takes the resignation back with the moves.
    await send('undo');
    const reopened = await send('pgn');
    expect(reopened).toContain('[Result "*"]');
    expect(reopened.at(-1)).toBe('red to move');
    expect((await send('h2e2'))[0]).toBe('you: C2.5 炮二平五 (h2e2)');
    // In both mode the side to move resigns.
    const both = play({ game: 'chess', side: 'both' });
    await both.s.start();
    await both.send('e4');
    expect(await both.send('resign')).toEqual(['game over: white wins (black resigns). new starts another, undo takes moves back.']);
    expect((await both.send('pgn')).join('\n')).toMatch(/1\. e4 1-0\s*$/);
  });

  it('plays from its book when given one, and hint does not move', async () => {
    const book = PolyglotBook.fromBytes(buildPolyglotBook([{ moves: ['e4', 'c5'], result: '1/2-1/2' }]));
    const engine = new Engine({ thread: 'inline', book });
    const { s, send } = play({ game: 'chess', engine });
    await s.start();
    const r = await send('e4');
    expect(r[1]).toBe('qiengine: c5 (c7c5; book)');
    const fen = (await send('fen'))[0];
    expect((await send('hint'))[0]).toMatch(/^hint: /);
    expect((await send('fen'))[0]).toBe(fen);
    expect(await send('quit')).toEqual([]);
    expect(s.finished).toBe(true);
  });
});
