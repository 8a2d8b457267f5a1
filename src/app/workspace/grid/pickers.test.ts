import { describe, expect, it } from 'vitest';
import type { RecordRow, TableField, TableRow } from '../../../storage';
import { childColumns, childFields } from './ChildRecords';
import { pickerKind } from './cells';
import { linkOption } from './RecordPicker';
import { avatarHue, initials, usersOf } from './UserPicker';

const field = (id: string, type: TableField['type'], extra: Partial<TableField> = {}): TableField => ({
  id,
  name: id,
  type,
  ...extra,
});

const lines: TableRow = {
  id: 'lines',
  baseId: 'b',
  name: 'Order lines',
  order: 1,
  createdAt: 0,
  updatedAt: 0,
  fields: [
    field('l_name', 'text', { isPrimary: true }),
    field('l_order', 'duplexLink', { property: { tableId: 'orders', backFieldId: 'o_lines', multiple: false } }),
    field('l_photo', 'attachment'),
    field('l_qty', 'number'),
    field('l_price', 'currency', { property: { currencyCode: 'USD', precision: 2 } }),
    field('l_note', 'text'),
  ],
};

const orders: Pick<TableRow, 'fields'> = {
  fields: [
    field('o_no', 'text', { isPrimary: true }),
    field('o_customer', 'duplexLink', { property: { tableId: 'customers', multiple: false } }),
    field('o_lines', 'duplexLink', { property: { tableId: 'lines', backFieldId: 'l_order', multiple: true } }),
    field('o_tags', 'singleLink', { property: { tableId: 'tags' } }),
    field('o_owner', 'user'),
  ],
};

describe('which cells open a picker', () => {
  it('links with a linked table choose records; user cells choose people; system people fields do not', () => {
    expect(pickerKind(orders.fields[2]!)).toBe('link');
    expect(pickerKind(field('x', 'singleLink'))).toBeUndefined();
    expect(pickerKind(orders.fields[4]!)).toBe('user');
    expect(pickerKind(field('c', 'createdUser'))).toBeUndefined();
    expect(pickerKind(field('t', 'text'))).toBeUndefined();
  });
});

describe('child records', () => {
  it('child fields are the links that may hold many records (hosts default to many)', () => {
    expect(childFields(orders).map((f) => f.id)).toEqual(['o_lines', 'o_tags']);
  });

  it('child columns leave out the link back to the parent and attachments, primary first', () => {
    expect(childColumns(lines, 'l_order').map((f) => f.id)).toEqual(['l_name', 'l_qty', 'l_price', 'l_note']);
  });
});

describe('record picker options', () => {
  it('shows the primary text and a line of detail from the next plain fields', () => {
    const record: RecordRow = {
      id: 'lines:0:a',
      tableId: 'lines',
      seq: 1,
      createdAt: 0,
      updatedAt: 0,
      values: { l_name: 'SO-1 / 1', l_order: ['orders:0:x'], l_qty: 3, l_price: 4.5, l_note: 'fragile' },
    };
    expect(linkOption(lines, record)).toEqual({ id: 'lines:0:a', title: 'SO-1 / 1', detail: '3 · $4.50' });
  });
});

describe('people', () => {
  it('initials take the first letters of two words, else two letters', () => {
    expect(initials('Ava Thompson')).toBe('AT');
    expect(initials('  rosa ')).toBe('RO');
    expect(initials('Ji-woo Park Lee')).toBe('JP');
    expect(initials('张伟')).toBe('张伟');
  });

  it('avatar colours differ for ids that differ in one character, and stay the same for one id', () => {
    const hues = Array.from({ length: 12 }, (_, i) => avatarHue(`demo-user-${String(i + 1).padStart(2, '0')}`));
    expect(new Set(hues.map((h) => Math.round(h / 20))).size).toBeGreaterThan(6);
    expect(avatarHue('usr1')).toBe(avatarHue('usr1'));
    for (const hue of hues) expect(hue).toBeGreaterThanOrEqual(0);
  });

  it('reads only well-formed people from a cell', () => {
    expect(usersOf([{ id: 'u1', name: 'A' }, 'junk', null, { name: 'no id' }])).toEqual([{ id: 'u1', name: 'A' }]);
    expect(usersOf('Ava')).toEqual([]);
  });
});
