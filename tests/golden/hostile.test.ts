/**
 * Hostile records: markup-looking text prints literally, huge values end in a PDF or a catalogued
 * error, broken images are dropped — never a hang, never an uncatalogued throw.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../../src/core/errors';
import { renderPdf } from '../../src/render/render-pdf';
import { DEFAULT_MAX_ITEMS } from '../../src/render/resolve/context';
import type { TypstEngine } from '../../src/render/typst/engine';
import { block, content, fullRow, loop, p, page, richText, table, variable } from '../fixtures/builders';
import { flat, pdfPageCount, pdfText, sharedEngine } from './harness';

let engine: TypstEngine;
beforeAll(async () => {
  engine = await sharedEngine();
});

const doc = (...blocks: Record<string, unknown>[]) => content([page('p', [fullRow('r', ...blocks)])]);

const MARKUP = [
  '#panic("boom")',
  ']',
  '[',
  '$x$',
  '*bold*',
  '\\',
  '#{',
  '}',
  '// c',
  '/* c',
  '<lbl>',
  '@ref',
  '= H',
  '#set page(width: 1pt)',
  '`raw`',
  '_u_',
];

describe('hostile records', () => {
  it('prints markup-looking values literally, in text, tables, loops, codes', async () => {
    const template = doc(
      richText('t', [p(variable('v')), loop('items', { mode: 'inline', inlineJoiner: ' | ' }, [variable('#.s')])]),
      table('tb', { columns: [1], rows: [[[p(variable('s'))]]], dynamicRows: { rootPath: 'items' } }),
      block('q', 'qrcode', { qrcode: { value: { type: 'fieldValue', fieldType: 'name', field: 'v' } } }),
      block('b', 'barcode', { barcode: { valueType: 'field', fieldName: 'v' } }),
    );
    const items = MARKUP.map((s) => ({ s }));
    const pdf = await renderPdf(template, { v: MARKUP.join(' '), items }, { engine });
    const text = flat(pdfText(pdf));
    for (const s of MARKUP) expect(text).toContain(s);
    expect(pdfPageCount(pdf)).toBeGreaterThan(0);
  });

  it('renders a 1 MB string', async () => {
    const big = 'Lorem ipsum dolor sit amet, [consectetur] #adipiscing $elit$. '.repeat(17_000);
    expect(big.length).toBeGreaterThan(1_000_000);
    const pdf = await renderPdf(doc(richText('t', [p(variable('v'))])), { v: big }, { engine });
    expect(pdfPageCount(pdf)).toBeGreaterThan(100);
  }, 120_000);

  it('refuses a list past the item limit (250,000) with a catalogued error', async () => {
    const template = doc(
      table('tb', {
        columns: [1, 1],
        rows: [[[p(variable('#'))], [p(variable('name'))]]],
        dynamicRows: { rootPath: 'rows' },
      }),
    );
    const rows = Array.from({ length: DEFAULT_MAX_ITEMS + 1 }, (_, i) => ({ name: `row ${i}` }));
    const error = await renderPdf(template, { rows }, { engine }).catch((e: unknown) => e);
    expect(isQuireError(error, 'DocGenerationError')).toBe(true);
  });

  it('drops broken images and still renders', async () => {
    // PNG magic with a garbage body gets past sniffing and fails inside Typst.
    const fakePng = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]).toString('base64')}`;
    const notImage = `data:image/png;base64,${Buffer.from('hello').toString('base64')}`;
    const template = doc(
      richText('t', [p('Before')]),
      block('i1', 'image', { image: { mode: 'attachment', fieldName: 'photos', emptyContent: 'no photo' } }),
      block('i2', 'staticImage', { image: { mode: 'static', url: fakePng, align: 'center' } }),
      richText('t2', [p('After')]),
    );
    const photos = [
      { fileName: 'a.png', url: fakePng },
      { fileName: 'b.png', url: notImage },
      { fileName: 'c.png', url: 'https://unreachable.invalid/x.png' },
    ];
    const pdf = await renderPdf(template, { photos }, { engine, loadImage: async () => undefined });
    expect(flat(pdfText(pdf))).toContain('Before');
    expect(flat(pdfText(pdf))).toContain('After');
  });

  it('fails a malformed template with TemplateParseError and its paths', async () => {
    const error = await renderPdf({ schemaVersion: 1, document: { pages: [] } }, {}, { engine }).catch(
      (e: unknown) => e,
    );
    expect(isQuireError(error, 'TemplateParseError')).toBe(true);
    expect((error as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
  });

  it('treats odd record shapes as empty values', async () => {
    const template = doc(
      richText('t', [p('[', variable('a.b.c'), ']', variable('__proto__.x'), variable('constructor'), variable('n'))]),
    );
    const pdf = await renderPdf(template, { a: null, n: Number.NaN }, { engine });
    expect(flat(pdfText(pdf))).toContain('[]');
  });
});
