/**
 * The write-ahead journal's durable half: a tiny IndexedDB database of its own (`quire-journal`),
 * written in the same task as the keystroke or the grid commit, before the real write.
 *
 * Why IndexedDB and not only localStorage: Chromium keeps localStorage writes in the browser
 * process and commits them to disk seconds later, so a killed browser loses them (measured: 0 of 3
 * values survived a SIGKILL one second after `setItem`); an IndexedDB transaction that completed is
 * on disk (3 of 3). localStorage still covers a closed or crashed tab, where the browser lives on.
 *
 * Why a database of its own: a readwrite transaction waits behind every earlier one on the same
 * stores; the main database may be busy with a large record block or an import, and the journal
 * must not queue behind it. No Dexie either: its transactions start a task later.
 */

const STORE = 'entries';

export interface JournalRecord<T = unknown> {
  key: string;
  value: T;
}

export interface DurableJournal {
  /** Write now (the transaction is issued and committed in this task); never throws. */
  put(key: string, value: unknown): void;
  /**
   * Remove `key`; with `isStale`, only when it says the journalled value is one storage now holds.
   * With `tombstone`, the entry is replaced by what it returns instead (a mark that outlives the entry).
   */
  remove(key: string, isStale?: (value: unknown) => boolean, tombstone?: (value: unknown) => unknown): void;
  /** Every entry whose key starts with `prefix`. */
  entries<T = unknown>(prefix: string): Promise<JournalRecord<T>[]>;
  /** Resolves when every write issued so far has committed (or failed). */
  settled(): Promise<void>;
}

type Factory = Pick<IDBFactory, 'open'>;
/** The IndexedDB implementation: the browser's, or fake-indexeddb in tests. */
interface JournalBackend {
  indexedDB: Factory;
  IDBKeyRange: Pick<typeof IDBKeyRange, 'bound'>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export function openDurableJournal(name = 'quire-journal', backend?: JournalBackend): DurableJournal {
  const idb = backend?.indexedDB ?? (globalThis as { indexedDB?: Factory }).indexedDB;
  const keyRange = backend?.IDBKeyRange ?? (globalThis as { IDBKeyRange?: JournalBackend['IDBKeyRange'] }).IDBKeyRange;
  let db: IDBDatabase | undefined;
  let last: Promise<void> = Promise.resolve();
  const opening: Promise<IDBDatabase | undefined> = (async () => {
    if (!idb) return undefined;
    try {
      const req = idb.open(name, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE);
      db = await request(req);
      // Another tab upgrading this database (a later version) must not be blocked by this one.
      db.onversionchange = () => db?.close();
      return db;
    } catch {
      return undefined;
    }
  })();

  /** Run `body` in a readwrite transaction, now when the database is open, else once it is. */
  const run = (body: (store: IDBObjectStore) => void, commitNow: boolean) => {
    const start = (database: IDBDatabase | undefined) => {
      if (!database) return Promise.resolve();
      try {
        const tx = database.transaction(STORE, 'readwrite', { durability: 'relaxed' });
        body(tx.objectStore(STORE));
        const done = new Promise<void>((resolve) => {
          tx.oncomplete = () => resolve();
          tx.onerror = () => resolve();
          tx.onabort = () => resolve();
        });
        // Committed at once rather than at the end of the task: the browser may die any moment. (A
        // removal reads first, and a committed transaction takes no more requests.)
        if (commitNow) tx.commit?.();
        return done;
      } catch {
        // A closed connection or a full disk: localStorage and the pending buffer still hold the data.
        return Promise.resolve();
      }
    };
    const done = db ? start(db) : opening.then(start);
    last = Promise.all([last, done]).then(() => undefined);
  };

  return {
    put(key, value) {
      run((store) => store.put(value, key), true);
    },
    remove(key, isStale, tombstone) {
      run((store) => {
        const get = store.get(key);
        get.onsuccess = () => {
          const value: unknown = get.result;
          if (value === undefined || (isStale && !isStale(value))) return;
          if (tombstone) store.put(tombstone(value), key);
          else store.delete(key);
        };
      }, false);
    },
    async entries<T>(prefix: string) {
      const database = await opening;
      if (!database || !keyRange) return [];
      try {
        const store = database.transaction(STORE, 'readonly').objectStore(STORE);
        const range = keyRange.bound(prefix, `${prefix}\uffff`);
        const [keys, values] = await Promise.all([request(store.getAllKeys(range)), request(store.getAll(range))]);
        return keys.map((key, i) => ({ key: String(key), value: values[i] as T }));
      } catch {
        return [];
      }
    },
    settled: () => last,
  };
}

let shared: DurableJournal | undefined;

/** The tab's journal, opened on first use (early: the first keystroke should find it open). */
export function durableJournal(): DurableJournal {
  shared ??= openDurableJournal();
  return shared;
}
