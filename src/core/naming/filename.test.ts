import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderFileName, sanitizeFileName, uniqueFileNames } from './filename';

// 2024-03-05 14:30:45 in Asia/Shanghai.
const PRINT_TIME = Date.UTC(2024, 2, 5, 6, 30, 45);
const variables = {
  NAME: 'Invoice',
  TABLE_NAME: 'Orders',
  FIRST_FIELD: 'ORD-001',
  PRINT_TIME,
  SUB_RECORD: 'Line 2',
  DOC_NAME: 'Sales',
};
const record = { 客户: 'ACME Ltd', amount: 1234.5, 'Unit.price': 3, empty: '' };

describe('sanitizeFileName (spec 001 §9.3)', () => {
  it.each([
    ['plain', 'plain'],
    ['a/b<c>d:e"f|g?h', 'a_b_c_d_e_f_g_h'],
    ['line\nbreak\ttab', 'line_break_tab'],
    ['  many    spaces  ', 'many_spaces'],
    ['a / b', 'a_b'],
    ['back\\slash*star', 'back_slash_star'],
    ['中文 名称', '中文_名称'],
    ['???', ''],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('cuts to 160 characters without splitting a character', () => {
    expect(sanitizeFileName('x'.repeat(500))).toHaveLength(160);
    const emoji = sanitizeFileName('😀'.repeat(200));
    expect([...emoji]).toHaveLength(160);
    expect(emoji.endsWith('😀')).toBe(true);
  });

  it('never leaves unsafe characters, spaces or more than 160 characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        const name = sanitizeFileName(text);
        expect(name).not.toMatch(/[/<>:"|?\n\t\s\\*]/);
        expect([...name].length).toBeLessThanOrEqual(160);
      }),
    );
  });
});

describe('renderFileName', () => {
  it.each([
    ['{NAME}', 'Invoice'],
    ['{NAME}-{TABLE_NAME}-{FIRST_FIELD}', 'Invoice-Orders-ORD-001'],
    ['{DOC_NAME} {SUB_RECORD}', 'Sales_Line_2'],
    ['{PRINT_TIME}', '2024-03-05_14_30_45'],
    ['{NAME}_{PRINT_TIME | customDate:"yyyyMMdd"}', 'Invoice_20240305'],
    ['{客户} {amount | currency}', 'ACME_Ltd_$1,234.50'],
    ['{Unit\\.price}', '3'],
    ['Report: {客户}?', 'Report_ACME_Ltd'],
    ['{amount | cnFinancial}', '壹仟贰佰叁拾肆元伍角'],
  ])('%j → %j', (template, expected) => {
    expect(renderFileName({ template, record, variables })).toBe(expected);
  });

  it('formats PRINT_TIME in the time zone', () => {
    expect(renderFileName({ template: '{PRINT_TIME}', variables, options: { timeZone: 'UTC' } })).toBe(
      '2024-03-05_06_30_45',
    );
  });

  it('falls back to the default template, then NULL', () => {
    expect(renderFileName({ template: '{empty}', record, variables })).toBe('Invoice');
    expect(renderFileName({ template: '', record, variables, defaultTemplate: '{TABLE_NAME}' })).toBe('Orders');
    expect(renderFileName({ template: '{empty}', record, variables: {} })).toBe('NULL');
    expect(renderFileName({ template: '///', record, variables: {}, defaultTemplate: '???' })).toBe('NULL');
    expect(renderFileName({ template: undefined })).toBe('NULL');
  });

  it("any error gives 'error-render-filename'", () => {
    expect(renderFileName({ template: '{#unclosed}', record, variables })).toBe('error-render-filename');
    expect(renderFileName({ template: '{NAME | nope}', record, variables })).toBe('error-render-filename');
    expect(renderFileName({ template: '{a | ../../}', record, variables })).toBe('error-render-filename');
  });

  it('reads nothing but data', () => {
    expect(renderFileName({ template: '{constructor.constructor}{__proto__}', record, variables })).toBe('Invoice');
  });
});

describe('uniqueFileNames', () => {
  it('numbers repeats', () => {
    expect(uniqueFileNames(['a', 'b', 'a', 'a', 'a(1)'])).toEqual(['a', 'b', 'a(1)', 'a(2)', 'a(1)(1)']);
  });
});
