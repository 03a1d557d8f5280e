// A UCI engine as a line-oriented child process, for the bench scripts that talk to engines
// (bench/search.mjs, bench/threads.mjs, bench/fit/label.mjs), and where to find one (also for
// the perft benches).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A line-oriented child process. */
export class Proc {
  constructor(cmd, argv = []) {
    this.p = spawn(cmd, argv, { stdio: ['pipe', 'pipe', 'inherit'] });
    this.lines = [];
    this.waiters = [];
    let buf = '';
    this.p.stdout.on('data', (d) => {
      buf += d.toString();
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i).trim();
        buf = buf.slice(i + 1);
        this.lines.push(line);
        for (const w of [...this.waiters]) w(line);
      }
    });
  }
  send(l) {
    this.p.stdin.write(l + '\n');
  }
  until(test) {
    return new Promise((resolve) => {
      const w = (line) => {
        if (test(line)) {
          this.waiters = this.waiters.filter((x) => x !== w);
          resolve(line);
        }
      };
      this.waiters.push(w);
    });
  }
  quit() {
    this.send('quit');
  }
}

/** A native engine's binary (`stockfish`, `fairy-stockfish`): Debian's place first, then the PATH; null if neither has it. */
export function findNative(name) {
  for (const p of [`/usr/games/${name}`, `/usr/bin/${name}`]) if (existsSync(p)) return p;
  const r = spawnSync('sh', ['-c', `command -v ${name}`]);
  return r.status === 0 ? r.stdout.toString().trim() : null;
}

/** The first line a native engine prints (its name and version), or 'not installed' for a null binary. */
export function nativeVersion(bin) {
  return bin ? (spawnSync(bin, [], { input: 'quit\n' }).stdout.toString().split('\n')[0] ?? '').trim() : 'not installed';
}

/** A native engine, ready: one thread, a 16 MB table, the variant set. */
export async function startNative(bin, variant, threads = 1) {
  const e = new Proc(bin);
  e.send('uci');
  await e.until((l) => l === 'uciok');
  if (variant) e.send(`setoption name UCI_Variant value ${variant}`);
  e.send(`setoption name Threads value ${threads}`);
  e.send('setoption name Hash value 16');
  e.send('ucinewgame');
  e.send('isready');
  await e.until((l) => l === 'readyok');
  return e;
}

/**
 * One search by a fresh native engine: `position fen`, then the `go` line given; returns the
 * last `info depth` line it printed (with the time it took, wall clock) once it answers.
 */
export async function nativeSearch(bin, variant, fen, go, threads = 1) {
  const e = await startNative(bin, variant, threads);
  let last = '';
  const t0 = performance.now();
  e.send(`position fen ${fen}`);
  e.send(go);
  const best = await e.until((l) => {
    if (l.startsWith('info depth') && l.includes(' nodes ')) last = l;
    return l.startsWith('bestmove');
  });
  const wallMs = performance.now() - t0;
  e.quit();
  return { info: last, best: best.split(' ')[1], wallMs };
}

/** A number from an info line (`nodes`, `nps`, `time`, `depth`...). */
export const infoField = (info, name) => Number(new RegExp(`(?:^| )${name} (\\d+)`).exec(info)?.[1]);
