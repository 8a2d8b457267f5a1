// biome-ignore-all lint/a11y/useSemanticElements: an ARIA grid of divs; a <table> cannot be virtualised in both directions
// biome-ignore-all lint/a11y/useFocusableInteractive: one focusable grid with keyboard navigation (arrows, Enter), as the ARIA grid pattern prescribes
// biome-ignore-all lint/a11y/useKeyWithClickEvents: cells are operated from the keyboard through the grid's own key handler
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isQuireError } from '../../../core/errors';
import type { CellValue, RecordRow, Storage, TableField, TableRow } from '../../../storage';
import { useWorkspaceTranslation } from '../i18n';
import { trackSave } from '../saving';
import { AttachmentCell } from './AttachmentCell';
import { CellEditor } from './CellEditor';
import { cellText, isEditable, isLink, linkIds } from './cells';
import type { Selection } from './selection';
import { useLinkedTitles, useWindowRecords } from './useGridData';

export const ROW_HEIGHT = 36;
const ROW_SLOTS = 128;
const CHECK_WIDTH = 92;
const COL_WIDTH = 180;
const PRIMARY_WIDTH = 220;

const widthOf = (field: TableField) => (field.isPrimary ? PRIMARY_WIDTH : COL_WIDTH);

interface Props {
  storage: Storage;
  table: TableRow;
  fields: TableField[];
  ids: string[];
  selection: Selection;
  onRowCheck: (id: string, event: MouseEvent) => void;
  onAllCheck: () => void;
  onFieldMenu: (field: TableField, anchor: HTMLElement) => void;
  /** Ask the grid to scroll to and edit this record's first field (after "Add record"). */
  editRequest?: { id: string; nonce: number };
}

interface Active {
  row: number;
  col: number;
}

function Chip({ text }: { text: string }) {
  return <span className="ws-chip">{text}</span>;
}

/**
 * The records grid: rows and columns both virtualised, so only what is on screen is in the DOM and
 * only the visible window of records is read from IndexedDB, whatever the table's size.
 */
