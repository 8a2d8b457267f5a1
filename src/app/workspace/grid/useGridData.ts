import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { parseRecordId, type RecordRow, type Storage, type TableField } from '../../../storage';
import { cellText, isLink, linkIds } from './cells';

interface RecordIds {
  ids: string[];
  /**
   * Records in the table, once the whole id list has loaded (`complete`); until then the number of
   * ids known so far.
   */
  total: number;
  /** False while only the first page is known. */
  complete: boolean;
}

/** Rows shown before the full id list has loaded (more than a tall screen holds). */
const FIRST_PAGE = 100;

/**
 * Records of a table's first page, read by `useRecordIds` and handed to the grid's window cache so
 * the first rows need no second read. Keyed by storage, then table; taken once.
 */
const firstPages = new WeakMap<Storage, Map<string, RecordRow[]>>();

function takeFirstPage(storage: Storage, ids: readonly string[]): RecordRow[] {
  const pages = firstPages.get(storage);
  if (!pages) return [];
  for (const [tableId, rows] of pages) {
    if (rows[0] && rows[0].id === ids[0]) {
      pages.delete(tableId);
      return rows;
    }
  }
  return [];
}

/** Runs `task` after the next paint (or soon, where frames do not run: hidden tabs). */
function afterPaint(task: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => setTimeout(run, 0)) : 0;
  const fallback = setTimeout(run, 100);
  return () => {
    done = true;
    if (frame) cancelAnimationFrame(frame);
    clearTimeout(fallback);
  };
}

/**
 * The record ids of a table in grid order. The first page comes first — one index row and one
 * block — and shows at once; the whole id list (keys only, ~100,000 ids to deserialise at 100,000
 * rows) is read after that page has painted, so it never delays the first rows. Reloaded when
 * records are added or removed — here or in another tab — but not on cell edits, which never
 * change the order.
 */
export function useRecordIds(storage: Storage, tableId: string): RecordIds | undefined {
  const [state, setState] = useState<RecordIds>();
  useEffect(() => {
    let alive = true;
    let version = 0;
    let complete = false;
    let cancelWait = () => {};
    const load = () => {
      const mine = ++version;
      void storage.records.orderedIds(tableId).then((ids) => {
        complete = true;
        if (alive && mine === version) setState({ ids, total: ids.length, complete: true });
      });
    };
    setState(undefined);
    void storage.records.page(tableId, 0, FIRST_PAGE).then(
      (rows) => {
        if (!alive || complete) return;
        let pages = firstPages.get(storage);
        if (!pages) firstPages.set(storage, (pages = new Map()));
        pages.set(tableId, rows);
        // A short page is the whole table; otherwise the full id list follows once this has painted.
        if (rows.length < FIRST_PAGE) complete = true;
        else
          cancelWait = afterPaint(() => {
            if (alive && !complete) load();
          });
        const ids = rows.map((r) => r.id);
        setState({ ids, total: ids.length, complete });
      },
      () => {
        if (alive && !complete) load();
      },
    );
    const unsubscribe = storage.changes.subscribe((change) => {
      // Records live in block stores whose names the storage layer owns; any store named like them counts.
      const touchesRecords = change.stores.some((store) => /^record/i.test(String(store)));
      if (!touchesRecords) return;
      // A first page not yet taken by the grid may hold the values before this change.
      firstPages.get(storage)?.delete(tableId);
      if (change.action === 'record.update' || change.action === 'record.attach') return;
      // A child added from the side panel lands in another table: this table's order is unchanged.
      if (
        change.keys?.length &&
        change.keys.every((key) => parseRecordId(key)?.tableId !== undefined && parseRecordId(key)?.tableId !== tableId)
      )
        return;
      cancelWait();
      load();
    });
    return () => {
      alive = false;
      cancelWait();
      firstPages.get(storage)?.delete(tableId);
      unsubscribe();
    };
  }, [storage, tableId]);
  return state;
}

/** Read access to the records the grid has loaded; a new object whenever any of them changed. */
interface LoadedRecords {
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
  // The first page read with the ids is already here: the first rows need no second read.
  const [primed] = useState(() => new Map(takeFirstPage(storage, allIds).map((row) => [row.id, row])));
  const cache = useRef(primed);
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

  // Changed rows stay readable until their new version is here. Evicting them first left a gap in
  // which a double-click or an edit found no record and did nothing (a link picker that never opened).
  const refresh = useCallback(
    async (changed?: readonly string[]) => {
      const ids = changed ?? [...cache.current.keys()];
      const wanted = changed ? ids.filter((id) => cache.current.has(id) || windowRef.current.includes(id)) : ids;
      if (wanted.length === 0) return void fetchMissing();
      const rows = await storage.records.getMany(wanted);
      const found = new Map(rows.map((row) => [row.id, row]));
      for (const id of wanted) {
        const row = found.get(id);
        if (row) cache.current.set(id, row);
        else cache.current.delete(id);
      }
      setVersion((v) => v + 1);
      void fetchMissing();
    },
    [storage, fetchMissing],
  );

  useEffect(
    () =>
      storage.changes.subscribe((change) => {
        if (!change.stores.some((store) => /^record/i.test(String(store)))) return;
        void refresh(change.keys && change.action.startsWith('record.') ? change.keys : undefined);
      }),
    [storage, refresh],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reader per loaded version re-renders the grid
  return useMemo(() => ({ get: (id: string) => cache.current.get(id) }), [version]);
}

/** Display text of the records linked from the visible rows: linked id → its primary field's text. */
export function useLinkedTitles(
  storage: Storage,
  fields: readonly TableField[],
  records: readonly (RecordRow | undefined)[],
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
          titles.current.set(row.id, primary ? cellText(primary, row.values[primary.id]) || row.id : row.id);
        }
      }
      if (alive) setVersion((v) => v + 1);
    })();
    return () => {
      alive = false;
    };
  }, [storage, missingKey]);

  useEffect(
    () =>
      storage.changes.subscribe((change) => {
        if (!change.stores.some((store) => /^record|dataTables/i.test(String(store)))) return;
        // Forget only the titles a change names, so other chips keep their text instead of flashing.
        const named = change.stores.every((store) => /^record/i.test(String(store))) ? change.keys : undefined;
        if (named?.length) for (const key of named) titles.current.delete(key);
        else titles.current.clear();
        setVersion((v) => v + 1);
      }),
    [storage],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new snapshot per loaded version
  return useMemo(() => new Map(titles.current), [version]);
}
