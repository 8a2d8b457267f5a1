import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors';
import { evaluateExpression, renderTemplate, rootScope, withItem } from './evaluate';
import { FILTER_NAMES } from './filters';

// 2024-03-05 14:30 in Asia/Shanghai.
const T = Date.UTC(2024, 2, 5, 6, 30);

const data = {
  amount: 1234.5,
  n: 1234,
  rate: 0.256,
  text: 'hello wORLD',
  empty: '',
  zero: 0,
  yes: true,
  no: false,
  when: T,
  whenText: '2024-03-05 14:30',
  'Unit.price': 9.5,
  customer: { name: 'ACME', address: { city: 'Berlin' } },
  items: [
    { name: 'Tea', qty: 2, price: 3.5 },
    { name: 'Milk', qty: 1, price: 1.25 },
  ],
  tags: ['red', 'green'],
  none: [],
  photo: { fileName: 'a.png', url: 'https://x/a.png', mime: 'image/png' },
  files: [
    { fileName: 'a.png', url: 'https://x/a.png', mime: 'image/png' },
    { fileName: 'b.pdf', url: 'https://x/b.pdf', mime: 'application/pdf' },
    { fileName: 'c.JPG', url: 'https://x/c.JPG' },
  ],
  open: {
    total: { type: 'number', numberValue: 42.5, displayText: '42.50' },
    born: { type: 'datetime', timestamp: T, displayText: '2024/03/05' },
    lines: { type: 'list', items: [{ type: 'map', fields: { sku: { type: 'string', value: 'A-1' } } }] },
    paid: { type: 'bool', value: true, displayText: 'Paid' },
  },
};

const render = (text: string, options = {}) => renderTemplate(text, data, options);

describe('the filters of spec 001 §9.2', () => {
  it.each([
    ['{amount | number}', '1,234.5'],
    ['{rate | number}', '0.256'],
    ['{amount | number:0}', '1,235'],
    ['{amount | number:2:2}', '1,234.50'],
    ['{amount | currency}', '$1,234.50'],
    ['{amount | currency:EUR}', '€1,234.50'],
    ['{amount | currency:CNY}', '¥1,234.50'],
    ['{amount | currency:CNY:0:symbol}', 'CN¥1,235'],
    ['{amount | currency:JPY:0}', '¥1,235'],
    ['{rate | percent}', '25.6%'],
    ['{rate | percent:0}', '26%'],
    ['{when | date}', 'Mar 5, 2024'],
    ['{when | date:short}', '3/5/24'],
    ['{when | date:long}', 'March 5, 2024'],
    ['{when | date:full}', 'Tuesday, March 5, 2024'],
    ['{when | date:custom:"yyyy/MM/dd HH:mm"}', '2024/03/05 14:30'],
    ['{whenText | date:medium}', 'Mar 5, 2024'],
    ['{when | customDate}', '2024-03-05'],
    ['{when | customDate:"yyyy/MM/dd HH:mm"}', '2024/03/05 14:30'],
    ['{when | customDate:MM-dd}', '03-05'],
    ['{when | customDate:"MM/dd/yyyy"}', '03/05/2024'],
    ['{when | customDate:"dd/MM/yyyy"}', '05/03/2024'],
    ['{amount | format:"#,##0.00"}', '1,234.50'],
    ['{rate | format:"0.0%"}', '25.6%'],
    ['{whenText | format:"yyyy.MM.dd"}', '2024.03.05'],
    ['{n | cnUpper}', '壹仟贰佰叁拾肆'],
    ['{n | cnLower}', '一千二百三十四'],
    ['{amount | cnFinancial}', '壹仟贰佰叁拾肆元伍角'],
    ['{n | cnFinancial}', '壹仟贰佰叁拾肆元整'],
    ['{yes | boolean}', 'true'],
    ['{no | boolean}', 'false'],
    ['{yes | boolean:yesNo}', 'yes'],
    ['{yes | boolean:"yes/no"}', 'yes'],
    ['{no | boolean:oneZero}', '0'],
    ['{yes | boolean:onOff}', 'on'],
    ['{no | boolean:custom:Paid:Unpaid}', 'Unpaid'],
    ['{yes | boolean:"Paid":"Unpaid"}', 'Paid'],
    ['{yes | yesNo}', 'Yes'],
    ['{no | yesNo}', 'No'],
    ['{no | yesNo:是:否}', '否'],
    ['{text | case:upper}', 'HELLO WORLD'],
    ['{text | case:lower}', 'hello world'],
    ['{text | case:title}', 'Hello World'],
    ['{text | case:sentence}', 'Hello world'],
    ['{text | case:unknown}', 'hello wORLD'],
    ['{amount | prefix:"Total: "}', 'Total: 1234.5'],
    ['{amount | suffix:" USD"}', '1234.5 USD'],
    ['{empty | prefix:"Total: "}', ''],
    ['{missing | suffix:"%"}', ''],
    ['{missing | default:"-"}', '-'],
    ['{empty | default:N/A}', 'N/A'],
    ['{none | default:"no tags"}', 'no tags'],
    ['{zero | default:"-"}', '0'],
    ['{amount | default:"-"}', '1234.5'],
    ['{amount | chain:"number:1":"prefix:$"}', '$1,234.5'],
    ['{text | currency}', 'hello wORLD'],
    ['{text | cnUpper}', 'hello wORLD'],
    ['{text | date}', 'hello wORLD'],
  ])('%s → %j', (template, expected) => {
    expect(render(template)).toBe(expected);
  });

  it('chains filters left to right', () => {
    expect(render('{amount | number:0 | prefix:"≈ "}')).toBe('≈ 1,235');
    expect(render('{missing | default:5 | currency}')).toBe('$5.00');
    expect(render('{n | cnUpper | suffix:元}')).toBe('壹仟贰佰叁拾肆元');
  });

  it('applies value filters to each item of a list', () => {
    expect(render('{tags | case:upper}')).toBe('RED, GREEN');
    expect(evaluateExpression('items.0.price | currency', data)).toBe('$3.50');
  });

  it('follows the template language and time zone', () => {
    expect(render('{amount | number}', { locale: 'de-DE' })).toBe('1.234,5');
    expect(render('{amount | currency:EUR}', { locale: 'fr-FR' })).toBe('1\u202f234,50\u00a0€');
    expect(render('{when | date:long}', { locale: 'zh-CN' })).toBe('2024年3月5日');
    expect(render('{when | customDate:"yyyy-MM-dd HH:mm"}', { timeZone: 'UTC' })).toBe('2024-03-05 06:30');
    expect(render('{when | customDate:"HH:mm"}', { timeZone: 'Nowhere/Land' })).toBe('14:30');
  });

  it('every filter of the spec is registered', () => {
    for (const name of [
      'toImages',
      'size',
      'maxSize',
      'format',
      'number',
      'currency',
      'percent',
      'date',
      'customDate',
    ]) {
      expect(FILTER_NAMES).toContain(name);
    }
    for (const name of [
      'cnUpper',
      'cnLower',
      'cnFinancial',
      'boolean',
      'yesNo',
      'case',
      'prefix',
      'suffix',
      'default',
      'chain',
    ]) {
      expect(FILTER_NAMES).toContain(name);
    }
  });
});

