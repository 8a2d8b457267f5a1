/**
 * The fields of a host's table as last read through the bridge, kept on the device so the
 * template editor can offer them (a host table has no local row; its records stay in the host).
 */
import { getStorage } from './storage';

export interface HostTableSnapshot {
  name: string;
  fields: Array<{ id: string; name: string; type: string }>;
}

const key = (tableId: string) => `host.table:${tableId}`;

export async function saveHostTableSnapshot(tableId: string, snapshot: HostTableSnapshot): Promise<void> {
  const storage = await getStorage();
  await storage.settings.set(key(tableId), snapshot);
}

export async function loadHostTableSnapshot(tableId: string): Promise<HostTableSnapshot | null> {
  const storage = await getStorage();
  return storage.settings.get<HostTableSnapshot | null>(key(tableId), null);
}
