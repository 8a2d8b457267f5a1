/**
 * Canvas (Design) invoices: Quire's canvas path beside plain @pdfme/generator, in one run.
 *
 * The same invoice layout as tests/bench/pdfme-invoice.ts (header, bill-to/ship-to, 20-row table,
 * totals, QR code, Code 128) stored as a Quire canvas template whose fields carry tags
 * (`{customer.name}`, a table bound to `{lines}`, `{amount | currency}`), so Quire does the data
 * work pdfme's caller does by hand. Quire's path: the Node render pool (a worker per core), each
 * worker parsing and planning the template once and drawing a group of records per
 * @pdfme/generator call, so fonts, plugins and the base page are prepared once per group and the
 * fonts embedded once (the merged-PDF print). Also measured: one PDF per record through the same
 * pool (the ZIP print). The peer: @pdfme/generator called one document at a time, as its docs show.
 *
 * Env: CANVAS_RECORDS (default 1000), CANVAS_PEER_RECORDS (default 100; pdfme is ~1 s/doc on a
 * busy 2-core machine, so its rate is measured on fewer documents), CANVAS_GROUP (default 50).
 * Writes bench/canvas.json and bench/canvas.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { renderBatch } from '../../src/render/batch/run';
import { createNodeRenderPool } from '../../workers/node-pool';
import { invoiceRecord } from './invoice-records';
import { createPdfmeRenderer, pdfmeTemplate } from './pdfme-invoice';
import { benchOutDir } from './stats';

const RECORDS = Number(process.env.CANVAS_RECORDS ?? 1000);
const PEER_RECORDS = Number(process.env.CANVAS_PEER_RECORDS ?? 100);
const GROUP = Number(process.env.CANVAS_GROUP ?? 50);
const SEPARATE_RECORDS = Number(process.env.CANVAS_SEPARATE_RECORDS ?? 200);
const CORES = availableParallelism();

/** The shared invoice record, with its subtotal for the canvas template's totals field. */
function record(i: number) {
  const r = invoiceRecord(i);
  return { ...r, subtotal: r.lines.reduce((s, l) => s + Number(l.amount), 0) };
}

/** The pdfme invoice as a Quire canvas template: same fields and places, contents as tags. */
function canvasInvoice(): unknown {
  const contents: Record<string, string> = {
    company: '{company.name}',
    companyAddress: '{company.address}',
    title: 'INVOICE',
    invoiceNumber: 'Invoice no. {invoiceNumber}',
    dates: 'Issued {invoiceDate} · Due {dueDate}',
    billTo: 'Bill to\n{customer.name}\n{customer.address}\n{customer.email}',
    shipTo: 'Ship to\n{shipTo.name}\n{shipTo.address}',
    lines: '{lines}',
    totals: 'Subtotal {subtotal | currency}\nTax {taxAmount | currency}\nTotal due {total | currency}',
    qr: 'https://pay.example/{invoiceNumber}',
    barcode: '{invoiceNumber}',
  };
  const fields = (pdfmeTemplate.schemas[0] as unknown as Record<string, unknown>[]).map((f) => {
    const name = String(f.name);
    const out: Record<string, unknown> = { ...f, content: contents[name] ?? '' };
    if (out.fontName) out.fontName = 'NotoSans_400Regular';
    for (const key of ['headStyles', 'bodyStyles'])
      if (out[key]) out[key] = { ...(out[key] as object), fontName: 'NotoSans_400Regular' };
    if (name === 'lines')
      out.columns = ['{$number}', '{description}', '{quantity}', '{unitPrice | currency}', '{amount | currency}'];
    return out;
  });
  return { kind: 'canvas', basePdf: pdfmeTemplate.basePdf, schemas: [fields] };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const log = (line: string) => process.stdout.write(`${line}\n`);
const load = () => loadavg().map((n) => round(n, 2));
/** CPU ms of this process, workers' threads included, since `start`: other load barely moves it. */
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

async function quireMerged(pool: ReturnType<typeof createNodeRenderPool>, ref: { key: string; content: unknown }) {
  const groups = Array.from({ length: Math.ceil(RECORDS / GROUP) }, (_, g) =>
    Array.from({ length: Math.min(GROUP, RECORDS - g * GROUP) }, (_, k) => g * GROUP + k),
  );
  const loadBefore = load();
  const t = performance.now();
  const c = process.cpuUsage();
  let bytes = 0;
  let names = 0;
  for await (const item of renderBatch(
    groups,
    (ids) =>
      pool.renderGroup(
        ref,
        ids.map((i) => ({ kind: 'data' as const, data: record(i) })),
      ),
    { concurrency: CORES },
  )) {
    bytes += item.output.file.bytes.byteLength;
    names += item.output.names.length;
  }
  const seconds = (performance.now() - t) / 1000;
  return {
    records: RECORDS,
    group: GROUP,
    workers: CORES,
    seconds: round(seconds, 2),
    docsPerSecond: round(RECORDS / seconds, 2),
    cpuMsPerDoc: round(cpuMs(c) / RECORDS, 1),
    mergedPdfMB: round(bytes / 1e6, 2),
    loadBefore,
    loadAfter: load(),
    documentsInPdfs: names,
  };
}

async function quireSeparate(pool: ReturnType<typeof createNodeRenderPool>, ref: { key: string; content: unknown }) {
  const t = performance.now();
  const c = process.cpuUsage();
  let bytes = 0;
  const ids = Array.from({ length: SEPARATE_RECORDS }, (_, i) => i);
  for await (const item of renderBatch(ids, (i) => pool.render(ref, { kind: 'data', data: record(i) }), {
    concurrency: CORES * 2,
  }))
    bytes += item.output.bytes.byteLength;
  const seconds = (performance.now() - t) / 1000;
  return {
    records: SEPARATE_RECORDS,
    workers: CORES,
    seconds: round(seconds, 2),
    docsPerSecond: round(SEPARATE_RECORDS / seconds, 2),
    cpuMsPerDoc: round(cpuMs(c) / SEPARATE_RECORDS, 1),
    avgPdfKB: round(bytes / SEPARATE_RECORDS / 1024),
  };
}

async function pdfmePeer() {
  const render = createPdfmeRenderer();
  await render(record(0));
  const loadBefore = load();
  const t = performance.now();
  const c = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < PEER_RECORDS; i++) bytes += (await render(record(i))).byteLength;
  const seconds = (performance.now() - t) / 1000;
  return {
    records: PEER_RECORDS,
    seconds: round(seconds, 2),
    docsPerSecond: round(PEER_RECORDS / seconds, 2),
    cpuMsPerDoc: round(cpuMs(c) / PEER_RECORDS, 1),
    avgPdfKB: round(bytes / PEER_RECORDS / 1024),
    loadBefore,
    loadAfter: load(),
  };
}

