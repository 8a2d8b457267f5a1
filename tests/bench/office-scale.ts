/**
 * `npm run bench` (office, at scale), run by office-docx.ts after the invoice comparison:
 * - a 50-page Word document (a report of 50 chapters, each a heading, ten paragraphs of text and a
 *   page break) filled by Quire and by docxtemplater, one after the other in turn;
 * - an Excel template whose loop repeats a styled row with a formula 10,000 times (the total's
 *   SUM range growing with it) — Quire only: docxtemplater's Excel module is not open source;
 * - memory over 10,000 invoices filled from one parsed template: heap after a full collection
 *   before, every 1,000 records, and after, and the highest heap seen between collections.
 * Each result is checked (the pages LibreOffice counts, the rows and the grown range) before it is
 * timed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Document, HeadingLevel, Packer, PageBreak, Paragraph } from 'docx';
import Docxtemplater from 'docxtemplater';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import PizZip from 'pizzip';
import { emptyPrintInput } from '../../src/core/print/input';
import { bytesToBase64, docxRenderer, xlsxRenderer } from '../../src/render/office';
import type { OutputEnvironment } from '../../src/render/outputs/types';
import { round } from './stats';

const noTypst: OutputEnvironment = { typst: () => Promise.reject(new Error('no Typst in the Office benchmark')) };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Rec = Record<string, unknown>;

// ── 50-page Word document ────────────────────────────────────────────────────────────────────

const CHAPTERS = 50;
const PARAGRAPHS = 10;

async function reportTemplate(): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Annual report {year}: {company}', heading: HeadingLevel.TITLE }),
          new Paragraph('{#chapters}'),
          new Paragraph({ text: '{$number}. {title}', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('{#paragraphs}'),
          new Paragraph('{text}'),
          new Paragraph('{/paragraphs}'),
          new Paragraph({ children: [new PageBreak()] }),
          new Paragraph('{/chapters}'),
          new Paragraph('Prepared for {company}.'),
        ],
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

function reportRecord(): Rec {
  const sentence = (c: number, p: number) =>
    `Chapter ${c + 1}, paragraph ${p + 1}: the figures of this quarter are set against the plan, the regions and the year before, with the reasons for each difference and what follows from it.`;
  return {
    year: '2026',
    company: 'ACME Consulting & Partners',
    chapters: Array.from({ length: CHAPTERS }, (_, c) => ({
      title: `Region ${c + 1}`,
      paragraphs: Array.from({ length: PARAGRAPHS }, (_, p) => ({ text: `${sentence(c, p)} ${sentence(c, p)}` })),
    })),
  };
}

/** Pages of a Word file as LibreOffice lays it out; undefined without LibreOffice. */
function libreOfficePages(docx: Uint8Array): number | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'quire-bench-pages-'));
  try {
    writeFileSync(join(dir, 'report.docx'), docx);
    execFileSync(
      'soffice',
      [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', 'report.docx'],
      { cwd: dir, stdio: 'ignore', timeout: 180_000 },
    );
    const info = execFileSync('pdfinfo', [join(dir, 'report.pdf')], { encoding: 'utf8' });
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The body's paragraphs, their runs joined, one per line. */
function bodyText(docx: Uint8Array): string {
  return strFromU8(unzipSync(docx)['word/document.xml']!)
    .split(/<\/w:p>/)
    .map((p) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''))
    .filter((line) => line.length > 0)
    .join('\n');
}

export async function runLongWord(runs = Number(process.env.OFFICE_LONG_RUNS ?? 30)) {
  const template = await reportTemplate();
  const record = reportRecord();
  const content = { kind: 'docx', version: 1, fileName: 'report.docx', file: bytesToBase64(template) };
  const parsed = docxRenderer.parse(content);
  const quire = () => docxRenderer.render(parsed, { ...emptyPrintInput(), scope: record }, noTypst);
  const peer = () => {
    const doc = new Docxtemplater(new PizZip(template), { paragraphLoop: true, linebreaks: true });
    doc.render({
      ...record,
      // docxtemplater has no {$number}: it is given as a field of each chapter.
      chapters: (record.chapters as Rec[]).map((chapter, i) => ({ ...chapter, $number: i + 1 })),
    });
    return doc.getZip().generate({ type: 'uint8array', compression: 'DEFLATE' });
  };
  const sample = await quire();
  const text = bodyText(sample);
  if (!text.includes('50. Region 50') || /[{}]/.test(text)) throw new Error('the 50-chapter report was not filled');
  if (bodyText(peer()) !== text) throw new Error('docxtemplater filled the report with another text than Quire');
  const pages = libreOfficePages(sample);
  for (let i = 0; i < 5; i++) {
    await quire();
    peer();
  }
  const quireMs: number[] = [];
  const peerMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await quire();
    quireMs.push(performance.now() - t);
    t = performance.now();
    peer();
    peerMs.push(performance.now() - t);
  }
  // Parsing is done once per template in the app and the CLI; shown apart for a template used once.
  const parseStart = performance.now();
  docxRenderer.parse(content);
  const parseMs = performance.now() - parseStart;
  return {
    fixture: `${CHAPTERS} chapters × (heading + ${PARAGRAPHS} paragraphs + page break), nested loops`,
    pagesInLibreOffice: pages ?? null,
    docxKB: round(sample.byteLength / 1024, 1),
    runs,
    quireMedianMs: round(median(quireMs), 1),
    quireMaxMs: round(Math.max(...quireMs), 1),
    quireParseMs: round(parseMs, 1),
    docxtemplaterMedianMs: round(median(peerMs), 1),
    ratio: round(median(peerMs) / median(quireMs), 2),
    targetMs: 100,
  };
}

