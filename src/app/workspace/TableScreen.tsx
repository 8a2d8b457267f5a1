import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useAtom, useAtomValue } from 'jotai';
import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import { canRetypeField, FIELD_LIST_CAP, type Storage, type TableField, type TableRow } from '../../storage';
import { useDialogs } from '../services/dialogs/ConfirmDialog';
import { useWorkspaceTranslation } from '../services/i18n/workspace';
import { pendingWritesAtom } from '../services/storageState';
import { trackSave } from '../services/storageWrites';
import { ChildRecords } from './grid/ChildRecords';
import { FieldDialog } from './grid/FieldDialog';
import { FieldPicker } from './grid/FieldPicker';
import { FieldTypeDialog } from './grid/FieldTypeDialog';
import { Grid } from './grid/Grid';
import { EMPTY_SELECTION, inOrder, prune, type Selection, selectAll, selectRange, toggle } from './grid/selection';
import { withUnsavedFields } from './grid/unsavedFields';
import { useRecordIds } from './grid/useGridData';
import { useViewIds, ViewBar } from './grid/ViewBar';
import { EMPTY_VIEW, type GridView } from './grid/view';
import { ImportDialog } from './import/ImportDialog';
import { PrintDialog } from './print/PrintDialog';
import { SaveIndicator } from './SaveIndicator';
import { SettingsPanel } from './SettingsPanel';
import { shownFieldsAtom } from './shownFields';
import { WorkspaceFrame } from './WorkspaceFrame';

type Modal = 'field' | 'fields' | 'import' | 'print' | 'settings' | { retype: TableField } | undefined;

/** The grid's fields: the chosen ones (≤ 100), else the first 100; the primary field always first. */
function useShownFields(table: TableRow) {
  const [chosen, setChosen] = useAtom(shownFieldsAtom);
  const ids = chosen[table.id];
  const fields = useMemo(() => {
    const primary = table.fields.find((f) => f.isPrimary);
    const ordered = primary ? [primary, ...table.fields.filter((f) => f !== primary)] : table.fields;
    if (!ids) return ordered.slice(0, FIELD_LIST_CAP);
    const set = new Set(ids);
    return ordered.filter((f) => set.has(f.id) || f.isPrimary).slice(0, FIELD_LIST_CAP);
  }, [table.fields, ids]);
  const setShown = (next: string[]) => setChosen((current) => ({ ...current, [table.id]: next }));
  return { fields, setShown };
}

function FieldMenu({
  storage,
  table,
  field,
  anchor,
  onClose,
  onChangeType,
  dialogs,
}: {
  storage: Storage;
  table: TableRow;
  field: TableField;
  anchor: HTMLElement;
  onClose: () => void;
  onChangeType: () => void;
  /** The screen's dialogs: the menu closes before the question is answered. */
  dialogs: ReturnType<typeof useDialogs>;
}) {
  const { t } = useWorkspaceTranslation();
  const rect = anchor.getBoundingClientRect();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const away = (event: globalThis.MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) onClose();
    };
    const onEscape = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', onEscape);
    };
  }, [onClose]);
  const rename = async () => {
    onClose();
    const name = await dialogs.prompt({
      title: t('grid.renameField'),
      label: t('field.name'),
      initialValue: field.name,
      confirmLabel: t('common.save'),
    });
    if (name && name !== field.name) await trackSave(() => storage.tables.updateField(table.id, field.id, { name }));
  };
  const remove = async () => {
    onClose();
    const sure = await dialogs.confirm({
      title: t('grid.deleteFieldConfirm', { name: field.name }),
      confirmLabel: t('grid.deleteField'),
      danger: true,
    });
    if (sure) await trackSave(() => storage.tables.deleteField(table.id, field.id));
  };
  return (
    <div
      ref={ref}
      className="ws-menu"
      role="menu"
      style={{ top: rect.bottom + 4, left: Math.min(rect.left, window.innerWidth - 220) }}
    >
      <p className="ws-menu-title">
        {field.name} <span className="muted">· {t(`field.types.${field.type}`)}</span>
      </p>
      <button type="button" role="menuitem" onClick={rename}>
        {t('grid.renameField')}
      </button>
      {canRetypeField(field) && (
        <button
          type="button"
          role="menuitem"
          data-testid="menu-retype"
          onClick={() => {
            onClose();
            onChangeType();
          }}
        >
          {t('retype.menu')}
        </button>
      )}
      {!field.isPrimary && (
        <button type="button" role="menuitem" className="danger" onClick={remove}>
          {t('grid.deleteField')}
        </button>
      )}
    </div>
  );
}

