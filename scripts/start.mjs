#!/usr/bin/env node
// `npm start`: installs what is missing, builds the app and serves the production build and the
// API on one origin, with the embedded database in ./data (or PostgreSQL when DATABASE_URL is set).
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

function run(command) {
  console.log(`\n> ${command}`);
  execSync(command, { stdio: 'inherit' });
}

// A second `npm start` on the same data folder must not rebuild the app under the running server:
// the server's own lock (src/server/dataLock.ts) is read here first. PostgreSQL has no such folder.
const dataDir = resolve(process.env.QUIRE_DATA ?? 'data');
if (!process.env.DATABASE_URL) {
  let holder;
  try {
    holder = JSON.parse(readFileSync(join(dataDir, 'quire-server.lock'), 'utf8'));
  } catch {
    holder = undefined;
  }
  let alive = false;
  if (holder && Number.isInteger(holder.pid)) {
    try {
      process.kill(holder.pid, 0);
      alive = true;
    } catch (error) {
      alive = error.code === 'EPERM';
    }
    if (holder.host !== hostname()) alive = true;
  }
  if (alive) {
    console.error(
      `Quire could not start: another server is using this data folder: ${dataDir} is in use by process ${holder.pid} on ${holder.host} (started ${holder.startedAt}: ${holder.command}); stop it first or set QUIRE_DATA to another folder`,
    );
    process.exit(1);
  }
}

const lockTime = existsSync('package-lock.json') ? statSync('package-lock.json').mtimeMs : 0;
const installedTime = existsSync('node_modules/.package-lock.json')
  ? statSync('node_modules/.package-lock.json').mtimeMs
  : -1;
if (installedTime < lockTime) {
  // A registry that lacks other platforms' optional builds makes `npm ci` refuse the lock file;
  // `npm install` then installs the same locked versions.
  try {
    run('npm ci --no-audit --no-fund');
  } catch {
    run('npm install --no-audit --no-fund');
  }
}

run('npm run build');
run(`node scripts/serve.mjs --api --port ${process.env.PORT ?? 4173} --data ${process.env.QUIRE_DATA ?? 'data'}`);
