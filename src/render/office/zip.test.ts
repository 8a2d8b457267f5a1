import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { docxRenderer } from './docx';
import { pptxRenderer } from './pptx';
import { content, env, input, makeDocx, p, unzipText, zip } from './test-helpers';
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
});
