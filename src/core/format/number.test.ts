import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCurrency, formatNumber, formatPercent, parseNumber, roundTo, toNumber } from './number';
import { formatWithPattern } from './pattern';

describe('parseNumber (spec 001 §5.1)', () => {
  it.each([
    ['0', 0],
    ['42', 42],
    ['-42', -42],
    ['3.14', 3.14],
    ['.5', 0.5],
    ['1,234', 1234],
    ['1,234,567.89', 1234567.89],
    ['-1,234.5', -1234.5],
    ['12%', 0.12],
    ['12.5 %', 0.125],
    ['-50%', -0.5],
    ['$1,234.50', 1234.5],
    ['-$1,234.50', -1234.5],
    ['$-3', -3],
    ['¥12', 12],
    ['￥1,000', 1000],
    ['€ 9.99', 9.99],
    ['£0.01', 0.01],
    ['  7  ', 7],
    ['-0', 0],
  ])('%j → %s', (text, expected) => {
    expect(parseNumber(text)).toBe(expected);
  });

  it.each([
    '',
    'abc',
    '12abc',
    '1,2',
    '1,23,456',
    '12,',
    '--5',
    '-$-5',
    '1.2.3',
    '$',
    '%',
    '5$',
    'USD 5',
    '1e5',
    'NaN',
    'Infinity',
  ])('%j is not a number', (text) => {
    expect(parseNumber(text)).toBeUndefined();
  });

  it('passes finite numbers through and rejects other types', () => {
    expect(parseNumber(5)).toBe(5);
    expect(parseNumber(Number.NaN)).toBeUndefined();
    expect(parseNumber(null)).toBeUndefined();
    expect(toNumber(true)).toBeUndefined();
    expect(toNumber('2,000')).toBe(2000);
  });
});

describe('number, currency and percent formatting (spec 001 §9.2)', () => {
  it.each([
    [1234.56789, {}, '1,234.568'],
    [1234, {}, '1,234'],
    [0.1 + 0.2, {}, '0.3'],
    [1234.5, { maxFractionDigits: 0 }, '1,235'],
    [1.5, { minFractionDigits: 2, maxFractionDigits: 2 }, '1.50'],
    [1234.5, { locale: 'de-DE' }, '1.234,5'],
    [1234.5, { useGrouping: false }, '1234.5'],
  ] as const)('number %s %j → %s', (value, options, expected) => {
    expect(formatNumber(value, options)).toBe(expected);
  });

  it.each([
    [1234.5, {}, '$1,234.50'],
    [-1234.5, {}, '-$1,234.50'],
    [1234.5, { currency: 'EUR', locale: 'de-DE' }, '1.234,50\u00a0€'],
    [1234.5, { currency: 'CNY', locale: 'zh-CN' }, '¥1,234.50'],
    [1234.567, { currency: 'JPY', locale: 'ja-JP', digits: 0 }, '￥1,235'],
    [5, { currency: 'not a code' }, '$5.00'],
    [5, { currency: 'usd' }, '$5.00'],
    // Documents print the narrow symbol people write (issue 12: CN¥ was not what users expect).
    [1234.5, { currency: 'CNY', locale: 'en-US' }, '¥1,234.50'],
    [1234.5, { currency: 'CNY', locale: 'ko-KR' }, '¥1,234.50'],
    [1234.5, { currency: 'USD', locale: 'zh-CN' }, '$1,234.50'],
    [1234.5, { currency: 'CNY', locale: 'en-US', display: 'symbol' }, 'CN¥1,234.50'],
    [1234.5, { currency: 'HKD', locale: 'en-US', display: 'symbol' }, 'HK$1,234.50'],
    [1234.5, { currency: 'CNY', locale: 'en-US', display: 'code' }, 'CNY\u00a01,234.50'],
  ] as const)('currency %s %j → %s', (value, options, expected) => {
    expect(formatCurrency(value, options)).toBe(expected);
  });

  it.each([
    [0.25, {}, '25%'],
    [0.2567, {}, '25.67%'],
    [0.256, { digits: 1 }, '25.6%'],
    [0.25, { digits: 2 }, '25.00%'],
    [0.25, { digits: 9 }, '25.00%'],
    [1.5, {}, '150%'],
  ] as const)('percent %s %j → %s', (value, options, expected) => {
    expect(formatPercent(value, options)).toBe(expected);
  });

  it('rounds half away from zero without binary drift', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.5, 0)).toBe(3);
  });
});

describe('spreadsheet-style patterns', () => {
  it.each([
    [1234.5, '#,##0.00', '1,234.50'],
    [1234567.891, '#,##0.00', '1,234,567.89'],
    [-1234.5, '#,##0.00', '-1,234.50'],
    [-1234.5, '#,##0.00;(#,##0.00)', '(1,234.50)'],
    [0, '#,##0.00;(#,##0.00);"zero"', 'zero'],
    [0.256, '0.0%', '25.6%'],
    [7, '0000', '0007'],
    [1234.5, '$#,##0', '$1,235'],
    [1234.5, '#,##0.00"元"', '1,234.50元'],
    [0.5, '#.##', '.5'],
    [0.5, '0.##', '0.5'],
    [2, '0.0#', '2.0'],
    [1234567, '#,##0,"K"', '1,235K'],
    [12, '\\#0', '#12'],
    [3.25159, '', '3.25159'],
    [-0.001, '0.00', '0.00'],
  ])('%s with %j → %s', (value, pattern, expected) => {
    expect(formatWithPattern(value, pattern)).toBe(expected);
  });
});

describe('round trips (property)', () => {
  const amounts = fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true });

  it('parseNumber reads what formatNumber writes (en-US)', () => {
    fc.assert(
      fc.property(amounts, (n) => {
        expect(parseNumber(formatNumber(n))).toBeCloseTo(roundTo(n, 3), 6);
      }),
    );
  });

  it('parseNumber reads what formatCurrency writes (USD)', () => {
    fc.assert(
      fc.property(amounts, (n) => {
        expect(parseNumber(formatCurrency(n))).toBeCloseTo(roundTo(n, 2), 6);
      }),
    );
  });

  it('parseNumber reads what formatPercent writes', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (n) => {
        expect(parseNumber(formatPercent(n, { digits: 2 }))).toBeCloseTo(roundTo(n * 100, 2) / 100, 8);
      }),
    );
  });

  it('parseNumber reads what the #,##0.00 pattern writes', () => {
    fc.assert(
      fc.property(amounts, (n) => {
        expect(parseNumber(formatWithPattern(n, '#,##0.00'))).toBeCloseTo(roundTo(n, 2), 6);
      }),
    );
  });

  it('integers survive thousands grouping exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(parseNumber(formatWithPattern(n, '#,##0'))).toBe(n === 0 ? 0 : n);
      }),
    );
  });
});
