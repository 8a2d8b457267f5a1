import { useLiveQuery } from 'dexie-react-hooks';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isQuireError } from '../../../core/errors';
import {
  addLinkedRecord,
  allowsMany,
  type CellValue,
  isLinkField,
  primaryField,
  type RecordRow,
  type Storage,
  setLinks,
  type TableField,
  type TableRow,
} from '../../../storage';
import { useDialogs } from '../../services/dialogs/ConfirmDialog';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { heldEditsAtom, heldKey, pendingWritesAtom } from '../../services/storageState';
import { trackSave } from '../../services/storageWrites';
import { ErrorBox } from '../ErrorBox';
import { CellEditor } from './CellEditor';
import { cellText, isEditable, linkIds } from './cells';
import { unsavedCells } from './Grid';
import './pickers.css';

/** Columns a child list shows at most; the rest are in the child table's own grid. */
const CHILD_COLUMNS = 6;

/** A table's "child" fields: links that may hold many records (an order's lines, a customer's orders). */
export function childFields(table: Pick<TableRow, 'fields'>): TableField[] {
  return table.fields.filter((f) => isLinkField(f) && allowsMany(f) && typeof f.property?.tableId === 'string');
}

/** The child table's columns: not the link back to the parent, not attachments; primary first. */
export function childColumns(childTable: TableRow, backFieldId: string | undefined): TableField[] {
  const primary = primaryField(childTable);
  const rest = childTable.fields.filter(
    (f) => f !== primary && f.id !== backFieldId && f.type !== 'attachment' && f.type !== 'attachmentImage',
  );
  return (primary ? [primary, ...rest] : rest).slice(0, CHILD_COLUMNS);
}

/**
 * What the panel shows that storage does not hold yet, as the grid does: values of refused writes
 * and held edits (shown in place of the stored ones, marked), and records whose delete was refused.
 */
function useUnsaved() {
  const pending = useAtomValue(pendingWritesAtom);
  const heldEdits = useAtomValue(heldEditsAtom);
  return useMemo(() => {
    const { unsaved } = unsavedCells(pending, heldEdits);
    const deleting = new Set<string>();
    for (const item of pending) {
      const ids = (item.payload as { deleteIds?: unknown } | null)?.deleteIds;
      if (Array.isArray(ids)) for (const id of ids) if (typeof id === 'string') deleting.add(id);
    }
    return { unsaved, deleting };
  }, [pending, heldEdits]);
}

const sameValue = (a: CellValue | undefined, b: CellValue | undefined) => JSON.stringify(a) === JSON.stringify(b);

interface Props {
  storage: Storage;
  table: TableRow;
  recordId: string;
  onClose: () => void;
}

/**
 * A side panel with a record's child records (the lines of an order), one section per child field.
 * Cells edit in place; "Add" creates a record in the child table already linked to this one.
 * Everything is read through live queries, so edits from the grid or another tab show here at once.
 */
export function ChildRecords({ storage, table, recordId, onClose }: Props) {
  const { t } = useWorkspaceTranslation();
  const record = useLiveQuery(async () => (await storage.records.get(recordId)) ?? null, [storage, recordId]);
  const fields = childFields(table);
  const primary = primaryField(table);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !(event.target as HTMLElement | null)?.closest?.('input, select')) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  useEffect(() => panel.current?.focus(), []);

  const title = record && primary ? cellText(primary, record.values[primary.id]) : '';
  return (
    <aside ref={panel} className="ws-child-panel" aria-label={t('children.title', { name: title })} tabIndex={-1}>
      <header className="ws-child-head">
        <div>
          <span className="muted">{table.name}</span>
          <h2>{title || t('links.untitled')}</h2>
        </div>
        <button type="button" className="ws-icon-button" aria-label={t('common.close')} onClick={onClose}>
          ×
        </button>
      </header>
      {record === null && <p className="ws-empty">{t('children.gone')}</p>}
      {record && <RecordFields storage={storage} table={table} record={record} />}
      {record && fields.map((field) => <ChildSection key={field.id} storage={storage} parent={record} field={field} />)}
    </aside>
  );
}

