import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en-US/editor.json';
import { currencyLabel, describeChain, describeFilter, filtersForType } from './chipText';

const t = (key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;

describe('chip formatting in words', () => {
  it('shows a date pattern as the date it prints, not as tag syntax', () => {
    expect(describeFilter({ name: 'customDate', args: ['yyyy年MM月dd日'] }, 'zh-CN', t)).toBe('Date · 2025年01月01日');
    expect(describeFilter({ name: 'customDate', args: ['dd.MM.yyyy'] }, 'de-DE', t)).toBe('Date · 01.01.2025');
    expect(describeFilter({ name: 'date', args: ['long'] }, 'en-US', t)).toBe('Date · January 1, 2025');
  });

  it('shows a currency with its code and symbol', () => {
    expect(describeFilter({ name: 'currency', args: ['CNY'] }, 'zh-CN', t)).toBe('Currency · CNY ¥');
    expect(currencyLabel('eur', 'en-US')).toBe('EUR €');
    expect(currencyLabel('XYZ', 'en-US')).toBe('XYZ');
  });

  it('shows numbers, yes/no and text options by example', () => {
    expect(describeFilter({ name: 'number', args: ['2'] }, 'en-US', t)).toBe('Number · 1,234.5');
    expect(describeFilter({ name: 'boolean', args: ['yesNo'] }, 'en-US', t)).toBe('Yes / no · yes / no');
    expect(describeFilter({ name: 'default', args: ['-'] }, 'en-US', t)).toBe('When empty · “-”');
    expect(describeFilter({ name: 'cnUpper', args: [] }, 'zh-CN', t)).toMatch(/^Chinese capital · /);
    expect(
      describeChain(
        [
          { name: 'number', args: ['0'] },
          { name: 'suffix', args: [' kg'] },
        ],
        'en-US',
        t,
      ),
    ).toBe('Number · 1,235 → Suffix · “ kg”');
  });

  it('offers only the filters that fit the field type', () => {
    expect(filtersForType('dateTime')).toContain('customDate');
    expect(filtersForType('dateTime')).not.toContain('boolean');
    expect(filtersForType('dateTime')).not.toContain('currency');
    expect(filtersForType('currency')).toContain('currency');
    expect(filtersForType('currency')).not.toContain('customDate');
    expect(filtersForType('checkbox')).toEqual(['boolean', 'prefix', 'suffix', 'default']);
    expect(filtersForType('text')).not.toContain('number');
    expect(filtersForType('formula')).toContain('boolean');
    expect(filtersForType(undefined).length).toBeGreaterThan(10);
  });
});
