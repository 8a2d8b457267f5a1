import { useEffect, useRef, useState } from 'react';
import type { CellValue, TableField } from '../../../storage';
import { editText, optionNames, parseInput } from './cells';

interface Props {
  field: TableField;
  value: CellValue | undefined;
  /** A typed character that opened the editor replaces the content. */
  initial?: string;
  /** `move`: 1 to go to the next row (Enter), 0 to stay (blur). */
  onCommit: (value: CellValue | undefined, move: number) => void;
  onCancel: () => void;
}

/** Inline editor of one cell: a text input (with option list for selects) or a single select. */
export function CellEditor({ field, value, initial, onCommit, onCancel }: Props) {
  const [text, setText] = useState(initial ?? editText(field, value));
  const [invalid, setInvalid] = useState(false);
  const done = useRef(false);
  const input = useRef<HTMLInputElement & HTMLSelectElement>(null);
  useEffect(() => {
    input.current?.focus();
    if (initial === undefined && input.current instanceof HTMLInputElement) input.current.select();
  }, [initial]);

  const commit = (move: number, current = text) => {
    if (done.current) return;
    const parsed = parseInput(field, current);
    if (!parsed.ok) {
      setInvalid(true);
      return;
    }
    done.current = true;
    onCommit(parsed.value, move);
  };
  const cancel = () => {
    done.current = true;
    onCancel();
  };

  if (field.type === 'singleSelect') {
    const options = optionNames(field);
    return (
      <select
        ref={input}
        className="ws-cell-input"
        value={text}
        aria-label={field.name}
        onChange={(event) => {
          setText(event.target.value);
          commit(0, event.target.value);
        }}
        onBlur={() => commit(0)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') cancel();
          if (event.key === 'Enter') commit(1);
        }}
      >
        <option value="">—</option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        {text && !options.includes(text) && <option value={text}>{text}</option>}
      </select>
    );
  }

  const listId = field.type === 'multiSelect' ? `ws-options-${field.id}` : undefined;
  return (
    <>
      <input
        ref={input}
        className={`ws-cell-input${invalid ? ' invalid' : ''}`}
        value={text}
        aria-label={field.name}
        aria-invalid={invalid}
        inputMode={field.type === 'number' || field.type === 'currency' ? 'decimal' : undefined}
        placeholder={field.type === 'dateTime' ? 'YYYY-MM-DD' : undefined}
        list={listId}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
        }}
        onBlur={() => {
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
      {listId && (
        <datalist id={listId}>
          {optionNames(field).map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
    </>
  );
}
