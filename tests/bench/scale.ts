/**
 * Issue 18's figures, side by side in one run: long tables (time, CPU, peak memory, time per row
 * at 3,000 vs 30,000 rows), invoice throughput (WASM and native pools of two workers, in-process
 * engine floor, @pdfme/generator), and the first load of the built app in Chromium (initial JS
 * gzipped, landing interactive). Writes bench/scale.json and bench/scale.md.
 *
 * Env: SCALE_ROWS (default 30000), SCALE_ENGINE (the SCALE_ONLY=long table's engine: wasm, the default, or native), SCALE_SMALL_ROWS (3000), SCALE_RECORDS (400), SCALE_HUGE_ROWS (100000,
 * in Chromium only), SCALE_FLAT_RECORDS (10000), SCALE_SKIP_BROWSER=1,
 * BENCH_DIST (the build to serve, default dist/), SCALE_WARM_RECORDS (per worker before the pools are
 * timed, default 30: the WASM compiler's code is compiled lazily and tiered up while it runs, so a
 * fresh process's first ~25 invoices cost ~140 ms CPU each; that start-up is reported apart),
 * SCALE_ENGINE_WARM (invoices the in-process engines render before the floor and preview, default 60).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { renderBatch } from '../../src/render/batch/run';
import { createNodeEngine, type EngineKind } from '../../src/render/node-engine';
import { prepareTemplate, renderPdf, resolveForPdf } from '../../src/render/render-pdf';
import type { TypstEngine } from '../../src/render/typst/engine';
import { RecyclingTypstEngine } from '../../src/render/typst/recycling-engine';
import { createIsolatedNativeEngine, createIsolatedWasmEngine } from '../../workers/compile-node';
import { createNodeRenderPool } from '../../workers/node-pool';
import { builtAsset, renderInPageWorker } from '../browser-render';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { createPdfmeRenderer } from './pdfme-invoice';
import { benchOutDir, percentile, round, writeBenchJson } from './stats';

const ROOT = new URL('../../', import.meta.url).pathname;
const BIG = Number(process.env.SCALE_ROWS ?? 30_000);
const SMALL = Number(process.env.SCALE_SMALL_ROWS ?? 3_000);
const RECORDS = Number(process.env.SCALE_RECORDS ?? 400);
const HUGE = Number(process.env.SCALE_HUGE_ROWS ?? 100_000);
const FLAT_RECORDS = Number(process.env.SCALE_FLAT_RECORDS ?? 10_000);
const WORKERS = 2;
const WARM_RECORDS = Number(process.env.SCALE_WARM_RECORDS ?? 30);
/** Invoices an in-process engine renders before the floor and preview are timed (see WARM_RECORDS). */
const ENGINE_WARM = Number(process.env.SCALE_ENGINE_WARM ?? 60);

async function warmEngine(engine: TypstEngine): Promise<void> {
  for (let i = 0; i < ENGINE_WARM; i++) await renderPdf(template, invoice(200_000 + i), { engine });
}
const log = (line: string) => process.stdout.write(`${line}\n`);

type Rec = Record<string, unknown> & { lines: Record<string, unknown>[] };
const template = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/invoice/template.json'), 'utf8'));
const base = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/invoice/data.json'), 'utf8')) as Rec;

function invoice(i: number, rows = 20): Rec {
  const source = base.lines.filter((l) => Number(l.quantity) > 0);
  const lines = Array.from({ length: rows }, (_, k) => {
    const l = source[k % source.length]!;
    const quantity = 1 + ((i + k) % 7);
    return { ...l, description: `Row ${k + 1}`, quantity, amount: quantity * Number(l.unitPrice) };
  });
  return { ...base, invoiceNumber: `INV-${i}`, lines };
}

const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** Peak RSS of this process while `run` runs, sampled every 50 ms. */
async function withPeakRss<T>(run: () => Promise<T>): Promise<{ value: T; peakRssMB: number; addedRssMB: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  try {
    const value = await run();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, peakRssMB: Math.round(peak / 1e6), addedRssMB: Math.round((peak - start) / 1e6) };
  } finally {
    clearInterval(timer);
  }
}

