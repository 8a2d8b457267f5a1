import { describe, expect, it } from 'vitest';
import { bool, datetime, files, num, numList, type OpenValue, str, text } from '../openValue';
import { CONVERTERS, convertCell, linkedRecordIds, segmentsText } from './convert';
import { TABLE_FIELD_TYPES, type TableField, type TableFieldProperty, type TableFieldType } from './types';

const field = (type: TableFieldType, property?: TableFieldProperty): TableField => ({
  id: `f_${type}`,
  name: type,
  type,
  ...(property ? { property } : {}),
});

const MAR5 = 1709602200000; // 2024-03-05 09:30 in Asia/Shanghai
const pdf = { name: 'a.pdf', size: 1024, type: 'application/pdf', token: 'tok', timeStamp: 5, url: 'https://x/a.pdf' };
const png = { name: 'b.png', size: 2048, type: 'image/png', token: 'tok2', url: 'https://x/b.png' };

type Case = [label: string, field: TableField, raw: unknown, expected: OpenValue | null];

const cases: Case[] = [
  // text
  [
    'text: segments',
    field('text'),
    [
      { type: 'text', text: 'Hello ' },
      { type: 'mention', text: '@Ann' },
    ],
    text('Hello @Ann'),
  ],
  ['text: plain string', field('text'), 'abc', text('abc')],
  ['text: url segment keeps its text', field('text'), [{ type: 'url', text: 'site', link: 'https://s' }], text('site')],
  ['text: empty', field('text'), [], null],
  // number
  ['number', field('number'), 1234.5, num(1234.5, '1,234.5')],
  ['number with precision', field('number', { precision: 2 }), 3, num(3, '3.00')],
  ['number as percent', field('number', { formatter: 'percent' }), 0.25, num(0.25, '25%')],
  ['number text parses', field('number'), '1,200.50', num(1200.5, '1,200.5')],
  ['number text that is not a number stays text', field('number'), 'N/A', str('N/A')],
  ['number: null', field('number'), null, null],
  // selects
  ['single select object', field('singleSelect'), { id: 'o1', text: 'Open' }, str('Open')],
  [
    'single select id with options',
    field('singleSelect', { options: [{ id: 'o2', name: 'Closed' }] }),
    'o2',
    str('Closed'),
  ],
  [
    'multi select',
    field('multiSelect'),
    [
      { id: 'a', text: 'Red' },
      { id: 'b', text: 'Blue' },
    ],
    str('Red, Blue'),
  ],
  ['multi select empty', field('multiSelect'), [], null],
  // dates
  ['date-time', field('dateTime'), MAR5, datetime(MAR5, '2024/03/05')],
  [
    'date-time with format',
    field('dateTime', { dateFormat: 'yyyy-MM-dd HH:mm' }),
    MAR5,
    datetime(MAR5, '2024-03-05 09:30'),
  ],
  ['date-time from text', field('dateTime'), '2024-03-05', datetime(1709568000000, '2024/03/05')],
  ['date-time unparseable stays text', field('dateTime'), 'someday', str('someday')],
  ['created time', field('createdTime'), MAR5, datetime(MAR5, '2024/03/05 09:30')],
  ['modified time', field('modifiedTime'), MAR5 + 60_000, datetime(MAR5 + 60_000, '2024/03/05 09:31')],
  // checkbox
  ['checkbox true', field('checkbox'), true, bool(true, 'true')],
  ['checkbox missing is unchecked', field('checkbox'), null, bool(false, 'false')],
  // people
  [
    'user',
    field('user'),
    [
      { id: 'u1', name: 'Ann' },
      { id: 'u2', name: 'Bo', enName: 'Bo' },
    ],
    str('Ann, Bo'),
  ],
  ['user with only enName', field('user'), [{ id: 'u1', enName: 'Cy' }], str('Cy')],
  ['created user (single object)', field('createdUser'), { id: 'u1', name: 'Ann' }, str('Ann')],
  ['modified user', field('modifiedUser'), [{ id: 'u3', name: 'Dee' }], str('Dee')],
  ['group chat', field('group'), [{ id: 'g1', name: 'Ops room', avatarUrl: 'x' }], str('Ops room')],
  // contact-ish text
  ['phone', field('phone'), ' +86 138 0000 0000 ', str('+86 138 0000 0000')],
  ['email', field('email'), 'a@b.co', str('a@b.co')],
  [
    'url: link wins over text',
    field('url'),
    [{ type: 'url', text: 'Docs', link: 'https://docs.x' }],
    str('https://docs.x'),
  ],
  ['url: plain string', field('url'), 'https://y', str('https://y')],
  // files
  [
    'attachment',
    field('attachment'),
    [pdf, png],
    files([
      {
        fileName: 'a.pdf',
        url: 'https://x/a.pdf',
        mime: 'application/pdf',
        fileSize: 1024,
        timestamp: 5,
        metaInfo: { token: 'tok' },
      },
      { fileName: 'b.png', url: 'https://x/b.png', mime: 'image/png', fileSize: 2048, metaInfo: { token: 'tok2' } },
    ]),
  ],
  [
    'attachment mime from name',
    field('attachment'),
    [{ name: 'c.docx', url: 'u' }],
    files([
      { fileName: 'c.docx', url: 'u', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    ]),
  ],
  ['attachment empty', field('attachment'), [], null],
  [
    'attachment image keeps images only',
    field('attachmentImage'),
    [pdf, png],
    files([
      { fileName: 'b.png', url: 'https://x/b.png', mime: 'image/png', fileSize: 2048, metaInfo: { token: 'tok2' } },
    ]),
  ],
  // links (without linked tables: their display text)
  ['single link text', field('singleLink'), { tableId: 't2', recordIds: ['r1'], text: 'Acme' }, str('Acme')],
  [
    'duplex link textArr',
    field('duplexLink'),
    { tableId: 't2', recordIds: ['r1', 'r2'], textArr: ['Acme', 'Bolt'] },
    str('Acme, Bolt'),
  ],
  ['link with nothing', field('singleLink'), null, null],
  // lookup
  ['lookup numbers', field('lookup', { refFieldType: 'number' }), [10, 20.5], numList([10, 20.5], '10, 20.5')],
  ['lookup nested numbers', field('lookup'), [[1], [2]], numList([1, 2], '1, 2')],
  [
    'lookup text',
    field('lookup', { refFieldType: 'text' }),
    [[{ type: 'text', text: 'a' }], [{ type: 'text', text: 'b' }]],
    str('a, b'),
  ],
  ['lookup users', field('lookup', { refFieldType: 'user' }), [[{ name: 'Ann' }], [{ name: 'Bo' }]], str('Ann, Bo')],
  ['lookup dates', field('lookup', { refFieldType: 'dateTime' }), [MAR5], str('2024/03/05')],
  [
    'lookup attachments',
    field('lookup', { refFieldType: 'attachment' }),
    [[png]],
    files([
      { fileName: 'b.png', url: 'https://x/b.png', mime: 'image/png', fileSize: 2048, metaInfo: { token: 'tok2' } },
    ]),
  ],
  ['lookup selects', field('lookup', { refFieldType: 'singleSelect' }), [{ text: 'A' }, { text: 'B' }], str('A, B')],
  ['lookup empty', field('lookup'), [], null],
  // formula
  ['formula number', field('formula'), 42, num(42, '42')],
  ['formula text', field('formula'), [{ type: 'text', text: 'ok' }], str('ok')],
  ['formula boolean', field('formula'), false, bool(false, 'false')],
  ['formula date by refFieldType', field('formula', { refFieldType: 'dateTime' }), MAR5, datetime(MAR5, '2024/03/05')],
  [
    'formula currency by refFieldType',
    field('formula', { refFieldType: 'currency', currencyCode: 'USD' }),
    5,
    num(5, '$5.00'),
  ],
  ['formula number list', field('formula'), [1, 2], numList([1, 2])],
  // location
  [
    'location full address',
    field('location'),
    { fullAddress: 'Beijing, Haidian, 1 Road', location: '116.3,39.9' },
    str('Beijing, Haidian, 1 Road'),
  ],
  [
    'location parts',
    field('location'),
    { pname: 'Guangdong', cityname: 'Shenzhen', adname: 'Nanshan', address: 'Keyuan Rd' },
    str('GuangdongShenzhenNanshanKeyuan Rd'),
  ],
  ['location empty', field('location'), null, null],
  // ids and codes
  ['auto number stays text', field('autoNumber'), 'INV-0012', str('INV-0012')],
  ['auto number numeric text stays text', field('autoNumber'), '0012', str('0012')],
  ['barcode', field('barcode'), [{ type: 'text', text: '6901234567892' }], str('6901234567892')],
  // numeric kinds
  ['progress', field('progress'), 0.456, num(0.456, '46%')],
  ['progress with digits', field('progress', { precision: 1 }), 0.456, num(0.456, '45.6%')],
  ['currency', field('currency', { currencyCode: 'CNY' }), 1234.5, num(1234.5, '¥1,234.50')],
  ['currency without a code: no symbol guessed', field('currency'), '88', num(88, '88.00')],
  [
    'currency with a malformed code: no symbol',
    field('currency', { currencyCode: 'dollars' }),
    1234.5,
    num(1234.5, '1,234.50'),
  ],
  ['currency USD 0 digits', field('currency', { currencyCode: 'USD', precision: 0 }), 1234.5, num(1234.5, '$1,235')],
  ['currency text stays text', field('currency'), 'about 5', str('about 5')],
  ['rating', field('rating'), 4, num(4, '4/5')],
  ['rating max 10', field('rating', { max: 10 }), 7, num(7, '7/10')],
  // denied
  ['denied prints nothing', field('denied'), 'secret', null],
];

describe('convertCell', () => {
  it.each(cases)('%s', (_label, f, raw, expected) => {
    expect(convertCell(f, raw)).toEqual(expected);
  });

  it('has a converter for each of the 28 field types, and a test for each', () => {
    expect(TABLE_FIELD_TYPES).toHaveLength(28);
    for (const type of TABLE_FIELD_TYPES) {
      expect(CONVERTERS[type], type).toBeTypeOf('function');
      expect(
        cases.some(([, f]) => f.type === type),
        `test case for ${type}`,
      ).toBe(true);
    }
  });

  it('formats dates in the given time zone', () => {
    expect(convertCell(field('dateTime', { dateFormat: 'yyyy/MM/dd HH:mm' }), MAR5, { timeZone: 'UTC' })).toEqual(
      datetime(MAR5, '2024/03/05 01:30'),
    );
  });

  it('uses the locale for number display text', () => {
    expect(convertCell(field('number'), 1234.5, { locale: 'de-DE' })).toEqual(num(1234.5, '1.234,5'));
  });

  it('never throws on hostile raw values', () => {
    const hostile: unknown[] = [
      undefined,
      null,
      {},
      [],
      [null],
      [{}],
      'x',
      0,
      Number.NaN,
      true,
      [[[]]],
      { text: { a: 1 } },
    ];
    for (const type of TABLE_FIELD_TYPES) {
      for (const raw of hostile) expect(() => convertCell(field(type), raw)).not.toThrow();
    }
  });
});

describe('helpers', () => {
  it('joins text segments', () => {
    expect(segmentsText([{ text: 'a' }, 'b', { name: 'c' }, 5])).toBe('abc');
  });

  it.each([
    [{ recordIds: ['r1', 'r2'] }, ['r1', 'r2']],
    [
      [{ recordIds: ['r1'] }, { recordIds: ['r1', 'r3'] }],
      ['r1', 'r3'],
    ],
    [[{ id: 'r9' }], ['r9']],
    [['r4'], ['r4']],
    [null, []],
  ])('linked ids of %j', (raw, ids) => {
    expect(linkedRecordIds(raw)).toEqual(ids);
  });
});
