/**
 * The /baseplugin screens inside a base host: the base's tables, one table (its fields, the
 * records of the host's view, its templates), a template's preview that follows the record
 * selected in the host, a new template, and the editor gate that keeps a locked table read-only.
 */
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { HostTable } from '../../host/base';
import { categoryOf, RECORD_VIEW } from '../../host/base';
import { FIELD_LIMIT } from '../../host/protocol';
import type { TemplateRow } from '../../storage/types';
import { recordLabel } from '../services/binding';
import { ErrorPage } from '../shell/ErrorPage';
import { Select } from '../shell/Select';
import { type BaseHost, useBaseHost } from './baseContext';
import { HostDocument } from './HostDocument';
import { HostNotice } from './HostNotice';
import {
  createHostTemplate,
  getHostTemplate,
  type HostTemplateSync,
  listHostTemplates,
  syncHostTemplates,
} from './hostTemplates';
import { useHostTranslation } from './i18n/useHostTranslation';
import {
  type Loaded,
  useEditLock,
  useHostTable,
  useHostTemplates,
  useRecordSource,
  useRecordsForEditor,
  useViewRecords,
} from './useBaseData';
import './host.css';

function useBase(): BaseHost {
  const base = useBaseHost();
  if (!base) throw new Error('base host screens render inside BasePluginLayout');
  return base;
}

function Busy() {
  const { t } = useHostTranslation();
  return (
    <p className="host-status" role="status" aria-busy="true">
      {t('connecting')}
    </p>
  );
}

const tableHref = (tableId: string) => `/baseplugin/t/${encodeURIComponent(tableId)}`;
const previewHref = (tableId: string, templateId: string) =>
  `${tableHref(tableId)}/preview/${encodeURIComponent(templateId)}`;
const editorHref = (templateId: string) => `/baseplugin/t/editor/${encodeURIComponent(templateId)}`;