async function longTable(rows: number, kind: EngineKind = 'wasm') {
  // A fresh engine: its WebAssembly memory is this document's alone. Chunks move to compilers in
  // worker threads of their own, as the CLI's do (process RSS and CPU include those threads).
  const engine = await createNodeEngine(kind);
  await renderPdf(template, invoice(0, 5), { engine });
  const t = performance.now();
  const c = process.cpuUsage();
  let chunks = 0;
  // The bench process carries the earlier phases' memory: the document's own is what it adds.
  const {
    value: pdf,
    peakRssMB,
    addedRssMB,
  } = await withPeakRss(() =>
    renderPdf(template, invoice(1, rows), {
      engine,
      freshEngine: kind === 'wasm' ? createIsolatedWasmEngine : createIsolatedNativeEngine,
      onProgress: () => chunks++,
    }),
  );
  const seconds = (performance.now() - t) / 1000;
  const cpuSeconds = cpuMs(c) / 1000;
  const wasmMB = Math.round(((await engine.memoryBytes?.()) ?? 0) / 1e6);
  engine.dispose();
  return {
    engine: kind,
    rows,
    seconds: round(seconds, 2),
    cpuSeconds: round(cpuSeconds, 2),
    msPerRow: round((seconds * 1000) / rows, 3),
    cpuMsPerRow: round((cpuSeconds * 1000) / rows, 3),
    chunks,
    peakRssMB,
    addedRssMB,
    wasmMemoryMB: wasmMB,
    pdfMB: round(pdf.byteLength / 1e6, 2),
  };
}

/** The engine alone, in process: one invoice's view model compiled again and again (no resolve). */
async function engineFloor(engine: TypstEngine, runs = 40) {
  const content = prepareTemplate(template);
  const { doc, assets } = await resolveForPdf(content, invoice(7), {});
  doc.text.fonts = ['Noto Sans'];
  const data = new TextEncoder().encode(JSON.stringify(doc));
  const job = { main: '/main.typ', files: { '/data.json': data, ...assets }, fontGroups: ['latin' as const] };
  await warmEngine(engine);
  for (let i = 0; i < 5; i++) await engine.compilePdf(job);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    // A new data file each time (one changed character), so the compile is not a cache hit.
    const changed = {
      ...job,
      files: { ...job.files, '/data.json': new TextEncoder().encode(JSON.stringify({ ...doc, n: i })) },
    };
    const t = performance.now();
    const c = process.cpuUsage();
    await engine.compilePdf(changed);
    times.push(performance.now() - t);
    cpu.push(cpuMs(c));
  }
  const p50 = percentile(times, 50);
  return { p50Ms: round(p50), cpuP50Ms: round(percentile(cpu, 50)), docsPerSecondPerCore: round(1000 / p50) };
}

/** Warm single-document render (resolve + compile) in process: the preview's render time. */
async function warmRender(engine: TypstEngine, runs = 40) {
  await warmEngine(engine);
  for (let i = 0; i < 5; i++) await renderPdf(template, invoice(i), { engine });
  const times: number[] = [];
  const cpu: number[] = [];
  const stages = { resolve: [] as number[] };
  for (let i = 0; i < runs; i++) {
    const record = invoice(100 + i);
    const r = performance.now();
    await resolveForPdf(prepareTemplate(template), record, {});
    stages.resolve.push(performance.now() - r);
    const t = performance.now();
    const c = process.cpuUsage();
    await renderPdf(template, record, { engine });
    times.push(performance.now() - t);
    cpu.push(cpuMs(c));
  }
  return {
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    cpuP50Ms: round(percentile(cpu, 50)),
    resolveP50Ms: round(percentile(stages.resolve, 50)),
  };
}

async function poolThroughput(engine: EngineKind, count: number) {
  const pool = createNodeRenderPool({ engine, size: WORKERS });
  await pool.warm();
  const ref = { key: 'invoice@scale', content: template };
  await Promise.all(Array.from({ length: WORKERS }, (_, i) => pool.render(ref, { kind: 'data', data: invoice(i) })));
  const w = performance.now();
  const wc = process.cpuUsage();
  const warm = Array.from({ length: WARM_RECORDS * WORKERS }, (_, i) => 100_000 + i);
  for await (const _ of renderBatch(warm, (i) => pool.render(ref, { kind: 'data', data: invoice(i) }), {
    concurrency: WORKERS * 2,
  }));
  const warmup = {
    records: warm.length,
    seconds: round((performance.now() - w) / 1000, 2),
    cpuSeconds: round(cpuMs(wc) / 1000, 2),
  };
  const t = performance.now();
  const c = process.cpuUsage();
  const { peakRssMB } = await withPeakRss(async () => {
    const items = Array.from({ length: count }, (_, i) => i);
    for await (const _ of renderBatch(items, (i) => pool.render(ref, { kind: 'data', data: invoice(i) }), {
      concurrency: WORKERS * 2,
    }));
  });
  const seconds = (performance.now() - t) / 1000;
  const recycled = pool.stats().recycled;
  pool.close();
  return {
    records: count,
    workers: WORKERS,
    docsPerSecond: round(count / seconds),
    cpuMsPerDoc: round(cpuMs(c) / count),
    recycledWorkers: recycled,
    peakRssMB,
    warmup,
  };
}

