/**
 * A document template exported as Word: the invoice fixture written by render/export, read back as
 * XML (opened by LibreOffice headless in `src/render/export/libreoffice.test.ts`, as a user would open the download).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { block, content, fullRow, p, page, pngDataUrl, richText, variable } from '../../../tests/fixtures/builders';
import { prepareOutputTemplate, renderOutput } from '../outputs/render';
import { wordImageSize } from './docx';

const ROOT = new URL('../../../', import.meta.url).pathname;
const fixture = (name: string) => JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/invoice', name), 'utf8'));
const env = { typst: () => Promise.reject(new Error('an export typesets nothing')) };

async function invoiceDocx(): Promise<Uint8Array> {
  const file = await renderOutput(
    prepareOutputTemplate(fixture('template.json')),
    { kind: 'data', data: fixture('data.json') },
    env,
    { format: 'docx' },
  );
  return file.bytes;
}

describe('Word export of a document template', () => {
  it('gives the default line height an auto rule (LibreOffice crops inline images under an exact one)', async () => {
    const styles = strFromU8(unzipSync(await invoiceDocx())['word/styles.xml']!);
    const defaults = /<w:pPrDefault>[\s\S]*?<\/w:pPrDefault>/.exec(styles)?.[0] ?? '';
    expect(defaults).toMatch(/<w:spacing\b[^>]*w:line="\d+"[^>]*w:lineRule="auto"/);
  });

  it('anchors a float to the page margins at its offsets, as a floating table', async () => {
    const file = await renderOutput(
      prepareOutputTemplate(JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/contract/template.json'), 'utf8'))),
      { kind: 'data', data: JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/contract/data.json'), 'utf8')) },
      env,
      { format: 'docx' },
    );
    const xml = strFromU8(unzipSync(file.bytes)['word/document.xml']!);
    // 420 px × 0.75 = 315 pt = 6300 twips from the left margin, at the top margin.
    expect(xml).toMatch(/<w:tblpPr w:tblpX="6300" w:tblpY="0" w:horzAnchor="margin" w:vertAnchor="margin"\/>/);
    const stamp = xml.slice(xml.lastIndexOf('<w:tbl>', xml.indexOf('CONFIDENTIAL')), xml.indexOf('CONFIDENTIAL'));
    expect(stamp).toContain('<w:tblpPr');
    // The first section is continuous (LibreOffice leaves floats of a new-page section in the flow).
    expect(xml.match(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/)![0]).toContain('<w:type w:val="continuous"/>');
  });

  it('shows a checkbox value as Word’s checkbox glyphs, a filtered one as its text (spec 001 §9.2)', async () => {
    const template = content([
      page('p', [
        fullRow(
          'r',
          richText('t', [
            p('Paid ', variable('paid'), ' open ', variable('open'), ' said ', variable('paid', [['yesNo']])),
          ]),
        ),
      ]),
    ]);
    const file = await renderOutput(
      prepareOutputTemplate(template),
      { kind: 'data', data: { paid: true, open: false } },
      env,
      {
        format: 'docx',
      },
    );
    const text = (strFromU8(unzipSync(file.bytes)['word/document.xml']!).match(/<w:t[^>]*>[^<]*<\/w:t>/g) ?? [])
      .map((run) => run.replace(/<[^>]+>/g, ''))
      .join('');
    expect(text).toBe('Paid \u2612 open \u2610 said Yes');
  });

  it('keeps a picture at most 2338 px on its longer side, its ratio kept (spec 001 §9.1)', async () => {
    const template = content([
      page('p', [
        fullRow('i', block('i1', 'image', { image: { mode: 'attachment', fieldName: 'photos', emptyContent: '-' } })),
      ]),
    ]);
    const tall = pngDataUrl(20, 800, () => [200, 30, 30, 255]);
    const file = await renderOutput(
      prepareOutputTemplate(template),
      { kind: 'data', data: { photos: [{ fileName: 'tall.png', url: tall }] } },
      env,
      { format: 'docx' },
    );
    const xml = strFromU8(unzipSync(file.bytes)['word/document.xml']!);
    const [, cx, cy] = /<wp:extent cx="(\d+)" cy="(\d+)"/.exec(xml)!;
    const EMU_PER_PX = 9525;
    expect(Number(cy) / EMU_PER_PX).toBe(2338);
    expect(Number(cx) / EMU_PER_PX).toBe(Math.round(2338 / 40));
    expect(wordImageSize(100, 50)).toEqual({ width: 100, height: 50 });
  });
});
