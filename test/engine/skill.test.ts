import { describe, expect, it } from 'vitest';
import { Engine, QiengineError, Xiangqi, type EngineInfo, type EngineLine } from '../../src/index.js';
import { applySkill, ELO_LEVELS, ELO_MAX, ELO_MIN, pickSkillLine, skillDepth, skillForElo, SKILL_MAX } from '../../src/engine/skill.js';
import { rng } from '../helpers/data.js';

const line = (move: string, score: EngineLine['score']): EngineLine => ({ multipv: 1, score, pv: [move], pvNotation: [move] });

describe('skill levels', () => {
  it('pick the best line more often the higher the level, and never leave a mate', () => {
    const lines = [line('a', { cp: 100 }), line('b', { cp: 60 }), line('c', { cp: 20 }), line('d', { cp: -100 })];
    const share = (level: number) => {
      const rand = rng(7);
      let top = 0;
      for (let i = 0; i < 4000; i++) if (pickSkillLine(lines, level, rand)!.pv[0] === 'a') top++;
      return top / 4000;
    };
    const low = share(0);
    const mid = share(10);
    const high = share(19);
    expect(low).toBeLessThan(mid);
    expect(mid).toBeLessThan(high);
    expect(low).toBeGreaterThan(0.1);
    // With no random push, the best line wins at any level.
    expect(pickSkillLine(lines, 0, () => 0)!.pv[0]).toBe('a');
    // A push comes from the random part only through the lines' spread: a worse line is
    // chosen when its die is high and the others' low.
    const dice = [0, 0, 0, 0.99];
    let k = 0;
    expect(pickSkillLine(lines, 0, () => dice[k++ % 4]!)!.pv[0]).toBe('d');
    const mates = [line('m', { mate: 2 }), line('x', { cp: 900 }), line('y', { cp: 800 })];
    const rand = rng(1);
    for (let i = 0; i < 500; i++) expect(pickSkillLine(mates, 0, rand)!.pv[0]).toBe('m');
    expect(pickSkillLine([], 5, rand)).toBeUndefined();
    expect(skillDepth(0)).toBe(1);
    expect(skillDepth(19)).toBe(20);
  });

  it('an engine below full strength searches shallower, several lines, and reports the lines asked for', () => {
    const e = new Engine({ thread: 'inline', skill: 3, random: rng(5) });
    const infos: EngineInfo[] = [];
    const r = e.searchSync({ game: 'xiangqi' }, { depth: 12, onInfo: (i) => infos.push(i) });
    expect(r.depth).toBe(4);
    expect(new Xiangqi().moves()).toContain(r.bestMove);
    expect(r.lines).toHaveLength(1);
    expect(r.pv[0]).toBe(r.bestMove);
    expect(infos.every((i) => i.multipv === 1)).toBe(true);
    expect(infos.map((i) => i.depth)).toEqual([1, 2, 3, 4]);
    // Full strength is the search as it always is; a search may ask for its own level.
    const full = e.searchSync({ game: 'xiangqi' }, { depth: 5, skill: 20 });
    expect(full.depth).toBe(5);
    expect(e.searchSync({ game: 'xiangqi' }, { depth: 5, skill: 20 }).bestMove).toBe(full.bestMove);
    e.setSkill(20);
    expect(e.searchSync({ game: 'xiangqi' }, { depth: 5 }).bestMove).toBe(full.bestMove);
    for (const bad of [-1, 21, 2.5, Number.NaN]) {
      expect(() => e.setSkill(bad)).toThrow(QiengineError);
      expect(() => e.searchSync({ game: 'xiangqi' }, { depth: 2, skill: bad })).toThrow(/skill must be a whole number from 0 to 20/);
    }
    // A refused level changes nothing: the engine is still at full strength.
    expect(e.searchSync({ game: 'xiangqi' }, { depth: 5 }).depth).toBe(5);
    e.close();
  });

  it('the same dice give the same games; a weak level varies its moves over many positions', () => {
    const play = (seed: number) => {
      const e = new Engine({ thread: 'inline', skill: 0, random: rng(seed) });
      const moves: string[] = [];
      for (let i = 0; i < 6; i++) moves.push(e.searchSync({ game: 'chess', moves }, { depth: 3 }).bestMove!);
      e.close();
      return moves;
    };
    expect(play(11)).toEqual(play(11));
    const seen = new Set<string>();
    for (let seed = 1; seed <= 8; seed++) seen.add(play(seed)[0]!);
    expect(seen.size).toBeGreaterThan(1);
  });

  it('contempt moves the worth of a draw: a repetition at hand is taken when a draw is worth more than playing on', () => {
    const e = new Engine({ thread: 'inline' });
    // After Nf3 Nf6 Ng1 Ng8, Nf3 repeats the position: the search scores it as a draw.
    const spec = { game: 'chess' as const, moves: ['g1f3', 'g8f6', 'f3g1', 'f6g8'] };
    const normal = e.searchSync(spec, { depth: 4 });
    expect(normal.bestMove).not.toBe('g1f3');
    const seek = e.searchSync(spec, { depth: 4, contempt: -300 });
    expect(seek.bestMove).toBe('g1f3');
    expect(seek.score).toEqual({ cp: 300 });
    // The engine's own contempt, unless a search gives one.
    const seeker = new Engine({ thread: 'inline', contempt: -300 });
    expect(seeker.searchSync(spec, { depth: 4 }).bestMove).toBe('g1f3');
    expect(seeker.searchSync(spec, { depth: 4, contempt: 0 }).bestMove).toBe(normal.bestMove);
    seeker.setContempt(0);
    expect(seeker.searchSync(spec, { depth: 4 }).bestMove).toBe(normal.bestMove);
    expect(() => seeker.setContempt(5000)).toThrow(/contempt must be a whole number/);
    seeker.close();
    // A stalemated side to move scores the draw at its worth to it.
    const stalemate = { game: 'chess' as const, fen: '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1' };
    expect(e.searchSync(stalemate, { depth: 2, contempt: 50 }).score).toEqual({ cp: -50 });
    expect(e.searchSync(stalemate, { depth: 2 }).score).toEqual({ cp: 0 });
    // Out of range or not whole: refused before anything is searched.
    const bare = { game: 'xiangqi' as const, fen: '3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1' };
    expect(() => e.searchSync(bare, { depth: 1, contempt: 1001 })).toThrow(/contempt must be a whole number/);
    expect(() => e.searchSync(bare, { depth: 1, contempt: 0.5 })).toThrow(QiengineError);
    e.close();
  });

  it('an Elo rating maps to a level through the measured points, rising with the rating', () => {
    // The measured points themselves, and straight lines between them.
    for (const [level, elo] of ELO_LEVELS) expect(skillForElo(elo)).toBeCloseTo(level, 9);
    for (let i = 1; i < ELO_LEVELS.length; i++) {
      const [l0, e0] = ELO_LEVELS[i - 1]!;
      const [l1, e1] = ELO_LEVELS[i]!;
      expect(e1).toBeGreaterThan(e0);
      expect(l1).toBeGreaterThan(l0);
      expect(skillForElo((e0 + e1) / 2)).toBeCloseTo((l0 + l1) / 2, 9);
    }
    expect(skillForElo(ELO_MIN)).toBe(0);
    expect(skillForElo(ELO_MIN - 500)).toBe(0);
    expect(skillForElo(ELO_MAX)).toBe(SKILL_MAX);
    let last = -1;
    for (let elo = ELO_MIN; elo <= ELO_MAX; elo += 7) {
      const level = skillForElo(elo);
      expect(level).toBeGreaterThanOrEqual(last);
      last = level;
    }
    // A level between whole ones searches as deep as the lower one, and picks between them.
    expect(skillDepth(7.6)).toBe(8);
    const lines = [line('a', { cp: 100 }), line('b', { cp: 60 }), line('c', { cp: 20 }), line('d', { cp: -100 })];
    const share = (level: number) => {
      const rand = rng(3);
      let top = 0;
      for (let i = 0; i < 4000; i++) if (pickSkillLine(lines, level, rand)!.pv[0] === 'a') top++;
      return top;
    };
    expect(share(5)).toBeLessThanOrEqual(share(5.5));
    expect(share(5.5)).toBeLessThanOrEqual(share(6));
    expect(share(5)).toBeLessThan(share(6));
  });

  it('an engine set to an Elo rating plays the level it maps to, over any skill level, until set back', () => {
    const depthAt = (elo: number) => skillDepth(skillForElo(elo));
    const low = ELO_MIN;
    const mid = Math.round((ELO_MIN + ELO_MAX) / 2);
    const e = new Engine({ thread: 'inline', skill: 20, elo: low, random: rng(2) });
    expect(e.searchSync({ game: 'chess' }, { depth: 12 }).depth).toBe(depthAt(low));
    // A search's own rating, or its own level, comes before the engine's rating.
    expect(e.searchSync({ game: 'chess' }, { depth: 12, elo: mid }).depth).toBe(depthAt(mid));
    expect(e.searchSync({ game: 'chess' }, { depth: 12, skill: 2 }).depth).toBe(3);
    expect(e.searchSync({ game: 'chess' }, { depth: 12, skill: 2, elo: low }).depth).toBe(depthAt(low));
    // The top of the range is full strength: the search runs to the depth asked.
    expect(e.searchSync({ game: 'chess' }, { depth: 5, elo: ELO_MAX }).depth).toBe(5);
    for (const bad of [ELO_MIN - 1, ELO_MAX + 1, 1500.5, Number.NaN]) {
      expect(() => e.setElo(bad)).toThrow(QiengineError);
      expect(() => e.searchSync({ game: 'chess' }, { depth: 2, elo: bad })).toThrow(new RegExp(`elo must be a whole number from ${ELO_MIN} to ${ELO_MAX}`));
    }
    // A refused rating changes nothing; null goes back to the skill level (here full strength).
    expect(e.searchSync({ game: 'chess' }, { depth: 12 }).depth).toBe(depthAt(low));
    e.setElo(null);
    expect(e.searchSync({ game: 'chess' }, { depth: 5 }).depth).toBe(5);
    e.close();
  });

  it('applySkill keeps the result when there is nothing to choose from', () => {
    const r = { bestMove: null, ponderMove: null, score: { cp: 0 }, depth: 0, seldepth: 0, nodes: 0, timeMs: 0, pv: [], pvNotation: [], lines: [], tbhits: 0 };
    expect(applySkill(r, 0, Math.random, 1)).toBe(r);
  });
});
