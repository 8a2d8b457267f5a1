import { describe, expect, it } from 'vitest';
import {
  block,
  bold,
  column,
  computeSum,
  content,
  fullRow,
  loop,
  p,
  page,
  paragraph,
  richText,
  row,
  table,
  variable,
} from '../../../tests/fixtures/builders';
import { isQuireError } from '../../core/errors';
import { parseTemplateContent } from '../../core/model/parse';
import type { VBlock, VParagraph, VTable } from '../view-model';
import { resolveDocument } from './document';

const parse = (pages: unknown[], extra: Record<string, unknown> = {}) =>
  parseTemplateContent(content(pages as never, extra as never));

const textOf = (blocks: readonly VBlock[]): string =>
  blocks
    .map((b) => {
      if (b.t === 'par') return b.spans.map((s) => (s.t === 'text' ? s.s : '')).join('');
      if (b.t === 'list') return b.items.map(textOf).join('|');
      if (b.t === 'row') return b.cols.map((c) => textOf(c.blocks)).join('|');
      if (b.t === 'box' || b.t === 'float') return textOf(b.blocks);
      if (b.t === 'table')
        return [...b.header, ...b.body, ...b.footer].map((r) => r.map((c) => textOf(c.blocks)).join(',')).join(';');
      return `<${b.t}>`;
    })
    .join('\n');

const one = (blocks: unknown[]) => [page('p1', [fullRow('r1', ...(blocks as never[]))])];

