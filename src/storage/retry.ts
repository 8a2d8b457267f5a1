import type { QuireError } from '../core/errors';
import { classifyStorageFailure } from './failures';
import { addLinkedRecord, setLinks } from './links';
import type { PendingWrite } from './pending';
import type { NewField } from './repos/tables';
import type { TemplatePatch } from './repos/templates';
import type { Storage } from './storage';
import type { CellValue, TableField, TemplateRow } from './types';

/**
 * Writes storage refused, written again once it takes writes, oldest first. Each kind of buffered
 * edit is replayed through the repository call that made it, so the same checks and change events
 * apply. The first storage failure stops the run: the rest keep their order for the next try.
 * Entries no repository call can replay (a template's content: the editor retries its own) stay in
 * the buffer, and in its download. A field's addition, rename or delete is replayed too. A template list's writes (create, rename, category, delete) are
 * replayed here: a rename lands on the stored revision, as a field of its own.
 */

type Replay = (storage: Storage, item: PendingWrite) => Promise<unknown>;

interface RecordPatch {
  id: string;
  patch: Record<string, CellValue | undefined>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function replayFor(item: PendingWrite): Replay | undefined {
  const payload = item.payload;
  if (!isObject(payload)) {
    if (item.key.startsWith('setting:')) return (s) => s.settings.set(item.key.slice('setting:'.length), payload);
    return undefined;
  }
  if (item.key.startsWith('setting:')) return (s) => s.settings.set(item.key.slice('setting:'.length), payload);
  if (item.key.startsWith('record:new:') && typeof payload.tableId === 'string') {
    const values = (payload.values ?? {}) as Record<string, CellValue>;
    return async (s) => {
      // The add writes under a key of its own; the old entry goes first so a refusal is not kept twice.
      s.pending.resolve(item.key);
      return s.records.add(payload.tableId as string, values);
    };
  }
  if (item.field !== undefined && typeof payload.id === 'string' && isObject(payload.patch)) {
    const { id, patch } = payload as unknown as RecordPatch;
    return (s) => s.records.update(id, patch);
  }
  if (typeof payload.recordId === 'string' && typeof payload.fieldId === 'string' && Array.isArray(payload.ids)) {
    const { recordId, fieldId, ids } = payload as { recordId: string; fieldId: string; ids: string[] };
    return (s) => setLinks(s, recordId, fieldId, ids);
  }
  if (item.key.startsWith('record:new-child:') && typeof payload.parentId === 'string') {
    const { parentId, fieldId, values } = payload as { parentId: string; fieldId: string; values?: object };
    return async (s) => {
      s.pending.resolve(item.key);
      return addLinkedRecord(s, parentId, fieldId, (values ?? {}) as Record<string, CellValue>);
    };
  }
  if (item.key.startsWith('record:delete:') && Array.isArray(payload.deleteIds)) {
    const ids = payload.deleteIds.filter((id): id is string => typeof id === 'string');
    return async (s) => {
      s.pending.resolve(item.key);
      return s.records.delete(ids);
    };
  }
  const field = /^table:(.+):field:([^:]+)(:delete|:add)?$/.exec(item.key);
  if (field && payload.tableId === field[1] && payload.fieldId === field[2]) {
    const [, tableId, fieldId, op] = field as unknown as [string, string, string, string | undefined];
    if (op === ':delete') return (s) => s.tables.deleteField(tableId, fieldId);
    if (op === ':add' && isObject(payload.field)) {
      const added = { ...(payload.field as unknown as NewField), id: fieldId };
      const back = typeof payload.backFieldName === 'string' ? { backFieldName: payload.backFieldName } : {};
      return async (s) => {
        // Added by another tab's retry meanwhile: nothing left to write.
        if ((await s.tables.get(tableId))?.fields.some((f) => f.id === fieldId)) return s.pending.resolve(item.key);
        return s.tables.addField(tableId, { ...added, ...back });
      };
    }
    if (isObject(payload.fieldPatch)) {
      const patch = payload.fieldPatch as Partial<Omit<TableField, 'id'>>;
      return (s) => s.tables.updateField(tableId, fieldId, patch);
    }
  }
  const template = /^template:([^:#]+)(:delete)?$/.exec(item.key);
  if (template) return replayTemplate(template[1]!, template[2] !== undefined, item.key, payload);
  const rename = /^(base|table):(.+):name$/.exec(item.key);
  if (rename && typeof payload.name === 'string') {
    const name = payload.name;
    return rename[1] === 'base' ? (s) => s.bases.rename(rename[2]!, name) : (s) => s.tables.rename(rename[2]!, name);
  }
  return undefined;
}

/** The template list's writes; an editor's content save (it has `content` and no `createdAt`) is not one. */
function replayTemplate(
  id: string,
  isDelete: boolean,
  key: string,
  payload: Record<string, unknown>,
): Replay | undefined {
  if (isDelete) return (s) => s.templates.delete(id);
  if (typeof payload.createdAt === 'number' && typeof payload.content === 'string') {
    const row = payload as unknown as TemplateRow;
    return async (s) => {
      // Already there (written by another tab's replay): nothing is left to save.
      if (await s.templates.get(id)) return s.pending.resolve(key);
      return s.templates.create({
        id,
        name: row.name,
        baseId: row.baseId,
        tableId: row.tableId,
        category: row.category,
        type: row.type,
        content: row.content,
      });
    };
  }
  if ('content' in payload || typeof payload.expectedRevision !== 'number') return undefined;
  const { id: _id, expectedRevision: _revision, ...patch } = payload;
  return async (s) => {
    const current = await s.templates.get(id);
    // Deleted meanwhile: a rename of nothing is nothing to save.
    if (!current) return s.pending.resolve(key);
    return s.templates.save(id, patch as TemplatePatch, current.revision);
  };
}

export function canReplay(item: PendingWrite): boolean {
  return replayFor(item) !== undefined;
}

export interface RetryOutcome {
  /** Entries written this time. */
  written: number;
  /** Entries still unsaved (refused again, or not replayable here). */
  left: number;
  /** The storage failure that stopped the run, if any. */
  failure?: QuireError;
  /** Entries refused for another reason (the record was deleted meanwhile…), kept for the download. */
  rejected: Array<{ key: string; error: unknown }>;
}

const running = new WeakMap<Storage, Promise<RetryOutcome>>();

/** Write the buffered edits again, oldest first; one run at a time per storage. */
export function retryPendingWrites(storage: Storage): Promise<RetryOutcome> {
  const current = running.get(storage);
  if (current) return current;
  const run = replayAll(storage).finally(() => running.delete(storage));
  running.set(storage, run);
  return run;
}

async function replayAll(storage: Storage): Promise<RetryOutcome> {
  const items = storage.pending.list().sort((a, b) => a.failedAt - b.failedAt);
  const outcome: RetryOutcome = { written: 0, left: 0, rejected: [] };
  for (const item of items) {
    const replay = replayFor(item);
    if (!replay) continue;
    try {
      await replay(storage, item);
      outcome.written++;
    } catch (error) {
      const failure = classifyStorageFailure(error);
      if (failure) {
        outcome.failure = failure;
        break;
      }
      outcome.rejected.push({ key: item.key, error });
    }
  }
  outcome.left = storage.pending.size;
  return outcome;
}
