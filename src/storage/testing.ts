/** Test helpers: a fresh in-memory IndexedDB per test (fake-indexeddb), so tests never share state. */
import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { type OpenStorageOptions, openStorage, type Storage } from './storage';

// Dexie's liveQuery stays silent unless a global IndexedDB was found when Dexie loaded (Node has none).
if (!Dexie.dependencies.indexedDB) {
  Dexie.dependencies.indexedDB = new IDBFactory();
  Dexie.dependencies.IDBKeyRange = IDBKeyRange;
}

let counter = 0;

export function freshIndexedDB(): { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange } {
  return { indexedDB: new IDBFactory(), IDBKeyRange };
}

export function openTestStorage(options: OpenStorageOptions = {}): Promise<Storage> {
  counter += 1;
  return openStorage({ ...freshIndexedDB(), channelName: `quire-test-${process.pid}-${counter}`, ...options });
}
