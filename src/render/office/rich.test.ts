import { describe, expect, it } from 'vitest';
import { docxRenderer } from './docx';
import { pptxRenderer } from './pptx';
import { htmlLines, markdownToHtml } from './rich';
import { content, env, input, makeDocx, makePptx, shape, slideText, unzipText, wordText } from './test-helpers';

const plain = (lines: ReturnType<typeof htmlLines>) =>
  lines.map((line) => line.map((r) => (r.bold ? `*${r.text}*` : r.italic ? `_${r.text}_` : r.text)).join(''));

describe('rich values', () => {
  it('reads sanitised HTML into formatted lines; scripts and tags never print', () => {
    const html =
      '<p>Hello <b>bold</b> and <em>it</em></p><script>alert(1)</script><ul><li>one</li><li>two</li></ul><p>a<br>b</p>';
    expect(plain(htmlLines(html))).toEqual(['Hello *bold* and _it_', '• one', '• two', 'a', 'b']);
  });

  it('reads everyday Markdown', () => {
    expect(plain(htmlLines(markdownToHtml('Some **bold** <x>\n\n1. first\n2. second')))).toEqual([
      'Some *bold* <x>',
      '1. first',
      '2. second',
    ]);
  });

  it('prints formatted runs in Word, in schema order on top of the run properties', async () => {
    const body =
      '<w:p><w:r><w:rPr><w:rFonts w:ascii="Arial"/><w:sz w:val="20"/></w:rPr><w:t>Notes: {notes | html}.</w:t></w:r></w:p>';
    const template = docxRenderer.parse(content('docx', makeDocx({ body })));
    const out = unzipText(await docxRenderer.render(template, input({ notes: '<p>A <b>B</b></p><p>C</p>' }), env));
    const doc = out['word/document.xml']!;
    expect(doc).toContain(
      '<w:rPr><w:rFonts w:ascii="Arial"/><w:b/><w:bCs/><w:sz w:val="20"/></w:rPr><w:t xml:space="preserve">B</w:t>',
    );
    expect(wordText(doc)).toBe('Notes: A B\nC.');
    expect(doc).not.toContain('&lt;b&gt;');
  });

  it('prints formatted runs in PowerPoint', async () => {
    const template = pptxRenderer.parse(content('pptx', makePptx([shape(2, '{notes | markdown}')])));
    const out = unzipText(await pptxRenderer.render(template, input({ notes: 'x **y**' }), env));
    const slide = out['ppt/slides/slide1.xml']!;
    expect(slide).toContain('<a:rPr lang="en-US" b="1"/><a:t>y</a:t>');
    expect(slideText(slide)).toBe('x y');
  });
});
