/**
 * Parts of the document model that print outside the pages' blocks: the signature list (a
 * signature area after the content) and named sections (a PDF bookmark each, page numbers
 * restarting at the section's first page). Asserted on the PDF itself.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../../src/render/render-pdf';
import type { TypstEngine } from '../../src/render/typst/engine';
import { content, fullRow, p, page, richText } from '../fixtures/builders';
import { flat, pdfText, readFixture, sharedEngine } from './harness';

let engine: TypstEngine;

beforeAll(async () => {
  engine = await sharedEngine();
});

async function outline(pdf: Uint8Array): Promise<Array<{ title: string; page: number }>> {
  const doc = await getDocument({ data: pdf.slice(), isEvalSupported: false }).promise;
  const items = (await doc.getOutline()) ?? [];
  const out = [];
  for (const item of items) {
    const dest = typeof item.dest === 'string' ? await doc.getDestination(item.dest) : item.dest;
    const ref = dest?.[0];
    const page = ref && typeof ref === 'object' ? (await doc.getPageIndex(ref)) + 1 : 0;
    out.push({ title: item.title, page });
  }
  await doc.destroy();
  return out;
}

describe('signature list', () => {
  it('prints the approval form signatures listed by the template after its content', async () => {
    const { template, data } = readFixture('approval-form');
    const text = flat(pdfText(await renderPdf(template, data, { engine })));
    const area = text.slice(text.lastIndexOf('Manager'));
    // Each signature: the signer, the time and the comment they left (#31: the cells carry comments).
    expect(area).toMatch(
      /^Manager Finance Chen Jing Wang Fang 2026-11-16 09:30:00 2026-11-18 16:40:00 Client visit confirmed\. Invoices checked \(7\)\.$/,
    );
  });

  it('leaves a line to sign for a signature the record does not have', async () => {
    const doc = content(
      [page('p', [fullRow('r', richText('t', [p('Purchase request')]))])],
      {},
      {
        signatureList: [{ id: 's', key: 'Director', grouping: 'node', label: 'Director approval' }],
      },
    );
    const text = flat(pdfText(await renderPdf(doc, {}, { engine })));
    expect(text).toBe('Purchase request Director approval');
  });
});

describe('sections', () => {
  it('bookmarks each named section at its first page', async () => {
    const { template, data } = readFixture('contract');
    const pdf = await renderPdf(template, data, { engine });
    expect(await outline(pdf)).toEqual([
      { title: 'Agreement', page: 1 },
      { title: 'Annexes', page: 4 },
    ]);
  });

  it('restarts page numbers at a section, its name printed literally', async () => {
    const pages = ['One', 'Two', 'Three'].map((name) =>
      page(name, [fullRow(`r${name}`, richText(`t${name}`, [p(name)]))]),
    );
    const doc = content(
      pages,
      {
        settings: {
          lang: 'en-US',
          fontSize: 9,
          defaultMarginBottom: '0',
          defaultLineHeight: 1.5,
          timeZone: 'Asia/Shanghai',
          pdf: { showPageNumber: true, pageNumberAlign: 'center', pageNumberPosition: 'bottom' },
          exportFileType: 'ALL',
        },
      },
      // A section name is data: markup in it stays text in the bookmark.
      { sections: [{ id: 's', name: 'Appendix ] #panic("x") $', pageIds: ['Three'] }] },
    );
    const pdf = await renderPdf(doc, {}, { engine });
    expect(flat(pdfText(pdf))).toBe('One 1 Two 2 Three 1');
    expect(await outline(pdf)).toEqual([{ title: 'Appendix ] #panic("x") $', page: 3 }]);
  });
});
