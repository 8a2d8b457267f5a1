/**
 * `npm run bench`: the invoice fixture (header, 20-row line-item table, QR, bar code, totals)
 * rendered by Quire's WASM engine (a worker per core), Quire's native engine, and
 * @pdfme/generator, side by side in one run. Writes bench/results.json and bench/results.md.
 *
 * Env: BENCH_RECORDS (default 1000), PDFME_RECORDS (default 30; pdfme is ~1 s/doc here),
 * BENCH_ROWS (default 10000), BENCH_SKIP_BIG=1 to skip the big-table runs, BENCH_LATENCY_RUNS (default 60),
 * BENCH_OUT_DIR (default bench/).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { renderBatch } from '../../src/render/batch/run';
import { createNodeEngine, type EngineKind } from '../../src/render/node-engine';
import { renderPdf } from '../../src/render/render-pdf';
import type { TypstEngine } from '../../src/render/typst/engine';
import { createNodeRenderPool } from '../../workers/node-pool';
import { invoiceRecord } from './invoice-records';
import { createPdfmeRenderer } from './pdfme-invoice';
import { benchOutDir } from './stats';

const ROOT = new URL('../../', import.meta.url).pathname;
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1000);
const PDFME_RECORDS = Number(process.env.PDFME_RECORDS ?? 30);
const BIG_ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
/** Warm single-document renders timed per engine (BENCH_LATENCY_RUNS; the quick run takes fewer). */
const LATENCY_RUNS = Number(process.env.BENCH_LATENCY_RUNS ?? 60);
const CORES = availableParallelism();

type Rec = Record<string, unknown> & { lines: Record<string, unknown>[] };
const template = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/invoice/template.json'), 'utf8'));

const record = invoiceRecord;

class RssSampler {
  peak = 0;
  private timer: NodeJS.Timeout | undefined;
  start() {
    this.peak = process.memoryUsage().rss;
    this.timer = setInterval(() => {
      this.peak = Math.max(this.peak, process.memoryUsage().rss);
    }, 100);
    return this;
  }
  stop(): number {
    clearInterval(this.timer);
    this.peak = Math.max(this.peak, process.memoryUsage().rss);
    return Math.round(this.peak / 1e6);
  }
}

/** CPU ms of this process (all threads) since `start`: a figure other load on the machine barely moves. */
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const log = (line: string) => process.stdout.write(`${line}\n`);

async function warmLatency(render: (r: Rec) => Promise<Uint8Array>, warm: number, runs: number) {
  for (let i = 0; i < warm; i++) await render(record(i));
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = record(100 + i);
    const t = performance.now();
    const c = process.cpuUsage();
    await render(r);
    times.push(performance.now() - t);
    cpu.push(cpuMs(c));
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    p50: round(quantile(times, 0.5)),
    p95: round(quantile(times, 0.95)),
    cpuP50: round(quantile(cpu, 0.5)),
    cpuP95: round(quantile(cpu, 0.95)),
    runs,
  };
}

async function poolThroughput(engine: EngineKind, count: number) {
  // Pool defaults, so worker recycling (the WASM compiler never frees memory) is part of the cost.
  const pool = createNodeRenderPool({ engine, size: CORES });
  await pool.warm();
  const ref = { key: 'invoice@bench', content: template };
  // One warm-up job per worker so each has parsed the template.
  await Promise.all(Array.from({ length: CORES }, (_, i) => pool.render(ref, { kind: 'data', data: record(i) })));
  const rss = new RssSampler().start();
  const measure = async (n: number) => {
    const t = performance.now();
    const c = process.cpuUsage();
    let bytes = 0;
    const records = Array.from({ length: n }, (_, i) => i);
    for await (const item of renderBatch(records, (i) => pool.render(ref, { kind: 'data', data: record(i) }), {
      concurrency: CORES * 2,
    })) {
      bytes += item.output.bytes.byteLength;
    }
    const seconds = (performance.now() - t) / 1000;
    const cpuPerDoc = cpuMs(c) / n;
    return {
      records: n,
      seconds: round(seconds, 2),
      docsPerSecond: round(n / seconds),
      cpuMsPerDoc: round(cpuPerDoc),
      // What the same CPU work gives when the cores are not shared with other processes.
      idleEstimateDocsPerSecond: round((CORES * 1000) / cpuPerDoc),
      avgPdfKB: round(bytes / n / 1024),
    };
  };
  const quarter = await measure(Math.max(1, Math.round(count / 4)));
  const full = await measure(count);
  const peakRssMB = rss.stop();
  const recycledWorkers = pool.stats().recycled;
  pool.close();
  // Cost linear in records: seconds per document at n/4 vs n.
  const linearity = round(full.seconds / full.records / (quarter.seconds / quarter.records), 2);
  return { ...full, workers: CORES, recycledWorkers, peakRssMB, perDocCostRatioFullVsQuarter: linearity };
}