/** The record's own fields, label and value, each editable in place (links are edited in the grid). */
function RecordFields({ storage, table, record }: { storage: Storage; table: TableRow; record: RecordRow }) {
  const { t } = useWorkspaceTranslation();
  const [editing, setEditing] = useState<{ fieldId: string; since: number }>();
  const [error, setError] = useState<unknown>();
  const { unsaved } = useUnsaved();
  const own = table.fields.filter((f) => !isLinkField(f));
  const save = async (field: TableField, value: CellValue | undefined, since?: number) => {
    const key = heldKey(record.id, field.id);
    if (sameValue(value, unsaved.has(key) ? unsaved.get(key) : record.values[field.id])) return;
    try {
      await trackSave(() => storage.records.update(record.id, { [field.id]: value }, since));
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section className="ws-child-section ws-record-fields" data-testid="record-fields">
      <h3>{t('children.fields')}</h3>
      {error !== undefined && <ErrorBox error={error} />}
      <dl>
        {own.map((field) => {
          const key = heldKey(record.id, field.id);
          const value = unsaved.has(key) ? unsaved.get(key) : record.values[field.id];
          const isEditing = editing?.fieldId === field.id;
          const editable = isEditable(field) && field.type !== 'attachment' && field.type !== 'attachmentImage';
          const operate = () => {
            if (isEditing) return;
            if (field.type === 'checkbox') void save(field, value === true ? undefined : true, record.updatedAt);
            else if (editable) setEditing({ fieldId: field.id, since: record.updatedAt });
          };
          return (
            <div key={field.id} className="ws-record-field" data-field={field.name}>
              <dt>{field.name}</dt>
              <dd
                className={
                  [editable || field.type === 'checkbox' ? 'editable' : '', unsaved.has(key) ? 'unsaved' : '']
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                tabIndex={editable && !isEditing ? 0 : undefined}
                onClick={operate}
                onKeyDown={(event) => {
                  if (isEditing || (event.key !== 'Enter' && event.key !== ' ')) return;
                  event.preventDefault();
                  operate();
                }}
              >
                {isEditing ? (
                  <CellEditor
                    field={field}
                    value={value}
                    onCommit={(next) => {
                      setEditing(undefined);
                      void save(field, next, editing.since);
                    }}
                    onCancel={() => setEditing(undefined)}
                  />
                ) : field.type === 'checkbox' ? (
                  <span className={`ws-check${value === true ? ' on' : ''}`} />
                ) : (
                  cellText(field, value) || <span className="muted">—</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function ChildSection({ storage, parent, field }: { storage: Storage; parent: RecordRow; field: TableField }) {
  const { t } = useWorkspaceTranslation();
  const childTableId = field.property?.tableId as string;
  const childTable = useLiveQuery(
    async () => (await storage.tables.get(childTableId)) ?? null,
    [storage, childTableId],
  );
  const ids = linkIds(parent.values[field.id]);
  const idsKey = ids.join('|');
  const children = useLiveQuery(() => storage.records.getMany(ids), [storage, idsKey]);
  const [editing, setEditing] = useState<{ id: string; fieldId: string; since: number }>();
  const [error, setError] = useState<unknown>();
  const { unsaved, deleting } = useUnsaved();
  const { confirm, dialog } = useDialogs();
  const backFieldId = field.type === 'duplexLink' ? field.property?.backFieldId : undefined;
  const backField = childTable?.fields.find((f) => f.id === backFieldId);
  // A child that can belong to one parent only is deleted with its row; others are just unlinked.
  const owned = backField !== undefined && !allowsMany(backField);

  if (!childTable) return null;
  const columns = childColumns(childTable, backFieldId);
  const childName = childTable.name;

  // The last error stays until a write succeeds: hiding it first would shift the panel under the pointer.
  const run = async (action: () => Promise<unknown>) => {
    try {
      await trackSave(action);
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  };
  const add = () =>
    run(async () => {
      const { child } = await addLinkedRecord(storage, parent.id, field.id, {}, parent.updatedAt);
      const first = columns.find((c) => isEditable(c));
      if (first) setEditing({ id: child.id, fieldId: first.id, since: child.updatedAt });
    });
  const remove = async (child: RecordRow, name: string) => {
    if (owned) {
      const sure = await confirm({
        title: t('children.deleteConfirm', { name }),
        confirmLabel: t('common.delete'),
        danger: true,
      });
      if (sure) await run(() => storage.records.delete([child.id]));
    } else
      void run(() =>
        setLinks(
          storage,
          parent.id,
          field.id,
          ids.filter((id) => id !== child.id),
          parent.updatedAt,
        ),
      );
  };
  const saveCell = async (child: RecordRow, column: TableField, value: CellValue | undefined, since?: number) => {
    // Leaving a cell unchanged writes nothing (on a full disk it would be one more refused write).
    const key = heldKey(child.id, column.id);
    if (sameValue(value, unsaved.has(key) ? unsaved.get(key) : child.values[column.id])) return;
    await run(() => storage.records.update(child.id, { [column.id]: value }, since));
  };

  return (
    <section className="ws-child-section" data-field={field.name}>
      <h3>
        {field.name} <span className="ws-badge">{ids.length}</span>
      </h3>
      {error !== undefined &&
        (isQuireError(error, 'VersionConflict') ? (
          <p className="ws-conflict" role="alert">
            {t('grid.conflict')}
          </p>
        ) : (
          <ErrorBox error={error} />
        ))}
      <div className="ws-child-table-wrap">
        <table className="ws-child-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.id} scope="col">
                  {c.name}
                </th>
              ))}
              <th className="ws-child-actions" aria-label={t('children.actions')} />
            </tr>
          </thead>
          <tbody>
            {children?.map((child) => {
              const name = cellText(columns[0]!, child.values[columns[0]!.id]) || t('links.untitled');
              return (
                <tr
                  key={child.id}
                  data-record-id={child.id}
                  className={deleting.has(child.id) ? 'unsaved deleting' : undefined}
                >
                  {columns.map((column) => {
                    const key = heldKey(child.id, column.id);
                    const value = unsaved.has(key) ? unsaved.get(key) : child.values[column.id];
                    const isEditing = editing?.id === child.id && editing.fieldId === column.id;
                    const editable = isEditable(column);
                    const operable = editable || column.type === 'checkbox';
                    const operate = () => {
                      if (isEditing) return;
                      if (column.type === 'checkbox')
                        void saveCell(child, column, value === true ? undefined : true, child.updatedAt);
                      else if (editable) setEditing({ id: child.id, fieldId: column.id, since: child.updatedAt });
                    };
                    return (
                      <td
                        key={column.id}
                        data-field={column.name}
                        className={
                          [operable ? 'editable' : '', unsaved.has(key) ? 'unsaved' : ''].filter(Boolean).join(' ') ||
                          undefined
                        }
                        tabIndex={operable && !isEditing ? 0 : undefined}
                        onClick={operate}
                        onKeyDown={(event) => {
                          if (isEditing || (event.key !== 'Enter' && event.key !== ' ')) return;
                          event.preventDefault();
                          operate();
                        }}
                      >
                        {isEditing ? (
                          <CellEditor
                            field={column}
                            value={value}
                            onCommit={(next, move) => {
                              setEditing(undefined);
                              void saveCell(child, column, next, editing.since);
                              if (move) {
                                const at = columns.indexOf(column);
                                const following = columns.slice(at + 1).find((c) => isEditable(c));
                                if (following)
                                  setEditing({ id: child.id, fieldId: following.id, since: child.updatedAt });
                              }
                            }}
                            onCancel={() => setEditing(undefined)}
                          />
                        ) : column.type === 'checkbox' ? (
                          <span className={`ws-check${value === true ? ' on' : ''}`} />
                        ) : (
                          cellText(column, value)
                        )}
                      </td>
                    );
                  })}
                  <td className="ws-child-actions">
                    <button
                      type="button"
                      className="ws-icon-button small"
                      aria-label={owned ? t('children.delete', { name }) : t('links.unlink', { name })}
                      title={owned ? t('children.delete', { name }) : t('links.unlink', { name })}
                      onClick={() => void remove(child, name)}
                    >
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
            {children && children.length === 0 && (
              <tr>
                <td colSpan={columns.length + 1} className="muted">
                  {t('children.empty', { table: childName })}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <button type="button" className="button secondary small" onClick={() => void add()}>
        + {t('children.add', { table: childName })}
      </button>
      {dialog}
    </section>
  );
}
