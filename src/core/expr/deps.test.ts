import { describe, expect, it } from 'vitest';
import fixture from './__fixtures__/invoice-template.json';
import { collectTextDeps } from './deps';
import { collectDocumentDeps } from './document-deps';

describe('collectTextDeps', () => {
  it.each([
    ['Hello', []],
    ['{a} {b.c | currency} {a}', ['a', 'b.c']],
    ['{#items}{name} {#} {#.qty}{$number}{/items}', ['items', 'items.name', 'items.qty']],
    ['{^items}none{/items}{total}', ['items', 'total']],
    ['{#a}{#b}{c}{/b}{/a}', ['a', 'a.b', 'a.b.c']],
    ['{Unit\\.price}', ['Unit\\.price']],
  ])('%j → %j', (text, deps) => {
    expect(collectTextDeps(text)).toEqual(deps);
  });

  it('merges several texts and honours a base path and double braces', () => {
    expect(collectTextDeps(['{x}', '{y}', '{x}'])).toEqual(['x', 'y']);
    expect(collectTextDeps('{qty}', { basePath: ['lines'] })).toEqual(['lines.qty']);
    expect(collectTextDeps('{a} {{b}}', { delimiters: 'double' })).toEqual(['b']);
  });

  it('fails on malformed text with a catalogued error', () => {
    expect(() => collectTextDeps('{#a}')).toThrow(expect.objectContaining({ errorName: 'TemplateParseError' }));
  });
});

describe('collectDocumentDeps', () => {
  it('reads every kind of field reference of a template document', () => {
    const content = JSON.parse(fixture.content);
    expect(collectDocumentDeps(content.document)).toEqual({
      paths: [
        'Unit\\.price',
        'customer.name',
        'invoice.no',
        'lines',
        'lines.amount',
        'lines.product',
        'lines.qty',
        'tags',
        'tags.active',
        'tags.label',
        'title',
      ],
      ids: ['~id:fld123'],
    });
  });

  it('handles auto pages, attachments, images, inline images and bar code fields', () => {
    const v = (name: string) => ({ type: 'variable', name, children: [{ text: '' }] });
    const document = {
      pages: [
        {
          id: 'p',
          autoPageRootPath: 'orders',
          rows: [
            {
              id: 'r',
              columns: [
                {
                  id: 'c',
                  blocks: [
                    { type: 'richText', content: [{ type: 'paragraph', children: [v('no'), v('#')] }] },
                    { type: 'image', image: { mode: 'attachment', fieldName: 'photos' } },
                    { type: 'image', image: { mode: 'static', url: 'https://x' } },
                    { type: 'barcode', barcode: { valueType: 'field', fieldName: 'sku', value: '' } },
                    { type: 'qrcode', qrcode: { value: { type: 'fieldValue', fieldType: 'name', field: 'link' } } },
                    {
                      type: 'richText',
                      content: [
                        { type: 'attachment', fieldName: 'files', children: [] },
                        { type: 'inline-image', name: 'logo', children: [] },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(collectDocumentDeps(document).paths).toEqual([
      'orders',
      'orders.files',
      'orders.link',
      'orders.logo',
      'orders.no',
      'orders.photos',
      'orders.sku',
    ]);
  });

  it('tolerates anything', () => {
    expect(collectDocumentDeps(null)).toEqual({ paths: [], ids: [] });
    expect(collectDocumentDeps({ pages: 'nope' })).toEqual({ paths: [], ids: [] });
    expect(collectDocumentDeps([{ type: 'barcode', barcode: { value: '{#broken' } }])).toEqual({ paths: [], ids: [] });
  });
});
