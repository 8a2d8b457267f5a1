import { describe, expect, it } from 'vitest';
import {
  bool,
  datetime,
  displayText,
  files,
  isEmptyValue,
  list,
  map,
  num,
  numList,
  type OpenValue,
  openValueSchema,
  str,
  text,
  toPlain,
} from './openValue';

const file = {
  fileName: 'a.pdf',
  url: 'https://x/a.pdf',
  mime: 'application/pdf',
  fileSize: 10,
  metaInfo: { token: 't1' },
};

describe('toPlain', () => {
  const cases: [string, OpenValue, unknown, unknown][] = [
    ['string', str('hi'), 'hi', 'hi'],
    ['text', text('a\nb'), 'a\nb', 'a\nb'],
    ['number keeps the number', num(1234.5, '¥1,234.50'), 1234.5, '¥1,234.50'],
    ['number without display text', num(7), 7, 7],
    ['bool', bool(true, 'Yes'), true, 'Yes'],
    ['numberList', numList([1, 2], '1, 2'), [1, 2], '1, 2'],
    ['datetime → epoch ms', datetime(1709602200000, '2024/03/05'), 1709602200000, '2024/03/05'],
    [
      'attachments',
      files([file]),
      [
        {
          fileName: 'a.pdf',
          fileSize: 10,
          url: 'https://x/a.pdf',
          mime: 'application/pdf',
          timestamp: null,
          token: 't1',
        },
      ],
      [
        {
          fileName: 'a.pdf',
          fileSize: 10,
          url: 'https://x/a.pdf',
          mime: 'application/pdf',
          timestamp: null,
          token: 't1',
        },
      ],
    ],
    ['map', map({ a: num(1, 'one'), b: null }), { a: 1, b: null }, { a: 'one', b: null }],
    ['list', list([str('x'), num(2)]), ['x', 2], ['x', 2]],
  ];
  it.each(cases)('%s', (_name, value, plain, display) => {
    expect(toPlain(value)).toEqual(plain);
    expect(toPlain(value, { mode: 'display' })).toEqual(display);
  });

  it('gives null for a missing value', () => {
    expect(toPlain(null)).toBeNull();
    expect(toPlain(undefined)).toBeNull();
  });

  it('keeps a field named __proto__ as plain data', () => {
    const fields = JSON.parse('{"__proto__":{"type":"string","value":"x"}}') as Record<string, OpenValue>;
    const plain = toPlain(map(fields)) as Record<string, unknown>;
    expect(Object.keys(plain)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(plain, '__proto__')?.value).toBe('x');
    expect(Object.getPrototypeOf(plain)).toBeNull();
  });
});

describe('displayText', () => {
  it.each([
    [str('a'), 'a'],
    [num(3.5), '3.5'],
    [num(3.5, '3.50'), '3.50'],
    [bool(false), 'false'],
    [numList([1, 2, 3]), '1, 2, 3'],
    [datetime(0), '1970-01-01T00:00:00.000Z'],
    [datetime(0, '1970/01/01'), '1970/01/01'],
    [files([file, { ...file, fileName: 'b.png' }]), 'a.pdf, b.png'],
    [map({ a: str('x'), b: null, c: str(''), d: num(2) }), 'x, 2'],
    [list([str('x'), str('y')]), 'x, y'],
    [null, ''],
  ] as [OpenValue | null, string][])('%j → %s', (value, expected) => {
    expect(displayText(value)).toBe(expected);
  });
});

describe('isEmptyValue', () => {
  it.each([
    [str(' '), true],
    [str('a'), false],
    [num(0), false],
    [num(Number.NaN), true],
    [bool(false), false],
    [files([]), true],
    [list([]), true],
    [map({ a: null, b: str('') }), true],
    [map({ a: num(1) }), false],
    [null, true],
  ] as [OpenValue | null, boolean][])('%j → %s', (value, expected) => {
    expect(isEmptyValue(value)).toBe(expected);
  });
});

describe('openValueSchema', () => {
  it('accepts nested values', () => {
    const value = map({ rows: list([map({ n: num(1), f: files([file]) })]), when: datetime(5) });
    expect(openValueSchema.parse(value)).toEqual(value);
  });

  it('rejects a wrong shape', () => {
    expect(openValueSchema.safeParse({ type: 'number', numberValue: '1' }).success).toBe(false);
    expect(openValueSchema.safeParse({ type: 'weird' }).success).toBe(false);
  });

  it('checks preview image statuses', () => {
    const ok = files([{ ...file, previewImages: { status: 0, images: ['p1.png'] } }]);
    const bad = { type: 'attachments', attachments: [{ ...file, previewImages: { status: 2 } }] };
    expect(openValueSchema.safeParse(ok).success).toBe(true);
    expect(openValueSchema.safeParse(bad).success).toBe(false);
  });
});
