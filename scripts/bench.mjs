#!/usr/bin/env node
// `npm run bench`: every benchmark, one after another (they would skew each other in parallel on
// 2 cores). Rendering runs Quire beside @pdfme/generator, Word filling beside docxtemplater; the browser benchmarks drive the built
// app in Debian's Chromium, so the app is built first. Figures land in bench/*.json and *.md.
//
// `npm run bench -- --quick`: the headline figures only, in a few minutes (issue 28): render beside
// pdfme, Word beside docxtemplater, canvas beside pdfme, CLI start, the 30,000-row table — each with
// CPU time per item beside wall time and the load average — written to bench/quick/ and summed up
// in bench/quick.md (tests/bench/quick-summary.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const QUICK_OUT = 'bench/quick';
/** Each headline bench with counts small enough for the whole run to stay under 5 minutes. */
const quick = [
  [
    'render: Quire WASM + native vs @pdfme/generator',
    'npx tsx tests/bench/run.ts',
    { BENCH_RECORDS: '60', PDFME_RECORDS: '4', BENCH_SKIP_BIG: '1', BENCH_LATENCY_RUNS: '20' },
  ],
  [
    'Word templates: Quire vs docxtemplater',
    'npx tsx tests/bench/office-docx.ts',
    { OFFICE_RECORDS: '200', OFFICE_LONG_RUNS: '3', OFFICE_EXCEL_RUNS: '3', OFFICE_MEMORY_RECORDS: '500' },
  ],
  [
    'canvas: Quire canvas path vs @pdfme/generator',
    'npx tsx tests/bench/canvas.ts',
    { CANVAS_RECORDS: '60', CANVAS_PEER_RECORDS: '4', CANVAS_SEPARATE_RECORDS: '10', CANVAS_GROUP: '15' },
  ],
  ['CLI start: help, one native invoice, one canvas invoice', 'npx tsx tests/bench/cli.ts', { CLI_RUNS: '3' }],
  // Native: the CLI's and servers' engine, whose chunks compile on both cores in worker threads.
  [
    'long table: 30,000 rows',
    'npx tsx tests/bench/scale.ts',
    { SCALE_ONLY: 'long', SCALE_ROWS: '30000', SCALE_ENGINE: 'native' },
  ],
  ['summary', 'npx tsx tests/bench/quick-summary.ts', {}],
];

if (process.argv.includes('--quick')) {
  const started = Date.now();
  const failed = [];
  // Seconds each step took, for bench/quick.md (the whole run's goal is under 5 minutes).
  const took = [];
  for (const [name, command, env] of quick) {
    console.log(`\n=== ${name}: ${command}`);
    const stepStart = Date.now();
    const result = spawnSync(command, {
      shell: true,
      stdio: 'inherit',
      env: {
        ...process.env,
        ...env,
        BENCH_OUT_DIR: QUICK_OUT,
        QUICK_TOOK: JSON.stringify({ steps: took, seconds: Math.round((Date.now() - started) / 1000) }),
      },
    });
    took.push([name, Math.round((Date.now() - stepStart) / 1000)]);
    if (result.status !== 0) failed.push(name);
  }
  console.log(
    `\nQuick benchmarks took ${Math.round((Date.now() - started) / 1000)} s. Figures: ${QUICK_OUT}/*.json, bench/quick.md`,
  );
  if (failed.length > 0) {
    console.error(`Benchmarks that failed to run: ${failed.join(', ')}`);
    process.exit(1);
  }
  process.exit(0);
}

const benches = [
  ['render: Quire WASM + native vs @pdfme/generator', 'npx tsx tests/bench/run.ts'],
  ['Word templates: Quire vs docxtemplater', 'npx tsx tests/bench/office-docx.ts'],
  // Issue 17: canvas invoices ×1,000 through the render pool beside @pdfme/generator one at a time.
  ['canvas: Quire canvas path vs @pdfme/generator', 'npx tsx tests/bench/canvas.ts'],
  ['build for the browser benchmarks', 'npm run -s build'],
  ['editor in Chromium', 'npx tsx tests/bench/editor.ts'],
  ['workspace import and grid in Chromium', 'npx tsx tests/bench/workspace.ts'],
  // Issue 14: 50 clients on loopback push drafts of one template for 60 s (PGlite; PostgreSQL too
  // when DATABASE_URL is set); fails on a lost update.
  [
    'server: 50 concurrent clients on one template',
    'npx tsx src/server/bench.ts --clients 50 --seconds 60 --json bench/server.json',
  ],
  // Issue 15: the render API (sync requests/s and p95), render jobs/s with one and two
  // render-worker processes and queue pickup p95 (jobs need DATABASE_URL).
  ['render API and render workers', 'npx tsx tests/bench/platform.ts'],
  // #33: renders/s and /api/health p50/p95 with one and two render threads (15 s each).
  ['render threads: renders/s and health p95', 'npx tsx tests/bench/renderThreads.ts'],
  // Issue 18: long tables (time, memory, per-row cost), invoices vs the engine floor, first load.
  ['scale: long tables, throughput, first load', 'npx tsx tests/bench/scale.ts'],
  // Issue 28: the CLI's start (help, one native invoice, one canvas invoice) in CPU seconds.
  ['CLI start', 'npx tsx tests/bench/cli.ts'],
].filter(([, command]) => !command.includes('tests/bench/') || existsSync(command.split(' ').at(-1)));

const failed = [];
for (const [name, command] of benches) {
  console.log(`\n=== ${name}: ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nBenchmarks that failed to run: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(
  '\nFigures: bench/results.md (render), bench/office.md (Word), bench/canvas.md (canvas), bench/editor.json, bench/workspace.json, bench/server.json, bench/platform.md, bench/render-threads.json, bench/scale.md, bench/cli.md',
);
