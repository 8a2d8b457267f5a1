/**
 * `npm run bench` (office): the same one-page Word invoice template (header, bill-to, a 20-row
 * line-item table, totals, footer) filled with the same records by Quire's Word filler
 * (`src/render/office`) and by docxtemplater + pizzip (dev-only peer), side by side in one run.
 * Blocks of records alternate between the two so that other load on the machine hits both alike.
 * Both outputs are checked to carry the same text before anything is timed.
 *
 * Quire is measured twice: as the app and the CLI use it (the template parsed once, then filled
 * per record) and parsing the template again for every record (what docxtemplater has to do:
 * one instance renders once). Writes bench/office.json and bench/office.md.
 *
 * Then the runs at scale of office-scale.ts: a 50-page Word document (beside docxtemplater), an
 * Excel template with a 10,000-row loop, memory over 10,000 records. All in the same two files.
 *
 * Env: OFFICE_RECORDS (default 1000), OFFICE_BLOCK (default 50 records per alternation).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import Docxtemplater from 'docxtemplater';
import { strFromU8, unzipSync } from 'fflate';
import PizZip from 'pizzip';
import { emptyPrintInput } from '../../src/core/print/input';
import { bytesToBase64, docxRenderer } from '../../src/render/office';
import type { OutputEnvironment } from '../../src/render/outputs/types';
import { runExcelLoop, runLongWord, runMemory } from './office-scale';
import { benchOutDir, round } from './stats';

const RECORDS = Number(process.env.OFFICE_RECORDS ?? 1000);
const BLOCK = Number(process.env.OFFICE_BLOCK ?? 50);
const ROWS = 20;
const log = (line: string) => process.stdout.write(`${line}\n`);

type Rec = Record<string, unknown>;

/** Record i: flat string fields (docxtemplater's default parser reads `{a.b}` as one key). */
export function officeRecord(i: number): Rec {
  const lines = Array.from({ length: ROWS }, (_, k) => {
    const quantity = 1 + ((i + k) % 7);
    const unitPrice = 3 + ((k * 17) % 40) + 0.5;
    return {
      description: `Item ${k + 1} for invoice ${i} — consulting & <services>`,
      quantity: String(quantity),
      unitPrice: unitPrice.toFixed(2),
      amount: (quantity * unitPrice).toFixed(2),
    };
  });
  const subtotal = lines.reduce((s, l) => s + Number(l.amount), 0);
  return {
    invoiceNumber: `INV-2026-${String(i).padStart(5, '0')}`,
    invoiceDate: '2026-11-25',
    customerName: `Customer ${i} Ltd`,
    customerAddress: `${i} Harbour Street, Bristol`,
    lines,
    subtotal: subtotal.toFixed(2),
    tax: (subtotal * 0.19).toFixed(2),
    total: (subtotal * 1.19).toFixed(2),
  };
}