describe('resolveDocument', () => {
  it('keeps record text as data, marks as span flags', async () => {
    const tpl = parse(one([richText('t', [p(bold('Name: '), variable('name', [], { italic: true, color: '#F00' }))])]));
    const { doc } = await resolveDocument(tpl, { name: '#panic("x") ] $ * \\' });
    const par = doc.sections[0]!.blocks[0] as VParagraph;
    expect(par.spans).toEqual([
      { t: 'text', s: 'Name: ', b: true },
      { t: 'text', s: '#panic("x") ] $ * \\', i: true, color: '#ff0000', d: true },
    ]);
  });

  it('gives long unbroken runs (URLs, long values) their own span to be wrapped, and leaves CJK alone', async () => {
    const url = 'https://example.com/a/very/long/path?query=1&more=2';
    const tpl = parse(one([richText('t', [p(bold('See '), variable('u'), bold(' now'))])]));
    const { doc } = await resolveDocument(tpl, { u: `${url} 中文中文中文中文中文中文中文中文中文 ok` });
    const par = doc.sections[0]!.blocks[0] as VParagraph;
    expect(par.spans).toEqual([
      { t: 'text', s: 'See ', b: true },
      { t: 'text', s: url, d: true, w: true },
      { t: 'text', s: ' 中文中文中文中文中文中文中文中文中文 ok', d: true },
      { t: 'text', s: ' now', b: true },
    ]);
  });

  it('expands loops in list, paragraph and inline modes with filters, joiners and empty content', async () => {
    const items = loop('items', { mode: 'list', listType: 'ol' }, [p(variable('#'), '. ', variable('name'))]);
    const inline = p('Tags: ', loop('tags', { mode: 'inline', inlineJoiner: ' / ' }, [variable('#.label')]));
    const filtered = loop(
      'items',
      { mode: 'paragraph', filter: { type: 'every', filters: [{ fieldName: 'qty', operator: 'gt', numValue: 1 }] } },
      [p(variable('name'))],
    );
    const empty = loop('none', { mode: 'paragraph', customEmptyContent: 'Nothing here' }, [p(variable('x'))]);
    const hidden = loop('none', { mode: 'paragraph', hideWhenEmpty: true, customEmptyContent: 'hidden' }, [p('x')]);
    const tpl = parse(one([richText('t', [items, inline, filtered, empty, hidden])]));
    const { doc } = await resolveDocument(tpl, {
      items: [
        { name: 'Apple', qty: 1 },
        { name: 'Pear', qty: 3 },
      ],
      tags: [{ label: 'red' }, { label: 'blue' }],
      none: [],
    });
    const blocks = doc.sections[0]!.blocks;
    expect(blocks[0]).toMatchObject({ t: 'list', ordered: true });
    expect(textOf(blocks)).toBe(['1. Apple|2. Pear', 'Tags: red / blue', 'Pear', 'Nothing here'].join('\n'));
  });

  it('repeats dynamic table rows per item, applies merges, and tags rows for per-page sums', async () => {
    const tpl = parse(
      one([
        table('tb', {
          columns: [1, 1],
          headerRowCount: 1,
          footerRowCount: 1,
          rows: [
            [[p('Item')], [p('Amount')]],
            [[p(variable('name'))], [p(variable('amount'))]],
            [[p('Page total ', computeSum('lines.amount', {}, 'currentPage'))], ''],
          ],
          merges: [{ rowIndex: 2, colIndex: 0, rowSpan: 1, colSpan: 2 }],
          dynamicRows: {
            rootPath: 'lines',
            filter: { type: 'every', filters: [{ fieldName: 'amount', operator: 'gt', numValue: 0 }] },
          },
        }),
        richText('sum', [
          p('All: ', computeSum('lines.amount', { thousandSeparator: true, fixedDecimalScale: true, decimalScale: 2 })),
        ]),
      ]),
    );
    const lines = [
      { name: 'A', amount: 1200 },
      { name: 'B', amount: 0 },
      { name: 'C', amount: 30.5 },
    ];
    const { doc } = await resolveDocument(tpl, { lines });
    const t = doc.sections[0]!.blocks[0] as VTable;
    expect(t.body).toHaveLength(2);
    expect(t.body.map((r) => r[0]!.tags)).toEqual([[{ k: 'lines.amount', v: 1200 }], [{ k: 'lines.amount', v: 30.5 }]]);
    expect(t.footer[0]).toHaveLength(1);
    expect(t.footer[0]![0]!.colspan).toBe(2);
    expect(t.footerRepeat).toBe(true);
    const footerSpans = (t.footer[0]![0]!.blocks[0] as VParagraph).spans;
    expect(footerSpans[1]).toMatchObject({ t: 'pagesum', key: 'lines.amount', cmd: 'sum' });
    // range all sums every item, filtered or not, as the template's list holds them.
    expect(textOf([doc.sections[0]!.blocks[1]!])).toBe('All: 1,230.50');
  });

  it('prints one section per item on auto pages, numbered and restarting', async () => {
    const tpl = parse([
      page('cover', [fullRow('r', richText('t', [p('Cover')]))]),
      page('annex', [fullRow('r2', richText('t2', [p(variable('title'))]))], {
        autoPageRootPath: 'annexes',
        autoPageNumber: true,
      }),
    ]);
    const { doc } = await resolveDocument(tpl, { annexes: [{ title: 'A1' }, { title: 'A2' }] });
    expect(doc.sections.map((s) => [textOf(s.blocks), s.numbered, s.reset])).toEqual([
      ['Cover', false, true],
      ['A1', true, true],
      ['A2', true, true],
    ]);
  });

  it('lays out columns by width and wraps blocks with margins and background', async () => {
    const tpl = parse([
      page('p', [
        row(
          'r',
          column(
            'a',
            30,
            richText('l', [p('Left')], { background: '#eee', margins: { top: 4, right: 0, bottom: 0, left: 0 } }),
          ),
          column('b', 70, richText('rt', [paragraph({ align: 'right' }, 'Right')])),
        ),
      ]),
    ]);
    const { doc } = await resolveDocument(tpl, {});
    const r = doc.sections[0]!.blocks[0]!;
    expect(r).toMatchObject({ t: 'row', cols: [{ width: 30 }, { width: 70 }] });
    if (r.t !== 'row') throw new Error('row expected');
    expect(r.cols[0]!.blocks[0]).toMatchObject({ t: 'box', box: { bg: '#eeeeee', margin: [3, 0, 0, 0] } });
    expect(r.cols[1]!.blocks[0]).toMatchObject({ t: 'par', align: 'right' });
  });

  it('encodes QR codes per value type and bar codes as SVG assets', async () => {
    const tpl = parse(
      one([
        block('q1', 'qrcode', {
          qrcode: { size: 100, align: 'center', value: { type: 'fieldValue', fieldType: 'name', field: 'code' } },
        }),
        block('q2', 'qrcode', { qrcode: { value: { type: 'recordShareUrl' } } }),
        block('q3', 'qrcode', { qrcode: { value: { type: 'custom', value: '' } } }),
        block('b1', 'barcode', { barcode: { value: 'INV-{code}' } }),
        block('b2', 'barcode', { barcode: { format: 'EAN13', value: 'not digits' } }),
      ]),
    );
    const { doc, assets } = await resolveDocument(
      tpl,
      { code: 'X1' },
      { links: { recordShareUrl: 'https://share/1' } },
    );
    const blocks = doc.sections[0]!.blocks;
    expect(blocks.map((b) => b.t)).toEqual(['image', 'image', 'image', 'par', 'par']);
    expect(blocks[0]).toMatchObject({ width: 75, align: 'center' });
    expect(textOf(blocks.slice(3))).toBe('INV-X1\nnot digits');
    expect(Object.keys(assets)).toHaveLength(3);
    for (const bytes of Object.values(assets)) expect(new TextDecoder().decode(bytes)).toContain('<svg');
  });

  it('shows emptyContent for missing images and skips broken ones', async () => {
    const tpl = parse(
      one([
        block('img', 'image', { image: { mode: 'attachment', fieldName: 'photos', emptyContent: 'No photo' } }),
        block('img2', 'image', { image: { mode: 'attachment', fieldName: 'photos', hideWhenEmpty: true } }),
      ]),
    );
    const broken = [{ fileName: 'a.png', url: 'data:image/png;base64,AAAA' }];
    const { doc } = await resolveDocument(tpl, { photos: broken });
    expect(textOf(doc.sections[0]!.blocks)).toBe('No photo');
  });

  it('refuses lists past the item budget with a catalogued-ready RangeError', async () => {
    const tpl = parse(one([richText('t', [loop('rows', { mode: 'paragraph' }, [p(variable('#'))])])]));
    await expect(
      resolveDocument(tpl, { rows: Array.from({ length: 11 }, () => ({})) }, { maxItems: 10 }),
    ).rejects.toThrow(RangeError);
  });

  it('fails unknown filters as TemplateParseError', async () => {
    const tpl = parse(one([richText('t', [p(variable('x', [['noSuchFilter']]))])]));
    const error = await resolveDocument(tpl, { x: 1 }).catch((e: unknown) => e);
    expect(isQuireError(error, 'TemplateParseError')).toBe(true);
  });

  it('starts each named section on a new page with its title and page numbers from 1', async () => {
    const pages = ['a', 'b', 'c', 'd'].map((id) => page(id, [fullRow(`r${id}`, richText(`t${id}`, [p(id)]))]));
    const tpl = parseTemplateContent(
      content(
        pages as never,
        {},
        {
          sections: [
            { id: 's2', name: 'Terms', pageIds: ['c', 'd'] },
            { id: 's1', name: ' Cover ', pageIds: ['b', 'a', 'nowhere'] },
            { id: 's3', name: 'Empty', pageIds: ['nowhere'] },
          ],
        },
      ) as never,
    );
    const { doc } = await resolveDocument(tpl, {});
    expect(doc.sections.map((s) => [textOf(s.blocks), s.reset, (s as { title?: string }).title])).toEqual([
      ['a\n<pagebreak>\nb', true, 'Cover'],
      ['c\n<pagebreak>\nd', true, 'Terms'],
    ]);
  });

  it('titles the first item of an auto page that starts a section', async () => {
    const tpl = parseTemplateContent(
      content(
        [
          page('cover', [fullRow('r', richText('t', [p('Cover')]))]),
          page('annex', [fullRow('r2', richText('t2', [p(variable('title'))]))], { autoPageRootPath: 'annexes' }),
        ] as never,
        {},
        { sections: [{ id: 's', name: 'Annexes', pageIds: ['annex'] }] } as never,
      ) as never,
    );
    const { doc } = await resolveDocument(tpl, { annexes: [{ title: 'A1' }, { title: 'A2' }] });
    expect(doc.sections.map((s) => (s as { title?: string }).title)).toEqual([undefined, 'Annexes', undefined]);
  });
});
