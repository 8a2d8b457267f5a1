// biome-ignore-all lint/a11y/useSemanticElements: rows and cells of the ARIA grid in Grid.tsx
// biome-ignore-all lint/a11y/useFocusableInteractive: the grid itself is the one focusable element (ARIA grid pattern)
// biome-ignore-all lint/a11y/useKeyWithClickEvents: cells are operated from the keyboard through the grid's own key handler
import type { TFunction } from 'i18next';
import { type MouseEvent, memo } from 'react';
import type { CellValue, RecordRow, Storage, StoredUser, TableField } from '../../../storage';
import { AttachmentCell } from './AttachmentCell';
import { CellEditor } from './CellEditor';
import { cellText, isLink, linkIds, optionColor } from './cells';
import { cellStyle, isNumeric } from './layout';
import { Avatar, usersOf } from './UserPicker';
import './grid.css';

export interface Column {
  index: number;
  start: number;
  size: number;
  field: TableField;
}

export interface Editing {
  id: string;
  fieldId: string;
  initial?: string;
  since?: number;
}

/** What a row can ask of the grid. One stable object for all rows (see Grid's `actions`). */
export interface RowActions {
  click(row: number, col: number, field: TableField): void;
  doubleClick(row: number, col: number, anchor: HTMLElement): void;
  check(id: string, event: MouseEvent): void;
  expand(id: string): void;
  save(id: string, field: TableField, value: CellValue | undefined, since?: number): void;
  commit(
    id: string,
    row: number,
    col: number,
    field: TableField,
    value: CellValue | undefined,
    move: number,
    since?: number,
  ): void;
  cancel(): void;
}

interface Props {
  storage: Storage;
  index: number;
  top: number;
  id: string;
  record: RecordRow | undefined;
  checked: boolean;
  expanded: boolean;
  expandable: boolean;
  cols: Column[];
  checkWidth: number;
  totalWidth: number;
  /** The active column when the active cell is in this row, else -1. */
  activeCol: number;
  editing: Editing | undefined;
  /** Values not in storage yet, by `<record>:<field>`: refused writes and edits held by a conflict. */
  unsaved: ReadonlyMap<string, CellValue | undefined>;
  /** The keys of `unsaved` held by a conflict with another tab (or a refused edit). */
  held: ReadonlySet<string>;
  linkTitles: ReadonlyMap<string, string>;
  t: TFunction<'workspace'>;
  actions: RowActions;
}

const MAX_CHIPS = 3;

function Chips({ texts, className = '' }: { texts: string[]; className?: string }) {
  return (
    <span className="ws-chips">
      {texts.slice(0, MAX_CHIPS).map((text, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two linked records may share a title
        <span key={i} className={`ws-chip${className}`}>
          {text}
        </span>
      ))}
      {texts.length > MAX_CHIPS && <span className="ws-chip more">+{texts.length - MAX_CHIPS}</span>}
    </span>
  );
}

function People({ users }: { users: StoredUser[] }) {
  return (
    <span className="ws-chips">
      {users.slice(0, MAX_CHIPS).map((user) => (
        <span key={user.id} className="ws-chip ws-person" title={user.email ?? user.name}>
          <Avatar user={user} />
          {user.name}
        </span>
      ))}
      {users.length > MAX_CHIPS && <span className="ws-chip more">+{users.length - MAX_CHIPS}</span>}
    </span>
  );
}

/**
 * One grid row. Memoised: its props change only when its record, selection, active cell or
 * editor changes, or the horizontal window moves, so a vertical scroll step renders only the
 * rows that came into view.
 */
export const GridRow = memo(function GridRow({
  storage,
  index,
  top,
  id,
  record,
  checked,
  expanded,
  expandable,
  cols,
  checkWidth,
  totalWidth,
  activeCol,
  editing,
  unsaved,
  held,
  linkTitles,
  t,
  actions,
}: Props) {
  const renderValue = (rec: RecordRow, field: TableField, value: CellValue | undefined) => {
    if (isLink(field)) return <Chips texts={linkIds(value).map((linked) => linkTitles.get(linked) ?? '…')} />;
    if (field.type === 'user' || field.type === 'createdUser' || field.type === 'modifiedUser') {
      const users = usersOf(value);
      return users.length > 0 ? <People users={users} /> : cellText(field, value);
    }
    if (field.type === 'attachment' || field.type === 'attachmentImage') {
      return (
        <AttachmentCell
          storage={storage}
          recordId={rec.id}
          field={field}
          value={value}
          onChange={(next) => actions.save(rec.id, field, next, rec.updatedAt)}
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
      return <span className="ws-link">{cellText(field, value)}</span>;
    }
    return cellText(field, value);
  };

  return (
    <div
      className={`ws-grid-row${checked ? ' selected' : ''}${expanded ? ' expanded' : ''}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={checked}
      data-record-id={id}
      style={{ transform: `translateY(${top}px)`, width: totalWidth }}
    >
      <div className="ws-cell ws-check-cell" role="gridcell" style={{ width: checkWidth }}>
        <input
          type="checkbox"
          checked={checked}
          aria-label={t('grid.selectRow', { n: index + 1 })}
          onClick={(event) => actions.check(id, event)}
          onChange={() => undefined}
        />
        <span className="ws-rownum">{index + 1}</span>
        {expandable && (
          <button
            type="button"
            className="ws-expand"
            aria-label={t('children.open', { n: index + 1 })}
            title={t('children.open', { n: index + 1 })}
            aria-expanded={expanded}
            onKeyDown={(event) => event.stopPropagation()}
            onClick={() => actions.expand(id)}
          >
            ⤢
          </button>
        )}
      </div>
      {cols.map((col) => {
        const field = col.field;
        const key = `${id}:${field.id}`;
        const isEditing = editing?.fieldId === field.id;
        const value = unsaved.has(key) ? unsaved.get(key) : record?.values[field.id];
        return (
          <div
            key={field.id}
            role="gridcell"
            aria-colindex={col.index + 2}
            data-field={field.name}
            className={`ws-cell${activeCol === col.index ? ' active' : ''}${held.has(key) ? ' conflict' : unsaved.has(key) ? ' unsaved' : ''}${field.isPrimary && col.index === 0 ? ' primary frozen' : field.isPrimary ? ' primary' : ''}${isNumeric(field) ? ' num' : ''}`}
            style={cellStyle(col, checkWidth)}
            onClick={() => actions.click(index, col.index, field)}
            onDoubleClick={(event) => actions.doubleClick(index, col.index, event.currentTarget)}
          >
            {isEditing && record ? (
              <CellEditor
                field={field}
                value={value}
                {...(editing.initial !== undefined ? { initial: editing.initial } : {})}
                onCommit={(next, move) => actions.commit(id, index, col.index, field, next, move, editing.since)}
                onCancel={actions.cancel}
                cell={{
                  recordId: id,
                  tableId: record.tableId,
                  ...(editing.since !== undefined ? { since: editing.since } : {}),
                }}
              />
            ) : (
              <span className="ws-cell-text">{record ? renderValue(record, field, value) : ''}</span>
            )}
          </div>
        );
      })}
    </div>
  );
});
