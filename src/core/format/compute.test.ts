import { describe, expect, it } from 'vitest';
import { aggregate, formatComputeValue } from './compute';

describe('aggregate', () => {
  const values = [10, '20', '1,000.5', 'n/a', null, '', 0.1, 0.2];
  it.each([
    ['sum', 1030.8],
    ['average', 1030.8 / 5],
    ['count', 6],
    ['max', 1000.5],
    ['min', 0.1],
  ] as const)('%s → %s', (command, expected) => {
    expect(aggregate(command, values)).toBeCloseTo(expected, 10);
  });

  it('sums decimals without float noise', () => {
    expect(aggregate('sum', [0.1, 0.2])).toBe(0.3);
  });

  it('gives 0 for empty lists', () => {
    for (const command of ['sum', 'average', 'count', 'max', 'min'] as const) expect(aggregate(command, [])).toBe(0);
  });
});

describe('formatComputeValue', () => {
  it.each([
    [1234.5, {}, '1234.5'],
    [1234.5, { thousandSeparator: true }, '1,234.5'],
    [1234.5, { thousandSeparator: ' ' }, '1 234.5'],
    [1234.5, { decimalScale: 2 }, '1234.5'],
    [1234.5, { decimalScale: 2, fixedDecimalScale: true }, '1234.50'],
    [1234.567, { decimalScale: 0 }, '1235'],
    [
      1234.5,
      { thousandSeparator: true, decimalScale: 2, fixedDecimalScale: true, prefix: '$', suffix: ' USD' },
      '$1,234.50 USD',
    ],
    [-1234.5, { thousandSeparator: true, prefix: '¥' }, '-¥1,234.5'],
    [-0.001, { decimalScale: 2 }, '0'],
    [0.1 + 0.2, {}, '0.3'],
  ] as const)('%s %j → %s', (value, format, expected) => {
    expect(formatComputeValue(value, format)).toBe(expected);
  });
});

describe('aggregates over long lists', () => {
  it('sums, averages and finds the extremes of 200,000 values without overflowing the call stack', () => {
    const values = Array.from({ length: 200_000 }, (_, i) => (i % 1000) + 0.25);
    expect(aggregate('max', values)).toBe(999.25);
    expect(aggregate('min', values)).toBe(0.25);
    expect(aggregate('sum', values)).toBe(99_950_000);
    expect(aggregate('average', values)).toBe(499.75);
  });
});
