#!/usr/bin/env node
// The host demo: Quire's build served with its host configured (frame-ancestors and
// /quire-hosts.json name the reference host's origin) together with Quire's server (the API on the
// same origin, an in-memory database: a base's templates, its token binding and the edit lock are
// kept there for users who sign in to it), the reference host page (examples/reference-host) on a
// second origin, and a third origin for the forger page.
//   npm run build && npm run host-demo [-- --quire-port 4173 --port 4701 --forger-port 4702 --root dist]
// `--no-api` serves the app alone (no server: a base's templates stay on the device).
// `--quire <origin>` uses a Quire already served elsewhere instead of starting one.
// No dependencies on purpose; the journeys (tests/e2e/hosts.spec.ts) start it the same way.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createStaticHandler, startServer } from './serve.mjs';

const HOST_DIR = fileURLToPath(new URL('../examples/reference-host/', import.meta.url));
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css' };

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** Serves the reference host's files, and `/config.json` naming Quire's origin. */
function hostHandler(quireOrigin) {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ quireOrigin }));
      return;
    }
    const name = url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1));
    const path = normalize(join(HOST_DIR, name));
    if (!path.startsWith(HOST_DIR) || !existsSync(path) || !statSync(path).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    createReadStream(path).pipe(res);
  };
}

function listen(handler, port, host) {
  const server = createServer(handler);
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}

/**
 * Starts the three origins; returns their URLs and a `close()`. `quireOrigin` given: Quire is not
 * started (it must already list the host origin in its frame-ancestors).
 */
export async function startHostDemo({
  host = '127.0.0.1',
  quirePort = 4173,
  hostPort = 4701,
  forgerPort = 4702,
  root = 'dist',
  quireOrigin,
  api = true,
} = {}) {
  const hostOrigin = `http://${host}:${hostPort}`;
  const forgerOrigin = `http://${host}:${forgerPort}`;
  const servers = [];
  let quire = quireOrigin;
  if (!quire) {
    quire = `http://${host}:${quirePort}`;
    const frameAncestors = ["'self'", hostOrigin];
    if (api) {
      // The server is TypeScript; tsx loads it without a build step (as `npm run server` does).
      const { tsImport } = await import('tsx/esm/api');
      const { startQuireServer } = await tsImport('../src/server/server.ts', import.meta.url);
      const quireServer = await startQuireServer({
        port: quirePort,
        host,
        // In memory: every demo (and every journey run) starts with an empty server.
        database: { url: undefined, dataDir: undefined },
        staticHandler: createStaticHandler(resolve(root), { framing: false }),
        config: { frameAncestors },
      });
      servers.push({ close: (done) => quireServer.close().then(done, done) });
    } else {
      servers.push(await startServer({ root: resolve(root), port: quirePort, host, frameAncestors }));
    }
  }
  servers.push(await listen(hostHandler(quire), hostPort, host));
  servers.push(await listen(hostHandler(quire), forgerPort, host));
  return {
    quireOrigin: quire,
    hostOrigin,
    forgerOrigin,
    close: () => Promise.all(servers.map((s) => new Promise((r) => s.close(() => r(undefined))))),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const demo = await startHostDemo({
    quirePort: Number(option('quire-port', 4173)),
    hostPort: Number(option('port', 4701)),
    forgerPort: Number(option('forger-port', 4702)),
    root: option('root', 'dist'),
    quireOrigin: option('quire', undefined),
    api: !process.argv.includes('--no-api'),
  });
  console.log(`Quire:          ${demo.quireOrigin}/ (frame-ancestors 'self' ${demo.hostOrigin})`);
  console.log(`                ${demo.quireOrigin}/login (sign up on its server to keep a base's templates there)`);
  console.log(`Reference host: ${demo.hostOrigin}/            (a base)`);
  console.log(`                ${demo.hostOrigin}/?mode=approval (an approval)`);
  console.log(`Forger:         ${demo.forgerOrigin}/forger.html (a third origin)`);
}
