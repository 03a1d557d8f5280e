/**
 * The engine's worker: runs {@link Searcher} off the caller's thread. The same file serves
 * Node (`worker_threads`) and browsers (a module Web Worker).
 *
 * Messages in: `{type: 'search', id, request, stop, smp}` (stop is an Int32Array on a
 * SharedArrayBuffer, or absent; smp, for a Lazy SMP search, this worker's thread and the shared
 * node counts), `{type: 'table', buffer}` (search on a shared table from now on), `{type:
 * 'hash', mb}` (an own table of that size), `{type: 'clear'}`, `{type: 'restoreRoot'}` (the
 * main worker of a Lazy SMP search, after its helpers stopped: store the root entry again),
 * `{type: 'warm', id}` (run {@link warmUp}), `{type: 'tablebases', files}` (probe these endgame
 * table files from now on).
 * Messages out: `{type: 'ready'}`, `{type: 'info', id, info}`, `{type: 'done', id, result}`,
 * `{type: 'probed', id, entry}`, `{type: 'warmed', id}`, `{type: 'error', id, message}`.
 */
import { warmUp } from './bench.js';
import { lessTransit, Searcher, type EngineInfo, type SearchRequest, type ThreadRole } from './searcher.js';

type Inbound =
  | { type: 'search'; id: number; request: SearchRequest; stop?: Int32Array; smp?: ThreadRole }
  | { type: 'probe'; id: number; request: SearchRequest }
  | { type: 'warm'; id: number }
  | { type: 'table'; buffer: SharedArrayBuffer }
  | { type: 'hash'; mb: number }
  | { type: 'clear' }
  | { type: 'tablebases'; files: Uint8Array[] }
  | { type: 'restoreRoot' };

interface Port {
  post(message: unknown): void;
  listen(handler: (message: Inbound) => void): void;
}

const searcher = new Searcher();

function serve(port: Port): void {
  port.listen((msg) => {
    if (msg.type === 'hash') searcher.setHash(msg.mb);
    else if (msg.type === 'table') searcher.attachTable(msg.buffer);
    else if (msg.type === 'clear') searcher.clear();
    else if (msg.type === 'tablebases') searcher.setTablebases(msg.files);
    else if (msg.type === 'restoreRoot') searcher.restoreRootEntry();
    else if (msg.type === 'warm') {
      warmUp();
      port.post({ type: 'warmed', id: msg.id });
    }
    else if (msg.type === 'probe') {
      try {
        port.post({ type: 'probed', id: msg.id, entry: searcher.probe(msg.request) });
      } catch (e) {
        port.post({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) });
      }
    }
    else if (msg.type === 'search') {
      const helper = msg.smp !== undefined && msg.smp.thread > 0;
      try {
        const onInfo = helper ? undefined : (info: EngineInfo): void => port.post({ type: 'info', id: msg.id, info });
        const result = searcher.run(lessTransit(msg.request), onInfo, msg.stop, undefined, msg.smp);
        // The main search of a Lazy SMP search ends its helpers at once, from this thread.
        if (msg.smp !== undefined && !helper && msg.stop !== undefined) Atomics.store(msg.stop, 0, 1);
        port.post({ type: 'done', id: msg.id, result });
      } catch (e) {
        if (msg.smp !== undefined && msg.stop !== undefined) Atomics.store(msg.stop, 0, 1);
        port.post({ type: 'error', id: msg.id, message: e instanceof Error ? e.message : String(e) });
      }
    }
  });
  port.post({ type: 'ready' });
}

interface WebWorkerScope {
  postMessage(m: unknown): void;
  addEventListener(type: 'message', h: (e: { data: Inbound }) => void): void;
}

const scope = globalThis as unknown as { WorkerGlobalScope?: unknown } & WebWorkerScope;
if (typeof scope.WorkerGlobalScope !== 'undefined') {
  serve({ post: (m) => scope.postMessage(m), listen: (h) => scope.addEventListener('message', (e) => h(e.data)) });
} else {
  // A variable specifier keeps browser bundlers from trying to resolve the Node module.
  const threads = 'node:worker_threads';
  void import(/* @vite-ignore */ threads).then((wt: typeof import('node:worker_threads')) => {
    const port = wt.parentPort;
    if (port === null) return;
    serve({ post: (m) => port.postMessage(m), listen: (h) => port.on('message', h) });
  });
}