async function bigTable(engine: TypstEngine, rows: number) {
  const rss = new RssSampler().start();
  const t = performance.now();
  const c = process.cpuUsage();
  const pdf = await renderPdf(template, record(1, rows), { engine });
  const seconds = round((performance.now() - t) / 1000, 2);
  return {
    rows,
    seconds,
    cpuSeconds: round(cpuMs(c) / 1000, 2),
    pdfMB: round(pdf.byteLength / 1e6, 2),
    peakRssMB: rss.stop(),
  };
}

async function main() {
  const started = Date.now();
  log(
    `Quire bench: ${RECORDS} invoices (20 lines each), ${CORES} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}`,
  );

  log('· warm single-document latency (in process)');
  const wasmEngine = await createNodeEngine('wasm');
  const nativeEngine = await createNodeEngine('native');
  const pdfme = createPdfmeRenderer();
  const latency = {
    wasm: await warmLatency((r) => renderPdf(template, r, { engine: wasmEngine }), 10, LATENCY_RUNS),
    native: await warmLatency((r) => renderPdf(template, r, { engine: nativeEngine }), 10, LATENCY_RUNS),
    pdfme: await warmLatency(pdfme, 2, Math.min(PDFME_RECORDS, 20)),
  };
  log(`  ${JSON.stringify(latency)}`);

  log(`· throughput: ${RECORDS} records, pool of ${CORES} workers`);
  const wasm = await poolThroughput('wasm', RECORDS);
  log(`  wasm   ${JSON.stringify(wasm)}`);
  const native = await poolThroughput('native', RECORDS);
  log(`  native ${JSON.stringify(native)}`);
  log(`· throughput: pdfme, ${PDFME_RECORDS} records in process (one thread)`);
  const pdfmeRss = new RssSampler().start();
  const tp = performance.now();
  const pdfmeCpu = process.cpuUsage();
  for (let i = 0; i < PDFME_RECORDS; i++) await pdfme(record(i));
  const pdfmeSeconds = (performance.now() - tp) / 1000;
  const pdfmeCpuPerDoc = cpuMs(pdfmeCpu) / PDFME_RECORDS;
  const pdfmeThroughput = {
    records: PDFME_RECORDS,
    seconds: round(pdfmeSeconds, 2),
    docsPerSecond: round(PDFME_RECORDS / pdfmeSeconds, 2),
    cpuMsPerDoc: round(pdfmeCpuPerDoc),
    // pdfme runs on one thread: one core's worth.
    idleEstimateDocsPerSecond: round(1000 / pdfmeCpuPerDoc, 2),
    peakRssMB: pdfmeRss.stop(),
  };
  log(`  pdfme  ${JSON.stringify(pdfmeThroughput)}`);

  let big: { wasm?: unknown; native?: unknown } = {};
  if (process.env.BENCH_SKIP_BIG !== '1') {
    log(`· ${BIG_ROWS}-row table → PDF (in process)`);
    big = { native: await bigTable(nativeEngine, BIG_ROWS), wasm: await bigTable(wasmEngine, BIG_ROWS) };
    log(`  ${JSON.stringify(big)}`);
  }

  const results = {
    date: new Date().toISOString(),
    machine: {
      cores: CORES,
      cpu: cpus()[0]?.model,
      node: process.version,
      loadavg: (await import('node:os')).loadavg(),
    },
    fixture: 'tests/fixtures/invoice (20 line items per record)',
    latencyMs: latency,
    throughput: { wasm, native, pdfme: pdfmeThroughput },
    bigTable: big,
    ratios: {
      idleEstimateWasmVsPdfme: round(wasm.idleEstimateDocsPerSecond / pdfmeThroughput.idleEstimateDocsPerSecond),
      idleEstimateNativeVsPdfme: round(native.idleEstimateDocsPerSecond / pdfmeThroughput.idleEstimateDocsPerSecond),
      wasmVsPdfmeThroughput: round(wasm.docsPerSecond / pdfmeThroughput.docsPerSecond),
      nativeVsPdfmeThroughput: round(native.docsPerSecond / pdfmeThroughput.docsPerSecond),
      nativeVsWasmThroughput: round(native.docsPerSecond / wasm.docsPerSecond, 2),
      pdfmeVsWasmWarmP50: round(latency.pdfme.p50 / latency.wasm.p50),
    },
    targets: {
      wasmDocsPerSecond: { target: 80, measured: wasm.docsPerSecond, met: wasm.docsPerSecond >= 80 },
      nativeDocsPerSecond: { target: 250, measured: native.docsPerSecond, met: native.docsPerSecond >= 250 },
      wasmVsPdfme: {
        target: 10,
        measured: round(wasm.docsPerSecond / pdfmeThroughput.docsPerSecond),
        met: wasm.docsPerSecond / pdfmeThroughput.docsPerSecond >= 10,
      },
      warmPreviewP50Ms: { target: 25, measured: latency.wasm.p50, met: latency.wasm.p50 <= 25 },
      bigTableSeconds: {
        target: 8,
        measured: (big.wasm as { seconds?: number } | undefined)?.seconds ?? null,
        met: ((big.wasm as { seconds?: number } | undefined)?.seconds ?? Number.POSITIVE_INFINITY) <= 8,
      },
    },
    processPeakRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    totalSeconds: Math.round((Date.now() - started) / 1000),
  };

  const outDir = benchOutDir();
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(outDir, 'results.md'), markdown(results));
  log(markdown(results));
  wasmEngine.dispose();
  nativeEngine.dispose();
}

