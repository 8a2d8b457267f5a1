import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { outputKindOf, prepareOutputTemplate, renderOutput, renderOutputGroup } from '../outputs';
import { parseCanvas } from './plan';
import { toPdfmeTemplate } from './schema';
import { canvasTestEnv as env, pdfText } from './testing';

function pages(pdf: Uint8Array): number {
  const dir = mkdtempSync(join(tmpdir(), 'quire-canvas-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [join(dir, 'a.pdf')], { encoding: 'utf8' }))?.[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const data = (d: Record<string, unknown>, assets?: Record<string, Uint8Array>) => ({
  kind: 'data' as const,
  data: d,
  ...(assets ? { assets } : {}),
});

function imageCount(pdf: Uint8Array): number {
  const dir = mkdtempSync(join(tmpdir(), 'quire-canvas-'));
  try {
    writeFileSync(join(dir, 'a.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'a.pdf')], { encoding: 'utf8' });
    return list.split('\n').filter((l) => /^\s+\d+\s+\d+\s+image/.test(l)).length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const A4 = { width: 210, height: 297, padding: [0, 0, 0, 0] };
const field = (name: string, extra: Record<string, unknown>) => ({
  name,
  type: 'text',
  position: { x: 20, y: 20 },
  width: 150,
  height: 10,
  ...extra,
});

function issuesOf(run: () => unknown): { name: string; paths: string[] } {
  try {
    run();
  } catch (error) {
    if (isQuireError(error)) return { name: error.errorName, paths: error.issues.map((i) => i.path) };
    throw error;
  }
  throw new Error('did not throw');
}

describe('canvas templates: stored form', () => {
  it('takes a pdfme template without a kind as a canvas template, and kind canvas too', () => {
    expect(outputKindOf({ basePdf: A4, schemas: [[]] })).toBe('canvas');
    expect(outputKindOf(JSON.stringify({ kind: 'canvas', basePdf: A4, schemas: [[]] }))).toBe('canvas');
    expect(outputKindOf({ pages: [] })).toBe('document');
  });

  it('reads the older object form of schemas (fields keyed by name)', () => {
    const t = parseCanvas({
      basePdf: A4,
      schemas: [{ who: { type: 'text', position: { x: 1, y: 2 }, width: 50, height: 8 } }],
    });
    expect(t.content.schemas[0]![0]!.name).toBe('who');
    expect(t.pages[0]![0]!.mode).toBe('text');
  });

  it('names the path of bad content', () => {
    const bad = (schemas: unknown) => issuesOf(() => parseCanvas({ basePdf: A4, schemas }));
    expect(bad([[field('a', { position: { x: 'left', y: 2 } })]])).toEqual({
      name: 'TemplateParseError',
      paths: ['schemas[0][0].position.x'],
    });
    expect(bad([[field('a', {}), field('b', { type: '' })]]).paths).toEqual(['schemas[0][1].type']);
    expect(bad([[field('a', { content: '{amount | noSuchFilter}' })]]).paths).toEqual(['schemas[0][0].content']);
    expect(bad([[field('a', {}), field('a', {})]]).paths).toEqual(['schemas[0][1].name']);
    expect(issuesOf(() => parseCanvas({ basePdf: 'https://example.com/form.pdf', schemas: [[]] })).paths).toEqual([
      'basePdf',
    ]);
    expect(issuesOf(() => parseCanvas('{not json')).name).toBe('TemplateParseError');
  });

  it('exports the pdfme template without Quire additions', () => {
    const t = parseCanvas({ kind: 'canvas', basePdf: A4, schemas: [[field('a', {})]], settings: { lang: 'de-DE' } });
    const out = toPdfmeTemplate(t.content);
    expect(Object.keys(out).sort()).toEqual(['basePdf', 'schemas']);
  });

  it('warns about a font Quire lacks instead of failing', () => {
    const t = parseCanvas({ basePdf: A4, schemas: [[field('a', { fontName: 'PinyonScript' })]] });
    expect(t.warnings).toEqual([
      'Quire has no font "PinyonScript" (schemas[0][0].fontName); NotoSans_400Regular is used instead',
    ]);
  });
});

describe('canvas templates: rendering', () => {
  it('fills text with tags and filters from the print input, raw values for filters', async () => {
    const prepared = prepareOutputTemplate({
      basePdf: A4,
      schemas: [
        [
          field('title', { content: 'Order {Order no}' }),
          field('words', { content: '{Amount | cnFinancial}', position: { x: 20, y: 40 } }),
          field('shown', { content: 'Total {Amount}', position: { x: 20, y: 60 } }),
        ],
      ],
    });
    const source = {
      kind: 'table',
      table: {
        id: 't',
        name: 'Orders',
        fields: [
          { id: 'f-no', name: 'Order no', type: 'text', isPrimary: true },
          { id: 'f-amount', name: 'Amount', type: 'currency', property: { currencyCode: 'USD' } },
        ],
      },
      record: { recordId: 'r1', fields: { 'f-no': 'SO-7', 'f-amount': 1234 } },
    };
    const file = await renderOutput(prepared, source, env);
    expect(file.extension).toBe('pdf');
    const text = pdfText(file.bytes);
    expect(text).toContain('Order SO-7');
    expect(text).toContain('壹仟贰佰叁拾肆元整');
    expect(text).toContain('Total $1,234.00');
  });

  it('renders a pdfme template unchanged: inputs keyed by field name, multi-variable text', async () => {
    const prepared = prepareOutputTemplate({
      basePdf: A4,
      schemas: [
        [
          field('name', { content: 'Sample name' }),
          field('greeting', {
            type: 'multiVariableText',
            text: 'Dear {first}, welcome',
            variables: ['first'],
            content: '{"first":"Sample"}',
            position: { x: 20, y: 40 },
          }),
          field('fixed', { content: 'Static label', readOnly: true, position: { x: 20, y: 60 } }),
        ],
      ],
    });
    const file = await renderOutput(prepared, data({ name: 'Ana Souza', greeting: '{"first":"Ana"}' }), env);
    const text = pdfText(file.bytes);
    expect(text).toContain('Ana Souza');
    expect(text).toContain('Dear Ana, welcome');
    expect(text).toContain('Static label');
    expect(text).not.toContain('Sample');
  });

  it('picks the CJK or Thai font a field text needs, and falls back for a missing font', async () => {
    const prepared = prepareOutputTemplate({
      basePdf: A4,
      schemas: [
        [
          field('zh', { content: '{zh}', fontName: 'PinyonScript' }),
          field('th', { content: '{th}', position: { x: 20, y: 40 } }),
          field('ja', { content: '{ja}', position: { x: 20, y: 60 } }),
        ],
      ],
    });
    const file = await renderOutput(prepared, data({ zh: '王小明 收', th: 'สวัสดีครับ', ja: 'こんにちは' }), env);
    const text = pdfText(file.bytes);
    expect(text).toContain('王小明 收');
    expect(text).toContain('สวัสดีครับ');
    expect(text).toContain('こんにちは');
  });

  it('draws codes, check boxes, shapes, dates, images and a table from a list', async () => {
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    );
    const prepared = prepareOutputTemplate({
      kind: 'canvas',
      basePdf: A4,
      schemas: [
        [
          field('qr', { type: 'qrcode', content: '{no}', width: 30, height: 30 }),
          field('ean', { type: 'ean13', content: '{bad}', position: { x: 60, y: 20 }, width: 40, height: 20 }),
          field('c128', { type: 'code128', content: '{no}', position: { x: 110, y: 20 }, width: 40, height: 15 }),
          field('paid', { type: 'checkbox', content: '{paid}', position: { x: 20, y: 60 }, width: 5, height: 5 }),
          field('box', {
            type: 'rectangle',
            position: { x: 10, y: 10 },
            width: 190,
            height: 100,
            borderColor: '#000000',
          }),
          field('ring', {
            type: 'ellipse',
            position: { x: 160, y: 60 },
            width: 20,
            height: 20,
            borderColor: '#000000',
          }),
          field('rule', { type: 'line', position: { x: 10, y: 115 }, width: 190, height: 0.5 }),
          field('when', { type: 'date', content: '{d | date:long}', position: { x: 30, y: 60 } }),
          field('photo', { type: 'image', content: '{photo}', position: { x: 20, y: 70 }, width: 20, height: 20 }),
          field('lines', {
            type: 'table',
            content: '{lines}',
            head: ['Item', 'Qty'],
            columns: ['{$number}. {name}', '{qty | number}'],
            position: { x: 20, y: 130 },
            width: 170,
            height: 30,
          }),
        ],
      ],
    });
    const record = {
      no: 'INV-42',
      bad: 'letters',
      paid: true,
      d: '2024-03-05T04:00:00Z',
      photo: [{ url: 'quire-asset:abc', fileName: 'p.png', mime: 'image/png' }],
      lines: [
        { name: 'Widget', qty: 1200 },
        { name: 'Gadget', qty: 5 },
      ],
    };
    const file = await renderOutput(prepared, data(record, { 'quire-asset:abc': png }), env);
    const text = pdfText(file.bytes);
    expect(text).toContain('Item Qty');
    expect(text).toContain('1. Widget 1,200');
    expect(text).toContain('2. Gadget 5');
    expect(text).toContain('March 5, 2024');
    expect(imageCount(file.bytes)).toBe(1);
    // The attachment's bytes missing: the image prints nothing, the rest still renders.
    const without = await renderOutput(prepared, data(record), env);
    expect(imageCount(without.bytes)).toBe(0);
    expect(pdfText(without.bytes)).toContain('1. Widget 1,200');
  });

  it('fills fields over a base PDF and renders several records as one PDF', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595.28, 841.89]);
    page.drawText('GOVERNMENT FORM 7', { x: 50, y: 780, size: 16, font: await doc.embedFont(StandardFonts.Helvetica) });
    const base = `data:application/pdf;base64,${Buffer.from(await doc.save()).toString('base64')}`;
    const prepared = prepareOutputTemplate({
      basePdf: base,
      schemas: [[field('who', { content: 'Name: {name}', position: { x: 20, y: 40 } })]],
    });
    const group = await renderOutputGroup(
      prepared,
      [data({ name: 'Ana' }), data({ name: 'Bo' }), data({ name: 'Cy' })],
      env,
    );
    expect(pages(group.file.bytes)).toBe(3);
    const text = pdfText(group.file.bytes);
    expect(text.match(/GOVERNMENT FORM 7/g)).toHaveLength(3);
    expect(text).toContain('Name: Ana');
    expect(text).toContain('Name: Cy');
  });

  it("prints pdfme's {currentPage} and {totalPages}: each record's own pages, in a merged print too", async () => {
    const prepared = prepareOutputTemplate({
      basePdf: {
        ...A4,
        staticSchema: [field('foot', { content: 'Sheet {currentPage}', position: { x: 20, y: 280 } })],
      },
      schemas: [
        [field('who', { content: 'Name: {name} page {currentPage} of {totalPages}' })],
        [field('end', { content: '{name}: {currentPage}/{totalPages}', readOnly: true })],
      ],
    });
    const group = await renderOutputGroup(prepared, [data({ name: 'Ana' }), data({ name: 'Bo', currentPage: 9 })], env);
    expect(pages(group.file.bytes)).toBe(4);
    const text = pdfText(group.file.bytes);
    expect(text).toContain('Name: Ana page 1 of 2');
    expect(text).toContain('Ana: 2/2');
    // A record field of the same name does not win over the page's number (as in pdfme).
    expect(text).toContain('Name: Bo page 1 of 2');
    expect(text).toContain('Bo: 2/2');
    expect(text.match(/Sheet 1/g)).toHaveLength(2);
    expect(text.match(/Sheet 2/g)).toHaveLength(2);
    expect(text).not.toContain('Sheet 9');
  });

  it('counts the pages a long table adds on a blank page, per record, for the fields it pushes along', async () => {
    const prepared = prepareOutputTemplate({
      basePdf: { ...A4, padding: [10, 10, 10, 10] },
      schemas: [
        [
          field('top', { content: '{name} has {totalPages} pages', position: { x: 20, y: 15 } }),
          field('lines', {
            type: 'table',
            content: '{lines}',
            head: ['Item'],
            columns: ['{name}'],
            position: { x: 20, y: 30 },
            width: 170,
            height: 20,
          }),
          field('after', { content: 'End on page {currentPage} of {totalPages}', position: { x: 20, y: 60 } }),
        ],
      ],
    });
    const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Line ${i + 1}` }));
    const group = await renderOutputGroup(
      prepared,
      [data({ name: 'Long', lines: lines(90) }), data({ name: 'Short', lines: lines(2) })],
      env,
    );
    const total = pages(group.file.bytes);
    const long = total - 1;
    expect(long).toBeGreaterThan(1);
    const text = pdfText(group.file.bytes);
    expect(text).toContain(`Long has ${long} pages`);
    expect(text).toContain(`End on page ${long} of ${long}`);
    expect(text).toContain('Short has 1 pages');
    expect(text).toContain('End on page 1 of 1');
  });
});