/** The invoice template, written by the `docx` package as Word would write it. */
export async function officeInvoiceTemplate(): Promise<Uint8Array> {
  const cell = (text: string, bold = false, columnSpan?: number) =>
    new TableCell({
      children: [new Paragraph({ children: [new TextRun({ text, bold })] })],
      ...(columnSpan ? { columnSpan } : {}),
    });
  const right = (text: string) =>
    new TableCell({ children: [new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun(text)] })] });
  const doc = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph('ACME Consulting · Invoice {invoiceNumber}')] }) },
        footers: { default: new Footer({ children: [new Paragraph('{customerName} · due within 30 days')] }) },
        children: [
          new Paragraph({ children: [new TextRun({ text: 'Invoice {invoiceNumber}', bold: true, size: 36 })] }),
          new Paragraph('Date: {invoiceDate}'),
          // Split across runs with different formatting, as Word's editing leaves tags.
          new Paragraph({
            children: [
              new TextRun({ text: 'Bill to: {custo', bold: true }),
              new TextRun({ text: 'merName}', italics: true }),
              new TextRun(', {customerAddress}'),
            ],
          }),
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: [
              new TableRow({
                tableHeader: true,
                children: [
                  cell('Description', true),
                  cell('Qty', true),
                  cell('Unit price', true),
                  cell('Amount', true),
                ],
              }),
              new TableRow({
                children: [
                  cell('{#lines}{description}'),
                  right('{quantity}'),
                  right('{unitPrice}'),
                  right('{amount}{/lines}'),
                ],
              }),
              new TableRow({ children: [cell('Subtotal', false, 3), right('{subtotal}')] }),
              new TableRow({ children: [cell('Tax 19%', false, 3), right('{tax}')] }),
              new TableRow({ children: [cell('Total', true, 3), right('{total}')] }),
            ],
          }),
          new Paragraph('Thank you for your business, {customerName}.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

const noTypst: OutputEnvironment = { typst: () => Promise.reject(new Error('no Typst in the Word benchmark')) };

function quireFiller(template: Uint8Array) {
  const content = { kind: 'docx', version: 1, fileName: 'invoice.docx', file: bytesToBase64(template) };
  const parsed = docxRenderer.parse(content);
  const fill = (record: Rec, again: boolean) =>
    docxRenderer.render(again ? docxRenderer.parse(content) : parsed, { ...emptyPrintInput(), scope: record }, noTypst);
  return { parsedOnce: (r: Rec) => fill(r, false), parsedEachTime: (r: Rec) => fill(r, true) };
}

function docxtemplaterFill(template: Uint8Array, record: Rec): Uint8Array {
  const doc = new Docxtemplater(new PizZip(template), { paragraphLoop: true, linebreaks: true });
  doc.render(record);
  return doc.getZip().generate({ type: 'uint8array', compression: 'DEFLATE' });
}

/** The visible text of a filled document: body, header and footer paragraphs. */
function documentText(bytes: Uint8Array): string {
  const files = unzipSync(bytes);
  const parts = Object.keys(files)
    .filter((n) => /^word\/(document|header\d*|footer\d*)\.xml$/.test(n))
    .sort();
  return parts
    .map((n) =>
      strFromU8(files[n]!)
        .split(/<\/w:p>/)
        .map((p) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
        .filter((t) => t.length > 0)
        .join('\n'),
    )
    .join('\n---\n');
}

const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

interface Side {
  name: string;
  fill: (r: Rec) => Promise<Uint8Array> | Uint8Array;
  cpuMs: number;
  wallMs: number;
  bytes: number;
  blockCpuPerDoc: number[];
}

export async function runOfficeBench() {
  const template = await officeInvoiceTemplate();
  const quire = quireFiller(template);
  const sides: Side[] = [
    { name: 'Quire (template parsed once)', fill: quire.parsedOnce },
    { name: 'Quire (template parsed per record)', fill: quire.parsedEachTime },
    { name: 'docxtemplater + pizzip', fill: (r: Rec) => docxtemplaterFill(template, r) },
  ].map((s) => ({ ...s, cpuMs: 0, wallMs: 0, bytes: 0, blockCpuPerDoc: [] }));

  // Same text from all three, or the comparison means nothing.
  const sample = officeRecord(7);
  const texts = await Promise.all(sides.map(async (s) => documentText(await s.fill(sample))));
  for (const [i, text] of texts.entries()) {
    if (text !== texts[0]) {
      throw new Error(`${sides[i]!.name} filled a different text than ${sides[0]!.name}:\n${text}\n---\n${texts[0]}`);
    }
  }
  if (!texts[0]!.includes('INV-2026-00007') || texts[0]!.includes('{'))
    throw new Error(`Unfilled template: ${texts[0]}`);

  // Warm-up (JIT) for each side.
  for (const side of sides) for (let i = 0; i < 30; i++) await side.fill(officeRecord(i));

  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  for (let start = 0; start < RECORDS; start += BLOCK) {
    const n = Math.min(BLOCK, RECORDS - start);
    const records = Array.from({ length: n }, (_, k) => officeRecord(start + k));
    for (const side of sides) {
      const t = performance.now();
      const c = process.cpuUsage();
      for (const r of records) side.bytes += (await side.fill(r)).byteLength;
      const spent = cpuMs(c);
      side.cpuMs += spent;
      side.wallMs += performance.now() - t;
      side.blockCpuPerDoc.push(spent / n);
    }
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const figures = sides.map((s) => ({
    name: s.name,
    records: RECORDS,
    cpuMsPerDoc: round(s.cpuMs / RECORDS, 3),
    medianBlockCpuMsPerDoc: round(median(s.blockCpuPerDoc), 3),
    docsPerSecondOneCore: round((1000 * RECORDS) / s.cpuMs),
    wallDocsPerSecond: round((1000 * RECORDS) / s.wallMs),
    avgDocxKB: round(s.bytes / RECORDS / 1024, 1),
  }));
  const peer = figures[2]!;
  return {
    date: new Date().toISOString(),
    fixture: `one-page Word invoice, ${ROWS}-row loop in a table row, header/footer, a tag split across runs`,
    records: RECORDS,
    block: BLOCK,
    figures,
    ratioPeerCpuOverQuire: {
      parsedOnce: round(peer.cpuMsPerDoc / figures[0]!.cpuMsPerDoc, 2),
      parsedPerRecord: round(peer.cpuMsPerDoc / figures[1]!.cpuMsPerDoc, 2),
    },
    peakRssGrowthMB: round((rssPeak - rssStart) / 1e6, 1),
    machine: {
      cores: availableParallelism(),
      cpu: cpus()[0]?.model,
      node: process.version,
      // Other sessions share this machine: the load average at the end says how busy it was.
      loadavg: loadavg().map((x) => round(x, 2)),
    },
  };
}

/** The invoice comparison, then the runs at scale (office-scale.ts), in one file of figures. */
export async function runAllOfficeBenches() {
  const invoice = await runOfficeBench();
  log(`invoice: ${invoice.ratioPeerCpuOverQuire.parsedOnce}× docxtemplater`);
  const longWord = await runLongWord();
  log(`50-page Word document: ${longWord.quireMedianMs} ms (docxtemplater ${longWord.docxtemplaterMedianMs} ms)`);
  const excelLoop = await runExcelLoop();
  log(`Excel 10,000-row loop: ${excelLoop.medianMs} ms`);
  const memory = await runMemory(await officeInvoiceTemplate(), officeRecord);
  log(`memory over ${memory.records} records: ${memory.heapBeforeMB} → ${memory.heapAfterMB} MB`);
  return {
    ...invoice,
    longWord,
    excelLoop,
    memory,
    machine: {
      ...invoice.machine,
      // Read at the end of the whole run: other sessions share the machine.
      loadavg: loadavg().map((x) => round(x, 2)),
      loadavgAfterInvoice: invoice.machine.loadavg,
    },
  };
}

type Result = Awaited<ReturnType<typeof runAllOfficeBenches>>;

export function officeMarkdown(r: Result): string {
  const rows = r.figures.map(
    (f) =>
      `| ${f.name} | ${f.cpuMsPerDoc} | ${f.medianBlockCpuMsPerDoc} | ${f.docsPerSecondOneCore} | ${f.wallDocsPerSecond} | ${f.avgDocxKB} |`,
  );
  return [
    '# Word templates: Quire vs docxtemplater',
    '',
    `${r.date}. ${r.records} records, ${r.fixture}; blocks of ${r.block} records alternate between the three runs, one core.`,
    '',
    '| Filler | CPU ms/doc | median of blocks | docs/s (CPU, one core) | docs/s (wall) | avg .docx KB |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `Ratio docxtemplater CPU / Quire CPU: **${r.ratioPeerCpuOverQuire.parsedOnce}×** (template parsed once, as the app and CLI do), ${r.ratioPeerCpuOverQuire.parsedPerRecord}× (Quire parsing the template for every record too).`,
    '',
    `Peak RSS growth over the invoice run: ${r.peakRssGrowthMB} MB.`,
    '',
    '## A 50-page Word document',
    '',
    `${r.longWord.fixture}; ${r.longWord.pagesInLibreOffice ?? 'unknown (no LibreOffice)'} pages as LibreOffice lays the result out, ${r.longWord.docxKB} KB. ${r.longWord.runs} fills each, alternating, wall time.`,
    '',
    '| Filler | median ms | max ms | target |',
    '|---|---|---|---|',
    `| Quire (template parsed once) | ${r.longWord.quireMedianMs} | ${r.longWord.quireMaxMs} | ≤ ${r.longWord.targetMs} ms |`,
    `| docxtemplater + pizzip | ${r.longWord.docxtemplaterMedianMs} | | |`,
    '',
    `Ratio docxtemplater / Quire: **${r.longWord.ratio}×**. Parsing the template once: ${r.longWord.quireParseMs} ms.`,
    '',
    '## An Excel template with a 10,000-row loop',
    '',
    `${r.excelLoop.fixture}; ${r.excelLoop.rowsWritten} rows written, ${r.excelLoop.xlsxKB} KB. Quire only (docxtemplater's Excel module is not open source).`,
    '',
    `Median of ${r.excelLoop.runs} fills: **${r.excelLoop.medianMs} ms** (max ${r.excelLoop.maxMs} ms; target ≤ ${r.excelLoop.targetMs} ms).`,
    '',
    '## Memory over 10,000 records',
    '',
    `${r.memory.records} invoices filled from one parsed template in ${r.memory.seconds} s (${r.memory.outputMB} MB of .docx made and let go). Heap after a full collection: **${r.memory.heapBeforeMB} MB before, ${r.memory.heapAfterMB} MB after** (growth ${r.memory.growthMB} MB); highest heap seen between collections ${r.memory.heapPeakMB} MB. Every 1,000 records: ${r.memory.heapEvery1000MB.join(', ')} MB.`,
    '',
    `Machine: ${r.machine.cores} cores, ${r.machine.cpu}, Node ${r.machine.node}; load average ${r.machine.loadavgAfterInvoice.join(' / ')} after the invoice run and ${r.machine.loadavg.join(' / ')} at the end (shared machine).`,
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runAllOfficeBenches()
    .then((result) => {
      const outDir = benchOutDir();
      mkdirSync(outDir, { recursive: true });
      writeFileSync(join(outDir, 'office.json'), `${JSON.stringify(result, null, 2)}\n`);
      const md = officeMarkdown(result);
      writeFileSync(join(outDir, 'office.md'), md);
      log(md);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
