/**
 * The base host through the bridge: the current table's fields (100 at most), one record as a
 * print source of kind 'table' — the same raw shape local records take, so the render worker maps
 * host data exactly like local data — and the selection, read every 500 ms while visible.
 */
import { isLinkField, linkedRecordIds } from '../core/data/table/convert';
import type { TableField } from '../core/data/table/types';
import { QuireError } from '../core/errors';
import type { RecordLinks } from '../core/print/input';
import type { PrintSource } from '../core/print/sources';
import type { Clock, HostBridge } from './bridge';
import { realClock } from './bridge';
import { FIELD_LIMIT, type HostField, type HostRecord, RECORDS_PER_REQUEST, type Selection } from './protocol';

export type Bridge = Pick<HostBridge, 'request'>;

export interface HostTable {
  id: string;
  name: string;
  fields: HostField[];
}

/** Spec 000 §9: the selected record is read every 500 ms while the page is visible. */
export const SELECTION_POLL_MS = 500;

export async function loadHostTable(bridge: Bridge, baseId: string | null, tableId: string): Promise<HostTable> {
  const [tables, fields] = await Promise.all([
    bridge.request('base.getTables', { baseId }),
    bridge.request('base.getFieldMetaList', { baseId, tableId, limit: FIELD_LIMIT }),
  ]);
  const table = tables.find((t) => t.id === tableId);
  if (!table) throw new QuireError('InvalidBaseTableSelection', { detail: `table ${tableId} is not in the base` });
  // A host that ignores `limit` still gets the spec's cap.
  return { id: table.id, name: table.name, fields: fields.slice(0, FIELD_LIMIT) };
}

/** The first record ids of a view (the picker offers these), in the host's order. */
export function hostRecordIds(
  bridge: Bridge,
  baseId: string | null,
  tableId: string,
  viewId: string | null,
  limit = 50,
) {
  return bridge.request('base.getRecordIds', { baseId, tableId, viewId, limit });
}

export async function hostRecords(
  bridge: Bridge,
  baseId: string | null,
  tableId: string,
  recordIds: readonly string[],
): Promise<HostRecord[]> {
  const out: HostRecord[] = [];
  for (let i = 0; i < recordIds.length; i += RECORDS_PER_REQUEST) {
    const chunk = recordIds.slice(i, i + RECORDS_PER_REQUEST);
    out.push(...(await bridge.request('base.getRecords', { baseId, tableId, recordIds: chunk })));
  }
  return out;
}

/** What a host record's print source carries besides its data, as a local record's does. */
interface HostSourceOptions {
  /** Links a QR code can encode for the record (the app's own record URLs). */
  linksFor?: (tableId: string, recordId: string) => RecordLinks;
  /** Bytes of an image attachment by its URL; undefined leaves that image to the renderer's loader. */
  readImage?: (url: string) => Promise<Uint8Array | undefined>;
}

/** Image attachments only: the renderers place images; other attachments print as their names. */
function imageUrlsOf(records: ReadonlyArray<HostRecord>): string[] {
  const urls = new Set<string>();
  for (const record of records)
    for (const cell of Object.values(record.fields)) {
      if (!Array.isArray(cell)) continue;
      for (const item of cell) {
        if (!item || typeof item !== 'object') continue;
        const { url, type, mime } = item as Record<string, unknown>;
        const kind = typeof type === 'string' ? type : typeof mime === 'string' ? mime : '';
        if (typeof url === 'string' && url && kind.startsWith('image/')) urls.add(url);
      }
    }
  return [...urls];
}

/** The table a link field names (`property.tableId`); none for other fields or a link without it. */
function linkedTableOf(field: HostField): string | undefined {
  const tableId = field.property?.tableId;
  return isLinkField(field as TableField) && typeof tableId === 'string' ? tableId : undefined;
}

/**
 * One host record as a print source, with the records its link fields name (read from the linked
 * tables through the bridge), its links and its images' bytes — everything a local record's source
 * carries. A record the host no longer has is a catalogued NoData.
 */
