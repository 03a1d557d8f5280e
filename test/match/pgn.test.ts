import { describe, expect, it } from 'vitest';
import { readPgn, writePgn } from '../../src/chess/pgn.js';
import { matchGamePgn, reportComment } from '../../src/match/pgn.js';
import type { GameRecord } from '../../src/match/referee.js';

const date = new Date(Date.UTC(2026, 11, 4));

describe('match games as PGN', () => {
  it('writes a report as cutechess does: score in pawns from the mover, depth, time', () => {
    expect(reportComment({ score: 35, depth: 14, ms: 198 })).toBe('+0.35/14 0.198s');
    expect(reportComment({ score: -120, ms: 200 })).toBe('-1.20 0.2s');
    expect(reportComment({ score: 0, depth: 3, ms: 0 })).toBe('+0.00/3 0s');
    expect(reportComment({ score: 99997, depth: 20, ms: 50 })).toBe('+M3/20 0.05s');
    expect(reportComment({ score: -99999, depth: 1, ms: 7 })).toBe('-M1/1 0.007s');
    expect(reportComment({ ms: 1234 })).toBe('1.234s');
  });

  it('writes a chess game in SAN, the opening as book moves, the end as a last comment', () => {
    const r: GameRecord = {
      first: 'a',
      second: 'b',
      opening: ['f2f3', 'e7e5'],
      moves: ['f2f3', 'e7e5', 'g2g4', 'd8h4'],
      result: '0-1',
      reason: 'checkmate',
      game: 3,
      reports: [{ score: -40, depth: 9, nodes: 1000, ms: 12 }, { score: 99999, depth: 2, ms: 5 }],
    };
    const text = matchGamePgn('chess', r, { event: 'a vs b, 50 ms/move', date });
    expect(text).toBe(
      [
        '[Event "a vs b, 50 ms/move"]',
        '[Site "?"]',
        '[Date "2026.12.04"]',
        '[Round "4"]',
        '[White "a"]',
        '[Black "b"]',
        '[Result "0-1"]',
        '[PlyCount "4"]',
        '[Termination "normal"]',
        '',
        '1. f3 {book} 1... e5 {book} 2. g4 {-0.40/9 0.012s} 2... Qh4# {+M1/2 0.005s}',
        '{checkmate} 0-1',
        '',
      ].join('\n'),
    );
    // It reads back as the same game, comments and all.
    const [back] = readPgn(text);
    expect(back!.moves.map((n) => n.uci)).toEqual(r.moves);
    expect(back!.moves[3]!.comments).toEqual(['+M1/2 0.005s', 'checkmate']);
    expect(writePgn(back!)).toBe(text);
  });

  it('writes a xiangqi game in the ICCS form, and marks adjudications', () => {
    const r: GameRecord = {
      first: 'qiengine',
      second: 'fairy-stockfish',
      opening: ['h2e2'],
      moves: ['h2e2', 'h9g7', 'h0g2'],
      result: '1-0',
      reason: 'adjudicated: both engines agree',
      game: 0,
      reports: [{ score: -15, depth: 18, nodes: 99, ms: 200 }, { ms: 199 }],
    };
    expect(matchGamePgn('xiangqi', r, { event: 'e', site: 'here', date })).toBe(
      [
        '[Game "Chinese Chess"]',
        '[Event "e"]',
        '[Site "here"]',
        '[Date "2026.12.04"]',
        '[Round "1"]',
        '[Red "qiengine"]',
        '[Black "fairy-stockfish"]',
        '[Result "1-0"]',
        '[Format "ICCS"]',
        '[PlyCount "3"]',
        '[Termination "adjudication"]',
        '',
        // As the export format (and the chess games) have it, a comment puts the number
        // back before the second player's move.
        '1. H2-E2 {book} 1... H9-G7 {-0.15/18 0.2s} 2. H0-G2 {0.199s}',
        '{adjudicated: both engines agree} 1-0',
        '',
      ].join('\n'),
    );
  });

  it('writes a game without reports (an older record), and a rules infraction', () => {
    const r: GameRecord = { first: 'a', second: 'b', opening: [], moves: ['e2e4'], result: '1-0', reason: "b played an illegal move 'e7e9'", game: 1 };
    const text = matchGamePgn('chess', r, { event: '?', date });
    expect(text).toContain('[Termination "rules infraction"]');
    expect(text).toContain("1. e4 {b played an illegal move 'e7e9'} 1-0");
  });

  it('tags the time control and marks a loss on time as a time forfeit', () => {
    const r: GameRecord = { first: 'a', second: 'b', opening: [], moves: ['e2e4'], result: '1-0', reason: 'b lost on time', game: 0 };
    const text = matchGamePgn('chess', r, { event: '?', date, timeControl: '60+0.6' });
    expect(text).toContain('[TimeControl "60+0.6"]');
    expect(text).toContain('[Termination "time forfeit"]');
    expect(matchGamePgn('chess', r, { event: '?', date })).not.toContain('TimeControl');
  });
});
