// Serves the repository's files for the examples in a browser: `examples/board/` and the built
// `dist/` it imports. The page is cross-origin isolated (COOP and COEP headers), so the Engine's
// worker gets SharedArrayBuffer and a stop reaches a running search through a shared flag.
// `scripts/example-smoke.mjs` serves the same files through `sendRepositoryFile`.
//
//   npm run build && node examples/serve.mjs [--port N]     then open the address it prints
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.map': 'application/json', '.css': 'text/css' };

/** The headers that make a page cross-origin isolated (SharedArrayBuffer for its workers). */
export const ISOLATED = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };

/**
 * Answers a request for `path` (a URL path) with the repository file there, or a folder's
 * index.html, cross-origin isolated; 403 outside the repository, 404 where there is no file.
 * @param {string} path
 * @param {import('node:http').ServerResponse} res
 */
export function sendRepositoryFile(path, res) {
  let file = normalize(join(root, path));
  if (!file.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  try {
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    const body = readFileSync(file);
    res.writeHead(200, { ...ISOLATED, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end();
  }
}

// Run directly (not imported): serve until stopped.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const port = args.includes('--port') ? Number(args[args.indexOf('--port') + 1]) : 8080;
  createServer((req, res) => sendRepositoryFile(decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname), res)).listen(port, '127.0.0.1', () =>
    console.log(`http://127.0.0.1:${port}/examples/board/`),
  );
}
