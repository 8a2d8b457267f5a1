#!/usr/bin/env node
// `npm test`: every check, in the order that fails fastest, then one closing count line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
// Vitest keeps its default (a file per core less one: one at a time on CI's two cores). Two at a
// time was measured slower: the files common to two clean-clone runs took 623 s summed against
// 247 s (their servers, PostgreSQL, LibreOffice and Typst threads already fill both cores), and the
// step's wall time grew from 568 s to 779 s.
const steps = [
  ['system packages', 'node scripts/ensure-system-deps.mjs'],
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  [
    'unit and rendering tests',
    'npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json',
  ],
  ['build', 'npm run build'],
  ['browser journeys', 'npx playwright test --reporter=list,json'],
];

function counts() {
  let passed = 0;
  let failed = 0;
  if (existsSync('test-results/vitest.json')) {
    const v = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
    passed += v.numPassedTests ?? 0;
    failed += v.numFailedTests ?? 0;
  }
  if (existsSync('test-results/playwright.json')) {
    const p = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
    passed += p.stats?.expected ?? 0;
    passed += p.stats?.flaky ?? 0; // passed on retry: Playwright exits 0 and lists it as flaky
    failed += p.stats?.unexpected ?? 0;
  }
  return { passed, failed };
}

for (const f of ['test-results/vitest.json', 'test-results/playwright.json'])
  if (existsSync(f)) spawnSync('rm', ['-f', f]);

let failedStep;
for (const [name, command] of steps) {
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const result = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json' },
  });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    failedStep = name;
    break;
  }
}

const { passed, failed } = counts();
if (failedStep) console.log(`\nnpm test stopped: ${failedStep} failed.`);
console.log(`\nTests: ${passed} passed, ${failed + (failedStep && failed === 0 ? 1 : 0)} failed`);
process.exit(failedStep ? 1 : 0);
