import { describe, expect, it } from 'vitest';
import { formatBoolean, formatCase, isTruthyValue, toBooleanFormat } from './text';

describe('booleans', () => {
  it.each([
    [true, 'trueFalse', 'true'],
    [false, 'trueFalse', 'false'],
    [true, 'yesNo', 'yes'],
    [false, 'yesNo', 'no'],
    [true, 'oneZero', '1'],
    [0, 'oneZero', '0'],
    ['on', 'onOff', 'on'],
    [null, 'onOff', 'off'],
  ] as const)('%j as %s → %s', (value, format, expected) => {
    expect(formatBoolean(value, { format })).toBe(expected);
  });

  it('custom texts', () => {
    expect(formatBoolean(true, { format: 'custom', trueText: 'Paid', falseText: 'Unpaid' })).toBe('Paid');
    expect(formatBoolean('no', { format: 'custom', trueText: 'Paid', falseText: 'Unpaid' })).toBe('Unpaid');
  });

  it.each([
    [true, true],
    ['TRUE', true],
    ['yes', true],
    ['1', true],
    ['checked', true],
    ['是', true],
    [2, true],
    [false, false],
    ['false', false],
    ['', false],
    [0, false],
    [undefined, false],
    [{}, false],
  ])('truthiness of %j is %s', (value, expected) => {
    expect(isTruthyValue(value)).toBe(expected);
  });

  it('accepts the spellings of the format names', () => {
    expect(toBooleanFormat('yes/no')).toBe('yesNo');
    expect(toBooleanFormat('1/0')).toBe('oneZero');
    expect(toBooleanFormat('ON/OFF')).toBe('onOff');
    expect(toBooleanFormat('maybe')).toBeUndefined();
  });
});

describe('text case', () => {
  it.each([
    ['hello wORLD', 'upper', 'HELLO WORLD'],
    ['Hello World', 'lower', 'hello world'],
    ['hello wORLD-wide web', 'title', 'Hello World-Wide Web'],
    ['hello WORLD. next one! and? yes', 'sentence', 'Hello world. Next one! And? Yes'],
    ['émile zola', 'title', 'Émile Zola'],
    ['中文 text', 'upper', '中文 TEXT'],
  ] as const)('%j as %s → %j', (text, textCase, expected) => {
    expect(formatCase(text, textCase)).toBe(expected);
  });
});
