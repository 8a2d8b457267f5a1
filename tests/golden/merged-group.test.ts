/**
 * A merged PDF typeset as one group must print every record exactly as its own PDF does — each
 * page pixel-alike, each record's own images and QR codes, page numbers restarting — while its
 * fonts are embedded once instead of once per record.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ParsedTemplateContent } from '../../src/core/model/types';
import { mergePdfs } from '../../src/render/batch/merge';
import { prepareTemplate, renderPdf } from '../../src/render/render-pdf';
import { renderPdfGroup } from '../../src/render/render-pdf-group';
import type { TypstEngine } from '../../src/render/typst/engine';
import { block, content, fullRow, p, page, photoPng, richText, variable } from '../fixtures/builders';
import { pdfFonts, pdfPageCount, pdfPngs, readFixture, sharedEngine, TOLERANCE } from './harness';
import { decodePng, diffImages } from './png';

let engine: TypstEngine;

beforeAll(async () => {
  engine = await sharedEngine();
});

const invoice = readFixture('invoice');

/** Three invoices that differ in number (so in QR code), customer and length. */
function invoices(): Record<string, unknown>[] {
  const base = invoice.data as Record<string, unknown> & { items?: unknown[] };
  return [
    { ...base, invoiceNumber: 'INV-A-1' },
    {
      ...base,
      invoiceNumber: 'INV-B-22',
      items: [...(base.items ?? []), ...(base.items ?? []), ...(base.items ?? [])],
    },
    { ...base, invoiceNumber: 'INV-C-333', customer: { name: 'Ærøskøbing Ölhandel' } },
  ];
}

/** The records typeset as one group (`budget` in bytes of view model per compile). */
function typesetTogether(template: ParsedTemplateContent, records: unknown[], budget?: number): Promise<Uint8Array> {
  return renderPdfGroup(
    template,
    records.map((record) => ({ record, options: {} })),
    engine,
    budget,
  );
}

/** A name and the record's first photo. */
function photoSheet() {
  return content([
    page('p', [
      fullRow('r', richText('t', [p(variable('name'))])),
      fullRow('i', block('i1', 'image', { image: { mode: 'attachment', fieldName: 'photos', emptyContent: '-' } })),
    ]),
  ]);
}

function expectSamePages(actual: Uint8Array, expected: Uint8Array): void {
  const a = pdfPngs(actual);
  const e = pdfPngs(expected);
  expect(a.length).toBe(e.length);
  a.forEach((png, i) => {
    const diff = diffImages(decodePng(png), decodePng(e[i]!));
    expect({ page: i + 1, sameSize: diff.sameSize, close: diff.ratio <= TOLERANCE }).toEqual({
      page: i + 1,
      sameSize: true,
      close: true,
    });
  });
}

describe('records typeset as one group', () => {
  it('prints each record as its own PDF would, with the fonts embedded once', async () => {
    const template = prepareTemplate(invoice.template);
    const records = invoices();
    const singles = await Promise.all(records.map((r) => renderPdf(template, r, { engine })));
    const group = await typesetTogether(template, records);
    expectSamePages(group, await mergePdfs(singles));

    const names = pdfFonts(group).map((f) => f.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
    const perRecord = pdfFonts(await mergePdfs(singles)).length;
    expect(perRecord).toBe(names.length * records.length);
  });

  it('keeps records’ images apart although each calls its first image /assets/0', async () => {
    const template = prepareTemplate(photoSheet());
    const records = [
      { photos: [{ fileName: 'red.png', url: photoPng(10) }], name: 'Red' },
      { photos: [{ fileName: 'blue.png', url: photoPng(200) }], name: 'Blue' },
    ];
    const singles = await Promise.all(records.map((r) => renderPdf(template, r, { engine })));
    const group = await typesetTogether(template, records);
    expectSamePages(group, await mergePdfs(singles));
  });

  it('typesets a record whose image Typst cannot decode alone, and the others still print', async () => {
    // PNG magic with a garbage body passes sniffing and fails inside Typst: the group's compile fails.
    const fakePng = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`;
    const template = prepareTemplate(photoSheet());
    const records = [
      { photos: [{ fileName: 'red.png', url: photoPng(10) }], name: 'Red' },
      { photos: [{ fileName: 'bad.png', url: fakePng }], name: 'Broken' },
      { photos: [{ fileName: 'blue.png', url: photoPng(200) }], name: 'Blue' },
    ];
    const singles = await Promise.all(records.map((r) => renderPdf(template, r, { engine })));
    const group = await typesetTogether(template, records);
    expectSamePages(group, await mergePdfs(singles));
  });

  it('splits a group into parts past the size budget and still keeps every page in order', async () => {
    const template = prepareTemplate(invoice.template);
    const records = invoices();
    const whole = await typesetTogether(template, records);
    const parted = await typesetTogether(template, records, 1);
    expect(pdfPageCount(parted)).toBe(pdfPageCount(whole));
    expectSamePages(parted, whole);
  });
});
