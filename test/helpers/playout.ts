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