export function Grid({
  storage,
  table,
  fields,
  ids,
  selection,
  onRowCheck,
  onAllCheck,
  onFieldMenu,
  editRequest,
}: Props) {
  const { t, i18n } = useWorkspaceTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<Active>();
  const [editing, setEditing] = useState<{ id: string; fieldId: string; initial?: string; since?: number }>();
  const [conflict, setConflict] = useState(false);
  // Edits storage refused: shown (marked unsaved) until a later save of the same cell succeeds.
  const [unsaved, setUnsaved] = useState<Map<string, CellValue | undefined>>(new Map());

  const rows = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const columns = useVirtualizer({
    horizontal: true,
    count: fields.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => widthOf(fields[i]!),
    overscan: 3,
  });
  // Column widths depend on which fields are shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the field list changes
  useEffect(() => columns.measure(), [fields, columns]);

  const virtualRows = rows.getVirtualItems();
  const virtualCols = columns.getVirtualItems();
  const windowIds = useMemo(() => virtualRows.map((r) => ids[r.index]!).filter(Boolean), [virtualRows, ids]);
  const records = useWindowRecords(
    storage,
    ids,
    virtualRows[0]?.index ?? 0,
    virtualRows[virtualRows.length - 1]?.index ?? -1,
  );
  const visibleFields = useMemo(() => virtualCols.map((c) => fields[c.index]!), [virtualCols, fields]);
  const linkTitles = useLinkedTitles(
    storage,
    visibleFields,
    windowIds.map((id) => records.get(id)),
    i18n.language,
  );

  useEffect(() => {
    if (!editRequest) return;
    const index = ids.indexOf(editRequest.id);
    if (index < 0) return;
    rows.scrollToIndex(index, { align: 'end' });
    const col = fields.findIndex((f) => isEditable(f));
    setActive({ row: index, col: Math.max(0, col) });
    if (col >= 0) setEditing({ id: editRequest.id, fieldId: fields[col]!.id });
  }, [editRequest, ids, fields, rows]);

  const save = useCallback(
    async (id: string, field: TableField, value: CellValue | undefined, since?: number) => {
      const key = `${id}:${field.id}`;
      try {
        await trackSave(() => storage.records.update(id, { [field.id]: value }, since));
        setUnsaved((current) => {
          if (!current.has(key)) return current;
          const next = new Map(current);
          next.delete(key);
          return next;
        });
      } catch (error) {
        // Another tab changed the record while this editor was open: never overwrite it silently.
        if (isQuireError(error, 'VersionConflict')) setConflict(true);
        else setUnsaved((current) => new Map(current).set(key, value));
      }
    },
    [storage],
  );

  const focusCell = (row: number, col: number) => {
    const r = Math.max(0, Math.min(ids.length - 1, row));
    const c = Math.max(0, Math.min(fields.length - 1, col));
    setActive({ row: r, col: c });
    rows.scrollToIndex(r);
    columns.scrollToIndex(c);
    scroller.current?.focus({ preventScroll: true });
  };

  const startEdit = (row: number, col: number, initial?: string) => {
    const id = ids[row];
    const field = fields[col];
    if (!id || !field) return;
    if (field.type === 'checkbox') {
      const record = records.get(id);
      void save(id, field, record?.values[field.id] === true ? undefined : true);
      return;
    }
    if (!isEditable(field)) return;
    const since = records.get(id)?.updatedAt;
    setConflict(false);
    setEditing({
      id,
      fieldId: field.id,
      ...(initial !== undefined ? { initial } : {}),
      ...(since !== undefined ? { since } : {}),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || !active) return;
    const moves: Record<string, [number, number]> = {
      ArrowDown: [1, 0],
      ArrowUp: [-1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      Tab: [0, event.shiftKey ? -1 : 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusCell(active.row + move[0], active.col + move[1]);
    } else if (event.key === 'Enter' || event.key === 'F2') {
      event.preventDefault();
      startEdit(active.row, active.col);
    } else if (event.key === ' ' && fields[active.col]?.type === 'checkbox') {
      event.preventDefault();
      startEdit(active.row, active.col);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      startEdit(active.row, active.col, event.key);
      event.preventDefault();
    }
  };

  const totalWidth = CHECK_WIDTH + columns.getTotalSize();
  const allChecked = ids.length > 0 && selection.ids.size === ids.length;
  const someChecked = selection.ids.size > 0 && !allChecked;

  const renderValue = (record: RecordRow | undefined, field: TableField) => {
    const key = record ? `${record.id}:${field.id}` : '';
    const value = unsaved.has(key) ? unsaved.get(key) : record?.values[field.id];
    if (isLink(field)) {
      const linked = linkIds(value);
      return (
        <span className="ws-chips">
          {linked.slice(0, 3).map((id) => (
            <Chip key={id} text={linkTitles.get(id) ?? '…'} />
          ))}
          {linked.length > 3 && <span className="ws-chip more">+{linked.length - 3}</span>}
        </span>
      );
    }
    if (record && (field.type === 'attachment' || field.type === 'attachmentImage')) {
      return (
        <AttachmentCell
          storage={storage}
          recordId={record.id}
          field={field}
          value={value}
          onChange={(next) => void save(record.id, field, next, record.updatedAt)}
        />
      );
    }
    if (field.type === 'checkbox') {
      return <span className={`ws-check${value === true ? ' on' : ''}`} title={value === true ? '✓' : ''} />;
    }
    if (field.type === 'singleSelect' || field.type === 'multiSelect') {
      const names = Array.isArray(value) ? (value as string[]) : typeof value === 'string' && value ? [value] : [];
      return (
        <span className="ws-chips">
          {names.map((name) => (
            <span key={name} className="ws-chip select" data-color={optionColor(field, name)}>
              {name}
            </span>
          ))}
        </span>
      );
    }
    if (field.type === 'url' && value && typeof value === 'object' && !Array.isArray(value)) {
      return <span className="ws-link">{cellText(field, value, i18n.language)}</span>;
    }
    return cellText(field, value, i18n.language);
  };

  return (
    <>
      {conflict && (
        <p className="ws-conflict" role="alert">
          {t('grid.conflict')}
          <button type="button" className="button ghost small" onClick={() => setConflict(false)}>
            {t('common.close')}
          </button>
        </p>
      )}
      <div
        ref={scroller}
        className="ws-grid"
        role="grid"
        aria-rowcount={ids.length + 1}
        aria-colcount={fields.length + 1}
        aria-label={table.name}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="grid"
      >
        <div className="ws-grid-inner" style={{ width: totalWidth, height: rows.getTotalSize() + ROW_HEIGHT }}>
          <div className="ws-grid-head" role="row" aria-rowindex={1} style={{ width: totalWidth }}>
            <div className="ws-cell ws-check-cell head" role="columnheader" style={{ width: CHECK_WIDTH }}>
              <input
                type="checkbox"
                aria-label={t('grid.selectAll')}
                checked={allChecked}
                ref={(el) => {
                  if (el) el.indeterminate = someChecked;
                }}
                onChange={onAllCheck}
              />
            </div>
            {virtualCols.map((col) => {
              const field = fields[col.index]!;
              return (
                <div
                  key={field.id}
                  className={`ws-cell head${field.isPrimary ? ' primary' : ''}`}
                  role="columnheader"
                  aria-colindex={col.index + 2}
                  style={{ width: col.size, transform: `translateX(${CHECK_WIDTH + col.start}px)` }}
                >
                  <button
                    type="button"
                    className="ws-head-button"
                    title={field.name}
                    onClick={(event) => onFieldMenu(field, event.currentTarget)}
                  >
                    <span className="ws-type-icon" aria-hidden="true">
                      {TYPE_GLYPH[field.type] ?? '•'}
                    </span>
                    <span className="ws-head-name">{field.name}</span>
                  </button>
                </div>
              );
            })}
          </div>
          {virtualRows.map((vr) => {
            const id = ids[vr.index]!;
            const record = records.get(id);
            const checked = selection.ids.has(id);
            return (
              <div
                // Keyed by slot, not by record: scrolling patches the same DOM rows instead of
                // creating and removing them (a window never holds ROW_SLOTS rows).
                key={vr.index % ROW_SLOTS}
                className={`ws-grid-row${checked ? ' selected' : ''}`}
                role="row"
                aria-rowindex={vr.index + 2}
                aria-selected={checked}
                data-record-id={id}
                style={{ transform: `translateY(${vr.start + ROW_HEIGHT}px)`, width: totalWidth }}
              >
                <div className="ws-cell ws-check-cell" role="gridcell" style={{ width: CHECK_WIDTH }}>
                  <input
                    type="checkbox"
                    checked={checked}
                    aria-label={t('grid.selectRow', { n: vr.index + 1 })}
                    onClick={(event) => onRowCheck(id, event)}
                    onChange={() => undefined}
                  />
                  <span className="ws-rownum">{vr.index + 1}</span>
                </div>
                {virtualCols.map((col) => {
                  const field = fields[col.index]!;
                  const isActive = active?.row === vr.index && active.col === col.index;
                  const isEditing = editing?.id === id && editing.fieldId === field.id;
                  const key = `${id}:${field.id}`;
                  return (
                    <div
                      key={field.id}
                      role="gridcell"
                      aria-colindex={col.index + 2}
                      data-field={field.name}
                      className={`ws-cell${isActive ? ' active' : ''}${unsaved.has(key) ? ' unsaved' : ''}${field.isPrimary ? ' primary' : ''}`}
                      style={{ width: col.size, transform: `translateX(${CHECK_WIDTH + col.start}px)` }}
                      onClick={() => {
                        setActive({ row: vr.index, col: col.index });
                        if (field.type === 'checkbox') startEdit(vr.index, col.index);
                      }}
                      onDoubleClick={() => startEdit(vr.index, col.index)}
                    >
                      {isEditing && record ? (
                        <CellEditor
                          field={field}
                          value={record.values[field.id]}
                          {...(editing?.initial !== undefined ? { initial: editing.initial } : {})}
                          onCommit={(value, move) => {
                            setEditing(undefined);
                            void save(id, field, value, editing?.since);
                            if (move) focusCell(vr.index + move, col.index);
                            else scroller.current?.focus({ preventScroll: true });
                          }}
                          onCancel={() => {
                            setEditing(undefined);
                            scroller.current?.focus({ preventScroll: true });
                          }}
                        />
                      ) : (
                        <span className="ws-cell-text">{record ? renderValue(record, field) : ''}</span>
                      )}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </>
  );
}

function optionColor(field: TableField, name: string): number {
  const option = field.property?.options?.find((o) => o.name === name);
  const index = option?.color ?? field.property?.options?.indexOf(option!) ?? 0;
  return Math.abs(Number(index) || 0) % 6;
}

const TYPE_GLYPH: Partial<Record<TableField['type'], string>> = {
  text: 'A',
  number: '#',
  currency: '$',
  progress: '%',
  rating: '★',
  singleSelect: '◉',
  multiSelect: '☰',
  dateTime: '◷',
  createdTime: '◷',
  modifiedTime: '◷',
  checkbox: '☑',
  url: '↗',
  email: '@',
  phone: '✆',
  attachment: '⎘',
  attachmentImage: '▣',
  singleLink: '⇢',
  duplexLink: '⇄',
  barcode: '▥',
  autoNumber: '№',
  location: '◎',
  user: '☺',
  formula: 'ƒ',
  lookup: '⌕',
};
