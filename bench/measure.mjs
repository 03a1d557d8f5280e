// Timing shared by the bench scripts that measure in-process JavaScript.

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
