#!/usr/bin/env node
// Bundles the `quire` command (src/cli/main.ts) with scripts/bundle-worker.mjs into the CLI cache
// and stores beside it what the launcher (scripts/quire.mjs) needs to start at once:
// - help.json: every help text, so `quire help` answers without loading the commands;
// - <name>.stamps.json: the bundle's folder and the size and mtime of each source file it was built
//   from, plus npm's node_modules/.package-lock.json for the ~3,000 package files (npm rewrites it
//   on every install), so an unchanged tree is recognised with ~200 stats and one small JSON read
//   instead of 3,400 stats and the 350 KB manifest; a changed stamp falls back to the SHA-1 check
//   of every input in the manifest.
//
// `node scripts/bundle-cli.mjs` rebuilds; the launcher calls bundleCli() when the bundle is stale.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorker } from './bundle-worker.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_ENTRY = join(ROOT, 'src', 'cli', 'main.ts');

/** Inside the project (the bundle imports packages by name); QUIRE_CLI_CACHE moves it. */
export function cliCacheDir() {
  return process.env.QUIRE_CLI_CACHE ?? join(ROOT, 'node_modules', '.cache', 'quire-cli');
}

/** One bundle per checkout: worktrees share node_modules, so the name carries the entry's path. */
export function cliBundleName() {
  return `cli-${createHash('sha1').update(CLI_ENTRY).digest('hex').slice(0, 12)}`;
}

/** Size and mtime of each input: the launcher's quick freshness check. */
export function stampsOf(files) {
  return Object.fromEntries(
    files.map((f) => {
      const s = statSync(f);
      return [f, [s.size, s.mtimeMs]];
    }),
  );
}

function writeAtomic(path, text) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** Stands for every package file: npm rewrites it whenever node_modules changes. */
export const PACKAGES_STAMP = join(ROOT, 'node_modules', '.package-lock.json');

/** The files the launcher stats: the sources, and the packages through PACKAGES_STAMP. */
export function stampedFiles(inputs) {
  const own = inputs.filter((f) => !f.includes('/node_modules/'));
  return own.length < inputs.length ? [...own, PACKAGES_STAMP] : own;
}

/** Records that the manifest's inputs were checked as they are now (see the launcher). */
export function writeStamps(dir, name, manifest) {
  const stamps = stampsOf(stampedFiles(Object.keys(manifest.inputs)));
  writeAtomic(
    join(dir, `${name}.stamps.json`),
    JSON.stringify({ entry: manifest.entry, folder: manifest.folder, stamps }),
  );
}

/**
 * Pure-JS packages bundled into the CLI: each is many small files that Node would resolve and read
 * one by one at every start (pdf-lib alone ~0.4 s of CPU). The rest stay imports (fonts, WASM and
 * native compilers read files beside themselves).
 */
export const CLI_INLINE = [
  'pdf-lib',
  'zod',
  'fflate',
  'uqr',
  'bwip-js',
  'client-zip',
  'comlink',
  '@pdfme/common',
  '@pdfme/generator',
  '@pdfme/schemas',
];

/** Builds the bundle and its help texts; returns the manifest (see bundle-worker.mjs). */
export async function bundleCli() {
  const dir = cliCacheDir();
  const name = cliBundleName();
  const manifest = await bundleWorker(CLI_ENTRY, dir, name, { inline: CLI_INLINE, minify: true });
  const index = join(dir, manifest.folder, 'index.mjs');
  const help = execFileSync(process.execPath, [index, '--help-texts'], { encoding: 'utf8' });
  JSON.parse(help);
  writeAtomic(join(dir, manifest.folder, 'help.json'), help);
  writeStamps(dir, name, manifest);
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const manifest = await bundleCli();
  console.log(`quire CLI bundled: ${join(cliCacheDir(), manifest.folder)}`);
}
