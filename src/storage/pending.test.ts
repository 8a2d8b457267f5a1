import { describe, expect, it } from 'vitest';
import { PendingWrites } from './pending';

const failure = { reason: 'StorageQuotaExceeded', label: 'Edit record' };

describe('PendingWrites keyed by record and field', () => {
  it('keeps a failed edit of each cell of one row, and the newest value of the same cell', async () => {
    const buffer = new PendingWrites();
    buffer.keep({ ...failure, key: 'record:r1', payload: { id: 'r1', patch: { name: 'Ada' } }, failedAt: 1 });
    buffer.keep({ ...failure, key: 'record:r1', payload: { id: 'r1', patch: { city: 'Paris' } }, failedAt: 2 });
    buffer.keep({ ...failure, key: 'record:r1', payload: { id: 'r1', patch: { note: 'first' } }, failedAt: 3 });
    buffer.keep({ ...failure, key: 'record:r1', payload: { id: 'r1', patch: { note: 'second' } }, failedAt: 4 });
    expect(buffer.size).toBe(3);
    const json = JSON.parse(await buffer.toBlob(0).text()) as { items: Array<{ field: string; payload: unknown }> };
    expect(json.items.map((item) => [item.field, item.payload])).toEqual([
      ['name', { id: 'r1', patch: { name: 'Ada' } }],
      ['city', { id: 'r1', patch: { city: 'Paris' } }],
      ['note', { id: 'r1', patch: { note: 'second' } }],
    ]);
  });

  it('splits a failed edit of several fields, and a later successful write clears only the fields it wrote', () => {
    const buffer = new PendingWrites();
    buffer.keep({ ...failure, key: 'record:r1', payload: { id: 'r1', patch: { a: 1, b: 2 } }, failedAt: 1 });
    buffer.keep({ ...failure, key: 'record:r2', payload: { id: 'r2', patch: { a: 3 } }, failedAt: 2 });
    expect(buffer.list().map((item) => item.key)).toEqual(['record:r1#a', 'record:r1#b', 'record:r2#a']);
    buffer.resolve('record:r1', { id: 'r1', patch: { b: 5 } });
    expect(buffer.list().map((item) => item.key)).toEqual(['record:r1#a', 'record:r2#a']);
    // Without the payload every entry of the record goes (the caller could not say what it wrote).
    buffer.resolve('record:r1');
    expect(buffer.list().map((item) => item.key)).toEqual(['record:r2#a']);
  });

  it('keeps only the newest copy of a whole-object save, which contains the older ones', () => {
    const buffer = new PendingWrites();
    const seen: number[] = [];
    buffer.subscribe((items) => seen.push(items.length));
    buffer.keep({ ...failure, key: 'template:t', payload: { id: 't', content: 'v1' }, failedAt: 1 });
    buffer.keep({ ...failure, key: 'template:t', payload: { id: 't', content: 'v2' }, failedAt: 2 });
    expect(buffer.list().map((item) => item.payload)).toEqual([{ id: 't', content: 'v2' }]);
    buffer.resolve('template:tx');
    buffer.resolve('template:t');
    expect(seen).toEqual([1, 1, 0]);
  });
});

describe('PendingWrites order', () => {
  it('keeps the place and first failure time of an entry refused again with the same data', () => {
    const buffer = new PendingWrites();
    buffer.keep({ ...failure, key: 'record:r1', payload: { id: 'r1', patch: { a: 1 } }, failedAt: 1 });
    buffer.keep({ ...failure, key: 'record:r2', payload: { id: 'r2', patch: { a: 2 } }, failedAt: 2 });
    buffer.keep({ ...failure, key: 'record:r1', payload: { id: 'r1', patch: { a: 1 } }, failedAt: 9 });
    expect(buffer.list().map((item) => [item.key, item.failedAt])).toEqual([
      ['record:r1#a', 1],
      ['record:r2#a', 2],
    ]);
  });
});
