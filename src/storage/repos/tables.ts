import Dexie from 'dexie';
import { QuireError } from '../../core/errors';
import type { StorageContext } from '../context';
import { newId, write } from '../context';
import { RECORD_STORES } from '../db';
import { deleteTableRecords, mutateTable } from '../recordBlocks';
import type { TableField, TableRow } from '../types';

/** Spec 000 §5 / 001 §9.1: the field list shows at most 100 columns by default; the rest stay reachable. */
export const FIELD_LIST_CAP = 100;

export interface NewField extends Omit<TableField, 'id'> {
  id?: string;
}

function withIds(fields: NewField[]): TableField[] {
  return fields.map((f, i) => ({ ...f, id: f.id ?? newId('fld'), ...(i === 0 ? { isPrimary: true } : {}) }));
}

async function requireTable(ctx: StorageContext, id: string): Promise<TableRow> {
  const table = await ctx.db.dataTables.get(id);
  if (!table) throw new QuireError('MetaTableNotFound', { detail: id });
  return table;
}

export function createTableRepo(ctx: StorageContext) {
  const { db } = ctx;
  return {
    listByBase(baseId: string): Promise<TableRow[]> {
      return db.dataTables.where('[baseId+order]').between([baseId, Dexie.minKey], [baseId, Dexie.maxKey]).toArray();
    },
    get(id: string): Promise<TableRow | undefined> {
      return db.dataTables.get(id);
    },
    async create(input: { baseId: string; name: string; fields: NewField[]; id?: string }): Promise<TableRow> {
      const now = ctx.now();
      const id = input.id ?? newId('tbl');
      return write(ctx, { action: 'table.create', stores: ['dataTables', 'bases'], keys: [id] }, async () => {
        const last = await db.dataTables
          .where('[baseId+order]')
          .between([input.baseId, Dexie.minKey], [input.baseId, Dexie.maxKey])
          .last();
        const row: TableRow = {
          id,
          baseId: input.baseId,
          name: input.name,
          fields: withIds(input.fields),
          order: last ? last.order + 1 : 0,
          createdAt: now,
          updatedAt: now,
        };
        await db.dataTables.add(row);
        await db.bases.update(input.baseId, { updatedAt: now });
        return row;
      });
    },
    async rename(id: string, name: string): Promise<void> {
      await write(
        ctx,
        {
          action: 'table.rename',
          stores: ['dataTables'],
          keys: [id],
          unsaved: { key: `table:${id}:name`, label: 'Rename table', payload: { id, name } },
        },
        () => db.dataTables.update(id, { name, updatedAt: ctx.now() }),
      );
    },
    /**
     * Add a field. A duplexLink gets its partner field on the linked table in the same transaction,
     * so the two sides never disagree.
     */
    async addField(tableId: string, input: NewField & { backFieldName?: string }): Promise<TableField> {
      const { backFieldName, ...rest } = input;
      const field: TableField = { ...rest, id: rest.id ?? newId('fld') };
      // Refused (a full disk), the new field waits with the other unsaved writes under its own id:
      // shown in the grid, in the download, and added with that id once there is room.
      const unsaved = {
        key: `table:${tableId}:field:${field.id}:add`,
        label: `Add field “${field.name}”`,
        payload: { tableId, fieldId: field.id, field: { ...field }, ...(backFieldName ? { backFieldName } : {}) },
      };
      return write(ctx, { action: 'table.addField', stores: ['dataTables'], keys: [tableId], unsaved }, async () => {
        const table = await requireTable(ctx, tableId);
        const now = ctx.now();
        const linkedId = field.property?.tableId;
        if (field.type === 'duplexLink' && linkedId) {
          const other = await requireTable(ctx, linkedId);
          const back: TableField = {
            id: newId('fld'),
            name: backFieldName ?? table.name,
            type: 'duplexLink',
            property: { tableId: tableId, backFieldId: field.id, multiple: true },
          };
          field.property = { ...field.property, backFieldId: back.id };
          if (other.id === table.id) table.fields.push(back);
          else await db.dataTables.update(other.id, { fields: [...other.fields, back], updatedAt: now });
        }
        await db.dataTables.update(tableId, { fields: [...table.fields, field], updatedAt: now });
        return field;
      });
    },
    async updateField(tableId: string, fieldId: string, patch: Partial<Omit<TableField, 'id'>>): Promise<void> {
      await write(
        ctx,
        {
          action: 'table.updateField',
          stores: ['dataTables'],
          keys: [tableId],
          unsaved: {
            key: `table:${tableId}:field:${fieldId}`,
            label: 'Change field',
            payload: { tableId, fieldId, fieldPatch: patch },
          },
        },
        async () => {
          const table = await requireTable(ctx, tableId);
          const fields = table.fields.map((f) => (f.id === fieldId ? { ...f, ...patch, id: f.id } : f));
          await db.dataTables.update(tableId, { fields, updatedAt: ctx.now() });
        },
      );
    },
    /** Remove a field and its values from every record of the table, in one transaction. */
    async deleteField(tableId: string, fieldId: string): Promise<void> {
      await write(
        ctx,
        {
          action: 'table.deleteField',
          stores: ['dataTables', ...RECORD_STORES],
          keys: [tableId],
          unsaved: {
            key: `table:${tableId}:field:${fieldId}:delete`,
            label: 'Delete field',
            payload: { tableId, fieldId, op: 'deleteField' },
          },
        },
        async () => {
          const table = await requireTable(ctx, tableId);
          await db.dataTables.update(tableId, {
            fields: table.fields.filter((f) => f.id !== fieldId),
            updatedAt: ctx.now(),
          });
          await mutateTable(ctx, tableId, (record) => {
            if (!(fieldId in record.values)) return record;
            const { [fieldId]: _dropped, ...values } = record.values;
            return { ...record, values };
          });
        },
      );
    },
    /** Delete a table and all its records. Templates bound to it stay (they can be rebound). */
    async delete(tableId: string): Promise<void> {
      await write(
        ctx,
        { action: 'table.delete', stores: ['dataTables', ...RECORD_STORES], keys: [tableId] },
        async () => {
          await deleteTableRecords(ctx, [tableId]);
          await db.dataTables.delete(tableId);
        },
      );
    },
  };
}

/** The fields a field list shows first (spec cap of 100), and how many more are reachable. */
export function visibleFields(fields: readonly TableField[], cap = FIELD_LIST_CAP) {
  return { shown: fields.slice(0, cap), hiddenCount: Math.max(0, fields.length - cap) };
}

export type TableRepo = ReturnType<typeof createTableRepo>;
