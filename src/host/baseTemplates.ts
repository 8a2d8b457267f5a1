/**
 * A host base's templates kept in two places: the server's print-templates calls (spec 000 §7,
 * shared by every device of the team that opens the base, each call carrying the base's access
 * token) and this device (the working copy the editor saves to and the render worker reads, so
 * printing inside a host keeps working offline). One pass of `syncBaseTemplates` reconciles a
 * table's two lists with what was last agreed per template (its mark: the server's version and
 * the device's revision at that moment):
 *
 * - only the server moved → the device takes the server's copy;
 * - only the device moved → the device's copy is saved on the server (with its last version);
 * - both moved → nothing is overwritten silently: the device's copy is kept as a new template
 *   ("… (this device)") and the original takes the server's copy;
 * - on the device only, never agreed → created on the server with the same id;
 * - agreed once, now gone from the server → deleted elsewhere: removed here too, unless changed
 *   here since (then it is created again).
 *
 * A refused write (a locked table, a stale version) is reported, never thrown: the device copy
 * stays and the next pass tries again. Pure apart from the three stores it is given.
 */
import { type QuireError, toQuireError } from '../core/errors';

export interface ServerTemplate {
  id: string;
  name: string;
  content: string;
  type: number;
  category: number;
  baseId: string | null;
  tableId: string | null;
  version: number;
}

export interface DeviceTemplate {
  id: string;
  name: string;
  content: string;
  type: number;
  category: 1 | 2;
  baseId: string;
  tableId: string;
  revision: number;
}

/** The print-templates calls as this module needs them (the app's adapter adds the token and headers). */
export interface BaseTemplateServer {
  list(tableId: string): Promise<ServerTemplate[]>;
  create(template: Omit<DeviceTemplate, 'revision'>): Promise<ServerTemplate>;
  save(id: string, body: { name: string; content: string; lastVersion: number }): Promise<ServerTemplate>;
}

export interface BaseTemplateDevice {
  list(tableId: string): Promise<DeviceTemplate[]>;
  create(template: Omit<DeviceTemplate, 'revision'>): Promise<DeviceTemplate>;
  save(id: string, patch: { name: string; content: string }, revision: number): Promise<DeviceTemplate>;
  remove(id: string): Promise<void>;
}

/** What both sides last agreed on for one template. */
interface SyncMark {
  version: number;
  revision: number;
}

interface SyncMarks {
  get(id: string): SyncMark | undefined;
  set(id: string, mark: SyncMark): void;
  delete(id: string): void;
}

export interface SyncReport {
  pulled: number;
  pushed: number;
  created: number;
  removed: number;
  /** Templates both sides changed: the device's copy was kept as this new template. */
  conflicts: string[];
  /** Writes the server refused (a locked table, a stale version…); retried on the next pass. */
  errors: QuireError[];
}

export const DEVICE_COPY_SUFFIX = ' (this device)';

export async function syncBaseTemplates(options: {
  baseId: string;
  tableId: string;
  server: BaseTemplateServer;
  device: BaseTemplateDevice;
  marks: SyncMarks;
  /** Writes are skipped (the table is locked): only the server's changes come down. */
  readOnly?: boolean;
}): Promise<SyncReport> {
  const { baseId, tableId, server, device, marks } = options;
  const report: SyncReport = { pulled: 0, pushed: 0, created: 0, removed: 0, conflicts: [], errors: [] };
  // A failure to list is the caller's (offline: the device's copies are what there is).
  const remote = (await server.list(tableId)).filter((t) => t.baseId === baseId && t.tableId === tableId);
  const local = (await device.list(tableId)).filter((t) => t.baseId === baseId);
  const localById = new Map(local.map((t) => [t.id, t]));
  const remoteIds = new Set(remote.map((t) => t.id));

  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      report.errors.push(toQuireError(error, 'TemplateUpdateError'));
    }
  };
  const push = async (row: DeviceTemplate) => {
    const created = await server.create({ ...row, baseId, tableId });
    marks.set(row.id, { version: created.version, revision: row.revision });
    report.created += 1;
  };

  for (const theirs of remote) {
    const mine = localById.get(theirs.id);
    const mark = marks.get(theirs.id);
    if (!mine) {
      const made = await device.create({
        id: theirs.id,
        name: theirs.name,
        content: theirs.content,
        type: theirs.type,
        category: theirs.category === 2 ? 2 : 1,
        baseId,
        tableId,
      });
      marks.set(theirs.id, { version: theirs.version, revision: made.revision });
      report.pulled += 1;
      continue;
    }
    const mineMoved = !mark || mine.revision !== mark.revision;
    const theirsMoved = !mark || theirs.version !== mark.version;
    const same = mine.name === theirs.name && mine.content === theirs.content;
    if (same) {
      marks.set(theirs.id, { version: theirs.version, revision: mine.revision });
      continue;
    }
    if (theirsMoved && !mineMoved) {
      const saved = await device.save(mine.id, { name: theirs.name, content: theirs.content }, mine.revision);
      marks.set(theirs.id, { version: theirs.version, revision: saved.revision });
      report.pulled += 1;
    } else if (mineMoved && !theirsMoved) {
      if (options.readOnly) continue;
      await attempt(async () => {
        const saved = await server.save(mine.id, {
          name: mine.name,
          content: mine.content,
          lastVersion: theirs.version,
        });
        marks.set(mine.id, { version: saved.version, revision: mine.revision });
        report.pushed += 1;
      });
    } else {
      // Both changed since they last agreed: keep this device's work beside the server's.
      const copy = await device.create({
        id: `${mine.id}-${mine.revision}-${theirs.version}`,
        name: `${mine.name}${DEVICE_COPY_SUFFIX}`,
        content: mine.content,
        type: mine.type,
        category: mine.category,
        baseId,
        tableId,
      });
      const saved = await device.save(mine.id, { name: theirs.name, content: theirs.content }, mine.revision);
      marks.set(mine.id, { version: theirs.version, revision: saved.revision });
      report.conflicts.push(copy.id);
      if (!options.readOnly) await attempt(() => push(copy));
    }
  }

  for (const mine of local) {
    if (remoteIds.has(mine.id) || report.conflicts.includes(mine.id)) continue;
    const mark = marks.get(mine.id);
    if (mark && mark.revision === mine.revision) {
      // Agreed once and deleted on the server since (by another device): gone here too.
      await device.remove(mine.id);
      marks.delete(mine.id);
      report.removed += 1;
      continue;
    }
    if (!options.readOnly) await attempt(() => push(mine));
  }
  return report;
}

/** Marks kept in a key/value store (localStorage in the app), one entry per template. */
export function storedMarks(store: {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}): SyncMarks {
  const key = (id: string) => `quire.hostTemplateSync.${id}`;
  return {
    get(id) {
      try {
        const value = JSON.parse(store.getItem(key(id)) ?? 'null') as Partial<SyncMark> | null;
        return value && typeof value.version === 'number' && typeof value.revision === 'number'
          ? { version: value.version, revision: value.revision }
          : undefined;
      } catch {
        return undefined;
      }
    },
    set: (id, mark) => store.setItem(key(id), JSON.stringify(mark)),
    delete: (id) => store.removeItem(key(id)),
  };
}