export async function hostRecordSource(
  bridge: Bridge,
  baseId: string | null,
  table: HostTable,
  recordId: string,
  options: HostSourceOptions = {},
): Promise<PrintSource> {
  const [record] = await hostRecords(bridge, baseId, table.id, [recordId]);
  if (!record) throw new QuireError('NoData', { detail: `record ${recordId}` });
  const linkedTables: Array<HostTable & { records: HostRecord[] }> = [];
  for (const field of table.fields) {
    const linkedTableId = linkedTableOf(field);
    const ids = linkedRecordIds(record.fields[field.id]);
    if (!linkedTableId || ids.length === 0) continue;
    if (linkedTables.some((t) => t.id === linkedTableId)) continue;
    const linked = await loadHostTable(bridge, baseId, linkedTableId);
    linkedTables.push({ ...linked, records: await hostRecords(bridge, baseId, linkedTableId, ids) });
  }
  const assets: Record<string, Uint8Array> = {};
  if (options.readImage)
    for (const url of imageUrlsOf([record, ...linkedTables.flatMap((t) => t.records)])) {
      // An image that cannot be read here is left to the renderer, which prints nothing for it offline.
      const bytes = await options.readImage(url).catch(() => undefined);
      if (bytes) assets[url] = bytes;
    }
  return {
    kind: 'table',
    table: { id: table.id, name: table.name, fields: table.fields },
    record,
    linkedTables,
    assets,
    ...(options.linksFor ? { links: options.linksFor(table.id, recordId) } : {}),
  };
}

/**
 * The tables a table's link fields name (each once), so an editor can offer linked fields and list
 * loops of a host table as it does for a local one. A linked table the host cannot list is left out.
 */
export async function loadLinkedTables(bridge: Bridge, baseId: string | null, table: HostTable): Promise<HostTable[]> {
  const ids = new Set<string>();
  for (const field of table.fields) {
    const linkedTableId = linkedTableOf(field);
    if (linkedTableId && linkedTableId !== table.id) ids.add(linkedTableId);
  }
  const tables = await Promise.all(
    [...ids].map((id) => loadHostTable(bridge, baseId, id).catch((): HostTable | undefined => undefined)),
  );
  return tables.filter((t): t is HostTable => t !== undefined);
}

function sameSelection(a: Selection | undefined, b: Selection): boolean {
  return (
    a !== undefined &&
    a.baseId === b.baseId &&
    a.tableId === b.tableId &&
    a.viewId === b.viewId &&
    a.recordId === b.recordId
  );
}

export interface VisibilitySource {
  isVisible(): boolean;
  /** Calls back on every visibility change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

interface SelectionFollower {
  /** A selection the host pushed (an event): applied at once, as if just read. */
  push(selection: Selection): void;
  stop(): void;
}

/**
 * Reads the selection now, then every `intervalMs` while visible (no reads while hidden; one read
 * at once when the page shows again). Reports changes only; a failed read is reported and the
 * next tick tries again. Reads never overlap.
 */
export function followSelection(options: {
  read: () => Promise<Selection>;
  onChange: (selection: Selection) => void;
  onError?: (error: unknown) => void;
  visibility: VisibilitySource;
  clock?: Clock;
  intervalMs?: number;
}): SelectionFollower {
  const clock = options.clock ?? realClock;
  const interval = options.intervalMs ?? SELECTION_POLL_MS;
  let last: Selection | undefined;
  let timer: unknown;
  let reading = false;
  let stopped = false;

  const apply = (selection: Selection) => {
    if (sameSelection(last, selection)) return;
    last = selection;
    options.onChange(selection);
  };

  function schedule() {
    if (stopped || timer !== undefined || !options.visibility.isVisible()) return;
    timer = clock.setTimeout(() => {
      timer = undefined;
      void tick();
    }, interval);
  }

  async function tick() {
    if (stopped || reading || !options.visibility.isVisible()) return;
    reading = true;
    try {
      apply(await options.read());
    } catch (error) {
      options.onError?.(error);
    } finally {
      reading = false;
      schedule();
    }
  }

  const unsubscribe = options.visibility.subscribe(() => {
    if (!options.visibility.isVisible()) {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    } else if (timer === undefined && !reading) void tick();
  });

  void tick();

  return {
    push: (selection) => {
      if (!stopped) apply(selection);
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Template categories (spec 000 §3): record view prints one record, board view a view's records. */
export const RECORD_VIEW = 1;
export const BOARD_VIEW = 2;
export type TemplateCategory = typeof RECORD_VIEW | typeof BOARD_VIEW;

/**
 * A new template's category from the host's selection (spec 000 §4): record view when a view and
 * a record are selected, else board view; the extension host always record view.
 */
export function categoryOf(
  selection: Selection | undefined,
  hostKind: 'base' | 'approval' | 'extension',
): TemplateCategory {
  if (hostKind === 'extension') return RECORD_VIEW;
  return selection?.viewId && selection.recordId ? RECORD_VIEW : BOARD_VIEW;
}
