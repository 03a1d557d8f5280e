import { expect } from 'vitest';
import type { GamePosition } from '../../src/core/game.js';
import { rng } from './data.js';

/**
 * Plays `plies` random legal moves from `pos` (stopping early when none is left) and calls
 * `visit` on every position reached, the start included. Leaves the moves made.
 */
export function randomPlayout(pos: GamePosition, seed: number, plies: number, visit: (pos: GamePosition) => void): void {
  const rand = rng(seed);
  const buf = new Int32Array(256);
  visit(pos);
  for (let i = 0; i < plies; i++) {
    const end = pos.generate(buf, 0, false);
    const legal: number[] = [];
    for (let k = 0; k < end; k++) {
      if (pos.make(buf[k]!)) {
        pos.unmake();
        legal.push(buf[k]!);
      }
    }
    if (legal.length === 0) return;
    pos.make(legal[Math.floor(rand() * legal.length)]!);
    visit(pos);
  }
}

/**
 * The lazy-evaluation contract of the seam: an answer that differs from the full score lies
 * outside the window (alpha, alpha + width), on the side the full score lies, and within the
 * game's lazy margin of it.
 */
export function expectLazyOnTheRightSide(lazy: number, full: number, alpha: number, width: number, margin: number): void {
  if (lazy === full) return;
  expect(Math.abs(lazy - full)).toBeLessThan(margin);
  if (lazy <= alpha) expect(full).toBeLessThanOrEqual(alpha);
  else expect(full).toBeGreaterThanOrEqual(alpha + width);
}
