import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RecordRow, Storage, TableField } from '../../../storage';
import { cellText, isLink, linkIds } from './cells';

export interface RecordIds {
  ids: string[];
  /** Records in the table; more than `ids.length` while only the first page is known. */
  total: number;
}

/** Rows shown before the full id list has loaded. */
const FIRST_PAGE = 100;

/**
 * The record ids of a table in grid order. The first page and the count come first, so rows show
 * before the whole id list (keys only, still cheap at 100,000 rows) has loaded. Reloaded when
 * records are added or removed — here or in another tab — but not on cell edits, which never change
 * the order.
 */
export function useRecordIds(storage: Storage, tableId: string): RecordIds | undefined {
  const [state, setState] = useState<RecordIds>();
  useEffect(() => {
    let alive = true;
    let version = 0;
    let complete = false;
    const load = () => {
      const mine = ++version;
      void storage.records.orderedIds(tableId).then((ids) => {
        complete = true;
        if (alive && mine === version) setState({ ids, total: ids.length });
      });
    };
    setState(undefined);
    void Promise.all([storage.records.count(tableId), storage.records.page(tableId, 0, FIRST_PAGE)]).then(
      ([total, rows]) => {
        if (alive && !complete) setState({ ids: rows.map((r) => r.id), total });
      },
    );
    load();
    const unsubscribe = storage.changes.subscribe((change) => {
      // Records live in block stores whose names the storage layer owns; any store named like them counts.
      const touchesRecords = change.stores.some((store) => /^record/i.test(String(store)));
      if (!touchesRecords || change.action === 'record.update' || change.action === 'record.attach') return;
      load();
    });
    return () => {
      alive = false;
      unsubscribe();
    };
  }, [storage, tableId]);
  return state;
}

/** Read access to the records the grid has loaded; a new object whenever any of them changed. */
export interface LoadedRecords {
  get(id: string): RecordRow | undefined;
}

const CACHE_LIMIT = 5000;
/** Rows read ahead on each side of the visible window. */
const PREFETCH = 200;

/**
 * The records of the visible window. Rows are fetched by id only when missing from a cache, so
 * scrolling costs one small read per new window; cached rows show at once. Changes — this tab's or
 * another's, announced on the storage change bus — evict the rows they name and refetch the window.
 */
export function useWindowRecords(
  storage: Storage,
  allIds: readonly string[],
  first: number,
  last: number,
): LoadedRecords {
  const cache = useRef(new Map<string, RecordRow>());
  const [version, setVersion] = useState(0);
  const windowIds = allIds.slice(Math.max(0, first), last + 1);
  const windowRef = useRef(windowIds);
  windowRef.current = windowIds;
  const rangeRef = useRef({ allIds, first, last });
  rangeRef.current = { allIds, first, last };
  const key = windowIds.join('|');

  const fetchMissing = useCallback(
    async (force = false) => {
      if (!force && windowRef.current.every((id) => cache.current.has(id))) return;
      // Read ahead a page around the window, so the next scroll frames find their rows cached.
      const { allIds: all, first: from, last: to } = rangeRef.current;
      const lo = Math.max(0, Math.floor((from - PREFETCH) / PREFETCH) * PREFETCH);
      const hi = Math.min(all.length, Math.ceil((to + PREFETCH) / PREFETCH) * PREFETCH);
      const ids = all.slice(lo, hi).filter((id) => force || !cache.current.has(id));
      if (ids.length === 0) return;
      const rows = await storage.records.getMany(ids);
      for (const id of ids) cache.current.delete(id);
      for (const row of rows) cache.current.set(row.id, row);
      if (cache.current.size > CACHE_LIMIT) {
        const keep = new Set(windowRef.current);
        for (const id of cache.current.keys()) if (!keep.has(id)) cache.current.delete(id);
      }
      setVersion((v) => v + 1);
    },
    [storage],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the window's content
  useEffect(() => {
    void fetchMissing();
  }, [key, fetchMissing]);

  useEffect(
    () =>
      storage.changes.subscribe((change) => {
        if (!change.stores.some((store) => /^record/i.test(String(store)))) return;
        if (change.keys && change.action.startsWith('record.')) for (const id of change.keys) cache.current.delete(id);
        else cache.current.clear();
        void fetchMissing();
      }),
    [storage, fetchMissing],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reader per loaded version re-renders the grid
  return useMemo(() => ({ get: (id: string) => cache.current.get(id) }), [version]);
}

/** Display text of the records linked from the visible rows: linked id → its primary field's text. */
export function useLinkedTitles(
  storage: Storage,
  fields: readonly TableField[],
  records: readonly (RecordRow | undefined)[],
  locale: string,
): ReadonlyMap<string, string> {
  const titles = useRef(new Map<string, string>());
  const [version, setVersion] = useState(0);
  const wanted = new Map<string, string[]>();
  for (const field of fields) {
    const tableId = field.property?.tableId;
    if (!isLink(field) || typeof tableId !== 'string') continue;
    const list = wanted.get(tableId) ?? [];
    for (const record of records)
      for (const id of linkIds(record?.values[field.id])) if (!titles.current.has(id)) list.push(id);
    wanted.set(tableId, list);
  }
  const missingKey = [...wanted].map(([t, ids]) => `${t}:${ids.join(',')}`).join(';');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `missingKey` stands for `wanted`
  useEffect(() => {
    if (!missingKey.includes(':') || [...wanted.values()].every((ids) => ids.length === 0)) return;
    let alive = true;
    void (async () => {
      for (const [tableId, ids] of wanted) {
        if (ids.length === 0) continue;
        const table = await storage.tables.get(tableId);
        const primary = table?.fields.find((f) => f.isPrimary) ?? table?.fields[0];
        for (const row of await storage.records.getMany([...new Set(ids)])) {
          titles.current.set(row.id, primary ? cellText(primary, row.values[primary.id], locale) || row.id : row.id);
        }
      }
      if (alive) setVersion((v) => v + 1);
    })();
    return () => {
      alive = false;
    };
  }, [storage, missingKey, locale]);

  useEffect(
    () =>
      storage.changes.subscribe((change) => {
        if (!change.stores.some((store) => /^record|dataTables/i.test(String(store)))) return;
        titles.current.clear();
        setVersion((v) => v + 1);
      }),
    [storage],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new snapshot per loaded version
  return useMemo(() => new Map(titles.current), [version]);
}
