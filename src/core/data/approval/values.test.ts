import { describe, expect, it } from 'vitest';
import { approvalDate, approvalDateTime, approvalEpoch, approvalNumber, jsonValue, namesOf } from './values';

describe('approval values', () => {
  it.each([
    [12, 12],
    ['1,234.50', 1234.5],
    ['-3', -3],
    ['15%', 0.15],
    ['¥88', 88],
    ['abc', 0],
    ['', 0],
    [null, 0],
    [Number.NaN, 0],
    [{}, 0],
  ])('approvalNumber(%j) = %s', (raw, expected) => {
    expect(approvalNumber(raw)).toBe(expected);
  });

  it.each([
    [1709602200000, 1709602200000],
    [1709602200, 1709602200000],
    ['1709602200000', 1709602200000],
    ['1709602200', 1709602200000],
    ['2024-03-05 09:30:00', 1709602200000],
    ['2024-03-05T09:30:00+08:00', 1709602200000],
    ['05/03/2024', 1709568000000],
    ['garbage', undefined],
    [0, undefined],
    [null, undefined],
  ])('approvalEpoch(%j)', (raw, expected) => {
    expect(approvalEpoch(raw, 'Asia/Shanghai')).toBe(expected);
  });

  it('formats dates and times, - when absent', () => {
    expect(approvalDate(1709602200000, 'Asia/Shanghai')).toBe('2024/03/05');
    expect(approvalDateTime(1709602200000, 'Asia/Shanghai')).toBe('2024-03-05 09:30:00');
    expect(approvalDateTime(1709602200000, 'America/New_York')).toBe('2024-03-04 20:30:00');
    expect(approvalDate(undefined, 'Asia/Shanghai')).toBe('-');
  });

  it('reads JSON text only when it is JSON', () => {
    expect(jsonValue('{"a":1}')).toEqual({ a: 1 });
    expect(jsonValue('[1]')).toEqual([1]);
    expect(jsonValue('{oops')).toBeUndefined();
    expect(jsonValue('plain')).toBeUndefined();
    expect(jsonValue(5)).toBe(5);
  });

  it('collects names', () => {
    expect(namesOf([{ name: 'A' }, 'B', { title: 'C' }, { other: 1 }, ' '])).toEqual(['A', 'B', 'C']);
    expect(namesOf(undefined)).toEqual([]);
  });
});