describe('image filters', () => {
  it('toImages keeps image files only', () => {
    expect(evaluateExpression('files | toImages', data)).toEqual([
      { kind: 'image', url: 'https://x/a.png', fileName: 'a.png', mime: 'image/png' },
      { kind: 'image', url: 'https://x/c.JPG', fileName: 'c.JPG' },
    ]);
  });

  it('size and maxSize annotate images with a size for Office templates', () => {
    expect(evaluateExpression('photo | size:200:100', data)).toEqual({
      kind: 'image',
      url: 'https://x/a.png',
      fileName: 'a.png',
      mime: 'image/png',
      fit: 'exact',
      width: 200,
      height: 100,
    });
    expect(evaluateExpression('files | toImages | maxSize:300', data)).toEqual([
      expect.objectContaining({ url: 'https://x/a.png', fit: 'max', width: 300, height: 300 }),
      expect.objectContaining({ url: 'https://x/c.JPG', fit: 'max', width: 300, height: 300 }),
    ]);
    expect(evaluateExpression('customer.name | size:10', { customer: { name: 'https://x/logo.svg' } })).toEqual({
      kind: 'image',
      url: 'https://x/logo.svg',
      fit: 'exact',
      width: 10,
      height: 10,
    });
  });

  it('prints an image as its URL in text', () => {
    expect(render('{photo | size:10:10}')).toBe('https://x/a.png');
  });

  it('leaves non-images alone and ignores bad sizes', () => {
    expect(evaluateExpression('amount | size:10', data)).toBe(1234.5);
    expect(evaluateExpression('photo | size:abc', data)).toEqual(
      expect.not.objectContaining({ width: expect.anything() }),
    );
  });
});

