#!/usr/bin/env node
// `npm start`: installs what is missing, builds the app and serves the production build and the
// API on one origin, with the embedded database in ./data (or PostgreSQL when DATABASE_URL is set).
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

function run(command) {
  console.log(`\n> ${command}`);
  execSync(command, { stdio: 'inherit' });
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