/**
 * Memory over a long batch: RSS of this process (worker threads included) after each tenth of
 * `count` invoices, through the Node render pool (the browser pool's code) and through the CLI's
 * in-process path (a RecyclingTypstEngine). Flat means the last tenth is within 1.3× of the first.
 */
async function flatMemory(count: number) {
  const tenth = Math.max(1, Math.floor(count / 10));
  const sample = (rss: number[]) => ({
    records: count,
    rssMBPerTenth: rss,
    lastVsFirst: round(rss.at(-1)! / rss[0]!, 2),
    peakMB: Math.max(...rss),
  });
  const pool = createNodeRenderPool({ engine: 'wasm', size: WORKERS });
  const ref = { key: 'invoice@flat', content: template };
  const poolRss: number[] = [];
  const items = Array.from({ length: count }, (_, i) => i);
  let done = 0;
  for await (const _ of renderBatch(items, (i) => pool.render(ref, { kind: 'data', data: invoice(i) }), {
    concurrency: WORKERS * 2,
  })) {
    if (++done % tenth === 0) poolRss.push(Math.round(process.memoryUsage().rss / 1e6));
  }
  const recycled = pool.stats().recycled;
  pool.close();

  const engine = new RecyclingTypstEngine(createIsolatedWasmEngine);
  const cliRss: number[] = [];
  for (let i = 0; i < count; i++) {
    await renderPdf(template, invoice(i), { engine });
    if ((i + 1) % tenth === 0) cliRss.push(Math.round(process.memoryUsage().rss / 1e6));
  }
  const replaced = engine.started - 1;
  engine.dispose();
  return {
    pool: { ...sample(poolRss), recycledWorkers: recycled },
    cli: { ...sample(cliRss), compilersReplaced: replaced },
  };
}

async function pdfmeThroughput(count: number) {
  const render = createPdfmeRenderer();
  await render(invoice(0));
  const t = performance.now();
  for (let i = 0; i < count; i++) await render(invoice(i));
  return { records: count, docsPerSecond: round(count / ((performance.now() - t) / 1000), 2) };
}

/** Scripts the landing page loads (module entry + its static imports), gzipped, from the build. */
function initialJs(dist: string) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)) files.add(m[1]!);
  const sizes = [...files].map((f) => ({
    file: f,
    gzipKB: round(gzipSync(readFileSync(join(dist, f))).length / 1024),
  }));
  const allJs = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const totalKB = allJs.reduce((n, f) => n + statSync(join(dist, 'assets', f)).size, 0) / 1024;
  return {
    files: sizes,
    gzipKB: round(sizes.reduce((n, s) => n + s.gzipKB, 0)),
    allChunks: allJs.length,
    allJsRawKB: round(totalKB),
  };
}

/** The built app served by the project's own server on a free port. */
async function serveBuild(dist: string): Promise<{ base: string; server: import('node:http').Server }> {
  const serve = new URL('../../scripts/serve.mjs', import.meta.url).href;
  const { startServer } = (await import(serve)) as {
    startServer: (o: { port: number; root: string }) => Promise<unknown>;
  };
  const server = (await startServer({ port: 0, root: dist })) as import('node:http').Server;
  return { base: `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`, server };
}

/** Cold load of the landing page from the local server: navigation → the page answers input. */
async function landingInteractive(dist: string, runs = 5) {
  const { base, server } = await serveBuild(dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times: number[] = [];
  const scripts: string[][] = [];
  try {
    for (let i = 0; i < runs; i++) {
      // A new context per run: no HTTP cache, no service worker — a first visit.
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const loaded: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'script') loaded.push(new URL(r.url()).pathname);
      });
      await page.goto(`${base}/`);
      await page.locator('main, [role="main"]').first().waitFor({ timeout: 60_000 });
      await page.getByRole('link').or(page.getByRole('button')).first().waitFor({ timeout: 60_000 });
      // Interactive: the first task after the app rendered its first control runs.
      const ms = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            setTimeout(() => resolve(performance.now()), 0);
          }),
      );
      times.push(ms);
      scripts.push(loaded);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return { p50Ms: round(percentile(times, 50)), runs: times.map((t) => round(t)), scripts: scripts[0] ?? [] };
}

