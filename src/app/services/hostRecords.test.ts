import { describe, expect, it } from 'vitest';
import { loadHostPreviewRecords, provideHostRecords } from './hostRecords';

describe("a host table's records for the editor's preview", () => {
  it('come from the provider the host screen registered, until it is removed', async () => {
    const source = { kind: 'data', data: { n: 1 } } as const;
    const remove = provideHostRecords('tbl1', {
      records: async () => ({
        records: [{ id: 'r1', label: 'SO-1' }],
        selectedId: 'r1',
        reader: { timeZone: 'UTC', locale: 'de-DE' },
      }),
      source: async () => source,
    });
    const loaded = await loadHostPreviewRecords('tbl1');
    expect(loaded).toMatchObject({ records: [{ id: 'r1', label: 'SO-1' }], selectedId: 'r1' });
    // The live preview prints in the zone and locale the host named, as the host's documents do.
    expect(loaded?.reader).toEqual({ timeZone: 'UTC', locale: 'de-DE' });
    expect(await loaded?.source('r1')).toBe(source);
    expect(await loadHostPreviewRecords('tbl2')).toBeUndefined();
    remove();
    expect(await loadHostPreviewRecords('tbl1')).toBeUndefined();
  });

  it('a failing host leaves the preview to its sample data', async () => {
    const remove = provideHostRecords('tbl1', {
      records: async () => {
        throw new Error('host timeout');
      },
      source: async () => ({ kind: 'data', data: {} }),
    });
    expect(await loadHostPreviewRecords('tbl1')).toBeUndefined();
    remove();
  });
});
