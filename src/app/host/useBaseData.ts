/**
 * What the base screens read from the host, as React state: a table (fields capped at 100, the
 * 6 s field-list timeout), the records of the view the host shows, one record as a print source,
 * the table's edit lock (on the server when signed in to one, else in the base's meta table), the
 * table's templates (on this device, kept in line with the server's), and the records the editor's
 * live preview offers.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { QuireError } from '../../core/errors';
import type { PrintSource } from '../../core/print/sources';
import { type HostTable, hostRecordIds, hostRecords, loadHostTable, loadLinkedTables } from '../../host/base';
import { checkKey, openMetaTable, readMeta, writeMeta } from '../../host/metaTable';
import type { HostRecord } from '../../host/protocol';
import { readerOf } from '../../host/reader';
import type { TemplateRow } from '../../storage/types';
import { recordLabel } from '../services/binding';
import { hostPrintSource } from '../services/bindingHost';
import { provideHostRecords } from '../services/hostRecords';
import { saveHostTableSnapshot } from '../services/hostTables';
import type { BaseHost } from './baseContext';
import { baseServer } from './baseServer';
import { type HostTemplateSync, listHostTemplates, syncHostTemplates } from './hostTemplates';

/** Records listed on the table screen and offered by the preview's picker. */
const RECORDS_SHOWN = 50;

export type Loaded<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; error: unknown };

