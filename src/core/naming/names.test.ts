import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors';
import {
  assertVariableName,
  formatDependency,
  formatSuggestionEntry,
  isSuggestionEntry,
  isValidDependency,
  isValidVariableName,
  legalizeVariableName,
  parseDependency,
  parseSuggestionEntry,
} from './names';

describe('variable names (spec 001 §5.1)', () => {
  it.each([
    'name',
    'Name2',
    '_private',
    '$amount',
    '客户名称',
    '金额1',
    'お客様',
    '고객',
    'café',
    'naïve',
    'e\u0301clair', // combining acute accent
    'snake_case',
    'a‿b', // connector punctuation
    'Ω',
    'x$y',
  ])('%j is valid', (name) => {
    expect(isValidVariableName(name)).toBe(true);
    expect(() => assertVariableName(name)).not.toThrow();
  });

  it.each(['', '1abc', '-x', 'a b', 'a.b', 'a-b', 'a/b', '\u0301e', '{a}', 'a|b', '#', '123', 'a\nb', '😀'])(
    '%j is invalid',
    (name) => {
      expect(isValidVariableName(name)).toBe(false);
      try {
        assertVariableName(name);
        expect.unreachable();
      } catch (error) {
        expect(isQuireError(error, 'InvalidVariableName')).toBe(true);
        expect((error as Error).message).toContain('invalid variable name');
      }
    },
  );
});

describe('legalising generated names', () => {
  it.each([
    ['amount', 'amount'],
    ['unit price', 'unit_price'],
    ['Unit.Price (USD)', 'Unit_Price__USD_'],
    ['1st', '_1st'],
    ['-x', '_x'],
    ['客户 名称', '客户_名称'],
    ['😀', '_'],
    ['#', '_'],
  ])('%j → %j', (input, expected) => {
    expect(legalizeVariableName(input)).toBe(expected);
  });

  it('an empty name is an Invalid identifier', () => {
    try {
      legalizeVariableName('');
      expect.unreachable();
    } catch (error) {
      expect(isQuireError(error, 'InvalidIdentifier')).toBe(true);
      expect((error as Error).message).toBe('Invalid identifier');
    }
  });

  it('always gives a valid name (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }), (name) => {
        expect(isValidVariableName(legalizeVariableName(name))).toBe(true);
      }),
    );
  });

  it('keeps valid names as they are (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,20}$/), (name) => {
        expect(legalizeVariableName(name)).toBe(name);
      }),
    );
  });
});

describe("suggestion entries 'text - text'", () => {
  it.each([
    ['amount - Amount in USD', { label: 'amount', detail: 'Amount in USD' }],
    ['a - b', { label: 'a', detail: 'b' }],
    ['客户 - 客户名称', { label: '客户', detail: '客户名称' }],
    ['x-y - z', { label: 'x-y', detail: 'z' }],
  ])('%j', (text, entry) => {
    expect(isSuggestionEntry(text)).toBe(true);
    expect(parseSuggestionEntry(text)).toEqual(entry);
    expect(formatSuggestionEntry(entry)).toBe(text);
  });

  it.each(['amount', 'a-b', 'a -b', 'a- b', ' - b', 'a - ', ' a - b', ''])('%j is not an entry', (text) => {
    expect(isSuggestionEntry(text)).toBe(false);
    expect(parseSuggestionEntry(text)).toBeUndefined();
  });
});

describe('dependency strings', () => {
  it.each([
    ['~*', { kind: 'all' }],
    ['~name:Amount', { kind: 'name', name: 'Amount' }],
    ['~name:a:b', { kind: 'name', name: 'a:b' }],
    ['~id:fld123', { kind: 'id', id: 'fld123' }],
    ['~id*:fld123', { kind: 'idDeep', id: 'fld123' }],
  ] as const)('%j', (text, dep) => {
    expect(parseDependency(text)).toEqual(dep);
    expect(formatDependency(dep)).toBe(text);
    expect(isValidDependency(text)).toBe(true);
  });

  it.each(['', '*', '~', '~**', '~name:', '~id:', '~id*:', '~ids:x', 'name:x', '~Name:x', ' ~*'])(
    "%j is an 'invalid dep'",
    (text) => {
      expect(isValidDependency(text)).toBe(false);
      try {
        parseDependency(text);
        expect.unreachable();
      } catch (error) {
        expect(isQuireError(error, 'InvalidDep')).toBe(true);
        expect((error as Error).message).toContain('invalid dep');
      }
    },
  );
});
