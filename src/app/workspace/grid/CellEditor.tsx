import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { CellValue, TableField } from '../../../storage';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { Select } from '../../shell/Select';
import { editText, optionNames, parseInput } from './cells';
import { LongTextEditor } from './LongTextEditor';
import { type OpenCell, useOpenCellJournal } from './openCellJournal';

const NUMERIC = new Set(['number', 'currency', 'progress', 'rating']);

/** Why a typed value was refused, shown under the cell (the grid's containment would clip it inside). */
function CellHint({ anchor, text }: { anchor: RefObject<HTMLElement | null>; text: string }) {
  const [place, setPlace] = useState<{ top: number; left: number }>();
  useLayoutEffect(() => {
    const rect = anchor.current?.getBoundingClientRect();
    if (rect) setPlace({ top: rect.bottom + 4, left: Math.max(8, Math.min(rect.left, window.innerWidth - 328)) });
  }, [anchor]);
  if (!place) return null;
  return createPortal(
    <div className="ws-cell-hint" role="alert" style={{ top: place.top, left: place.left }}>
      {text}
    </div>,
    document.body,
  );
}

/** `YYYY-MM-DD` for the native date picker, from what the editor holds. */
function isoDay(text: string): string {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text.trim());
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : '';
}

interface Props {
  field: TableField;
  value: CellValue | undefined;
  /** A typed character that opened the editor replaces the content. */
  initial?: string;
  /** `move`: 1 to go to the next row (Enter), 0 to stay (blur). */
  onCommit: (value: CellValue | undefined, move: number) => void;
  onCancel: () => void;
  /** The cell being edited: its text is journalled as typed, so a killed tab keeps it. */
  cell?: OpenCell;
}

/** Inline editor of one cell: a text input, or a single select (multiple selects have OptionPicker). */
export function CellEditor({ field, value, initial, onCommit, onCancel, cell }: Props) {
  const { t } = useWorkspaceTranslation();
  const original = editText(field, value);
  const [text, setTextState] = useState(initial ?? original);
  const [invalid, setInvalid] = useState(false);
  const done = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const journal = useOpenCellJournal(field, cell, original, onCommit, done);
  useEffect(() => {
    input.current?.focus();
    if (initial === undefined) input.current?.select();
  }, [initial]);
  // A typed character that opened the editor is already a change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the text the editor opened with.
  useEffect(() => {
    if (initial !== undefined) journal.typed(initial);
  }, []);
  const setText = (next: string) => {
    setTextState(next);
    journal.typed(next);
  };

  const commit = (move: number, current = text) => {
    if (done.current) return;
    const parsed = parseInput(field, current);
    if (!parsed.ok) {
      setInvalid(true);
      return;
    }
    done.current = true;
    journal.settled();
    onCommit(parsed.value, move);
  };
  const cancel = () => {
    done.current = true;
    journal.discarded();
    onCancel();
  };

  // The growing box is the grid's; the child-records panel keeps its one-line input in the row.
  if (field.type === 'text' && cell) {
    return (
      <LongTextEditor
        label={field.name}
        text={text}
        selectAll={initial === undefined}
        onText={setText}
        onCommit={(move) => commit(move)}
        onCancel={cancel}
      />
    );
  }

  if (field.type === 'singleSelect') {
    return (
      <CellSelect
        field={field}
        value={text}
        onPick={(picked) => {
          setText(picked);
          commit(0, picked);
        }}
        onCommit={(move) => commit(move)}
        onCancel={cancel}
      />
    );
  }

  const isDate = field.type === 'dateTime';
  const hint = !invalid
    ? undefined
    : isDate
      ? t('grid.dateFormats')
      : NUMERIC.has(field.type)
        ? t('grid.numberFormats')
        : field.type === 'email'
          ? t('people.emailInvalid')
          : undefined;
  return (
    <>
      {hint && <CellHint anchor={input} text={hint} />}
      <input
        ref={input}
        className={`ws-cell-input${invalid ? ' invalid' : ''}`}
        value={text}
        aria-label={field.name}
        aria-invalid={invalid}
        inputMode={field.type === 'number' || field.type === 'currency' ? 'decimal' : undefined}
        placeholder={field.type === 'dateTime' ? 'YYYY-MM-DD' : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
        }}
        onBlur={(event) => {
          // Moving to the date picker beside the input is not leaving the cell.
          if (isDate && (event.relatedTarget as HTMLElement | null)?.classList.contains('ws-date-picker')) return;
          if (!done.current && !parseInput(field, text).ok) cancel();
          else commit(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit(1);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            cancel();
          } else if (event.key === 'Tab') {
            event.preventDefault();
            commit(0);
          }
          event.stopPropagation();
        }}
      />
      {isDate && (
        <input
          type="date"
          className="ws-date-picker"
          aria-label={t('grid.pickDate')}
          title={t('grid.pickDate')}
          value={isoDay(text)}
          // Choosing a day in the picker is a complete answer: commit it at once.
          onBlur={(event) => {
            if (event.relatedTarget !== input.current) commit(0);
          }}
          onChange={(event) => {
            if (!event.target.value) return;
            setText(event.target.value);
            setInvalid(false);
            commit(0, event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') cancel();
            event.stopPropagation();
          }}
        />
      )}
    </>
  );
}

/**
 * A single select edited in place: the app's Select at the cell's size, its list opened at once
 * (the double click or key that started editing allows it). Choosing an option commits; Enter on
 * the closed select commits and moves down; Escape leaves the value as it was.
 */
function CellSelect({
  field,
  value,
  onPick,
  onCommit,
  onCancel,
}: {
  field: TableField;
  value: string;
  onPick: (value: string) => void;
  onCommit: (move: number) => void;
  onCancel: () => void;
}) {
  const select = useRef<HTMLSelectElement>(null);
  const options = optionNames(field);
  useEffect(() => {
    const element = select.current;
    if (!element) return;
    element.focus();
    try {
      element.showPicker();
    } catch {
      // No user activation left (or no picker support): the select is focused, Space or Alt+↓ opens it.
    }
  }, []);
  return (
    <Select
      ref={select}
      size="cell"
      className="ws-cell-input"
      value={value}
      aria-label={field.name}
      onValueChange={onPick}
      onBlur={(event) => {
        // Focus moving into the select's own open list is not leaving the cell.
        if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
        onCommit(0);
      }}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Escape') {
          event.preventDefault();
          onCancel();
        } else if (event.key === 'Enter' && event.target === event.currentTarget) {
          // Enter on an option picks it (a change); on the closed select it means "done, next row".
          event.preventDefault();
          onCommit(1);
        }
      }}
    >
      <option value="">—</option>
      {options.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
      {value && !options.includes(value) && <option value={value}>{value}</option>}
    </Select>
  );
}
