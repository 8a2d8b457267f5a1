/**
 * `npm run bench -- --quick`, last step: the headline figures of bench/quick/*.json (written by the
 * benches the quick run starts with small counts) in one table, bench/quick.md — each with CPU time
 * per item beside wall time, and the load average each bench saw (2 shared cores: wall time follows
 * the load, CPU time barely).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchOutDir } from './stats';

const ROOT = new URL('../../', import.meta.url).pathname;
const dir = benchOutDir();

// biome-ignore lint/suspicious/noExplicitAny: the figures files of other benches, read as they are
type Json = Record<string, any>;
const read = (file: string): Json | undefined =>
  existsSync(join(dir, file)) ? (JSON.parse(readFileSync(join(dir, file), 'utf8')) as Json) : undefined;
const loads = (l: unknown) => (Array.isArray(l) ? l.map((x) => Number(x).toFixed(1)).join(' / ') : '?');

const rows: string[] = [];
const row = (what: string, quire: string, peer: string, cpu: string, wall: string, load: string) =>
  rows.push(`| ${what} | ${quire} | ${peer} | ${cpu} | ${wall} | ${load} |`);

const render = read('results.json');
if (render) {
  const t = render.throughput;
  for (const kind of ['wasm', 'native'] as const)
    row(
      `Invoice PDF, Quire ${kind} (${t[kind].workers} workers, ${t[kind].records} docs)`,
      `${t[kind].docsPerSecond} docs/s`,
      `pdfme ${t.pdfme.docsPerSecond} docs/s`,
      `${t[kind].cpuMsPerDoc} ms/doc (pdfme ${t.pdfme.cpuMsPerDoc})`,
      `${t[kind].seconds} s`,
      loads(render.machine.loadavg),
    );
}
const office = read('office.json');
if (office) {
  const [once, , peer] = office.figures;
  row(
    `Word invoice, Quire (${once.records} docs)`,
    `${once.wallDocsPerSecond} docs/s`,
    `docxtemplater ${peer.wallDocsPerSecond} docs/s`,
    `${once.cpuMsPerDoc} ms/doc (docxtemplater ${peer.cpuMsPerDoc})`,
    `${(once.records / once.wallDocsPerSecond).toFixed(1)} s`,
    loads(office.machine.loadavgAfterInvoice),
  );
}
const canvas = read('canvas.json');
if (canvas) {
  const m = canvas.quireMerged;
  row(
    `Canvas invoice, Quire merged (${m.workers} workers, ${m.records} docs)`,
    `${m.docsPerSecond} docs/s`,
    `pdfme ${canvas.pdfme.docsPerSecond} docs/s`,
    `${m.cpuMsPerDoc} ms/doc (pdfme ${canvas.pdfme.cpuMsPerDoc})`,
    `${m.seconds} s`,
    loads(m.loadBefore),
  );
}
if (office?.excelLoop) {
  const x = office.excelLoop;
  row(
    `Excel loop of ${(x.rowsWritten - 3).toLocaleString('en-US')} rows (median of ${x.runs})`,
    x.medianMs <= x.targetMs ? 'goal met' : 'goal not met',
    `goal ≤ ${x.targetMs / 1000} s (Quire only)`,
    x.cpuMsMedian === undefined ? '—' : `${x.cpuMsMedian} ms`,
    `${x.medianMs} ms`,
    loads(office.machine.loadavgAfterInvoice),
  );
}
const cli = read('cli.json');
if (cli)
  for (const f of cli.figures)
    row(
      `CLI: ${f.name} (median of ${cli.runs})`,
      f.met ? 'goal met' : 'goal not met',
      `goal < ${f.goalCpuSeconds} s CPU`,
      `${f.cpuSecondsMedian} s`,
      `${f.wallSecondsMedian} s`,
      loads(cli.loadAverageAtStart),
    );
const long = read('scale-long.json');
if (long) {
  const l = long.longTable;
  row(
    `Long table, ${l.rows} rows (${l.engine ?? 'wasm'}, chunks on both cores)`,
    `${l.seconds} s`,
    'goal ≤ 15 s',
    `${l.cpuMsPerRow} ms/row (${l.cpuSeconds} s)`,
    `${l.seconds} s`,
    loads(long.loadAverageAtStart),
  );
}

/** How long each step of the quick run took (scripts/bench.mjs passes them in QUICK_TOOK). */
function tookLines(): string[] {
  if (!process.env.QUICK_TOOK) return [];
  const { steps, seconds } = JSON.parse(process.env.QUICK_TOOK) as { steps: [string, number][]; seconds: number };
  return [
    `Run time before this summary: ${seconds} s (goal: the whole run under 300 s).`,
    '',
    '| Step | Seconds |',
    '|---|---:|',
    ...steps.map(([name, s]) => `| ${name} | ${s} |`),
    '',
  ];
}

const md = [
  `# Quick benchmark — ${new Date().toISOString()}`,
  '',
  '`npm run bench -- --quick`: the headline figures with small counts (full runs: `npm run bench`).',
  'CPU is the process total (worker threads included) per item; wall time follows the machine load.',
  '',
  '| What | Quire | Beside | CPU per item | Wall | Load average (1/5/15 min) |',
  '|---|---|---|---|---|---|',
  ...rows,
  '',
  `Figures: ${dir.replace(ROOT, '')}/*.json.`,
  '',
  ...tookLines(),
].join('\n');
writeFileSync(join(ROOT, 'bench', 'quick.md'), md);
console.log(md);
