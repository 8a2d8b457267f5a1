import type { StorageContext } from '../context';
import { newId, write } from '../context';
import type { OpenDocumentRow } from '../types';

/** Spec 000 §5: a new team document without a name is called 'New Document'. */
export const DEFAULT_DOCUMENT_NAME = 'New Document';

export function createOpenDocumentRepo(ctx: StorageContext) {
  const { db } = ctx;
  return {
    list(): Promise<OpenDocumentRow[]> {
      return db.openDocuments.orderBy('updatedAt').reverse().toArray();
    },
    get(id: string): Promise<OpenDocumentRow | undefined> {
      return db.openDocuments.get(id);
    },
    async create(input: {
      name?: string;
      dataSource?: unknown;
      sampleData?: unknown;
      id?: string;
    }): Promise<OpenDocumentRow> {
      const now = ctx.now();
      const row: OpenDocumentRow = {
        id: input.id ?? newId('doc'),
        name: input.name?.trim() || DEFAULT_DOCUMENT_NAME,
        dataSource: input.dataSource ?? { groups: [], dataSpecs: [] },
        sampleData: input.sampleData ?? {},
        createdAt: now,
        updatedAt: now,
      };
      await write(
        ctx,
        {
          action: 'openDocument.create',
          stores: ['openDocuments'],
          keys: [row.id],
          unsaved: { key: `openDocument:${row.id}`, label: `Create document “${row.name}”`, payload: row },
        },
        () => db.openDocuments.add(row),
      );
      return row;
    },
    async update(
      id: string,
      patch: Partial<Pick<OpenDocumentRow, 'name' | 'dataSource' | 'sampleData'>>,
    ): Promise<void> {
      await write(
        ctx,
        {
          action: 'openDocument.update',
          stores: ['openDocuments'],
          keys: [id],
          unsaved: { key: `openDocument:${id}`, label: 'Save document', payload: { id, ...patch } },
        },
        () => db.openDocuments.update(id, { ...patch, updatedAt: ctx.now() }),
      );
    },
    async delete(id: string): Promise<void> {
      await write(ctx, { action: 'openDocument.delete', stores: ['openDocuments'], keys: [id] }, () =>
        db.openDocuments.delete(id),
      );
    },
  };
}

export type OpenDocumentRepo = ReturnType<typeof createOpenDocumentRepo>;
