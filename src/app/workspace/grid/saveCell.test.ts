import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_TABLE_IDS, ensureDemoWorkspace } from '../../../storage';
import { openTestStorage } from '../../../storage/testing';
import { heldEditsAtom, heldKey, workspaceStore } from '../../services/storageState';
import { saveCell } from './saveCell';

async function demo() {
  const storage = await openTestStorage();
  await ensureDemoWorkspace(storage);
  const table = (await storage.tables.get(DEMO_TABLE_IDS.orders))!;
  const field = table.fields.find((f) => f.type === 'text' && !f.isPrimary) ?? table.fields.find((f) => f.isPrimary)!;
  const recordId = (await storage.records.orderedIds(table.id))[0]!;
  return { storage, table, field, recordId };
}

afterEach(() => workspaceStore.set(heldEditsAtom, new Map()));

describe('saving one grid cell', () => {
  it('writes the value the user committed', async () => {
    const { storage, table, field, recordId } = await demo();
    const saved = await saveCell(storage, { tableId: table.id, recordId, field, value: 'Typed here' }, String);
    expect(saved?.values[field.id]).toBe('Typed here');
    expect((await storage.records.get(recordId))?.values[field.id]).toBe('Typed here');
  });

  it('holds the typed value, with theirs beside it, when another tab changed the record meanwhile', async () => {
    const { storage, table, field, recordId } = await demo();
    const since = (await storage.records.get(recordId))!.updatedAt;
    // Another tab's write of the same cell after this edit started.
    await storage.records.update(recordId, { [field.id]: 'Theirs' }, since);
    const saved = await saveCell(storage, { tableId: table.id, recordId, field, value: 'Mine', since }, String);
    expect(saved).toBeUndefined();
    expect((await storage.records.get(recordId))?.values[field.id]).toBe('Theirs');
    const held = workspaceStore.get(heldEditsAtom).get(heldKey(recordId, field.id));
    expect(held).toMatchObject({ value: 'Mine', theirs: 'Theirs', reason: 'conflict', tableId: table.id });
  });
});
