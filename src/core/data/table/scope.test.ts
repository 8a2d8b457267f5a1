import { describe, expect, it } from 'vitest';
import { list, map, num, type OpenValue, str, text } from '../openValue';
import { loadChildTable, recordToOpenValues, recordToScope } from './scope';
import { findField, resolveField } from './status';
import type { TableData } from './types';

const products: TableData = {
  id: 'tbl_products',
  name: 'Products',
  fields: [
    { id: 'p_name', name: 'Name', type: 'text', isPrimary: true },
    { id: 'p_price', name: 'Price', type: 'currency', property: { currencyCode: 'USD' } },
    { id: 'p_supplier', name: 'Supplier', type: 'singleLink', property: { tableId: 'tbl_suppliers' } },
  ],
  records: [
    { recordId: 'r_p1', fields: { p_name: 'Desk', p_price: 300, p_supplier: { recordIds: ['s1'], text: 'Acme' } } },
    { recordId: 'r_p2', fields: { p_name: [{ type: 'text', text: 'Chair' }], p_price: '120.5' } },
  ],
};

const orders: TableData = {
  id: 'tbl_orders',
  name: 'Orders',
  fields: [
    { id: 'o_no', name: 'Order No.', type: 'autoNumber', isPrimary: true },
    { id: 'o_qty', name: 'Qty', type: 'number' },
    { id: 'o_lines', name: 'Lines', type: 'duplexLink', property: { tableId: 'tbl_products' } },
    { id: 'o_secret', name: 'Margin', type: 'denied' },
    { id: 'o_misc', name: 'Misc', type: 'text' },
  ],
  records: [
    {
      recordId: 'r1',
      fields: {
        o_no: 'SO-001',
        o_qty: 3,
        o_lines: { tableId: 'tbl_products', recordIds: ['r_p1', 'r_p2'], text: 'Desk, Chair' },
      },
    },
    { recordId: 'r2', fields: { o_no: 'SO-002', o_lines: null } },
    { recordId: 'r3', fields: { o_no: 'SO-003', o_lines: { recordIds: ['r_gone'], text: 'Gone' } } },
  ],
};

const [withLines, noLines, brokenLink] = orders.records as [
  (typeof orders.records)[0],
  (typeof orders.records)[0],
  (typeof orders.records)[0],
];

describe('recordToOpenValues', () => {
  it('keys values by field name; links print as text without linked tables', () => {
    expect(recordToOpenValues(orders, withLines)).toEqual({
      'Order No.': str('SO-001'),
      Qty: num(3, '3'),
      Lines: str('Desk, Chair'),
      Margin: null,
      Misc: null,
    });
  });

  it('turns linked records into a child table (list of maps), one level deep', () => {
    const values = recordToOpenValues(orders, withLines, [products]);
    expect(values.Lines).toEqual(
      list([
        // Each linked record prints as the grid shows it: its primary field (issue 29 item 5).
        { ...map({ Name: text('Desk'), Price: num(300, '$300.00'), Supplier: str('Acme') }), displayText: 'Desk' },
        { ...map({ Name: text('Chair'), Price: num(120.5, '$120.50'), Supplier: null }), displayText: 'Chair' },
      ] as OpenValue[]),
    );
  });

  it('accepts linked tables as a map by id', () => {
    expect(recordToOpenValues(orders, withLines, { tbl_products: products }).Lines?.type).toBe('list');
  });

  it('gives an empty child table for a link with no records', () => {
    expect(recordToOpenValues(orders, noLines, [products]).Lines).toEqual(list([]));
  });

  it('keeps the link text when linked records are missing', () => {
    expect(recordToOpenValues(orders, brokenLink, [products]).Lines).toEqual(str('Gone'));
  });
});

