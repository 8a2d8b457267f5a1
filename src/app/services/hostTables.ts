/**
 * The fields of a host's table as last read through the bridge, kept on the device so the
 * template editor can offer them (a host table has no local row; its records stay in the host).
 */
import type { Storage } from '../../storage';
import { getStorage } from './storage';

interface SnapshotField {
  id: string;
  name: string;
  type: string;
  /** A link field's `tableId` names the table it links to. */
  property?: Record<string, unknown>;
}

export interface HostTableSnapshot {
  name: string;
  fields: SnapshotField[];
  /** The tables its link fields name, by id: their fields become the link's children in the editor. */
  linked?: Record<string, { name: string; fields: SnapshotField[] }>;
}

const key = (tableId: string) => `host.table:${tableId}`;

export async function saveHostTableSnapshot(tableId: string, snapshot: HostTableSnapshot): Promise<void> {
  const storage = await getStorage();
  await storage.settings.set(key(tableId), snapshot);
}

/** The snapshot kept for a host's table (read from `storage`, else the tab's storage). */
export async function loadHostTableSnapshot(tableId: string, from?: Storage): Promise<HostTableSnapshot | null> {
  const storage = from ?? (await getStorage());
  return storage.settings.get<HostTableSnapshot | null>(key(tableId), null);
}
