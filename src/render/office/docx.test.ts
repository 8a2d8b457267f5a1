import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { docxRenderer } from './docx';
import { content, env, input, makeDocx, p, unzipBytes, unzipText, wordText, zip } from './test-helpers';

async function fill(parts: Parameters<typeof makeDocx>[0], scope: Record<string, unknown>, extra = {}) {
  const template = docxRenderer.parse(content('docx', makeDocx(parts)));
  const bytes = await docxRenderer.render(template, input(scope, extra), env);
  return unzipText(bytes);
}

function parseError(parts: Parameters<typeof makeDocx>[0]) {
  try {
    docxRenderer.parse(content('docx', makeDocx(parts)));
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('docx: values', () => {
  it('fills a tag split across runs and keeps the first run formatting', async () => {
    const body =
      '<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Dear {cust</w:t></w:r><w:r><w:t>omer.na</w:t></w:r><w:r><w:t>me}!</w:t></w:r></w:p>';
    const out = await fill({ body }, { customer: { name: 'Ada' } });
    const doc = out['word/document.xml']!;
    expect(wordText(doc)).toBe('Dear Ada!');
    expect(doc).toContain('<w:b/></w:rPr><w:t xml:space="preserve">Dear Ada</w:t>');
  });

  it('escapes record text instead of treating it as markup', async () => {
    const out = await fill({ body: p('{note}') }, { note: '</w:t><w:p>& "x" {other}' });
    const doc = out['word/document.xml']!;
    expect(doc).toContain('&lt;/w:t&gt;&lt;w:p&gt;&amp; &quot;x&quot; {other}');
    expect(wordText(doc)).toBe('</w:t><w:p>& "x" {other}');
  });

  it('prints display text of open values and lets filters read the raw value', async () => {
    const out = await fill(
      { body: p('{amount} / {amount | currency:EUR} / {paid} / {paid | yesNo}') },
      { amount: { type: 'number', numberValue: 1234.5, displayText: '1 234,50' }, paid: true },
    );
    expect(wordText(out['word/document.xml']!)).toBe('1 234,50 / €1,234.50 / \u2612 / Yes');
  });

  it('turns new lines into breaks and tabs into tabs', async () => {
    const out = await fill({ body: p('{address}') }, { address: 'Line 1\nLine 2\tX' });
    const doc = out['word/document.xml']!;
    expect(doc).toContain('Line 1</w:t><w:br/><w:t xml:space="preserve">Line 2</w:t><w:tab/>');
  });

  it('fills headers, footers, footnotes, text boxes and document properties', async () => {
    const textBox =
      '<w:p><w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox><w:txbxContent>' +
      p('Box {name}') +
      '</w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>';
    const out = await fill(
      {
        body: p('Body {name}') + textBox,
        header: p('Head {name}'),
        footer: p('Page of {name}'),
        footnotes: `<w:footnote w:id="1">${p('Note {name}')}</w:footnote>`,
        core: '<dc:title>Invoice {number}</dc:title>',
      },
      { name: 'Ada', number: 'A-7' },
    );
    expect(wordText(out['word/document.xml']!)).toBe('Body Ada\nBox Ada');
    expect(wordText(out['word/header1.xml']!)).toBe('Head Ada');
    expect(wordText(out['word/footer1.xml']!)).toBe('Page of Ada');
    expect(wordText(out['word/footnotes.xml']!)).toBe('Note Ada');
    expect(out['docProps/core.xml']).toContain('<dc:title>Invoice A-7</dc:title>');
  });

  it('keeps parts it does not fill byte for byte', async () => {
    const chart = new Uint8Array([1, 2, 3, 250, 0, 7]);
    const styles = '<?xml version="1.0"?><w:styles xmlns:w="x"><!-- {not a tag here} --></w:styles>';
    const template = docxRenderer.parse(
      content(
        'docx',
        makeDocx({ body: p('{a}'), extra: { 'word/media/chart.bin': chart, 'word/styles.xml': styles } }),
      ),
    );
    const out = unzipBytes(await docxRenderer.render(template, input({ a: 1 }), env));
    expect(out['word/media/chart.bin']).toEqual(chart);
    expect(new TextDecoder().decode(out['word/styles.xml'])).toBe(styles);
  });
});

describe('docx: loops', () => {
  it('repeats paragraphs and leaves no empty paragraph for loop tags alone in theirs', async () => {
    const body = p('Items:') + p('{#items}') + p('- {name}') + p('{/items}') + p('End');
    const out = await fill({ body }, { items: [{ name: 'a' }, { name: 'b' }] });
    const doc = out['word/document.xml']!;
    expect(wordText(doc)).toBe('Items:\n- a\n- b\nEnd');
    expect(doc.match(/<w:p>/g)).toHaveLength(4);
  });

  it('loops inline within one paragraph, across runs', async () => {
    const out = await fill({ body: p('Tags: {#tags}', '{#}', ', {/tags}.') }, { tags: ['x', 'y'] });
    expect(wordText(out['word/document.xml']!)).toBe('Tags: x, y, .');
  });

  it('repeats a table row, keeping merged cells, with nested loops', async () => {
    const cell = (text: string, props = '') => `<w:tc>${props}${p(text)}</w:tc>`;
    const body =
      '<w:tbl>' +
      `<w:tr>${cell('Name')}${cell('Qty', '<w:tcPr><w:gridSpan w:val="2"/></w:tcPr>')}</w:tr>` +
      `<w:tr>${cell('{#lines}{name}')}${cell('{qty}{#tags}[{#}]{/tags}', '<w:tcPr><w:gridSpan w:val="2"/></w:tcPr>')}${cell('{$number}{/lines}')}</w:tr>` +
      '</w:tbl>';
    const out = await fill(
      { body },
      {
        lines: [
          { name: 'A', qty: 1, tags: ['t1'] },
          { name: 'B', qty: 2, tags: [] },
        ],
      },
    );
    const doc = out['word/document.xml']!;
    expect(doc.match(/<w:tr>/g)).toHaveLength(3);
    expect(doc.match(/<w:gridSpan w:val="2"\/>/g)).toHaveLength(3);
    expect(wordText(doc)).toBe('Name|Qty|\nA|1[t1]|1|\nB|2|2|');
  });

  it('repeats paragraphs inside nested loops and shows inverted sections when empty', async () => {
    const body =
      p('{#groups}') +
      p('Group {title}') +
      p('{#items}') +
      p('* {.}') +
      p('{/items}') +
      p('{^items}') +
      p('(none)') +
      p('{/items}') +
      p('{/groups}');
    const out = await fill(
      { body },
      {
        groups: [
          { title: 'G1', items: ['a', 'b'] },
          { title: 'G2', items: [] },
        ],
      },
    );
    expect(wordText(out['word/document.xml']!)).toBe('Group G1\n* a\n* b\nGroup G2\n(none)');
  });

  it('keeps a paragraph holding a section break', async () => {
    const body = `${p('{#a}')}${p('x')}<w:p><w:pPr><w:sectPr/></w:pPr><w:r><w:t>{/a}</w:t></w:r></w:p>`;
    const out = await fill({ body }, { a: [1] });
    expect(out['word/document.xml']).toContain('<w:sectPr/>');
  });
});

describe('docx: template errors', () => {
  it('names the part and the tag of each problem', () => {
    const error = parseError({ body: p('{#items}') + p('x'), header: p('{name | nope}') });
    expect(isQuireError(error, 'TemplateError')).toBe(true);
    const issues = (error as { issues: Array<{ path: string; reason: string }> }).issues;
    expect(issues.map((i) => i.path)).toEqual(['body {#items}', 'header1 {name | nope}']);
    expect(issues[0]!.reason).toContain('not closed');
    expect(issues[1]!.reason).toContain("unknown filter 'nope'");
  });

  it('lists every problem at once: a broken loop does not hide bad tags, an unclosed tag is one', () => {
    const error = parseError({ body: p('{#x} {1abc} {a | nope} {/y}'), footer: p('Page {page') });
    const issues = (error as { issues: Array<{ path: string; reason: string }> }).issues;
    expect(issues.map((i) => i.path)).toEqual(['body {1abc}', 'body {a | nope}', 'body {/y}', 'footer1 {page']);
    expect(issues.map((i) => i.reason.split(' — ')[0])).toEqual([
      "invalid variable name '1abc'",
      "unknown filter 'nope'",
      "closes '{#x}'",
      "tag is not closed: '}' missing",
    ]);
    expect(issues[3]!.reason).toContain('near "Page {page"');
  });

  it('reports a close that does not match', () => {
    const error = parseError({ body: p('{#a}') + p('{/b}') });
    expect((error as { issues: Array<{ path: string }> }).issues[0]!.path).toBe('body {/b}');
  });

  it('rejects content that is not a docx template', () => {
    expect(() => docxRenderer.parse({ kind: 'docx', version: 1, fileName: 'a.docx', file: '!!' })).toThrow(/file/);
    expect(() => docxRenderer.parse(content('xlsx', makeDocx({ body: p('x') })))).toThrow(/kind|xlsx/);
    expect(() => docxRenderer.parse(content('docx', zip({ 'a.txt': 'x' })))).toThrow(/not-a-zip|Office/);
  });
});

describe('docx: more loop shapes', () => {
  it('drops table rows that hold only a loop tag', async () => {
    const row = (...cells: string[]) => `<w:tr>${cells.map((c) => `<w:tc>${p(c)}</w:tc>`).join('')}</w:tr>`;
    const body = `<w:tbl>${row('Head', 'H2')}${row('{#lines}', '')}${row('{name}', '{qty}')}${row('{/lines}', '')}${row('End', '')}</w:tbl>`;
    const out = await fill(
      { body },
      {
        lines: [
          { name: 'a', qty: 1 },
          { name: 'b', qty: 2 },
        ],
      },
    );
    expect(wordText(out['word/document.xml']!)).toBe('Head|H2|\na|1|\nb|2|\nEnd||');
  });

  it('prints an escaped brace as a brace', async () => {
    const out = await fill({ body: p('Set \\{x} to {x}') }, { x: 1 });
    expect(wordText(out['word/document.xml']!)).toBe('Set {x} to 1');
  });
});

describe('docx: containers a loop emptied', () => {
  it('keeps a paragraph in a table cell whose paragraphs were all in an empty loop', async () => {
    const body = `<w:tbl><w:tr><w:tc><w:tcPr/>${p('{#notes}')}${p('{.}')}${p('{/notes}')}</w:tc></w:tr></w:tbl>`;
    const out = await fill({ body }, { notes: [] });
    expect(out['word/document.xml']).toContain('<w:tc><w:tcPr/><w:p/></w:tc>');
  });
});

describe('docx: hostile templates', () => {
  it('refuses loops nested without end instead of recursing', () => {
    const deep =
      Array.from({ length: 200 }, (_, i) => `{#a${i}}`).join('') +
      Array.from({ length: 200 }, (_, i) => `{/a${199 - i}}`).join('');
    const error = parseError({ body: p(deep) });
    expect((error as { issues: Array<{ reason: string }> }).issues[0]!.reason).toContain('nested deeper than 64');
  });
});

describe('docx: settings', () => {
  it('uses double braces when the template says so; single braces are then text', async () => {
    const template = docxRenderer.parse(
      content('docx', makeDocx({ body: p('{{#items}}[{{name}}]{{/items}} {json}') }), { delimiters: 'double' }),
    );
    const out = unzipText(await docxRenderer.render(template, input({ items: [{ name: 'a' }, { name: 'b' }] }), env));
    expect(wordText(out['word/document.xml']!)).toBe('[a][b] {json}');
  });

  it('reports its language and time zone as print settings', () => {
    const template = docxRenderer.parse(
      content('docx', makeDocx({ body: p('x') }), { lang: 'de-DE', timeZone: 'Europe/Berlin' }),
    );
    expect(docxRenderer.settings(template)).toEqual({ lang: 'de-DE', timeZone: 'Europe/Berlin' });
  });
});

describe('docx: check boxes and page breaks', () => {
  it('prints booleans as check box glyphs (spec 001 §9.2), also through the checkbox filter', async () => {
    const out = await fill(
      { body: p('Paid {paid}, shipped {shipped}, urgent {urgent | checkbox}') },
      {
        paid: true,
        shipped: false,
        urgent: 1,
      },
    );
    expect(wordText(out['word/document.xml']!)).toContain('Paid ☒, shipped ☐, urgent ☒');
  });

  it('gives each repeated section its own page: the loop repeats the page break with it', async () => {
    const pageBreak = '<w:p><w:r><w:br w:type="page"/></w:r><w:r><w:t>{/chapters}</w:t></w:r></w:p>';
    const out = await fill(
      { body: p('{#chapters}') + p('Chapter {title}') + pageBreak },
      {
        chapters: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }],
      },
    );
    const doc = out['word/document.xml']!;
    expect(doc.match(/<w:br w:type="page"\/>/g)).toHaveLength(3);
    expect(wordText(doc)).toMatch(/Chapter One[\s\S]*Chapter Two[\s\S]*Chapter Three/);
    expect(doc).not.toMatch(/[{}]/);
  });
});

describe('docx: tables of contents', () => {
  it('asks Word to update fields when the document has a table of contents', async () => {
    const toc =
      '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> TOC \\o "1-3" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>';
    const settings =
      '<?xml version="1.0"?><w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:zoom w:percent="100"/><w:compat/></w:settings>';
    const bytes = makeDocx({ body: toc + p('{a}'), extra: { 'word/settings.xml': settings } });
    const out = unzipText(await docxRenderer.render(docxRenderer.parse(content('docx', bytes)), input({ a: 1 }), env));
    expect(out['word/settings.xml']).toContain('<w:zoom w:percent="100"/><w:updateFields w:val="true"/><w:compat/>');
    const plain = makeDocx({ body: p('{a}'), extra: { 'word/settings.xml': settings } });
    const untouched = unzipText(
      await docxRenderer.render(docxRenderer.parse(content('docx', plain)), input({ a: 1 }), env),
    );
    expect(untouched['word/settings.xml']).toBe(settings);
  });
});