async function main() {
  log(
    `Canvas bench: ${RECORDS} canvas invoices, ${CORES} cores (${cpus()[0]?.model ?? '?'}), load ${load().join(' ')}`,
  );
  const pool = createNodeRenderPool({ size: CORES });
  await pool.warm();
  const ref = { key: 'canvas-invoice@bench', content: canvasInvoice() };
  // Each worker parses the template and loads the fonts once, before the clock starts.
  await Promise.all(
    Array.from({ length: CORES }, (_, i) => pool.renderGroup(ref, [{ kind: 'data', data: record(i) }])),
  );
  log(`· Quire canvas, merged PDFs in groups of ${GROUP} over ${CORES} workers`);
  const merged = await quireMerged(pool, ref);
  log(`  ${JSON.stringify(merged)}`);
  log(`· Quire canvas, one PDF per record (${SEPARATE_RECORDS}) over ${CORES} workers`);
  const separate = await quireSeparate(pool, ref);
  log(`  ${JSON.stringify(separate)}`);
  pool.close();
  log(`· @pdfme/generator, one document at a time (${PEER_RECORDS})`);
  const peer = await pdfmePeer();
  log(`  ${JSON.stringify(peer)}`);

  const ratio = round(merged.docsPerSecond / peer.docsPerSecond, 2);
  const separateRatio = round(separate.docsPerSecond / peer.docsPerSecond, 2);
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    cores: CORES,
    cpu: cpus()[0]?.model ?? '?',
    loadAverage: load(),
    quireMerged: merged,
    quireSeparate: separate,
    pdfme: peer,
    ratioMergedVsPdfme: ratio,
    ratioSeparateVsPdfme: separateRatio,
    target: 3,
  };
  mkdirSync(benchOutDir(), { recursive: true });
  writeFileSync(join(benchOutDir(), 'canvas.json'), `${JSON.stringify(result, null, 2)}\n`);
  const md = [
    '# Canvas invoices: Quire canvas path vs @pdfme/generator',
    '',
    `${result.date} · Node ${result.node} · ${CORES} cores (${result.cpu}) · load average ${result.loadAverage.join(' ')}`,
    '',
    'Same invoice layout (20-row table, QR code, Code 128), same records. Quire fills fields from tags',
    'in a canvas template; pdfme is handed ready strings.',
    '',
    '| Path | Records | Seconds | Docs/s | CPU ms/doc | vs pdfme (docs/s) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    `| Quire canvas, merged PDF (groups of ${GROUP}, ${CORES} workers) | ${merged.records} | ${merged.seconds} | ${merged.docsPerSecond} | ${merged.cpuMsPerDoc} | ${ratio}× |`,
    `| Quire canvas, one PDF per record (${CORES} workers) | ${separate.records} | ${separate.seconds} | ${separate.docsPerSecond} | ${separate.cpuMsPerDoc} | ${separateRatio}× |`,
    `| @pdfme/generator, one document at a time | ${peer.records} | ${peer.seconds} | ${peer.docsPerSecond} | ${peer.cpuMsPerDoc} | 1× |`,
    '',
    `Target: merged ≥ 3× pdfme — ${ratio >= 3 ? 'met' : 'not met'} in this run. Load average before the Quire run ${merged.loadBefore.join(' ')}, before pdfme ${peer.loadBefore.join(' ')}.`,
    '',
  ].join('\n');
  writeFileSync(join(benchOutDir(), 'canvas.md'), md);
  log(md);
}

await main();
