import { lessTransit, wallClock } from '../../src/engine/searcher.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetFor } from '../../src/index.js';

describe('clock budgets', () => {
  it('share the clock over the moves to go, add most of the increment, and stay below 40% of it', () => {
    expect(budgetFor({ remainingMs: 60_000 }, 0)).toEqual({ softMs: 2000, hardMs: 6000 });
    expect(budgetFor({ remainingMs: 60_000, incrementMs: 1000 }, 0).softMs).toBe(2750);
    expect(budgetFor({ remainingMs: 60_000, movesToGo: 10 }, 0)).toEqual({ softMs: 6000, hardMs: 18000 });
    // The last move before the control may use most of what is left.
    expect(budgetFor({ remainingMs: 1000, movesToGo: 1 }, 0).hardMs).toBe(900);
    // The overhead comes off, and a nearly empty clock still gets a few milliseconds.
    expect(budgetFor({ remainingMs: 60_000 }, 30).softMs).toBe(1999);
    expect(budgetFor({ remainingMs: 10 }, 30)).toEqual({ softMs: 5, hardMs: 5 });
  });

  it('never plan past the clock (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1000 }), (ms, inc, mtg, overhead) => {
        const b = budgetFor({ remainingMs: ms, incrementMs: inc, movesToGo: mtg === 0 ? undefined : mtg }, overhead);
        expect(b.softMs).toBeLessThanOrEqual(b.hardMs);
        expect(b.hardMs).toBeLessThanOrEqual(Math.max(5, ms));
        expect(b.softMs).toBeGreaterThanOrEqual(5);
      }),
    );
  });
});

describe('a request that waited to reach the worker', () => {
  it('loses the waiting time from its limits, never below 1 ms', () => {
    const issuedAt = wallClock() - 40;
    const r = lessTransit({ game: 'chess', movetimeMs: 100, softMs: 60, issuedAt });
    expect(r.movetimeMs).toBeGreaterThan(50);
    expect(r.movetimeMs).toBeLessThanOrEqual(60);
    expect(r.softMs).toBeLessThanOrEqual(20);
    expect(lessTransit({ game: 'chess', movetimeMs: 10, issuedAt: wallClock() - 500 }).movetimeMs).toBe(1);
    // Without a time of issue, or without time limits, nothing changes.
    expect(lessTransit({ game: 'chess', movetimeMs: 100 }).movetimeMs).toBe(100);
    expect(lessTransit({ game: 'chess', depth: 5, issuedAt }).movetimeMs).toBeUndefined();
  });
});
