// biome-ignore-all lint/a11y/useSemanticElements: an ARIA grid of divs; a <table> cannot be virtualised in both directions
// biome-ignore-all lint/a11y/useFocusableInteractive: one focusable grid with keyboard navigation (arrows, Enter), as the ARIA grid pattern prescribes
// biome-ignore-all lint/a11y/useKeyWithClickEvents: cells are operated from the keyboard through the grid's own key handler
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { useAtomValue } from 'jotai';
import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CellValue, PendingWrite, Storage, TableField, TableRow } from '../../../storage';
import { releaseEdit } from '../../services/heldEdits';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { type HeldEdit, heldEditsAtom, heldKey, pendingWritesAtom } from '../../services/storageState';
import { showError } from '../errors';
import { isEditable, pickerKind } from './cells';
import { GridHeader } from './GridHeader';
import { GridPicker, type OpenPicker } from './GridPickers';
import { type Column, type Editing, GridRow, type RowActions } from './GridRow';
import { clampCell, keyIntent } from './gridKeys';
import { HeldEdits } from './HeldEdits';
import { saveCell } from './saveCell';
import type { Selection } from './selection';
import { SlotPool } from './slots';
import { useLinkedTitles, useWindowRecords } from './useGridData';

const ROW_HEIGHT = 36;
const CHECK_WIDTH = 92;
/** Room for the expand button beside the row number, on tables that have child records. */
const CHECK_WIDTH_EXPANDABLE = 120;
const COL_WIDTH = 180;
const PRIMARY_WIDTH = 220;

const widthOf = (field: TableField) => (field.isPrimary ? PRIMARY_WIDTH : COL_WIDTH);

interface Props {
  storage: Storage;
  table: TableRow;
  fields: TableField[];
  /** Fields added while storage refused writes: shown, their header marked "Not saved". */
  unsavedFieldIds?: ReadonlySet<string>;
  ids: string[];
  selection: Selection;
  onRowCheck: (id: string, event: MouseEvent) => void;
  onAllCheck: () => void;
  onFieldMenu: (field: TableField, anchor: HTMLElement) => void;
  /** Ask the grid to scroll to and edit this record's first field (after "Add record"). */
  editRequest?: { id: string; nonce: number };
  /** Open a record's child records (shown when the table has link fields that hold many). */
  onExpand?: (id: string) => void;
  /** The record whose child records are open, marked in the grid. */
  expandedId?: string;
}

interface Active {
  row: number;
  col: number;
}

/**
 * The records grid: rows and columns both virtualised, so only what is on screen is in the DOM and
 * only the visible window of records is read from IndexedDB, whatever the table's size. Rows are
 * memoised: a scroll step re-renders only the rows that came into view, not every visible row.
 */
