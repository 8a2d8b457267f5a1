import { describe, expect, it } from 'vitest';
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
    expect(cellText(f('currency', { currencyCode: 'USD', precision: 2 }), 1234.5, 'en-US')).toBe('$1,234.50');
    expect(cellText(f('number', { formatter: 'percent', precision: 0 }), 0.1, 'en-US')).toBe('10%');
    expect(cellText(f('dateTime'), Date.UTC(2026, 0, 5), 'en-US')).toBe('2026/01/05');
    expect(cellText(f('checkbox'), true)).toBe('✓');
    expect(cellText(f('url'), { text: 'TRK1', link: 'https://x.example' })).toBe('TRK1');
    expect(cellText(f('multiSelect'), ['a', 'b'])).toBe('a, b');
    expect(cellText(f('text'), undefined)).toBe('');
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
