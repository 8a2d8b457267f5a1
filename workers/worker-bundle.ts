/**
 * Node-only. A worker thread's TypeScript entry as one pre-bundled ES module, so starting a worker
 * (render pool, WASM compile hosts for long documents) does not transform every source file
 * through tsx again (~0.4 s CPU per compile host, ~1.5 s per render worker). The bundle is built
 * on first use (scripts/bundle-worker.mjs, esbuild) into a cache folder and reused while the
 * SHA-1 of every file it was built from is unchanged; checked once per entry and process.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BUNDLER = join(ROOT, 'scripts', 'bundle-worker.mjs');

/**
 * Bundles import packages by name, so the folder must sit inside the project (node_modules/.cache
 * by default, where build tools keep theirs). QUIRE_WORKER_CACHE moves it; QUIRE_WORKER_BUNDLE=0
 * runs the TypeScript through tsx as before (debugging a worker with its own source lines).
 */
export function workerCacheDir(): string {
  return process.env.QUIRE_WORKER_CACHE ?? join(ROOT, 'node_modules', '.cache', 'quire-workers');
}

const ready = new Map<string, URL | undefined>();

const sha1 = (bytes: Buffer | string) => createHash('sha1').update(bytes).digest('hex');

interface Manifest {
  entry: string;
  /** The bundle's folder in the cache (index.mjs and its chunks). */
  folder: string;
  inputs: Record<string, string>;
}

/** The bundle's module if it was built from exactly the files there are now. */
function upToDate(dir: string, name: string, entry: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as Manifest;
    const index = join(dir, manifest.folder, 'index.mjs');
    if (manifest.entry !== entry || !existsSync(index)) return undefined;
    const same = Object.entries(manifest.inputs).every(
      ([file, hash]) => existsSync(file) && sha1(readFileSync(file)) === hash,
    );
    return same ? index : undefined;
  } catch {
    return undefined;
  }
}

/** The bundled module for a `.ts` worker entry, or undefined to run the entry through tsx. */
export function bundledWorkerEntry(entry: URL): URL | undefined {
  if (process.env.QUIRE_WORKER_BUNDLE === '0' || entry.protocol !== 'file:') return undefined;
  const path = fileURLToPath(entry);
  if (!path.endsWith('.ts')) return undefined;
  if (ready.has(path)) return ready.get(path);
  const name = `${basename(path, '.ts')}-${sha1(path).slice(0, 12)}`;
  const dir = workerCacheDir();
  let url: URL | undefined;
  try {
    let index = upToDate(dir, name, path);
    if (!index) {
      // A child process: esbuild's plugins (which keep each module's import.meta.url) need its
      // asynchronous API, and spawning a worker is synchronous.
      execFileSync(process.execPath, [BUNDLER, path, dir, name], { stdio: ['ignore', 'ignore', 'pipe'] });
      index = upToDate(dir, name, path);
    }
    url = index ? pathToFileURL(index) : undefined;
  } catch {
    // No esbuild (or an unwritable cache): tsx still runs the entry, only slower to start.
    url = undefined;
  }
  ready.set(path, url);
  return url;
}
