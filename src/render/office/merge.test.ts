/**
 * Word documents of one template merged into one with a section per record: the golden invoice
 * (header, footer with page fields, footnote, QR image per record) filled for three records, then
 * merged; the result is read back as XML (and opened by LibreOffice in `src/render/export/libreoffice.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { runPrintBatch } from '../batch/job';
import { docxRenderer } from './docx';
import { GOLDEN_RECORD, goldenDocx } from './golden-fixtures';
import { mergeDocx, restartPageNumbers } from './merge';
import { relationships, relsName, resolveTarget } from './package';
import { OFFICE_MIME, officeContentFromFile } from './schema';
import { env, input, makeDocx, unzipText, wordText } from './test-helpers';
import { OfficePackage } from './zip';

const NUMBERS = ['INV-0001', 'INV-0002', 'INV-0003'];

async function filled(): Promise<Uint8Array[]> {
  const template = docxRenderer.parse(officeContentFromFile(await goldenDocx(), 'invoice.docx'));
  return Promise.all(
    NUMBERS.map((number, i) =>
      docxRenderer.render(template, input({ ...GOLDEN_RECORD, number, link: `https://quire.example/r/${i}` }), env),
    ),
  );
}

describe('mergeDocx', () => {
  it('gives each record its own section, headers, images, footnotes and unique ids', async () => {
    const merged = await mergeDocx(await filled());
    const out = unzipText(merged);
    const doc = out['word/document.xml']!;
    const body = wordText(doc);
    // Every record's body, none of the template's tags left.
    expect(body).not.toMatch(/[{}]/);
    expect(body.match(/Bill to: Ada Lovelace & Co <Ltd>, London/g)).toHaveLength(3);
    // Three sections: two breaks inside the body (new page each), the last at its end.
    expect(doc.match(/<w:sectPr\b/g)).toHaveLength(3);
    expect(doc.match(/<w:pPr><w:sectPr\b[\s\S]*?<w:type w:val="nextPage"\/>/g)).toHaveLength(2);

    // Each section's header is its own part, saying its own record's number.
    const pkg = OfficePackage.read(merged);
    const rels = relationships(pkg, 'word/document.xml');
    const target = (id: string) => resolveTarget('word/document.xml', rels.find((r) => r.id === id)!.target);
    const headers = [...doc.matchAll(/<w:headerReference\b[^>]*r:id="([^"]+)"/g)].map((m) => target(m[1]!));
    expect(new Set(headers).size).toBe(3);
    expect(headers.map((h) => wordText(out[h]!))).toEqual(NUMBERS.map((n) => `Invoice ${n}`));
    expect(out['[Content_Types].xml']).toContain(`PartName="/${headers[2]}"`);

    // Every relationship the body uses exists and points at a part in the package.
    for (const [, id] of doc.matchAll(/\sr:(?:id|embed|link)="([^"]+)"/g)) {
      const rel = rels.find((r) => r.id === id);
      expect(rel, id).toBeDefined();
      if (!rel!.external) expect(pkg.has(target(id!)), target(id!)).toBe(true);
    }
    for (const header of headers)
      for (const rel of relationships(pkg, header))
        if (!rel.external) expect(pkg.has(resolveTarget(header, rel.target))).toBe(true);
    expect(pkg.has(relsName('word/document.xml'))).toBe(true);

    // Word calls duplicate drawing ids or footnote ids damage.
    const drawings = [...doc.matchAll(/<wp:docPr\b[^>]*\sid="(\d+)"/g)].map((m) => m[1]);
    expect(drawings.length).toBeGreaterThanOrEqual(3);
    expect(new Set(drawings).size).toBe(drawings.length);
    const refs = [...doc.matchAll(/<w:footnoteReference\b[^>]*w:id="(\d+)"/g)].map((m) => m[1]);
    expect(refs).toHaveLength(3);
    expect(new Set(refs).size).toBe(3);
    for (const id of refs) expect(out['word/footnotes.xml']).toMatch(new RegExp(`<w:footnote\\b[^>]*w:id="${id}"`));
  });

  it("restarts page numbers in each record's first section, keeping their format", async () => {
    const doc = unzipText(await mergeDocx(await filled()))['word/document.xml']!;
    const sections = doc.match(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/g)!;
    expect(sections).toHaveLength(3);
    for (const section of sections) expect(section).toMatch(/<w:pgNumType\b[^>]*w:start="1"/);
    // Schema order: after the page margins, before the columns.
    for (const section of sections) expect(section).toMatch(/<w:pgMar\b[^>]*\/>[\s\S]*<w:pgNumType\b/);
    expect(restartPageNumbers('<w:sectPr><w:pgNumType w:fmt="upperRoman" w:start="4"/></w:sectPr>')).toBe(
      '<w:sectPr><w:pgNumType w:fmt="upperRoman" w:start="1"/></w:sectPr>',
    );
    expect(restartPageNumbers('<w:sectPr/>')).toBe('<w:sectPr><w:pgNumType w:start="1"/></w:sectPr>');
  });

  it("keeps every record's comments, renumbered", async () => {
    const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
    const template = makeDocx({
      body: '<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>Order {number}</w:t></w:r><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>',
      extra: {
        'word/comments.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:comments ${W}><w:comment w:id="0" w:author="Ana"><w:p><w:r><w:t>Check the total</w:t></w:r></w:p></w:comment></w:comments>`,
        'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdC" Type="${REL}/comments" Target="comments.xml"/></Relationships>`,
        '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/comments.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/></Types>`,
      },
    });
    const parsed = docxRenderer.parse(officeContentFromFile(template, 'commented.docx'));
    const docs = await Promise.all(NUMBERS.map((number) => docxRenderer.render(parsed, input({ number }), env)));
    const out = unzipText(await mergeDocx(docs));
    const doc = out['word/document.xml']!;
    const ids = (element: string) =>
      [...doc.matchAll(new RegExp(`<w:${element}\\b[^>]*w:id="(\\d+)"`, 'g'))].map((m) => m[1]);
    expect(ids('commentRangeStart')).toEqual(['0', '1', '2']);
    expect(ids('commentRangeEnd')).toEqual(['0', '1', '2']);
    expect(ids('commentReference')).toEqual(['0', '1', '2']);
    const comments = [
      ...out['word/comments.xml']!.matchAll(/<w:comment\b[^>]*w:id="(\d+)"[^>]*>([\s\S]*?)<\/w:comment>/g),
    ];
    expect(comments.map((m) => m[1])).toEqual(['0', '1', '2']);
    for (const m of comments) expect(wordText(m[2]!)).toBe('Check the total');
    expect(out['word/comments.xml']!.match(/w:author="Ana"/g)).toHaveLength(3);
  });

  it('one document merges to itself, and none is an error', async () => {
    const [one] = await filled();
    const merged = unzipText(await mergeDocx([one!]));
    expect(wordText(merged['word/document.xml']!)).toBe(wordText(unzipText(one!)['word/document.xml']!));
    await expect(mergeDocx([])).rejects.toThrow(/no documents/);
  });
});

describe('a print run merged', () => {
  it('gives one Word document named after the run when the documents are Word documents', async () => {
    const documents = await filled();
    const run = await runPrintBatch(
      {
        items: documents,
        total: documents.length,
        render: async (bytes, i) => ({
          bytes,
          mime: OFFICE_MIME.docx,
          extension: 'docx',
          fileName: `${NUMBERS[i]}.docx`,
        }),
        templateName: 'Invoice',
        printTime: 0,
      },
      'merged',
    );
    expect(run.mime).toBe(OFFICE_MIME.docx);
    expect(run.fileName).toBe('Invoice_3.docx');
    const bytes = new Uint8Array(await new Response(run.body).arrayBuffer());
    expect(unzipText(bytes)['word/document.xml']!.match(/<w:sectPr\b/g)).toHaveLength(3);
    expect(run.names).toEqual(NUMBERS.map((n) => `${n}.docx`));
  });
});