describe('paths and sections', () => {
  it.each([
    ['{customer.name} of {customer.address.city}', 'ACME of Berlin'],
    ['{Unit\\.price}', '9.5'],
    ['{items.1.name}', 'Milk'],
    ['{items.length}', '2'],
    ['{tags}', 'red, green'],
    ['{missing.deep.path}', ''],
    ['{customer}', 'ACME'],
    ['{#items}{name} x{qty};{/items}', 'Tea x2;Milk x1;'],
    ['{#items}{$number}. {name} {/items}', '1. Tea 2. Milk '],
    ['{#items}{$index}{/items}', '01'],
    ['{#tags}<{#}>{/tags}', '<red><green>'],
    ['{#items}{name}@{customer.name} {/items}', 'Tea@ACME Milk@ACME '],
    ['{#customer}{name}{/customer}', 'ACME'],
    ['{#yes}shown{/yes}{#no}hidden{/no}', 'shown'],
    ['{#empty}x{/empty}{^empty}empty{/empty}', 'empty'],
    ['{^none}no tags{/none}{^tags}no tags{/tags}', 'no tags'],
    ['{^missing}nothing{/missing}', 'nothing'],
    ['{#zero}x{/zero}{^zero}zero{/zero}', 'zero'],
    ['{#items}{#.name}{/items}', 'TeaMilk'],
    ['{#items}{#items}{name}{/items}{/items}', 'TeaMilkTeaMilk'],
  ])('%s → %j', (template, expected) => {
    expect(render(template)).toBe(expected);
  });

  it('scopes: withItem makes an item current', () => {
    const scope = withItem(rootScope(data), data.items[1], 1);
    expect(renderTemplate('{name} #{$number} of {customer.name}', null, {}, scope)).toBe('Milk #2 of ACME');
  });
});

describe('open values (spec 001 §3.7) through the default adapter', () => {
  it.each([
    ['{open.total}', '42.50'],
    ['{open.total | number:2:2}', '42.50'],
    ['{open.total | currency}', '$42.50'],
    ['{open.born}', '2024/03/05'],
    ['{open.born | customDate:"yyyy-MM-dd HH:mm"}', '2024-03-05 14:30'],
    ['{#open.lines}{sku}{/open.lines}', 'A-1'],
    ['{open.lines.0.sku}', 'A-1'],
    ['{open.paid}', 'Paid'],
    ['{open.paid | yesNo}', 'Yes'],
  ])('%s → %j', (template, expected) => {
    expect(render(template)).toBe(expected);
  });

  it('leaves records that merely have a type field alone', () => {
    expect(renderTemplate('{item.value}/{item.other}', { item: { type: 'text', value: 'v', other: 'o' } })).toBe('v/o');
  });

  it('accepts an injected adapter', () => {
    const toPlain = (v: unknown) =>
      v && typeof v === 'object' && 'wrapped' in v ? (v as { wrapped: unknown }).wrapped : v;
    expect(renderTemplate('{a.b}', { a: { wrapped: { b: 7 } } }, { toPlain })).toBe('7');
  });
});

describe('options', () => {
  it('double braces leave single braces as text', () => {
    expect(render('{amount} {{amount | currency}}', { delimiters: 'double' })).toBe('{amount} $1,234.50');
  });

  it('extra filters can be added but built-ins cannot be replaced', () => {
    const filters = { shout: (v: unknown) => `${String(v)}!`, currency: () => 'hijacked' };
    expect(render('{text | shout}', { filters })).toBe('hello wORLD!');
    expect(render('{amount | currency}', { filters })).toBe('$1,234.50');
  });

  it('a failing filter becomes TemplateRendererror', () => {
    const filters = {
      boom: () => {
        throw new TypeError('bad');
      },
    };
    try {
      render('{text | boom}', { filters });
      expect.unreachable();
    } catch (error) {
      expect(isQuireError(error, 'TemplateRendererror')).toBe(true);
    }
  });

  it('one options object changed between calls formats with its new settings', () => {
    // Resolve reuses one options object per document; a caller that edits it must not get stale ones.
    const options: { locale?: string; filters?: Record<string, (v: unknown) => unknown> } = { locale: 'en-US' };
    expect(evaluateExpression('amount | number:2:2', data, options)).toBe('1,234.50');
    options.locale = 'de-DE';
    expect(evaluateExpression('amount | number:2:2', data, options)).toBe('1.234,50');
    options.filters = { shout: (v) => `${String(v)}!` };
    expect(evaluateExpression('text | shout', data, options)).toBe('hello wORLD!');
  });

  it('an unknown filter is a TemplateParseError', () => {
    expect(() => render('{text | nope}')).toThrow(expect.objectContaining({ errorName: 'TemplateParseError' }));
    expect(() => render('{text | chain:"nope"}')).toThrow(expect.objectContaining({ errorName: 'TemplateParseError' }));
  });
});

describe('plain number output', () => {
  it.each([
    [0.1 + 0.2, '0.3'],
    [1e21, '1000000000000000000000'],
    [1e-7, '0.0000001'],
    [2 ** 53 + 2, '9007199254740994'],
    [-2.5, '-2.5'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('%s prints %j', (value, expected) => {
    expect(renderTemplate('{v}', { v: value })).toBe(expected);
  });
});