export function Grid({
  storage,
  table,
  fields,
  unsavedFieldIds,
  ids,
  selection,
  onRowCheck,
  onAllCheck,
  onFieldMenu,
  editRequest,
  onExpand,
  expandedId,
}: Props) {
  const { t } = useWorkspaceTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<Active>();
  const [editing, setEditing] = useState<Editing>();
  const [picker, setPicker] = useState<OpenPicker>();
  const [conflict, setConflict] = useState(false);
  const pending = useAtomValue(pendingWritesAtom);
  const heldEdits = useAtomValue(heldEditsAtom);
  // Values storage does not hold yet: refused writes (the pending buffer, retried) and edits held
  // by a conflict (the user's call). Both stay visible and marked until storage has them.
  const { unsaved, held } = useMemo(() => unsavedCells(pending, heldEdits), [pending, heldEdits]);
  // Every record can be opened: its own fields, and its child records when it has some.
  const expandable = onExpand !== undefined;
  const checkWidth = expandable ? CHECK_WIDTH_EXPANDABLE : CHECK_WIDTH;

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
    // The primary column stays on screen (frozen) however far the grid scrolls sideways.
    rangeExtractor: keepFirst,
  });
  // Column widths depend on which fields are shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the field list changes
  useEffect(() => columns.measure(), [fields, columns]);

  const virtualRows = rows.getVirtualItems();
  const virtualCols = columns.getVirtualItems();
  const pool = useRef<SlotPool>(null);
  pool.current ??= new SlotPool();
  const slots = pool.current.assign(virtualRows.map((vr) => vr.index));
  // One array per horizontal window, so rows that did not change skip rendering on vertical scroll.
  const colsKey = virtualCols.map((c) => `${c.index}:${c.start}:${c.size}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `colsKey` stands for `virtualCols`
  const cols = useMemo<Column[]>(
    () => virtualCols.map((c) => ({ index: c.index, start: c.start, size: c.size, field: fields[c.index]! })),
    [colsKey, fields],
  );
  const first = virtualRows[0]?.index ?? 0;
  const last = virtualRows[virtualRows.length - 1]?.index ?? -1;
  const records = useWindowRecords(storage, ids, first, last);
  const visibleFields = useMemo(() => cols.map((c) => c.field), [cols]);
  const windowRecords = useMemo(
    () => ids.slice(first, last + 1).map((id) => records.get(id)),
    [ids, first, last, records],
  );
  const linkTitles = useLinkedTitles(storage, visibleFields, windowRecords);

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
    (id: string, field: TableField, value: CellValue | undefined, since?: number) =>
      saveCell(
        storage,
        { tableId: table.id, recordId: id, field, value, since },
        (error) => showError(error, t).message,
      ),
    [storage, table.id, t],
  );

  const cellElement = (row: number, col: number) =>
    scroller.current?.querySelector<HTMLElement>(
      `[role="row"][aria-rowindex="${row + 2}"] [role="gridcell"][aria-colindex="${col + 2}"]`,
    ) ?? undefined;

  const focusCell = (row: number, col: number) => {
    const { row: r, col: c } = clampCell(row, col, ids.length, fields.length);
    setActive({ row: r, col: c });
    rows.scrollToIndex(r);
    columns.scrollToIndex(c);
    scroller.current?.focus({ preventScroll: true });
  };

  const startEdit = (row: number, col: number, initial?: string, anchor?: HTMLElement) => {
    const id = ids[row];
    const field = fields[col];
    if (!id || !field) return;
    if (field.type === 'checkbox') {
      const record = records.get(id);
      void save(id, field, record?.values[field.id] === true ? undefined : true);
      return;
    }
    if (pickerKind(field)) {
      const cell = anchor ?? cellElement(row, col);
      // The picker shows once the record is loaded (it may still be on its way after a reload).
      if (cell) {
        setConflict(false);
        setPicker({ id, fieldId: field.id, anchor: cell, ...(initial ? { query: initial } : {}) });
      }
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

  // Rows get one stable actions object whose functions read the latest state through this ref,
  // so passing them never breaks the rows' memoisation.
  const latest = useRef({ startEdit, save, focusCell, onRowCheck, onExpand, setActive, setEditing });
  latest.current = { startEdit, save, focusCell, onRowCheck, onExpand, setActive, setEditing };
  const actions = useMemo<RowActions>(
    () => ({
      click: (row, col, field) => {
        latest.current.setActive({ row, col });
        if (field.type === 'checkbox') latest.current.startEdit(row, col);
      },
      doubleClick: (row, col, anchor) => latest.current.startEdit(row, col, undefined, anchor),
      check: (id, event) => latest.current.onRowCheck(id, event),
      expand: (id) => latest.current.onExpand?.(id),
      save: (id, field, value, since) => void latest.current.save(id, field, value, since),
      commit: (id, row, col, field, value, move, since) => {
        latest.current.setEditing(undefined);
        void latest.current.save(id, field, value, since);
        if (move) latest.current.focusCell(row + move, col);
        else scroller.current?.focus({ preventScroll: true });
      },
      cancel: () => {
        latest.current.setEditing(undefined);
        scroller.current?.focus({ preventScroll: true });
      },
    }),
    [],
  );

  const closePicker = useCallback(() => {
    setPicker(undefined);
    scroller.current?.focus({ preventScroll: true });
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || picker || !active) return;
    const intent = keyIntent(event, fields[active.col]?.type);
    if (!intent) return;
    event.preventDefault();
    if (intent.kind === 'move') focusCell(active.row + intent.rows, active.col + intent.cols);
    else startEdit(active.row, active.col, intent.initial);
  };

  const totalWidth = checkWidth + columns.getTotalSize();
  const allChecked = ids.length > 0 && selection.ids.size === ids.length;
  const someChecked = selection.ids.size > 0 && !allChecked;
  const pickerRecord = picker ? records.get(picker.id) : undefined;
  const pickerField = picker ? fields.find((f) => f.id === picker.fieldId) : undefined;

  return (
    <>
      <HeldEdits
        tableId={table.id}
        fields={fields}
        onApply={(edit, field) => void save(edit.recordId, field, edit.value)}
        onDiscard={(edit) => void releaseEdit(storage, edit.recordId, edit.fieldId)}
      />
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
          <GridHeader
            cols={cols}
            checkWidth={checkWidth}
            totalWidth={totalWidth}
            allChecked={allChecked}
            someChecked={someChecked}
            onAllCheck={onAllCheck}
            onFieldMenu={onFieldMenu}
            unsavedFieldIds={unsavedFieldIds}
            t={t}
          />
          {virtualRows.map((vr, i) => {
            const id = ids[vr.index]!;
            return (
              <GridRow
                // Keyed by recycled slot (slots.ts): a row scrolling in patches the DOM row of one
                // that scrolled out; rows that stay keep their key and skip rendering.
                key={slots[i]}
                storage={storage}
                index={vr.index}
                top={vr.start + ROW_HEIGHT}
                id={id}
                record={records.get(id)}
                checked={selection.ids.has(id)}
                expanded={expandedId === id}
                expandable={expandable}
                cols={cols}
                checkWidth={checkWidth}
                totalWidth={totalWidth}
                activeCol={active?.row === vr.index ? active.col : -1}
                editing={editing?.id === id ? editing : undefined}
                unsaved={unsaved}
                held={held}
                linkTitles={linkTitles}
                t={t}
                actions={actions}
              />
            );
          })}
        </div>
      </div>
      {picker && pickerRecord && pickerField && (
        <GridPicker
          storage={storage}
          baseId={table.baseId}
          picker={picker}
          record={pickerRecord}
          field={pickerField}
          unsaved={unsaved}
          save={save}
          onClose={closePicker}
          onConflict={() => setConflict(true)}
        />
      )}
    </>
  );
}

/** The cells whose shown value is not in storage: refused writes, then held edits on top. */
export function unsavedCells(pending: readonly PendingWrite[], heldEdits: ReadonlyMap<string, HeldEdit>) {
  const unsaved = new Map<string, CellValue | undefined>();
  for (const item of pending) {
    const payload = item.payload as { id?: unknown; patch?: Record<string, CellValue | undefined> } | null;
    if (item.field === undefined || typeof payload?.id !== 'string' || !payload.patch) continue;
    unsaved.set(heldKey(payload.id, item.field), payload.patch[item.field]);
  }
  for (const [key, edit] of heldEdits) unsaved.set(key, edit.value);
  return { unsaved, held: new Set(heldEdits.keys()) as ReadonlySet<string> };
}

/** Always render the first (primary) column, so it can stay frozen at the left. */
function keepFirst(range: Range): number[] {
  const indexes = defaultRangeExtractor(range);
  return range.count > 0 && indexes[0] !== 0 ? [0, ...indexes] : indexes;
}
