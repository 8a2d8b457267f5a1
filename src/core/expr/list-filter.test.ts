import { describe, expect, it } from 'vitest';
import { applyListFilter, LIST_FILTER_OPERATORS, type ListFilterCondition, matchesCondition } from './list-filter';

// Dates are days in Asia/Shanghai.
const day = (y: number, m: number, d: number, h = 12) => Date.UTC(y, m - 1, d, h - 8);

const rows = [
  { name: 'Apple Pie', qty: 5, price: '1,200.50', due: day(2024, 3, 5), note: '', tags: ['a', 'b'] },
  { name: 'banana', qty: 0, price: '30%', due: '2024-03-06', note: 'ripe' },
  { name: 'Cherry', qty: '12', price: 'n/a', due: day(2024, 3, 4, 23), note: null },
  { name: 'date.fruit', qty: -3, due: 'someday', 'a.b': 'dotted' },
];

type C = Omit<ListFilterCondition, 'fieldName' | 'operator'>;
const names = (fieldName: string, operator: ListFilterCondition['operator'], extra: C = {}) =>
  applyListFilter(rows, { type: 'every', filters: [{ fieldName, operator, ...extra }] }).map((r) => r.name);

describe('the 18 operators of spec 001 §3.2', () => {
  it('has exactly the operators of the spec', () => {
    expect(LIST_FILTER_OPERATORS).toHaveLength(18);
  });

  it.each([
    ['name', 'eq', { strValue: 'Cherry' }, ['Cherry']],
    ['name', 'eq', { strValue: 'cherry' }, []],
    ['name', 'ne', { strValue: 'Cherry' }, ['Apple Pie', 'banana', 'date.fruit']],
    ['name', 'contains', { strValue: 'AN' }, ['banana']],
    ['name', 'not_contains', { strValue: 'a' }, ['Cherry']],
    ['name', 'starts_with', { strValue: 'apple' }, ['Apple Pie']],
    ['name', 'ends_with', { strValue: 'PIE' }, ['Apple Pie']],
    ['note', 'is_empty', {}, ['Apple Pie', 'Cherry', 'date.fruit']],
    ['note', 'is_not_empty', {}, ['banana']],
    ['tags', 'contains', { strValue: 'b' }, ['Apple Pie']],
    ['qty', 'n_eq', { numValue: 12 }, ['Cherry']],
    ['qty', 'n_ne', { numValue: 5 }, ['banana', 'Cherry', 'date.fruit']],
    ['qty', 'gt', { numValue: 0 }, ['Apple Pie', 'Cherry']],
    ['qty', 'gte', { numValue: 0 }, ['Apple Pie', 'banana', 'Cherry']],
    ['qty', 'lt', { numValue: 0 }, ['date.fruit']],
    ['qty', 'lte', { numValue: 5 }, ['Apple Pie', 'banana', 'date.fruit']],
    ['price', 'gt', { numValue: 1000 }, ['Apple Pie']],
    ['price', 'lt', { numValue: 1 }, ['banana']],
    ['price', 'n_ne', { numValue: 0.3 }, ['Apple Pie', 'Cherry', 'date.fruit']],
    ['qty', 'gt', { strValue: '4' }, ['Apple Pie', 'Cherry']],
    ['due', 'date_eq', { dateTime: day(2024, 3, 5, 1) }, ['Apple Pie']],
    ['due', 'date_eq', { dateTime: '2024-03-04' }, ['Cherry']],
    ['due', 'date_ne', { dateTime: day(2024, 3, 5) }, ['banana', 'Cherry', 'date.fruit']],
    ['due', 'before', { dateTime: day(2024, 3, 5) }, ['Cherry']],
    ['due', 'after', { dateTime: day(2024, 3, 5) }, ['banana']],
    ['a\\.b', 'eq', { strValue: 'dotted' }, ['date.fruit']],
  ] as const)('%s %s %j', (field, operator, extra, expected) => {
    expect(names(field, operator, extra as C)).toEqual(expected);
  });

  it('compares dates as days in the given time zone', () => {
    const item = { due: Date.UTC(2024, 2, 4, 20) }; // 04:00 on the 5th in Shanghai, the 4th in UTC
    const c: ListFilterCondition = { fieldName: 'due', operator: 'date_eq', dateTime: '2024-03-05' };
    expect(matchesCondition(item, c)).toBe(true);
    expect(matchesCondition(item, c, { timeZone: 'UTC' })).toBe(false);
  });

  it('reads open values', () => {
    const items = [
      { amount: { type: 'number', numberValue: 10, displayText: '10.00' } },
      { amount: { type: 'number', numberValue: 30, displayText: '30.00' } },
    ];
    const kept = applyListFilter(items, {
      type: 'every',
      filters: [{ fieldName: 'amount', operator: 'gt', numValue: 20 }],
    });
    expect(kept).toEqual([items[1]]);
    const byText = applyListFilter(items, {
      type: 'every',
      filters: [{ fieldName: 'amount', operator: 'eq', strValue: '10.00' }],
    });
    expect(byText).toEqual([items[0]]);
  });
});

describe('every / some', () => {
  it('every needs all conditions, some needs one', () => {
    const filters: ListFilterCondition[] = [
      { fieldName: 'qty', operator: 'gt', numValue: 0 },
      { fieldName: 'name', operator: 'contains', strValue: 'an' },
    ];
    expect(applyListFilter(rows, { type: 'every', filters }).map((r) => r.name)).toEqual([]);
    expect(applyListFilter(rows, { type: 'some', filters }).map((r) => r.name)).toEqual([
      'Apple Pie',
      'banana',
      'Cherry',
    ]);
  });

  it('no filter or no conditions keeps every item, in order', () => {
    expect(applyListFilter(rows, undefined)).toEqual(rows);
    expect(applyListFilter(rows, { type: 'some', filters: [] })).toEqual(rows);
  });

  it('an unknown operator matches nothing', () => {
    const c = { fieldName: 'name', operator: 'matches_regex' } as unknown as ListFilterCondition;
    expect(applyListFilter(rows, { type: 'every', filters: [c] })).toEqual([]);
  });

  it('never reads prototypes', () => {
    const c: ListFilterCondition = { fieldName: 'constructor', operator: 'is_not_empty' };
    expect(applyListFilter([{}, { a: 1 }], { type: 'every', filters: [c] })).toEqual([]);
  });
});
