#!/usr/bin/env node
// Serves the production build (dist/) on 127.0.0.1 with an SPA fallback, so deep links and
// the service worker behave as they will when Quire is hosted. No dependencies on purpose.
// With --api it also serves Quire's API on the same origin (src/server, PGlite in --data DIR
// or PostgreSQL from DATABASE_URL); the files are served by this same handler either way.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.woff2': 'font/woff2',
  '.typ': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.map': 'application/json',
};

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

function checkBuild(root) {
  if (!existsSync(join(root, 'index.html'))) {
    throw new Error(`No build found in ${root}. Run \`npm run build\` first (npm start does it for you).`);
  }
}

/** Origins in a `frame-ancestors` list (`'self'` and wildcards are not origins Quire talks to). */
function originsOf(ancestors) {
  return ancestors.filter((source) => /^https?:\/\/[^/*'\s]+$/i.test(source));
}

/**
 * The (req, res) handler that serves `root`; the API server reuses it for everything outside /api.
 * With `frameAncestors` (e.g. ["'self'", 'https://host.example']) only those may frame the app, and
 * `/quire-hosts.json` tells the app the same origins are its hosts (docs/HOST-PROTOCOL.md).
 */
export function createStaticHandler(root = resolve('dist'), { frameAncestors } = {}) {
  checkBuild(root);
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Never guess a type from the bytes; links out of Quire carry no path (the API server, which
    // also sends the full Content-Security-Policy, sets the same values before calling this).
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    // The host SDK and reference host are public files other origins import as modules.
    if (url.pathname.startsWith('/embed/')) res.setHeader('Access-Control-Allow-Origin', '*');
    if (frameAncestors) {
      res.setHeader('Content-Security-Policy', `frame-ancestors ${frameAncestors.join(' ')}`);
      if (url.pathname === '/quire-hosts.json') {
        res.writeHead(200, { 'Content-Type': MIME_TYPES['.json'], 'Cache-Control': 'no-cache' });
        res.end(JSON.stringify({ hostOrigins: originsOf(frameAncestors) }));
        return;
      }
    }
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    const isFile = existsSync(path) && statSync(path).isFile();
    // Unknown paths get the app shell; the client-side router shows its own not-found screen.
    if (!isFile) path = join(root, 'index.html');
    const type = MIME_TYPES[extname(path)] ?? 'application/octet-stream';
    const immutable = url.pathname.startsWith('/assets/');
    res.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'Service-Worker-Allowed': '/',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(path).pipe(res);
  };
}

export function startServer({ root = resolve('dist'), port = 4173, host = '127.0.0.1', frameAncestors } = {}) {
  const server = createServer(createStaticHandler(root, { frameAncestors }));
  return new Promise((resolvePromise) => {
    server.listen(port, host, () => resolvePromise(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--api')) {
    // The server is TypeScript; tsx loads it without a separate build step.
    const { tsImport } = await import('tsx/esm/api');
    const { runServer } = await tsImport('../src/server/main.ts', import.meta.url);
    await runServer(process.argv.slice(2), createStaticHandler(resolve(option('root', 'dist'))));
  } else {
    const port = Number(option('port', process.env.PORT ?? 4173));
    const host = option('host', '127.0.0.1');
    const ancestors = option('frame-ancestors', process.env.QUIRE_FRAME_ANCESTORS);
    const frameAncestors = ancestors ? ancestors.split(/[\s,]+/).filter(Boolean) : undefined;
    startServer({ root: resolve(option('root', 'dist')), port, host, frameAncestors }).then(() => {
      console.log(`Quire is running at http://${host}:${port}/`);
    });
  }
}