function TableView({ storage, tableId }: { storage: Storage; tableId: string }) {
  const { t } = useWorkspaceTranslation();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, string>;
  const table = useLiveQuery(async () => (await storage.tables.get(tableId)) ?? null, [storage, tableId]);
  const recordIds = useRecordIds(storage, tableId);
  const ids = recordIds?.ids;
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [modal, setModal] = useState<Modal>();
  const [menu, setMenu] = useState<{ field: TableField; anchor: HTMLElement }>();
  const [editRequest, setEditRequest] = useState<{ id: string; nonce: number }>();
  const [expanded, setExpanded] = useState<string>();

  useEffect(() => {
    // Nothing selected is the common case: skip building a set of every id (100,000 at most).
    if (ids)
      setSelection((current) => (current.ids.size === 0 && !current.anchor ? current : prune(current, new Set(ids))));
  }, [ids]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a panel belongs to the table it was opened in
  useEffect(() => setExpanded(undefined), [tableId]);

  if (table === undefined || ids === undefined) {
    return <p className="ws-loading">{t('tables.loading')}</p>;
  }
  if (table === null) {
    return (
      <article className="ws-screen">
        <p className="ws-empty">{t('grid.notFound')}</p>
        <Link to="/baseplugin/t" className="button secondary small">
          {t('grid.back')}
        </Link>
      </article>
    );
  }
  return (
    <TableBody
      storage={storage}
      table={table}
      ids={ids}
      total={recordIds?.total ?? ids.length}
      selection={selection}
      setSelection={setSelection}
      modal={modal}
      setModal={setModal}
      menu={menu}
      setMenu={setMenu}
      editRequest={editRequest}
      expanded={expanded}
      setExpanded={setExpanded}
      onAdded={(id) => setEditRequest({ id, nonce: Date.now() })}
      onPreview={(templateId, recordId) =>
        void navigate({
          to: `/baseplugin/t/${table.id}/preview`,
          search: { ...search, ...(recordId ? { recordId } : {}), ...(templateId ? { templateId } : {}) },
        })
      }
    />
  );
}

function TableBody({
  storage,
  table: storedTable,
  ids,
  total,
  selection,
  setSelection,
  modal,
  setModal,
  menu,
  setMenu,
  editRequest,
  expanded,
  setExpanded,
  onAdded,
  onPreview,
}: {
  storage: Storage;
  table: TableRow;
  ids: string[];
  total: number;
  selection: Selection;
  setSelection: (update: (s: Selection) => Selection) => void;
  modal: Modal;
  setModal: (m: Modal) => void;
  menu: { field: TableField; anchor: HTMLElement } | undefined;
  setMenu: (m: { field: TableField; anchor: HTMLElement } | undefined) => void;
  editRequest: { id: string; nonce: number } | undefined;
  expanded: string | undefined;
  setExpanded: (id: string | undefined) => void;
  onAdded: (id: string) => void;
  onPreview: (templateId: string | undefined, recordId: string | undefined) => void;
}) {
  const { t, i18n } = useWorkspaceTranslation();
  const dialogs = useDialogs();
  // Fields added while storage refused writes stay on screen, marked, until they are written.
  const pending = useAtomValue(pendingWritesAtom);
  const { table, unsavedFieldIds } = useMemo(() => withUnsavedFields(storedTable, pending), [storedTable, pending]);
  const { fields, setShown } = useShownFields(table);
  const hidden = table.fields.length - fields.length;
  const selected = selection.ids.size;
  const [view, setView] = useState<GridView>(EMPTY_VIEW);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a view belongs to the table it was set on
  useEffect(() => setView(EMPTY_VIEW), [table.id]);
  const viewIds = useViewIds(storage, table, ids, view, i18n.language);

  const addRecord = async () => {
    const row = await trackSave(() => storage.records.add(table.id));
    onAdded(row.id);
  };
  const deleteSelected = async () => {
    const sure = await dialogs.confirm({
      title: t('grid.deleteConfirm', { count: selected }),
      confirmLabel: t('grid.deleteSelected', { count: selected }),
      danger: true,
    });
    if (!sure) return;
    await trackSave(() => storage.records.delete([...selection.ids]));
    setSelection(() => EMPTY_SELECTION);
  };
  const onRowCheck = (id: string, event: MouseEvent) => {
    setSelection((current) => (event.shiftKey ? selectRange(current, viewIds, id) : toggle(current, id)));
  };

  return (
    <article className="ws-screen ws-table-screen">
      <header className="ws-screen-head compact">
        <div className="ws-title-block">
          <Link to="/baseplugin/t" className="ws-back">
            ← {t('grid.back')}
          </Link>
          <h1>{table.name}</h1>
          <span className="muted" data-testid="record-count">
            {t('tables.records', { count: total, n: total.toLocaleString(i18n.language) })}
          </span>
        </div>
        <div className="ws-toolbar">
          <SaveIndicator />
          <button type="button" className="button ghost small" onClick={() => setModal('settings')}>
            {t('storage.settings')}
          </button>
          <Link to={`/baseplugin/t/${table.id}/preview`} className="button ghost small">
            {t('grid.templates')}
          </Link>
          <button type="button" className="button ghost small" onClick={() => setModal('import')}>
            {t('grid.import')}
          </button>
          <button type="button" className="button secondary small" onClick={() => setModal('field')}>
            + {t('grid.addField')}
          </button>
          <button type="button" className="button primary small" onClick={addRecord}>
            + {t('grid.addRecord')}
          </button>
        </div>
      </header>
      <div className={`ws-selection-bar${selected > 0 ? ' on' : ''}`} aria-live="polite">
        {selected > 0 ? (
          <>
            <strong>{t('grid.selected', { count: selected })}</strong>
            <button type="button" className="button primary small" onClick={() => setModal('print')}>
              {t('grid.print', { count: selected })}
            </button>
            <button type="button" className="button ghost small danger" onClick={deleteSelected}>
              {t('grid.deleteSelected', { count: selected })}
            </button>
            <button type="button" className="button ghost small" onClick={() => setSelection(() => EMPTY_SELECTION)}>
              {t('grid.clearSelection')}
            </button>
          </>
        ) : (
          <span className="muted">{ids.length === 0 ? t('grid.emptyTable') : t('grid.selectHint')}</span>
        )}
        {hidden > 0 && (
          <button type="button" className="button ghost small ws-more-fields" onClick={() => setModal('fields')}>
            {t('grid.moreFields', { count: hidden })}
          </button>
        )}
      </div>
      <ViewBar fields={fields} view={view} onChange={setView} shown={viewIds.length} total={total} />
      <Grid
        storage={storage}
        table={table}
        fields={fields}
        unsavedFieldIds={unsavedFieldIds}
        ids={viewIds}
        selection={selection}
        onRowCheck={onRowCheck}
        onAllCheck={() =>
          setSelection((current) =>
            current.ids.size > 0 && viewIds.every((id) => current.ids.has(id)) ? EMPTY_SELECTION : selectAll(viewIds),
          )
        }
        onFieldMenu={(field, anchor) => setMenu({ field, anchor })}
        {...(editRequest ? { editRequest } : {})}
        onExpand={(id) => setExpanded(expanded === id ? undefined : id)}
        {...(expanded ? { expandedId: expanded } : {})}
      />
      {expanded && (
        <ChildRecords
          key={expanded}
          storage={storage}
          table={table}
          recordId={expanded}
          onClose={() => setExpanded(undefined)}
        />
      )}
      {menu && (
        <FieldMenu
          storage={storage}
          table={table}
          field={menu.field}
          anchor={menu.anchor}
          onClose={() => setMenu(undefined)}
          onChangeType={() => setModal({ retype: menu.field })}
          dialogs={dialogs}
        />
      )}
      {dialogs.dialog}
      {typeof modal === 'object' && (
        <FieldTypeDialog storage={storage} table={table} field={modal.retype} onClose={() => setModal(undefined)} />
      )}
      {modal === 'field' && <FieldDialog storage={storage} table={table} onClose={() => setModal(undefined)} />}
      {modal === 'fields' && (
        <FieldPicker
          fields={table.fields}
          shown={fields.map((f) => f.id)}
          onApply={setShown}
          onClose={() => setModal(undefined)}
        />
      )}
      {modal === 'import' && <ImportDialog storage={storage} tableId={table.id} onClose={() => setModal(undefined)} />}
      {modal === 'settings' && <SettingsPanel storage={storage} onClose={() => setModal(undefined)} />}
      {modal === 'print' && (
        <PrintDialog
          storage={storage}
          table={table}
          recordIds={inOrder(selection, ids)}
          onClose={() => setModal(undefined)}
          onPreview={(templateId) => onPreview(templateId, selected === 1 ? [...selection.ids][0] : undefined)}
        />
      )}
    </article>
  );
}

/** `/baseplugin/t/$tableId`: one table's records in a grid. */
export function TableScreen() {
  const { tableId } = useParams({ strict: false }) as { tableId: string };
  return <WorkspaceFrame>{(storage) => <TableView storage={storage} tableId={tableId} />}</WorkspaceFrame>;
}
