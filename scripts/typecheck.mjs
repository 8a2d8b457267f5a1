#!/usr/bin/env node
// Typechecks each program with its own lib: the app (DOM), the pure core (no DOM, no Node)
// and the service worker (WebWorker).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['tsconfig.json', 'src/core/tsconfig.json', 'service-worker/tsconfig.json'].filter((p) =>
  existsSync(p),
);
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', project, '--noEmit'], { stdio: 'inherit' });
  console.log(`typecheck ${project}: ${result.status === 0 ? 'ok' : 'FAILED'}`);
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
