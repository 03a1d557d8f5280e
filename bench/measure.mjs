// Timing, inputs and the machine line shared by the bench scripts.
import os from 'node:os';

/**
 * The best of `runs` timings of `fn`, in milliseconds, after one warm-up call whose answer
 * `check` sees (so that a wrong answer fails the bench instead of timing it).
 * @template T
 * @param {() => T} fn
 * @param {(answer: T) => void} [check]
 * @param {number} [runs]
 */
export function bestTime(fn, check = () => undefined, runs = 15) {
  check(fn());
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/**
 * A small fixed-seed generator (mulberry32), so that every run measures the same inputs.
 * @param {number} seed
 * @returns {() => number} numbers in [0, 1)
 */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `Measured <date> on <CPU> (<n> cores), Node <version>, <platform> <arch>`: where a table's figures came from. */
export function measuredOn() {
  return `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores), Node ${process.version}, ${os.platform()} ${os.arch()}`;
}