describe('recordToScope', () => {
  it('gives plain JSON: numbers stay numbers, child tables become arrays of objects', () => {
    const scope = recordToScope(orders, withLines, [products]);
    expect(JSON.parse(JSON.stringify(scope))).toEqual({
      'Order No.': 'SO-001',
      Qty: 3,
      Lines: [
        { Name: 'Desk', Price: 300, Supplier: 'Acme' },
        { Name: 'Chair', Price: 120.5, Supplier: null },
      ],
      Margin: null,
      Misc: null,
    });
  });

  it('gives display text in display mode', () => {
    const scope = recordToScope(orders, withLines, [products], { mode: 'display' });
    expect(scope.Qty).toBe('3');
    expect((scope.Lines as { Price: string }[])[1]!.Price).toBe('$120.50');
  });
});

describe('loadChildTable statuses', () => {
  it.each([
    ['ok', 'o_lines', {}, 'ok'],
    ['by name', 'Lines', {}, 'ok'],
    ['not a link field', 'o_qty', {}, 'no_link_field'],
    ['unknown field', 'nope', {}, 'no_link_field'],
    ['nested', 'o_lines', { nested: true }, 'double_multi_link_nested'],
    ['child field not enabled', 'o_lines', { requestedFields: ['Name', 'Weight'] }, 'children_field_not_enabled'],
  ] as const)('%s', (_label, ref, options, status) => {
    expect(loadChildTable(orders, withLines, ref, [products], options).status).toBe(status);
  });

  it('empty, missed (table), missed (record)', () => {
    expect(loadChildTable(orders, noLines, 'o_lines', [products]).status).toBe('empty');
    expect(loadChildTable(orders, withLines, 'o_lines', []).status).toBe('missed');
    expect(loadChildTable(orders, brokenLink, 'o_lines', [products]).status).toBe('missed');
  });

  it('error when a linked record cannot be read', () => {
    const broken = { ...products, records: [{ recordId: 'r_p1', fields: null as unknown as Record<string, unknown> }] };
    expect(
      loadChildTable(orders, { recordId: 'x', fields: { o_lines: { recordIds: ['r_p1'] } } }, 'o_lines', [broken])
        .status,
    ).toBe('error');
  });
});

describe('resolveField', () => {
  const ctx = { fields: orders.fields, record: withLines };

  it.each([
    ['value by id', { id: 'o_qty' }, ctx, { kind: 'value', value: num(3, '3') }],
    ['value by name', { name: 'Qty' }, ctx, { kind: 'value' }],
    ['id wins over a stale name', { id: 'o_qty', name: 'Old name' }, ctx, { kind: 'value' }],
    ['noData when empty', { id: 'o_misc' }, ctx, { kind: 'noData' }],
    ['missing field', { id: 'zzz' }, ctx, { kind: 'ignore', error: 'missing' }],
    ['bad config', {}, ctx, { kind: 'ignore', error: 'notValidConfig' }],
    ['denied is unsupported', { id: 'o_secret' }, ctx, { kind: 'ignore', error: 'unsupported' }],
    [
      'unknown type is unsupported',
      { id: 'x' },
      { fields: [{ id: 'x', name: 'X', type: 'hologram' as never }], record: withLines },
      { kind: 'ignore', error: 'unsupported' },
    ],
    [
      'no record: the field itself',
      { id: 'o_qty' },
      { fields: orders.fields, record: undefined },
      { kind: 'field', error: 'notRecordData' },
    ],
    ['record loading', { id: 'o_qty' }, { fields: orders.fields, record: null }, { kind: 'loading' }],
    ['fields loading', { id: 'o_qty' }, { fields: undefined, record: withLines }, { kind: 'loading' }],
    ['explicit loading', { id: 'o_qty' }, { ...ctx, loading: true }, { kind: 'loading' }],
  ] as const)('%s', (_label, ref, context, expected) => {
    expect(resolveField(ref, context)).toMatchObject(expected);
  });

  it('findField prefers the id', () => {
    expect(findField(orders.fields, { id: 'o_no', name: 'Qty' })?.id).toBe('o_no');
    expect(findField(orders.fields, { id: 'gone', name: 'Qty' })?.id).toBe('o_qty');
  });
});