export function useHostTable(base: BaseHost, tableId: string): Loaded<HostTable> {
  const [state, setState] = useState<Loaded<HostTable>>({ status: 'loading' });
  const baseId = base.selection?.baseId ?? null;
  const { bridge } = base.connection;
  useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    loadHostTable(bridge, baseId, tableId).then(
      (value) => {
        // The editor offers these fields, and the linked tables' under their link fields (a host
        // table has no local row); best effort.
        void loadLinkedTables(bridge, baseId, value)
          .then((linked) =>
            saveHostTableSnapshot(value.id, {
              name: value.name,
              fields: value.fields,
              linked: Object.fromEntries(linked.map((t) => [t.id, { name: t.name, fields: t.fields }])),
            }),
          )
          .catch(() => undefined);
        if (alive) setState({ status: 'ready', value });
      },
      (error: unknown) => alive && setState({ status: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [bridge, baseId, tableId]);
  return state;
}

/** The first records of the view the host shows (of the table's first view when it shows another table). */
export function useViewRecords(base: BaseHost, table: HostTable | undefined): Loaded<HostRecord[]> {
  const [state, setState] = useState<Loaded<HostRecord[]>>({ status: 'loading' });
  const baseId = base.selection?.baseId ?? null;
  const viewId = base.selection?.tableId === table?.id ? (base.selection?.viewId ?? null) : null;
  const { bridge } = base.connection;
  useEffect(() => {
    if (!table) return;
    let alive = true;
    (async () => {
      const ids = await hostRecordIds(bridge, baseId, table.id, viewId, RECORDS_SHOWN);
      return hostRecords(bridge, baseId, table.id, ids);
    })().then(
      (value) => alive && setState({ status: 'ready', value }),
      (error: unknown) => alive && setState({ status: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [bridge, baseId, table, viewId]);
  return state;
}

/** One record (and the records its links name) as the print input's source, with its links and images. */
export function useRecordSource(
  base: BaseHost,
  table: HostTable | undefined,
  recordId: string | undefined,
): Loaded<PrintSource | undefined> {
  const [state, setState] = useState<Loaded<PrintSource | undefined>>({ status: 'loading' });
  const baseId = base.selection?.baseId ?? null;
  const { bridge } = base.connection;
  useEffect(() => {
    if (!table) return;
    if (!recordId) {
      setState({ status: 'ready', value: undefined });
      return;
    }
    let alive = true;
    setState({ status: 'loading' });
    hostPrintSource(bridge, baseId, table, recordId).then(
      (value) => alive && setState({ status: 'ready', value }),
      (error: unknown) => alive && setState({ status: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [bridge, baseId, table, recordId]);
  return state;
}

function editLockKey(tableId: string): string {
  return checkKey(`quire.editLock.${tableId.replace(/[^A-Za-z0-9._-]/g, '_')}`);
}

/**
 * The table's edit lock (spec 000 §7 `/api/print/base/{baseId}/config`: `editLock`). Signed in to
 * a Quire server, the server keeps it (every member reads it; only an admin changes it, a refusal
 * shown as a modal). Otherwise — or while the server cannot be reached — it lives in the base's
 * meta table, so it still holds on every device. A host without a meta table and no server has no
 * lock (`available` false).
 */
export function useEditLock(base: BaseHost, tableId: string) {
  const [locked, setLockedState] = useState<boolean | undefined>();
  const [available, setAvailable] = useState(false);
  const [source, setSource] = useState<'server' | 'meta' | undefined>();
  const [error, setError] = useState<unknown>();
  const baseId = base.selection?.baseId ?? null;
  const { token } = base;
  const { bridge } = base.connection;
  useEffect(() => {
    let alive = true;
    (async () => {
      const server = baseId && token ? baseServer(baseId) : undefined;
      if (server && token) {
        try {
          const config = await server.config(token, tableId);
          if (!alive) return;
          setSource('server');
          setAvailable(config.docManage);
          setLockedState(config.editLock);
          return;
        } catch {
          // Unreachable (offline): the base's own copy below.
        }
      }
      const meta = await openMetaTable(bridge, baseId);
      const value = await readMeta(bridge, baseId, meta, editLockKey(tableId));
      if (!alive) return;
      setSource('meta');
      setAvailable(!server);
      setLockedState(value === '1');
    })().catch(() => {
      if (!alive) return;
      setAvailable(false);
      setLockedState(false);
    });
    return () => {
      alive = false;
    };
  }, [bridge, baseId, tableId, token]);
  const setLocked = useCallback(
    async (next: boolean) => {
      try {
        const server = baseId && token ? baseServer(baseId) : undefined;
        if (source === 'server' && server && token) await server.setConfig(token, tableId, next);
        // The base's copy follows, so a device without the server (or offline) sees the same lock.
        const meta = await openMetaTable(bridge, baseId).catch(() => undefined);
        if (meta) await writeMeta(bridge, baseId, meta, editLockKey(tableId), next ? '1' : '0');
        else if (source !== 'server') throw new QuireError('MetaTableNotFound');
        setLockedState(next);
        setError(undefined);
      } catch (failure) {
        setError(failure);
      }
    },
    [bridge, baseId, tableId, token, source],
  );
  const clearError = useCallback(() => setError(undefined), []);
  return { locked, available, source, setLocked, error, clearError };
}

type TemplatesState = {
  rows: TemplateRow[] | undefined;
  error: unknown;
  sync: HostTemplateSync | undefined;
  reload: () => void;
};

/**
 * The table's templates on this device, then — signed in to a server — brought in line with the
 * server's and listed again. Again when the network comes back.
 */
export function useHostTemplates(base: BaseHost, tableId: string, readOnly: boolean | undefined): TemplatesState {
  const [rows, setRows] = useState<TemplateRow[] | undefined>();
  const [error, setError] = useState<unknown>();
  const [sync, setSync] = useState<HostTemplateSync | undefined>();
  const [round, setRound] = useState(0);
  const baseId = base.selection?.baseId ?? '';
  const { token } = base;
  useEffect(() => {
    const again = () => setRound((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` asks for another pass
  useEffect(() => {
    let alive = true;
    (async () => {
      const list = () => listHostTemplates(tableId);
      setRows(await list());
      // The lock is not known yet: wait for it before writing anything to the server.
      if (!token || !baseId || readOnly === undefined) return;
      const result = await syncHostTemplates({ baseId, tableId, token, readOnly });
      if (!alive) return;
      setSync(result);
      if (result.status === 'synced') setRows(await list());
    })().catch((failure: unknown) => alive && setError(failure));
    return () => {
      alive = false;
    };
  }, [baseId, tableId, token, readOnly, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { rows, error, sync, reload };
}

/**
 * The editor's live preview prints the host's records: while the editor of a host table is open,
 * its records (the view's first ones, the host's selected one chosen first) come through the bridge.
 */
export function useRecordsForEditor(base: BaseHost, tableId: string | undefined): boolean {
  const [ready, setReady] = useState<string | undefined>();
  const latest = useRef(base);
  latest.current = base;
  const baseId = base.selection?.baseId ?? null;
  const { bridge } = base.connection;
  useEffect(() => {
    if (!tableId) return;
    let table: Promise<HostTable> | undefined;
    const tableOf = () => {
      table ??= loadHostTable(bridge, baseId, tableId);
      return table;
    };
    const remove = provideHostRecords(tableId, {
      async records() {
        const loaded = await tableOf();
        const selection = latest.current.selection;
        const shown = selection?.tableId === tableId;
        const selectedId = shown ? (selection?.recordId ?? undefined) : undefined;
        const ids = await hostRecordIds(
          bridge,
          baseId,
          tableId,
          shown ? (selection?.viewId ?? null) : null,
          RECORDS_SHOWN,
        );
        if (selectedId && !ids.includes(selectedId)) ids.unshift(selectedId);
        const rows = await hostRecords(bridge, baseId, tableId, ids);
        return {
          records: rows.map((record) => ({ id: record.recordId, label: recordLabel(loaded, record) })),
          ...(selectedId ? { selectedId } : {}),
          reader: readerOf(latest.current.connection.hello.user),
        };
      },
      async source(recordId) {
        return hostPrintSource(bridge, baseId, await tableOf(), recordId);
      },
    });
    setReady(tableId);
    return () => {
      remove();
      setReady(undefined);
    };
  }, [bridge, baseId, tableId]);
  return !tableId || ready === tableId;
}
