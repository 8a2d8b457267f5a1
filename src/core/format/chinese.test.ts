import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toChineseFinancial, toChineseLower, toChineseUpper } from './chinese';

/** Reads a Chinese integer back (test oracle for the property tests). */
function readChinese(text: string): number {
  const digits: Record<string, number> = {};
  for (const set of ['零壹贰叁肆伍陆柒捌玖', '零一二三四五六七八九']) {
    [...set].forEach((c, i) => {
      digits[c] = i;
    });
  }
  const small: Record<string, number> = { 拾: 10, 佰: 100, 仟: 1000, 十: 10, 百: 100, 千: 1000 };
  let total = 0;
  let section = 0;
  let number = 0;
  for (const ch of text) {
    if (ch in digits) number = digits[ch]!;
    else if (ch in small) {
      section += (number || 1) * small[ch]!;
      number = 0;
    } else if (ch === '万') {
      section = (section + number) * 1e4;
      number = 0;
    } else if (ch === '亿') {
      total = (total + section + number) * 1e8;
      section = 0;
      number = 0;
    } else throw new Error(`unexpected ${ch}`);
  }
  return total + section + number;
}

describe('cnUpper', () => {
  it.each([
    [0, '零'],
    [1, '壹'],
    [10, '壹拾'],
    [15, '壹拾伍'],
    [101, '壹佰零壹'],
    [110, '壹佰壹拾'],
    [1001, '壹仟零壹'],
    [1010, '壹仟零壹拾'],
    [1234, '壹仟贰佰叁拾肆'],
    [10000, '壹万'],
    [10001, '壹万零壹'],
    [100100, '壹拾万零壹佰'],
    [1000000, '壹佰万'],
    [12345678, '壹仟贰佰叁拾肆万伍仟陆佰柒拾捌'],
    [100000000, '壹亿'],
    [100010005, '壹亿零壹万零伍'],
    [1000000001, '壹拾亿零壹'],
    [12.5, '壹拾贰点伍'],
    [0.05, '零点零伍'],
    [-1234, '负壹仟贰佰叁拾肆'],
  ])('%s → %s', (n, expected) => {
    expect(toChineseUpper(n)).toBe(expected);
  });
});

describe('cnLower', () => {
  it.each([
    [0, '零'],
    [10, '十'],
    [15, '十五'],
    [20, '二十'],
    [115, '一百一十五'],
    [1234, '一千二百三十四'],
    [10010, '一万零一十'],
    [100000, '十万'],
    [3.14, '三点一四'],
    [-7, '负七'],
  ])('%s → %s', (n, expected) => {
    expect(toChineseLower(n)).toBe(expected);
  });
});

describe('cnFinancial (元/角/分, 整 when whole)', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [1234, '壹仟贰佰叁拾肆元整'],
    [1234.5, '壹仟贰佰叁拾肆元伍角'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [1204.05, '壹仟贰佰零肆元零伍分'],
    [0.5, '伍角'],
    [0.05, '伍分'],
    [0.56, '伍角陆分'],
    [100000000, '壹亿元整'],
    [1.999, '贰元整'],
    [-20.1, '负贰拾元壹角'],
    [0.001, '零元整'],
  ])('%s → %s', (n, expected) => {
    expect(toChineseFinancial(n)).toBe(expected);
  });

  it('prints non-finite numbers as they are', () => {
    expect(toChineseFinancial(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(toChineseUpper(Number.NaN)).toBe('NaN');
  });
});

describe('round trips (property)', () => {
  const integers = fc.integer({ min: 0, max: 999_999_999_999_999 });

  it('cnUpper reads back to the integer', () => {
    fc.assert(
      fc.property(integers, (n) => {
        expect(readChinese(toChineseUpper(n))).toBe(n);
      }),
    );
  });

  it('cnLower reads back to the integer', () => {
    fc.assert(
      fc.property(integers, (n) => {
        expect(readChinese(toChineseLower(n))).toBe(n);
      }),
    );
  });

  it('never prints two 零 in a row, nor 零 at the end', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999_999_999 }), (n) => {
        const text = toChineseUpper(n);
        expect(text).not.toMatch(/零零|零$/);
      }),
    );
  });

  it('cnFinancial ends with 整 exactly when the amount is whole yuan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        const text = toChineseFinancial(cents / 100);
        expect(text.endsWith('整')).toBe(cents % 100 === 0);
        const yuanPart = text.includes('元') ? text.slice(0, text.indexOf('元')) : '零';
        expect(readChinese(yuanPart)).toBe(Math.floor(cents / 100));
      }),
    );
  });
});
