import { describe, expect, it } from 'vitest';
import { isQuireError } from '../core/errors';
import { fakeBase, metaTable } from './fakeBase';
import { checkKey, deleteMeta, openMetaTable, readMeta, writeMeta } from './metaTable';

async function failure(promise: Promise<unknown>) {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

describe('meta table', () => {
  it('finds the key and value text fields', async () => {
    const base = fakeBase([metaTable()]);
    expect(await openMetaTable(base, 'b1')).toEqual({ tableId: 'tblMeta', keyFieldId: 'fKey', valueFieldId: 'fValue' });
  });

  it('says Table not found when the host has none', async () => {
    const error = await failure(openMetaTable(fakeBase([], null), 'b1'));
    expect(isQuireError(error, 'MetaTableNotFound')).toBe(true);
    expect((error as Error).message).toContain('Table not found');
  });

  it('says Missing key or value field when one is absent or not text', async () => {
    const table = metaTable();
    table.fields = [
      { id: 'fKey', name: 'key', type: 'text' },
      { id: 'fValue', name: 'value', type: 'number' },
    ];
    const error = await failure(openMetaTable(fakeBase([table]), 'b1'));
    expect(isQuireError(error, 'MetaMissingKeyOrValueField')).toBe(true);
  });

  it('says Missing field ids when the fields have no ids', async () => {
    const base = fakeBase([metaTable()]);
    const request = base.request;
    base.request = (async (method: string, params: never) =>
      method === 'base.getFieldMetaList'
        ? [
            { id: '', name: 'key', type: 'text' },
            { id: '', name: 'value', type: 'text' },
          ]
        : request(method as never, params)) as typeof base.request;
    const error = await failure(openMetaTable(base, 'b1'));
    expect(isQuireError(error, 'MetaMissingFieldIds')).toBe(true);
  });

  it('refuses an empty or odd key as Invalid identifier', () => {
    expect(() => checkKey('')).toThrow('Invalid identifier');
    expect(() => checkKey('a b')).toThrow('Invalid identifier');
    expect(checkKey('quire.demoInfo')).toBe('quire.demoInfo');
  });

  it('adds a record, then updates the same one, then deletes it', async () => {
    const base = fakeBase([metaTable()]);
    const meta = await openMetaTable(base, 'b1');
    await writeMeta(base, 'b1', meta, 'k', 'one');
    await writeMeta(base, 'b1', meta, 'k', 'two');
    expect(base.tables[0]?.records).toHaveLength(1);
    expect(await readMeta(base, 'b1', meta, 'k')).toBe('two');
    await deleteMeta(base, 'b1', meta, 'k');
    expect(await readMeta(base, 'b1', meta, 'k')).toBeUndefined();
  });

  it('reads text kept as segments', async () => {
    const base = fakeBase([
      metaTable([{ recordId: 'r1', fields: { fKey: [{ text: 'k' }], fValue: [{ text: 'v' }] } }]),
    ]);
    expect(await readMeta(base, 'b1', await openMetaTable(base, 'b1'), 'k')).toBe('v');
  });
});