// ── Excel template with a 10,000-row loop ────────────────────────────────────────────────────

const EXCEL_ROWS = 10_000;

async function ledgerTemplate(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Ledger');
  sheet.getCell('A1').value = 'Ledger {company}';
  sheet.getCell('A1').font = { bold: true, size: 14 };
  sheet.mergeCells('A1:E1');
  sheet.getRow(3).values = ['Date', 'Item', 'Qty', 'Price', 'Amount'];
  sheet.getRow(3).font = { bold: true };
  sheet.getRow(4).values = ['{#rows}{date}', '{item}', '{qty}', '{price}', { formula: 'C4*D4' }, '{/rows}'];
  sheet.getCell('A4').numFmt = 'yyyy-mm-dd';
  sheet.getCell('D4').numFmt = '#,##0.00';
  sheet.getCell('E4').numFmt = '#,##0.00';
  sheet.getRow(5).values = ['Total', null, { formula: 'SUM(C4:C4)' }, null, { formula: 'SUM(E4:E4)' }];
  sheet.getRow(5).font = { bold: true };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function ledgerRecord(): Rec {
  return {
    company: 'ACME',
    rows: Array.from({ length: EXCEL_ROWS }, (_, i) => ({
      date: `2026-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
      item: `Item ${i + 1}`,
      qty: 1 + (i % 9),
      price: 2.5 + (i % 40),
    })),
  };
}

export async function runExcelLoop(runs = Number(process.env.OFFICE_EXCEL_RUNS ?? 7)) {
  const content = { kind: 'xlsx', version: 1, fileName: 'ledger.xlsx', file: bytesToBase64(await ledgerTemplate()) };
  const parsed = xlsxRenderer.parse(content);
  const record = ledgerRecord();
  const fill = () => xlsxRenderer.render(parsed, { ...emptyPrintInput(), scope: record }, noTypst);
  const sample = await fill();
  const sheet = strFromU8(unzipSync(sample)['xl/worksheets/sheet1.xml']!);
  const rows = sheet.match(/<row\b/g)?.length ?? 0;
  const last = EXCEL_ROWS + 3;
  if (!sheet.includes(`SUM(E4:E${last})`) || !sheet.includes(`C${last}*D${last}`))
    throw new Error('the 10,000-row loop did not grow the total and copy the formula');
  await fill();
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await fill();
    ms.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  return {
    fixture: `one sheet, a styled row (date, text, numbers, formula) repeated ${EXCEL_ROWS.toLocaleString('en-US')} times, totals below growing to E${last}`,
    rowsWritten: rows,
    xlsxKB: round(sample.byteLength / 1024, 1),
    runs,
    medianMs: round(median(ms), 1),
    maxMs: round(Math.max(...ms), 1),
    // CPU of the process (one thread fills; GC threads included): the load barely moves it.
    cpuMsMedian: round(median(cpu), 1),
    targetMs: 2000,
  };
}

// ── memory over 10,000 records ───────────────────────────────────────────────────────────────

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

function heapAfterCollection(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

export async function runMemory(
  template: Uint8Array,
  record: (i: number) => Rec,
  count = Number(process.env.OFFICE_MEMORY_RECORDS ?? 10_000),
) {
  const content = { kind: 'docx', version: 1, fileName: 'invoice.docx', file: bytesToBase64(template) };
  const parsed = docxRenderer.parse(content);
  const fill = (i: number) => docxRenderer.render(parsed, { ...emptyPrintInput(), scope: record(i) }, noTypst);
  for (let i = 0; i < 50; i++) await fill(i);
  const before = heapAfterCollection();
  let peak = before;
  const every1000: number[] = [];
  let bytes = 0;
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    bytes += (await fill(i)).byteLength;
    if (i % 100 === 99) peak = Math.max(peak, process.memoryUsage().heapUsed);
    if (i % 1000 === 999) every1000.push(heapAfterCollection());
  }
  const seconds = (performance.now() - start) / 1000;
  const after = heapAfterCollection();
  const mb = (n: number) => round(n / 1e6, 1);
  return {
    records: count,
    heapBeforeMB: mb(before),
    heapAfterMB: mb(after),
    heapPeakMB: mb(peak),
    heapEvery1000MB: every1000.map(mb),
    growthMB: mb(after - before),
    outputMB: mb(bytes),
    seconds: round(seconds, 1),
  };
}
