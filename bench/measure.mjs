// Timing and the machine line shared by the bench scripts (their seeded inputs come from the package's seededRandom).
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
 * The value after flag `name` on the command line (`--depth 10`), or `fallback` when absent.
 * @param {string} name
 * @param {string} fallback
 * @returns {string}
 */
export function flagValue(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
}

/** `Measured <date> on <CPU> (<n> cores), Node <version>, <platform> <arch>`: where a table's figures came from. */
export function measuredOn() {
  return `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus()[0]?.model ?? 'unknown CPU'} (${os.cpus().length} cores), Node ${process.version}, ${os.platform()} ${os.arch()}`;
}