/** Long tables in Chromium: the built app's render worker, as the app prints (seconds, pages). */
async function browserLongTables(dist: string, counts: readonly number[]) {
  const { base, server } = await serveBuild(dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (const rows of counts) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      page.setDefaultTimeout(1_800_000);
      await page.goto(`${base}/`);
      const record = invoice(1, rows);
      const done = await renderInPageWorker(page, builtAsset(dist, 'render.worker-'), template, record);
      results.push({
        rows,
        completed: done.error === null,
        error: done.error,
        seconds: round(done.ms / 1000, 2),
        msPerRow: round(done.ms / rows, 3),
        chunks: done.progress.length,
        pdfMB: round(done.pdf.byteLength / 1e6, 2),
        lastRowPrinted: done.error === null && lastRowInPdf(done.pdf, rows),
      });
      log(`  browser ${JSON.stringify(results.at(-1))}`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return results;
}

/** Whether `Row <rows>` (the table's last row) is in the PDF's text. */
function lastRowInPdf(pdf: Uint8Array, rows: number): boolean {
  const text = execFileSync('pdftotext', ['-', '-'], { input: pdf, maxBuffer: 1e9 }).toString();
  return new RegExp(`Row ${rows}(?!\\d)`).test(text);
}

/** `SCALE_ONLY=long` (`npm run bench -- --quick`): the long table of SCALE_ROWS rows alone. */
async function longTableOnly() {
  const loadAverageAtStart = loadavg().map((x) => round(x, 2));
  const kind = (process.env.SCALE_ENGINE ?? 'wasm') as EngineKind;
  log(`· long table: ${BIG} rows, ${kind} — load average ${loadAverageAtStart.join(' / ')}`);
  const big = await longTable(BIG, kind);
  log(`  ${JSON.stringify(big)}`);
  const result = {
    date: new Date().toISOString(),
    loadAverageAtStart,
    loadAverageAtEnd: loadavg().map((x) => round(x, 2)),
    longTable: big,
    target: { bigTableSeconds: '≤ 15', met: big.seconds <= 15 },
  };
  writeBenchJson(join(benchOutDir(), 'scale-long.json'), result);
}

async function main() {
  if (process.env.SCALE_ONLY === 'long') return longTableOnly();
  const started = Date.now();
  const load = loadavg().map((x) => round(x, 2));
  log(`scale bench — load average ${load.join(' / ')}`);

  log('· engine floor and warm render, in process');
  const wasm = await createNodeEngine('wasm');
  const native = await createNodeEngine('native');
  const floor = { wasm: await engineFloor(wasm), native: await engineFloor(native) };
  const preview = await warmRender(wasm);
  wasm.dispose();
  native.dispose();
  log(`  floor ${JSON.stringify(floor)} preview ${JSON.stringify(preview)}`);

  log(`· invoices: pools of ${WORKERS} workers, ${RECORDS} records`);
  const throughput = {
    wasm: await poolThroughput('wasm', RECORDS),
    native: await poolThroughput('native', RECORDS),
    pdfme: await pdfmeThroughput(Math.min(20, RECORDS)),
  };
  log(`  ${JSON.stringify(throughput)}`);

  log(`· memory over ${FLAT_RECORDS} invoices: Node pool and the CLI's recycling engine`);
  const flat = await flatMemory(FLAT_RECORDS);
  log(`  ${JSON.stringify(flat)}`);

  log(`· long tables: ${SMALL} and ${BIG} rows, WASM`);
  const small = await longTable(SMALL);
  log(`  ${JSON.stringify(small)}`);
  const big = await longTable(BIG);
  log(`  ${JSON.stringify(big)}`);

  const dist = process.env.BENCH_DIST ?? join(ROOT, 'dist');
  let firstLoad: unknown = null;
  let browserTables: Awaited<ReturnType<typeof browserLongTables>> = [];
  if (process.env.SCALE_SKIP_BROWSER !== '1') {
    log('· first load of the built app in Chromium');
    firstLoad = { initialJs: initialJs(dist), landing: await landingInteractive(dist) };
    log(`  ${JSON.stringify(firstLoad)}`);
    log(`· long tables in Chromium's render worker: ${BIG} and ${HUGE} rows`);
    browserTables = await browserLongTables(dist, [BIG, HUGE]);
  }

  const floorWasm = floor.wasm.docsPerSecondPerCore * WORKERS;
  const floorNative = floor.native.docsPerSecondPerCore * WORKERS;
  const fl = firstLoad as { initialJs: { gzipKB: number }; landing: { p50Ms: number } } | null;
  const result = {
    date: new Date().toISOString(),
    loadAverageAtStart: load,
    loadAverageAtEnd: loadavg().map((x) => round(x, 2)),
    floor,
    preview,
    throughput,
    ratios: {
      wasmPoolVsEngineFloor: round(throughput.wasm.docsPerSecond / floorWasm, 2),
      nativePoolVsEngineFloor: round(throughput.native.docsPerSecond / floorNative, 2),
      wasmVsPdfme: round(throughput.wasm.docsPerSecond / throughput.pdfme.docsPerSecond, 1),
      nativeVsPdfme: round(throughput.native.docsPerSecond / throughput.pdfme.docsPerSecond, 1),
      perRowCostBigVsSmall: round(big.cpuMsPerRow / small.cpuMsPerRow, 2),
    },
    longTables: { small, big, browser: browserTables },
    flatMemory: flat,
    firstLoad,
    targets: {
      bigTableSeconds: { target: '≤ 15', measured: big.seconds, met: big.seconds <= 15 },
      bigTablePeakMB: { target: '≤ 1000 added', measured: big.addedRssMB, met: big.addedRssMB <= 1000 },
      perRowRatio: {
        target: '≤ 1.3',
        measured: round(big.cpuMsPerRow / small.cpuMsPerRow, 2),
        met: big.cpuMsPerRow / small.cpuMsPerRow <= 1.3,
      },
      wasmDocsPerSecond: {
        target: '≥ 80',
        measured: throughput.wasm.docsPerSecond,
        met: throughput.wasm.docsPerSecond >= 80,
      },
      nativeDocsPerSecond: {
        target: '≥ 250',
        measured: throughput.native.docsPerSecond,
        met: throughput.native.docsPerSecond >= 250,
      },
      wasmVsPdfme: {
        target: '≥ 10×',
        measured: round(throughput.wasm.docsPerSecond / throughput.pdfme.docsPerSecond, 1),
        met: throughput.wasm.docsPerSecond >= 10 * throughput.pdfme.docsPerSecond,
      },
      poolMemoryFlat: {
        target: 'last tenth ≤ 1.3× first',
        measured: flat.pool.lastVsFirst,
        met: flat.pool.lastVsFirst <= 1.3,
      },
      cliMemoryFlat: {
        target: 'last tenth ≤ 1.3× first',
        measured: flat.cli.lastVsFirst,
        met: flat.cli.lastVsFirst <= 1.3,
      },
      hugeTableInBrowser: {
        target: `${HUGE} rows complete`,
        measured: browserTables.find((t) => t.rows === HUGE)?.seconds ?? null,
        met: browserTables.some((t) => t.rows === HUGE && t.completed && t.lastRowPrinted),
      },
      previewRenderP50Ms: { target: '≤ 20', measured: preview.p50Ms, met: preview.p50Ms <= 20 },
      initialJsGzipKB: {
        target: '≤ 300',
        measured: fl?.initialJs.gzipKB ?? null,
        met: (fl?.initialJs.gzipKB ?? 1e9) <= 300,
      },
      landingInteractiveMs: {
        target: '≤ 1500',
        measured: fl?.landing.p50Ms ?? null,
        met: (fl?.landing.p50Ms ?? 1e9) <= 1500,
      },
    },
    totalSeconds: Math.round((Date.now() - started) / 1000),
  };
  writeBenchJson(join(benchOutDir(), 'scale.json'), result);
  writeFileSync(join(benchOutDir(), 'scale.md'), markdown(result));
  log(markdown(result));
}

function markdown(r: {
  date: string;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  targets: Record<string, { target: string; measured: number | null; met: boolean }>;
  ratios: Record<string, number>;
}): string {
  return [
    `# Scale benchmark (issue 18) — ${r.date}`,
    '',
    `Load average at start ${r.loadAverageAtStart.join(' / ')}, at end ${r.loadAverageAtEnd.join(' / ')} (2 cores shared with other work: wall figures are inflated by the load; CPU figures are in bench/scale.json).`,
    '',
    '| Target | Goal | Measured | |',
    '|---|---|---:|---|',
    ...Object.entries(r.targets).map(
      ([k, v]) => `| ${k} | ${v.target} | ${v.measured} | ${v.met ? 'met' : 'not met'} |`,
    ),
    '',
    `Ratios: ${Object.entries(r.ratios)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
  ].join('\n');
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
