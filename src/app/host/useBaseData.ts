/**
 * What the base screens read from the host, as React state: a table (fields capped at 100, the
 * 6 s field-list timeout), the records of the view the host shows, one record as a print source,
 * the table's edit lock (kept in the base's meta table, so it holds on every device).
 */
import { useCallback, useEffect, useState } from 'react';
import type { PrintSource } from '../../core/print/sources';
import { type HostTable, hostRecordIds, hostRecordSource, hostRecords, loadHostTable } from '../../host/base';
import { checkKey, openMetaTable, readMeta, writeMeta } from '../../host/metaTable';
import type { HostRecord } from '../../host/protocol';
import { saveHostTableSnapshot } from '../services/hostTables';
import type { BaseHost } from './baseContext';

/** Records listed on the table screen and offered by the preview's picker. */
export const RECORDS_SHOWN = 50;

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
        // The editor offers these fields (a host table has no local row); best effort.
        void saveHostTableSnapshot(value.id, { name: value.name, fields: value.fields }).catch(() => undefined);
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

/** One record (and the records its links name) as the print input's source. */
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
    hostRecordSource(bridge, baseId, table, recordId).then(
      (value) => alive && setState({ status: 'ready', value }),
      (error: unknown) => alive && setState({ status: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [bridge, baseId, table, recordId]);
  return state;
}

export function editLockKey(tableId: string): string {
  return checkKey(`quire.editLock.${tableId.replace(/[^A-Za-z0-9._-]/g, '_')}`);
}

/**
 * The table's edit lock (spec 000 §7 edit-lock config: `editLock`): without a server it lives in
 * the base's meta table. A host without a meta table has no lock (`available` false).
 */
export function useEditLock(base: BaseHost, tableId: string) {
  const [locked, setLockedState] = useState<boolean | undefined>();
  const [available, setAvailable] = useState(false);
  const [error, setError] = useState<unknown>();
  const baseId = base.selection?.baseId ?? null;
  const { bridge } = base.connection;
  useEffect(() => {
    let alive = true;
    (async () => {
      const meta = await openMetaTable(bridge, baseId);
      const value = await readMeta(bridge, baseId, meta, editLockKey(tableId));
      if (!alive) return;
      setAvailable(true);
      setLockedState(value === '1');
    })().catch(() => {
      if (!alive) return;
      setAvailable(false);
      setLockedState(false);
    });
    return () => {
      alive = false;
    };
  }, [bridge, baseId, tableId]);
  const setLocked = useCallback(
    async (next: boolean) => {
      try {
        const meta = await openMetaTable(bridge, baseId);
        await writeMeta(bridge, baseId, meta, editLockKey(tableId), next ? '1' : '0');
        setLockedState(next);
        setError(undefined);
      } catch (failure) {
        setError(failure);
      }
    },
    [bridge, baseId, tableId],
  );
  const clearError = useCallback(() => setError(undefined), []);
  return { locked, available, setLocked, error, clearError };
}
