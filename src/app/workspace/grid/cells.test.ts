import { describe, expect, it } from 'vitest';
import { displayText } from '../../../core/data/openValue';
import { recordToOpenValues } from '../../../core/data/table';
import type { TableField } from '../../../storage';
import { cellText, editText, isEditable, linkIds, parseInput } from './cells';

const f = (type: TableField['type'], property?: TableField['property']): TableField => ({
  id: 'f',
  name: 'F',
  type,
  ...(property ? { property } : {}),
});

describe('cellText', () => {
  it('formats currency, percent and dates as the field says', () => {
    expect(cellText(f('currency', { currencyCode: 'USD', precision: 2 }), 1234.5)).toBe('$1,234.50');
    expect(cellText(f('number', { formatter: 'percent', precision: 0 }), 0.1)).toBe('10%');
    expect(cellText(f('dateTime'), Date.UTC(2026, 0, 5))).toBe('2026/01/05');
    expect(cellText(f('checkbox'), true)).toBe('✓');
    expect(cellText(f('url'), { text: 'TRK1', link: 'https://x.example' })).toBe('TRK1');
    expect(cellText(f('multiSelect'), ['a', 'b'])).toBe('a, b');
    expect(cellText(f('text'), undefined)).toBe('');
  });

  // Issue 29 item 8: a de-DE grid showed `1.234,50 $` while the document printed `$1,234.50`.
  it('shows amounts, numbers and dates as a document prints them (the grid no longer follows the interface language)', () => {
    const usd = f('currency', { currencyCode: 'USD', precision: 2 });
    const options = { tableId: 't', recordId: 'r' };
    const printed = (field: TableField, value: number) =>
      displayText(
        recordToOpenValues({ fields: [field] }, { ...options, fields: { [field.id]: value } }, [])[field.name],
      );
    const cases: [TableField, number][] = [
      [usd, 1234.5],
      [f('currency', { currencyCode: 'CNY' }), 88],
      [f('currency'), 1234.5],
      [f('number', { precision: 1 }), 1234.5],
      [f('number', { formatter: 'plain' }), 20240012],
      [f('number'), 0.12345],
      [f('progress'), 0.5],
      [f('dateTime', { dateFormat: 'dd.MM.yyyy' }), Date.UTC(2026, 0, 5)],
      [f('dateTime', { dateFormat: 'yyyy-MM-dd' }), Date.UTC(2026, 0, 5)],
    ];
    for (const [field, value] of cases) expect(cellText(field, value), field.type).toBe(printed(field, value));
    expect(cellText(f('currency', { currencyCode: 'CNY' }), 88)).toBe('¥88.00');
    expect(cellText(f('dateTime', { dateFormat: 'dd.MM.yyyy' }), Date.UTC(2026, 0, 5))).toBe('05.01.2026');
  });
});

describe('parseInput', () => {
  it('reads numbers with grouping, currency signs and percent', () => {
    expect(parseInput(f('number'), '1,234.5')).toEqual({ ok: true, value: 1234.5 });
    expect(parseInput(f('currency'), '$ 12')).toEqual({ ok: true, value: 12 });
    expect(parseInput(f('number', { formatter: 'percent' }), '10%')).toEqual({ ok: true, value: 0.1 });
    expect(parseInput(f('number'), 'abc')).toEqual({ ok: false });
  });
  it('reads dates as UTC midnight and rejects garbage', () => {
    expect(parseInput(f('dateTime'), '2026-01-05')).toEqual({ ok: true, value: Date.UTC(2026, 0, 5) });
    expect(parseInput(f('dateTime'), 'soon')).toEqual({ ok: false });
  });
  it('clears on empty input and keeps text as typed', () => {
    expect(parseInput(f('text'), '  ')).toEqual({ ok: true, value: undefined });
    expect(parseInput(f('text'), 'Hello ')).toEqual({ ok: true, value: 'Hello ' });
    expect(parseInput(f('multiSelect'), 'a, b, a')).toEqual({ ok: true, value: ['a', 'b'] });
    expect(parseInput(f('email'), 'nope')).toEqual({ ok: false });
  });
  it('round-trips through editText', () => {
    const date = f('dateTime');
    const parsed = parseInput(date, editText(date, Date.UTC(2025, 10, 3)));
    expect(parsed).toEqual({ ok: true, value: Date.UTC(2025, 10, 3) });
  });
});

describe('field kinds', () => {
  it('treats computed and link fields as not typed into', () => {
    expect(isEditable(f('formula'))).toBe(false);
    expect(isEditable(f('duplexLink'))).toBe(false);
    expect(isEditable(f('text'))).toBe(true);
    expect(linkIds(['a', 3, 'b'] as never)).toEqual(['a', 'b']);
  });
});
