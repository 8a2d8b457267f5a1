#!/usr/bin/env node
// The `quire` command (package.json `bin`: `npx quire …` in the repository; `npm run quire -- …`).
// Runs the CLI from a cached esbuild bundle (scripts/bundle-cli.mjs) instead of transforming every
// TypeScript file through tsx at each start (~3 s of CPU before any work). The bundle is rebuilt
// when a file it was built from changed (size/mtime, then SHA-1); `quire help` is answered from the
// help texts stored with the bundle without loading the commands. QUIRE_CLI_BUNDLE=0 runs the
// TypeScript through tsx (debugging with source lines).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = join(ROOT, 'src', 'cli', 'main.ts');
const args = process.argv.slice(2);

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const sha1 = (bytes) => createHash('sha1').update(bytes).digest('hex');

/** Same size and mtime as when the bundle was last checked: nothing to hash. */
function stampsMatch(stamps) {
  for (const [f, stamp] of Object.entries(stamps)) {
    try {
      const s = statSync(f);
      if (s.size !== stamp[0] || s.mtimeMs !== stamp[1]) return false;
    } catch {
      return false;
    }
  }
  return true;
}

function hashesMatch(inputs) {
  return Object.entries(inputs).every(([f, hash]) => existsSync(f) && sha1(readFileSync(f)) === hash);
}

const complete = (folder) => existsSync(join(folder, 'index.mjs')) && existsSync(join(folder, 'help.json'));

/** The bundle folder if it is up to date with the source tree, else undefined. */
async function freshBundle(dir, name) {
  // The quick check: the stamps file names the folder and the files to stat (bundle-cli.mjs).
  const quick = readJson(join(dir, `${name}.stamps.json`));
  if (quick?.entry === ENTRY && quick.folder && quick.stamps && stampsMatch(quick.stamps)) {
    const folder = join(dir, quick.folder);
    if (complete(folder)) return folder;
  }
  const manifest = readJson(join(dir, `${name}.json`));
  if (!manifest || manifest.entry !== ENTRY) return undefined;
  const folder = join(dir, manifest.folder);
  if (!complete(folder)) return undefined;
  if (!hashesMatch(manifest.inputs)) return undefined;
  // Touched but unchanged (a checkout, a formatter, an npm install): remember the new stamps.
  const { writeStamps } = await import('./bundle-cli.mjs');
  writeStamps(dir, name, manifest);
  return folder;
}

async function bundleFolder() {
  const dir = process.env.QUIRE_CLI_CACHE ?? join(ROOT, 'node_modules', '.cache', 'quire-cli');
  const name = `cli-${sha1(ENTRY).slice(0, 12)}`;
  const fresh = await freshBundle(dir, name);
  if (fresh) return fresh;
  const { bundleCli } = await import('./bundle-cli.mjs');
  const manifest = await bundleCli();
  return join(dir, manifest.folder);
}

function isHelpRequest(argv) {
  const name = argv[0];
  return !name || name === 'help' || name === '--help' || name === '-h';
}

// A server's database to a file and back (#33): the server's own code (src/server/backupMain.ts),
// which the CLI bundle never loads (src/cli may not import src/server).
if (args[0] === 'backup' || args[0] === 'restore') {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'server', 'backupMain.ts'), ...args], {
    stdio: 'inherit',
    cwd: process.cwd(),
  });
  process.exit(run.status ?? 1);
}

// A team's plan, set by an operator (#32): also the server's own code (src/server/planMain.ts).
if (args[0] === 'plan') {
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src', 'server', 'planMain.ts'), ...args], {
    stdio: 'inherit',
    cwd: process.cwd(),
  });
  process.exit(run.status ?? 1);
}

if (process.env.QUIRE_CLI_BUNDLE === '0') {
  const run = spawnSync(process.execPath, ['--import', 'tsx', ENTRY, ...args], {
    stdio: 'inherit',
    cwd: process.cwd(),
  });
  process.exit(run.status ?? 1);
}

const folder = await bundleFolder();
const help = isHelpRequest(args) ? readJson(join(folder, 'help.json')) : undefined;
if (help) {
  const topic = args[0] === 'help' ? (args[1] ?? '') : '';
  process.stdout.write(`${Object.hasOwn(help, topic) ? help[topic] : help['']}\n`);
} else {
  // main.ts reads process.argv.slice(2): the launcher's own arguments, unchanged.
  await import(pathToFileURL(join(folder, 'index.mjs')).href);
}
