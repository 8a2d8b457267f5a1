// biome-ignore-all lint/a11y/useFocusableInteractive: options are reached from the search box (combobox with aria-activedescendant), as the listbox pattern prescribes
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RecordRow, TableField } from '../../../storage';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { optionColor, optionNames } from './cells';
import { PickOption, Popover } from './Popover';
import { createPickerSaves } from './pickerSaves';

interface Props {
  field: TableField;
  value: unknown;
  /** The record's `updatedAt` when the picker opened: saves name the revision they started from. */
  since: number;
  anchor: HTMLElement;
  /** A character typed on the cell that opened the picker. */
  initialQuery?: string | undefined;
  /** The grid's save for this cell (revision check, unsaved marking); the saved record, if saved. */
  onChange: (next: string[] | undefined, since: number) => Promise<RecordRow | undefined>;
  onClose: () => void;
}

export function chosenOptions(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' && value ? [value] : [];
}

/** The list under the search box: matching options, then "Add …" for a name not among them. */
export function optionMatches(options: readonly string[], chosen: readonly string[], query: string) {
  const known = [...options, ...chosen.filter((name) => !options.includes(name))];
  const needle = query.trim().toLocaleLowerCase();
  const shown = needle ? known.filter((name) => name.toLocaleLowerCase().includes(needle)) : known;
  const exact = known.some((name) => name.toLocaleLowerCase() === needle);
  return { shown, add: needle && !exact ? query.trim() : undefined };
}

/**
 * A multiple-select cell's own chip picker (issue 12: the browser's suggestion list replaced): the
 * chosen options as chips, a search box over the field's options, arrows and Enter to tick or untick,
 * Backspace in an empty search to take off the last chip, Escape or Done to close. Each change saves
 * at once, like the other grid pickers.
 */
export function OptionPicker({ field, value, since, anchor, initialQuery, onChange, onClose }: Props) {
  const { t } = useWorkspaceTranslation();
  const [chosen, setChosen] = useState<string[]>(() => chosenOptions(value));
  const [query, setQuery] = useState(initialQuery ?? '');
  const [cursor, setCursor] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const [saves] = useState(() =>
    createPickerSaves<string[]>({
      since,
      stored: chosenOptions(value),
      write: (next, at) => onChange(next.length > 0 ? next : undefined, at),
      onRefused: setChosen,
    }),
  );
  const options = useMemo(() => optionNames(field), [field]);
  const { shown, add } = optionMatches(options, chosen, query);
  const entries = add === undefined ? shown : [...shown, add];

  useEffect(() => input.current?.focus(), []);

  const save = (next: string[]) => {
    setChosen(next);
    return saves.save(next);
  };
  const toggle = (name: string) => {
    setQuery('');
    setCursor(0);
    void save(chosen.includes(name) ? chosen.filter((n) => n !== name) : [...chosen, name]);
  };

  const label = t('links.pickerTitle', { field: field.name });
  const listId = `ws-options-${field.id}`;
  return (
    <Popover anchor={anchor} label={label} onClose={onClose} width={300}>
      <div className="ws-pick-head">
        <span className="ws-pick-title">{label}</span>
        <span className="muted">{t('links.pickMany')}</span>
      </div>
      {chosen.length > 0 && (
        <ul className="ws-pick-chips" aria-label={t('options.chosen')}>
          {chosen.map((name) => (
            <li key={name} className="ws-chip select ws-pick-chip" data-color={optionColor(field, name)}>
              <span>{name}</span>
              <button
                type="button"
                aria-label={t('options.remove', { name })}
                title={t('options.remove', { name })}
                onClick={() => void save(chosen.filter((n) => n !== name))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        className="ws-input ws-pick-search"
        type="search"
        placeholder={t('options.search')}
        aria-label={t('options.search')}
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={entries[cursor] !== undefined ? `${listId}-${cursor}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setCursor(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setCursor((c) => Math.max(0, Math.min(entries.length - 1, c + step)));
          } else if (event.key === 'Enter') {
            event.preventDefault();
            const picked = entries[cursor];
            if (picked !== undefined) toggle(picked);
          } else if (event.key === 'Backspace' && query === '' && chosen.length > 0) {
            event.preventDefault();
            void save(chosen.slice(0, -1));
          }
        }}
      />
      <div className="ws-pick-list" id={listId} role="listbox" aria-multiselectable="true" aria-label={label}>
        {entries.map((name, i) => {
          const isNew = add !== undefined && i === entries.length - 1;
          const on = !isNew && chosen.includes(name);
          return (
            <PickOption
              key={isNew ? `new:${name}` : name}
              listId={listId}
              index={i}
              selected={on}
              current={i === cursor}
              onHover={setCursor}
              onPick={() => toggle(name)}
            >
              {isNew ? (
                <span className="ws-pick-text">{t('options.add', { name })}</span>
              ) : (
                <span className="ws-pick-text">
                  <span className="ws-chip select" data-color={optionColor(field, name)}>
                    {name}
                  </span>
                </span>
              )}
              <span className={`ws-pick-tick${on ? ' on' : ''}`} aria-hidden="true" />
            </PickOption>
          );
        })}
        {entries.length === 0 && <div className="ws-pick-empty">{t('options.none')}</div>}
      </div>
      <div className="ws-pick-foot">
        <span />
        <button type="button" className="button secondary small" onClick={onClose}>
          {t('links.done')}
        </button>
      </div>
    </Popover>
  );
}
