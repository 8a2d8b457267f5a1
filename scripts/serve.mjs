#!/usr/bin/env node
// Serves the production build (dist/) on 127.0.0.1 with an SPA fallback, so deep links and
// the service worker behave as they will when Quire is hosted. No dependencies on purpose.
// With --api it also serves Quire's API on the same origin (src/server, PGlite in --data DIR
// or PostgreSQL from DATABASE_URL); the files are served by this same handler either way.
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';

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

const STATUS_TEXT = { 400: 'bad request', 404: 'not found', 405: 'method not allowed' };
/** Longer request paths are refused outright: no file of the build is named like that. */
const MAX_PATH_LENGTH = 1024;

/** Whether `path` (already real) lies inside `root` by whole path segments, not by a shared prefix. */
function isInside(root, path) {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * The file a URL path names inside the build, the app shell for unknown paths (the client-side
 * router shows its own not-found screen), or an HTTP status: 400 for a path that does not decode
 * (malformed percent-encoding, NUL, overlong), 404 for dotfiles and anything that resolves —
 * through `..` or a symlink — outside the root.
 */
function resolveInRoot(realRoot, pathname) {
  if (pathname.length > MAX_PATH_LENGTH) return 400;
  const segments = [];
  for (const raw of pathname.split('/')) {
    let segment;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return 400;
    }
    if (segment.includes('\0')) return 400;
    // An encoded slash names no file of the build, but client routes carry them (`/goto/%2Fo%2F…`):
    // such a path gets the app shell, whose router reads it.
    if (segment.includes('/') || segment.includes('\\')) {
      // …unless it hides a step out of the folder or to a dotfile (`..%2Fdist-old`): refused.
      if (segment.split(/[/\\]/).some((part) => part.startsWith('.'))) return 400;
      return join(realRoot, 'index.html');
    }
    if (segment === '') continue;
    // Dotfiles (.env, .git) and `.`/`..` are never part of a build's public files.
    if (segment.startsWith('.')) return 404;
    segments.push(segment);
  }
  const candidate = join(realRoot, ...segments);
  let real;
  try {
    real = realpathSync(candidate);
  } catch {
    real = undefined;
  }
  if (real !== undefined) {
    if (!isInside(realRoot, real)) return 404;
    if (statSync(real).isFile()) return real;
  }
  return join(realRoot, 'index.html');
}

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
 * The `frame-ancestors` sources to send: Quire itself (`'self'`) always, then the configured hosts.
 * Without any, only Quire may frame Quire — never every site. `'none'` is kept alone, as CSP needs.
 */
export function frameAncestorsOf(configured = []) {
  const list = configured.filter(Boolean);
  if (list.includes("'none'")) return ["'none'"];
  return ["'self'", ...list.filter((source) => source !== "'self'")];
}

/**
 * The (req, res) handler that serves `root`; the API server reuses it for everything outside /api.
 * With `frameAncestors` (e.g. ["'self'", 'https://host.example']) only those may frame the app, and
 * `/quire-hosts.json` tells the app the same origins are its hosts (docs/HOST-PROTOCOL.md).
 */
export function createStaticHandler(root = resolve('dist'), { frameAncestors: configured, framing = true } = {}) {
  checkBuild(root);
  // Framing is protected in every mode; `framing: false` is for the API server, which sends the
  // same directive in its own full Content-Security-Policy and answers /quire-hosts.json itself.
  const frameAncestors = framing ? frameAncestorsOf(configured) : undefined;
  // Symlinks in the root's own path are resolved once; files are compared against the real root.
  const realRoot = realpathSync(root);
  const serve = (req, res) => {
    let url;
    try {
      // Only the path and query of the request line count; an absolute or odd target is parsed as such.
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end(STATUS_TEXT[400]);
      return;
    }
    // Never guess a type from the bytes; links out of Quire carry no path (the API server, which
    // also sends the full Content-Security-Policy, sets the same values before calling this).
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    // The host SDK and reference host are public files other origins import as modules.
    if (url.pathname.startsWith('/embed/')) res.setHeader('Access-Control-Allow-Origin', '*');
    if (frameAncestors) {
      // The app reads its hosts from here; 'self' alone answers an empty list (JSON, never the shell).
      res.setHeader('Content-Security-Policy', `frame-ancestors ${frameAncestors.join(' ')}`);
      if (url.pathname === '/quire-hosts.json') {
        res.writeHead(200, { 'Content-Type': MIME_TYPES['.json'], 'Cache-Control': 'no-cache' });
        res.end(JSON.stringify({ hostOrigins: originsOf(frameAncestors) }));
        return;
      }
    }
    const path = resolveInRoot(realRoot, url.pathname);
    if (typeof path === 'number') {
      res.writeHead(path, { 'Content-Type': 'text/plain; charset=utf-8' }).end(STATUS_TEXT[path]);
      return;
    }
    const type = MIME_TYPES[extname(path)] ?? 'application/octet-stream';
    const immutable = url.pathname.startsWith('/assets/');
    res.writeHead(200, {
      'Content-Type': type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'Service-Worker-Allowed': '/',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // A file that vanishes or cannot be read mid-answer ends this answer, never the process.
    const stream = createReadStream(path);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };
  return (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end(STATUS_TEXT[405]);
        return;
      }
      serve(req, res);
    } catch (error) {
      console.error('[quire-server] static file request failed:', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    }
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
    try {
      await runServer(process.argv.slice(2), createStaticHandler(resolve(option('root', 'dist')), { framing: false }));
    } catch (error) {
      // A refusal to start (data folder in use, bad option) is one clear line, not a stack trace.
      console.error(`Quire could not start: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    }
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
