import type { StorageContext } from '../context';
import { newId, write } from '../context';
import { RECORD_STORES } from '../db';
import { deleteTableRecords } from '../recordBlocks';
import type { BaseRow } from '../types';

export function createBaseRepo(ctx: StorageContext) {
  const { db } = ctx;
  return {
    list(): Promise<BaseRow[]> {
      return db.bases.orderBy('updatedAt').reverse().toArray();
    },
    get(id: string): Promise<BaseRow | undefined> {
      return db.bases.get(id);
    },
    async create(input: { name: string; id?: string; isDemo?: boolean }): Promise<BaseRow> {
      const now = ctx.now();
      const row: BaseRow = {
        id: input.id ?? newId('bas'),
        name: input.name,
        createdAt: now,
        updatedAt: now,
        ...(input.isDemo ? { isDemo: true } : {}),
      };
      await write(ctx, { action: 'base.create', stores: ['bases'], keys: [row.id] }, () => db.bases.add(row));
      return row;
    },
    async rename(id: string, name: string): Promise<void> {
      await write(
        ctx,
        {
          action: 'base.rename',
          stores: ['bases'],
          keys: [id],
          unsaved: { key: `base:${id}:name`, label: 'Rename base', payload: { id, name } },
        },
        () => db.bases.update(id, { name, updatedAt: ctx.now() }),
      );
    },
    /** Delete a base with its tables, records, templates and releases, all at once. */
    async delete(id: string): Promise<void> {
      await write(
        ctx,
        {
          action: 'base.delete',
          stores: ['bases', 'dataTables', ...RECORD_STORES, 'templates', 'releases', 'baseCache'],
          keys: [id],
        },
        () => deleteBaseRows(ctx, id),
      );
    },
  };
}

/** The cascade of a base deletion; call inside a transaction over the stores listed in `delete`. */
export async function deleteBaseRows(ctx: StorageContext, baseId: string): Promise<void> {
  const { db } = ctx;
  const tableIds = await db.dataTables.where('baseId').equals(baseId).primaryKeys();
  await deleteTableRecords(ctx, tableIds);
  await db.dataTables.where('baseId').equals(baseId).delete();
  const templateIds = await db.templates.where('baseId').equals(baseId).primaryKeys();
  if (templateIds.length > 0) await db.releases.where('templateId').anyOf(templateIds).delete();
  await db.templates.where('baseId').equals(baseId).delete();
  await db.baseCache.delete(baseId);
  await db.bases.delete(baseId);
}

export type BaseRepo = ReturnType<typeof createBaseRepo>;
