import { describe, expect, it } from 'vitest';
import { inferColumns, looksLikeOption } from './infer';
import { readCsvRowsForTest } from './testing';

const kindsOf = (rows: unknown[][]) => inferColumns(readCsvRowsForTest(rows)).map((c) => c.kind);

describe('multi-select inference (issue 12)', () => {
  it('keeps delivery notes with commas and line breaks as text, even when repeated', () => {
    const note = 'Deliver to dock 3, gate B\nCall before arrival';
    const quoted = 'He said "urgent", please expedite';
    const rows: unknown[][] = [['Notes']];
    for (let i = 0; i < 6; i++) rows.push([i % 2 ? note : quoted]);
    expect(kindsOf(rows)).toEqual(['text']);
    expect(kindsOf([['Notes'], ...Array.from({ length: 6 }, () => [note])])).toEqual(['text']);
    expect(kindsOf([['Notes'], ...Array.from({ length: 6 }, () => [quoted])])).toEqual(['text']);
  });

  it('does not split one repeated comma phrase: its parts never appear in other combinations', () => {
    const rows = [['Where'], ...Array.from({ length: 6 }, () => ['Berlin, Germany'])];
    expect(kindsOf(rows)).toEqual(['singleSelect']);
  });

  it('still finds a list of repeated options in different combinations', () => {
    const tags = ['red, blue', 'blue', 'green; red', 'red', 'blue, green', 'green, red, blue'];
    expect(kindsOf([['Tags'], ...tags.map((t) => [t])])).toEqual(['multiSelect']);
  });

  it('a single select never holds line breaks', () => {
    const rows = [['Status'], ...Array.from({ length: 6 }, (_, i) => [i % 2 ? 'Open\nlate' : 'Closed'])];
    expect(kindsOf(rows)).toEqual(['text']);
  });

  it('tells option labels from prose', () => {
    expect(looksLikeOption('Urgent')).toBe(true);
    expect(looksLikeOption('Next day air')).toBe(true);
    expect(looksLikeOption('He said "urgent"')).toBe(false);
    expect(looksLikeOption('Call before arrival. Then wait')).toBe(false);
    expect(looksLikeOption('one two three four five')).toBe(false);
  });
});