interface Target {
  target: number;
  measured: number | null;
  met: boolean;
}
interface Throughput {
  docsPerSecond: number;
  cpuMsPerDoc: number;
  idleEstimateDocsPerSecond: number;
  records: number;
  workers?: number;
  peakRssMB: number;
  perDocCostRatioFullVsQuarter?: number;
}
interface Latency {
  p50: number;
  p95: number;
  cpuP50: number;
  cpuP95: number;
}
interface Results {
  date: string;
  machine: { cores: number; cpu?: string; node: string; loadavg: number[] };
  fixture: string;
  latencyMs: { wasm: Latency; native: Latency; pdfme: Latency };
  throughput: { wasm: Throughput; native: Throughput; pdfme: Throughput };
  bigTable: { wasm?: unknown; native?: unknown };
  ratios: Record<string, number>;
  targets: Record<string, Target>;
}

function markdown(r: Results): string {
  const t = r.throughput;
  const l = r.latencyMs;
  const yes = (m: boolean) => (m ? 'met' : 'not met');
  const big = r.bigTable as {
    wasm?: { rows: number; seconds: number; cpuSeconds: number; peakRssMB: number };
    native?: { seconds: number; cpuSeconds: number };
  };
  return [
    `# Quire render benchmark — ${r.date}`,
    '',
    `Machine: ${r.machine.cores} cores, ${r.machine.cpu}, Node ${r.machine.node}, load average at end ${r.machine.loadavg.map((x: number) => x.toFixed(1)).join(' / ')}. Fixture: ${r.fixture}.`,
    '',
    'Wall-clock figures depend on what else runs on the machine; CPU figures (all threads of this process) do much less, and "idle est." turns them into docs/s on unshared cores.',
    '',
    '| Engine | docs/s (wall) | CPU ms/doc | docs/s idle est. | records | workers | warm p50 / p95 ms (wall) | warm p50 / p95 CPU ms | peak RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| Quire WASM (worker pool) | ${t.wasm.docsPerSecond} | ${t.wasm.cpuMsPerDoc} | ${t.wasm.idleEstimateDocsPerSecond} | ${t.wasm.records} | ${t.wasm.workers} | ${l.wasm.p50} / ${l.wasm.p95} | ${l.wasm.cpuP50} / ${l.wasm.cpuP95} | ${t.wasm.peakRssMB} |`,
    `| Quire native (worker pool) | ${t.native.docsPerSecond} | ${t.native.cpuMsPerDoc} | ${t.native.idleEstimateDocsPerSecond} | ${t.native.records} | ${t.native.workers} | ${l.native.p50} / ${l.native.p95} | ${l.native.cpuP50} / ${l.native.cpuP95} | ${t.native.peakRssMB} |`,
    `| @pdfme/generator (one thread) | ${t.pdfme.docsPerSecond} | ${t.pdfme.cpuMsPerDoc} | ${t.pdfme.idleEstimateDocsPerSecond} | ${t.pdfme.records} | 1 | ${l.pdfme.p50} / ${l.pdfme.p95} | ${l.pdfme.cpuP50} / ${l.pdfme.cpuP95} | ${t.pdfme.peakRssMB} |`,
    '',
    `Ratios: idle est. WASM/pdfme **${r.ratios.idleEstimateWasmVsPdfme}×**, native/pdfme ${r.ratios.idleEstimateNativeVsPdfme}×; wall WASM/pdfme throughput ${r.ratios.wasmVsPdfmeThroughput}×, native/pdfme ${r.ratios.nativeVsPdfmeThroughput}×, native/WASM ${r.ratios.nativeVsWasmThroughput}×, pdfme/WASM warm p50 ${r.ratios.pdfmeVsWasmWarmP50}×.`,
    `Linearity (seconds per document at n vs n/4): WASM ${t.wasm.perDocCostRatioFullVsQuarter}, native ${t.native.perDocCostRatioFullVsQuarter}.`,
    big.wasm
      ? `${big.wasm.rows}-row table → PDF: WASM ${big.wasm.seconds} s wall / ${big.wasm.cpuSeconds} s CPU (peak RSS ${big.wasm.peakRssMB} MB), native ${big.native?.seconds} s wall / ${big.native?.cpuSeconds} s CPU.`
      : '',
    '',
    '| Target | Measured | |',
    '|---|---:|---|',
    ...Object.entries(r.targets).map(([k, v]) => `| ${k} ≥/≤ ${v.target} | ${v.measured} | ${yes(v.met)} |`),
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
