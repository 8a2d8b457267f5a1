import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../core/errors';
import { retryPendingWrites } from './retry';
import type { Storage } from './storage';
import { openTestStorage } from './testing';

const opened: Storage[] = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

/** A storage whose transactions are refused like a full disk while `full.on` is set. */
async function fillable() {
  const s = await openTestStorage();
  opened.push(s);
  const full = { on: false };
  const transaction = s.db.transaction.bind(s.db) as (...args: unknown[]) => Promise<unknown>;
  (s.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> }).transaction = (...args) =>
    full.on
      ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
      : transaction(...args);
  const base = await s.bases.create({ name: 'B' });
  const table = await s.tables.create({
    baseId: base.id,
    name: 'T',
    fields: [
      { name: 'Name', type: 'text' },
      { name: 'City', type: 'text' },
    ],
  });
  const [name, city] = table.fields.map((f) => f.id) as [string, string];
  return { s, full, table, name, city };
}

describe('retryPendingWrites', () => {
  it('writes refused edits again in order once storage takes writes, and empties the buffer', async () => {
    const { s, full, table, name, city } = await fillable();
    const row = await s.records.add(table.id, { [name]: 'start' });
    full.on = true;
    for (const edit of [{ [name]: 'Ada' }, { [city]: 'Paris' }, { [name]: 'Ada Lovelace' }]) {
      const error = await s.records.update(row.id, edit).catch((e) => e);
      expect(isQuireError(error, 'StorageQuotaExceeded')).toBe(true);
    }
    const added = await s.records.add(table.id, { [name]: 'new row' }).catch((e) => e);
    expect(isQuireError(added, 'StorageQuotaExceeded')).toBe(true);
    expect(s.pending.size).toBe(3);

    // Still full: nothing is lost and the order is kept.
    const stillFull = await retryPendingWrites(s);
    expect(stillFull.failure?.errorName).toBe('StorageQuotaExceeded');
    expect(s.pending.size).toBe(3);

    full.on = false;
    const outcome = await retryPendingWrites(s);
    expect(outcome).toMatchObject({ written: 3, left: 0, rejected: [] });
    const stored = await s.records.listAll(table.id);
    expect(stored.map((r) => r.values)).toEqual([{ [name]: 'Ada Lovelace', [city]: 'Paris' }, { [name]: 'new row' }]);
  });

  it('keeps an entry that can no longer be written (its record was deleted) for the download', async () => {
    const { s, full, table, name } = await fillable();
    const row = await s.records.add(table.id);
    full.on = true;
    await s.records.update(row.id, { [name]: 'typed' }).catch(() => undefined);
    full.on = false;
    await s.records.delete([row.id]);
    const outcome = await retryPendingWrites(s);
    expect(outcome.rejected.map((r) => isQuireError(r.error, 'NoData'))).toEqual([true]);
    expect(s.pending.list().map((item) => item.payload)).toEqual([{ id: row.id, patch: { [name]: 'typed' } }]);
  });
});