/** `/baseplugin/t` in a host: the base's tables, the one the host shows marked. */
export function HostTablesScreen() {
  const { t } = useHostTranslation();
  const base = useBase();
  const [tables, setTables] = useState<Loaded<Array<{ id: string; name: string }>>>({ status: 'loading' });
  const baseId = base.selection?.baseId ?? null;
  useEffect(() => {
    let alive = true;
    base.connection.bridge.request('base.getTables', { baseId }).then(
      (value) => alive && setTables({ status: 'ready', value }),
      (error: unknown) => alive && setTables({ status: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [base.connection, baseId]);
  if (tables.status === 'loading') return <Busy />;
  if (tables.status === 'failed') return <ErrorPage error={tables.error} />;
  return (
    <section className="screen host-screen">
      <h1>{t('tables.title')}</h1>
      {tables.value.length === 0 ? <p>{t('tables.empty')}</p> : null}
      <ul className="host-list">
        {tables.value.map((table) => (
          <li key={table.id}>
            <Link to={tableHref(table.id)}>{table.name}</Link>
            {table.id === base.selection?.tableId ? <span className="host-badge">{t('tables.current')}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Where the table's templates are kept: on the server too, on this device only, or not reachable now. */
function SyncLine({ sync }: { sync: HostTemplateSync | undefined }) {
  const { t } = useHostTranslation();
  if (!sync) return null;
  const key =
    sync.status === 'synced'
      ? 'table.onServer'
      : sync.status === 'device'
        ? 'table.deviceOnly'
        : 'table.serverUnreachable';
  return (
    <>
      <p className="host-muted" data-testid="host-templates-sync" data-status={sync.status}>
        {t(key)}
      </p>
      {sync.status === 'synced' && sync.report.errors[0] ? (
        <HostNotice error={sync.report.errors[0]} mode="notification" />
      ) : null}
    </>
  );
}

/** A template just made here goes to the server at once (when signed in to one and reachable). */
function sendToServer(base: BaseHost, tableId: string) {
  const baseId = base.selection?.baseId;
  if (baseId && base.token && navigator.onLine)
    void syncHostTemplates({ baseId, tableId, token: base.token }).catch(() => undefined);
}

function TemplateList({ table, base, locked }: { table: HostTable; base: BaseHost; locked: boolean | undefined }) {
  const { t } = useHostTranslation();
  const navigate = useNavigate();
  const { rows, error: listError, sync } = useHostTemplates(base, table.id, locked);
  const [dismissed, setDismissed] = useState<unknown>();
  const error = listError !== dismissed ? listError : undefined;
  const [createError, setCreateError] = useState<unknown>();
  const create = async () => {
    try {
      const row = await createHostTemplate({
        baseId: base.selection?.baseId ?? '',
        tableId: table.id,
        name: t('table.newTemplateName', { table: table.name }),
        category: categoryOf(base.selection, base.connection.hello.host.kind),
        fields: table.fields,
      });
      sendToServer(base, table.id);
      await navigate({ href: previewHref(table.id, row.id) });
    } catch (failure) {
      setCreateError(failure);
    }
  };
  return (
    <section className="host-panel" aria-labelledby="host-templates">
      <h2 id="host-templates">{t('table.templates')}</h2>
      {error ? <HostNotice error={error} mode="notification" onDismiss={() => setDismissed(listError)} /> : null}
      <SyncLine sync={sync} />
      {createError ? <HostNotice error={createError} mode="modal" onDismiss={() => setCreateError(undefined)} /> : null}
      {rows && rows.length === 0 ? <p>{t('table.noTemplates')}</p> : null}
      <ul className="host-list" data-testid="host-templates">
        {(rows ?? []).map((row) => (
          <li key={row.id}>
            <span className="host-name">{row.name}</span>
            <span className="host-muted">
              {t(row.category === RECORD_VIEW ? 'table.recordView' : 'table.boardView')}
            </span>
            <Link className="button small secondary" to={previewHref(table.id, row.id)}>
              {t('table.preview')}
            </Link>
            {locked !== false ? null : (
              <Link className="button small ghost" to={editorHref(row.id)}>
                {t('table.edit')}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button primary"
        disabled={locked !== false || !rows}
        onClick={() => void create()}
      >
        {t('table.newTemplate')}
      </button>
    </section>
  );
}

/** `/baseplugin/t/$tableId` in a host. */
export function HostTableScreen() {
  const { t } = useHostTranslation();
  const base = useBase();
  const { tableId = '' } = useParams({ strict: false }) as { tableId?: string };
  const table = useHostTable(base, tableId);
  const ready = table.status === 'ready' ? table.value : undefined;
  const records = useViewRecords(base, ready);
  const lock = useEditLock(base, tableId);
  if (table.status === 'loading') return <Busy />;
  if (table.status === 'failed') return <ErrorPage error={table.error} />;
  const selected = base.selection?.tableId === tableId ? base.selection.recordId : null;
  return (
    <section className="screen host-screen" data-table={tableId}>
      <nav className="host-back">
        <Link to="/baseplugin/t">{t('table.allTables')}</Link>
      </nav>
      <h1>{table.value.name}</h1>
      <p className="host-muted">
        {t('table.fields', { count: table.value.fields.length })}
        {table.value.fields.length >= FIELD_LIMIT ? ` · ${t('table.capped', { limit: FIELD_LIMIT })}` : ''}
      </p>
      {base.selectionError ? <HostNotice error={base.selectionError} mode="toast" /> : null}
      {lock.locked ? (
        <p className="host-locked" role="note" data-testid="host-locked">
          {t('table.locked')}
        </p>
      ) : null}
      {lock.available ? (
        <button type="button" className="button small ghost" onClick={() => void lock.setLocked(!lock.locked)}>
          {t(lock.locked ? 'table.unlock' : 'table.lock')}
        </button>
      ) : null}
      {lock.error ? <HostNotice error={lock.error} mode="modal" onDismiss={lock.clearError} /> : null}
      <TemplateList table={table.value} base={base} locked={lock.locked} />
      <section className="host-panel" aria-labelledby="host-records">
        <h2 id="host-records">{t('table.records')}</h2>
        {records.status === 'failed' ? <HostNotice error={records.error} mode="notification" /> : null}
        {records.status === 'ready' && records.value.length === 0 ? <p>{t('table.noRecords')}</p> : null}
        <ul className="host-list" data-testid="host-records">
          {(records.status === 'ready' ? records.value : []).map((record) => (
            <li key={record.recordId} aria-current={record.recordId === selected ? 'true' : undefined}>
              {recordLabel(table.value, record)}
              {record.recordId === selected ? <span className="host-badge">{t('table.selected')}</span> : null}
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}

/**
 * `/baseplugin/t/$tableId/preview` and `…/preview/$templateId` in a host: the template printed
 * with the record selected in the host (followed as the host's selection changes).
 */
export function HostPreviewScreen() {
  const { t } = useHostTranslation();
  const navigate = useNavigate();
  const base = useBase();
  const { tableId = '', templateId } = useParams({ strict: false }) as { tableId?: string; templateId?: string };
  const table = useHostTable(base, tableId);
  const ready = table.status === 'ready' ? table.value : undefined;
  const records = useViewRecords(base, ready);
  const [rows, setRows] = useState<TemplateRow[] | undefined>();
  useEffect(() => {
    let alive = true;
    listHostTemplates(tableId).then(
      (list) => alive && setRows(list),
      () => alive && setRows([]),
    );
    return () => {
      alive = false;
    };
  }, [tableId]);
  const template = rows?.find((row) => row.id === templateId) ?? (templateId ? undefined : rows?.[0]);
  // The host's selected record when it shows this table; else the view's first record.
  const hostRecord = base.selection?.tableId === tableId ? (base.selection.recordId ?? undefined) : undefined;
  const recordId = useMemo(
    () => hostRecord ?? (records.status === 'ready' ? records.value[0]?.recordId : undefined),
    [hostRecord, records],
  );
  const source = useRecordSource(base, ready, recordId);
  if (table.status === 'loading' || !rows) return <Busy />;
  if (table.status === 'failed') return <ErrorPage error={table.error} />;
  const label =
    records.status === 'ready' && recordId
      ? recordLabel(table.value, records.value.find((r) => r.recordId === recordId) ?? { recordId, fields: {} })
      : undefined;
  return (
    <section className="screen host-screen host-preview" data-record={recordId ?? ''}>
      <nav className="host-back">
        <Link to={tableHref(tableId)}>{t('preview.back')}</Link>
      </nav>
      <div className="host-pickers">
        <label className="host-field">
          <span>{t('preview.template')}</span>
          <Select
            value={template?.id ?? ''}
            onChange={(event) => void navigate({ href: previewHref(tableId, event.target.value) })}
          >
            {template ? null : <option value="">{t('preview.noTemplate')}</option>}
            {rows.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name}
              </option>
            ))}
          </Select>
        </label>
        <p className="host-field" data-testid="host-record">
          <span>{t('preview.record')}</span>
          <strong>{label ?? t('preview.noRecord')}</strong>
          <span className="host-muted">{t('preview.followsHost')}</span>
        </p>
      </div>
      {source.status === 'failed' ? <HostNotice error={source.error} mode="notification" /> : null}
      {template ? (
        <HostDocument template={template} source={source.status === 'ready' ? (source.value ?? EMPTY) : undefined} />
      ) : (
        <p>{t('preview.noTemplate')}</p>
      )}
    </section>
  );
}

const EMPTY = { kind: 'data', data: {} } as const;

/** `/baseplugin/t/$tableId/preview/add` in a host: a new template of the table, then its preview. */
export function HostAddTemplateScreen() {
  const base = useBase();
  const navigate = useNavigate();
  const { t } = useHostTranslation();
  const { tableId = '' } = useParams({ strict: false }) as { tableId?: string };
  const table = useHostTable(base, tableId);
  const [error, setError] = useState<unknown>();
  // Created once per visit: the selection moving meanwhile must not create another.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the table has loaded, once
  useEffect(() => {
    if (table.status !== 'ready') return;
    let alive = true;
    createHostTemplate({
      baseId: base.selection?.baseId ?? '',
      tableId,
      name: t('table.newTemplateName', { table: table.value.name }),
      category: categoryOf(base.selection, base.connection.hello.host.kind),
      fields: table.value.fields,
    }).then(
      (row) => {
        sendToServer(base, tableId);
        if (alive) void navigate({ href: previewHref(tableId, row.id), replace: true });
      },
      (failure: unknown) => alive && setError(failure),
    );
    return () => {
      alive = false;
    };
  }, [table.status]);
  if (table.status === 'failed') return <ErrorPage error={table.error} />;
  if (error) return <ErrorPage error={error} />;
  return <Busy />;
}

/** How often the editor's saved work is sent to the server while it stays open. */
const EDITOR_PUSH_MS = 5_000;

/**
 * The editor saves to this device; signed in to a server, the table's templates are brought in
 * line with it every few seconds while the editor is open, and once more when it closes.
 */
function usePushWhileEditing(base: BaseHost, tableId: string | undefined) {
  const baseId = base.selection?.baseId;
  const { token } = base;
  useEffect(() => {
    if (!tableId || !baseId || !token) return;
    let running = false;
    const push = () => {
      if (running || !navigator.onLine) return;
      running = true;
      void syncHostTemplates({ baseId, tableId, token }).finally(() => {
        running = false;
      });
    };
    const timer = window.setInterval(push, EDITOR_PUSH_MS);
    return () => {
      window.clearInterval(timer);
      running = false;
      push();
    };
  }, [baseId, tableId, token]);
}

/**
 * `/baseplugin/t/editor/$templateId` in a host: the editor, unless the template's table is locked
 * (then its preview, read-only).
 */
export function HostEditorGate({
  Editor,
}: {
  Editor: (props: { templateId: string; backHref?: string }) => React.ReactNode;
}) {
  const base = useBase();
  const { templateId = '' } = useParams({ strict: false }) as { templateId?: string };
  const [row, setRow] = useState<TemplateRow | null | undefined>();
  useEffect(() => {
    let alive = true;
    getHostTemplate(templateId).then(
      (found) => alive && setRow(found ?? null),
      () => alive && setRow(null),
    );
    return () => {
      alive = false;
    };
  }, [templateId]);
  const lock = useEditLock(base, row?.tableId ?? '');
  usePushWhileEditing(base, row && lock.locked === false ? row.tableId : undefined);
  const recordsReady = useRecordsForEditor(base, row?.tableId);
  if (row === undefined || (row && (lock.locked === undefined || !recordsReady))) return <Busy />;
  if (row && lock.locked) return <LockedTemplate base={base} row={row} />;
  return <Editor templateId={templateId} backHref={row ? tableHref(row.tableId) : undefined} />;
}

/** A locked table's template, read-only: printed with the record selected in the host. */
function LockedTemplate({ base, row }: { base: BaseHost; row: TemplateRow }) {
  const { t } = useHostTranslation();
  const table = useHostTable(base, row.tableId);
  const ready = table.status === 'ready' ? table.value : undefined;
  const selected = base.selection?.tableId === row.tableId ? (base.selection.recordId ?? undefined) : undefined;
  const source = useRecordSource(base, ready, selected);
  return (
    <section className="screen host-screen">
      <p className="host-locked" role="note" data-testid="host-locked">
        {t('table.locked')}
      </p>
      {source.status === 'failed' ? <HostNotice error={source.error} mode="notification" /> : null}
      <HostDocument template={row} source={source.status === 'ready' ? (source.value ?? EMPTY) : undefined} />
    </section>
  );
}

/**
 * `/baseplugin/upgrade` in a host: the second brand upgrades through its app-center deep link to
 * /home/upgrade with the language (spec 000 §2); the first brand shows the plugin's own screen.
 */
export function HostUpgradeScreen({ Screen }: { Screen: React.ComponentType }) {
  const base = useBase();
  const navigate = useNavigate();
  const { i18n } = useHostTranslation();
  const second = base.connection.hello.host.brand === 'second';
  useEffect(() => {
    if (second) void navigate({ href: `/home/upgrade?lng=${encodeURIComponent(i18n.language)}`, replace: true });
  }, [second, navigate, i18n.language]);
  return second ? <Busy /> : <Screen />;
}
