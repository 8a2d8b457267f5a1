// biome-ignore-all lint/a11y/useFocusableInteractive: options are reached from the search box (combobox with aria-activedescendant), as the listbox pattern prescribes
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the search box's arrow keys and Enter operate the options
import { useEffect, useMemo, useRef, useState } from 'react';
import { isQuireError } from '../../../core/errors';
import {
  allowsMany,
  classifyStorageFailure,
  primaryField,
  type RecordRow,
  type Storage,
  searchRecords,
  setLinks,
  type TableField,
  type TableRow,
} from '../../../storage';
import { dropCellEdit, dropOnceWritten, journalCellEdit } from '../../services/cellJournal';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { trackSave } from '../../services/storageWrites';
import { ErrorBox } from '../ErrorBox';
import { cellText, isLink, linkIds } from './cells';
import { PickOption, Popover } from './Popover';

interface Props {
  storage: Storage;
  record: RecordRow;
  field: TableField;
  anchor: HTMLElement;
  /** A character typed on the cell that opened the picker. */
  initialQuery?: string | undefined;
  onClose: () => void;
  /** Another tab changed the record since the picker opened: the grid shows its notice. */
  onConflict: () => void;
}

const RESULT_LIMIT = 50;
const SEARCH_DELAY_MS = 120;
/** Fields shown under a record's title in the list, to tell similar titles apart. */
const DETAIL_FIELDS = 2;

interface LinkOption {
  id: string;
  title: string;
  detail: string;
}

/** A record as the picker lists it: its primary text and a line of detail from the next fields. */
export function linkOption(table: TableRow, record: RecordRow): LinkOption {
  const primary = primaryField(table);
  const title = primary ? cellText(primary, record.values[primary.id]) : '';
  const detail = table.fields
    .filter((f) => f !== primary && !isLink(f) && f.type !== 'attachment' && f.type !== 'attachmentImage')
    .map((f) => cellText(f, record.values[f.id]))
    .filter(Boolean)
    .slice(0, DETAIL_FIELDS)
    .join(' · ');
  return { id: record.id, title, detail };
}

/**
 * Choose the records a link cell points at: search the linked table by its primary field, tick one
 * (single link: picking closes) or many, remove a chip. Each pick is saved at once as its own action,
 * with the revision check the grid's other edits use.
 */
export function RecordPicker({ storage, record, field, anchor, initialQuery, onClose, onConflict }: Props) {
  const { t } = useWorkspaceTranslation();
  const many = allowsMany(field);
  const [linkedTable, setLinkedTable] = useState<TableRow | null>();
  const [chosen, setChosen] = useState<string[]>(() => linkIds(record.values[field.id]));
  const [known, setKnown] = useState<Map<string, LinkOption>>(new Map());
  const [query, setQuery] = useState(initialQuery ?? '');
  const [results, setResults] = useState<{ options: LinkOption[]; more: boolean }>();
  const [cursor, setCursor] = useState(0);
  const [error, setError] = useState<unknown>();
  const since = useRef(record.updatedAt);
  const input = useRef<HTMLInputElement>(null);
  const listId = `ws-pick-${field.id}`;

  useEffect(() => {
    const tableId = field.property?.tableId;
    void (async () => {
      const table = typeof tableId === 'string' ? await storage.tables.get(tableId) : undefined;
      setLinkedTable(table ?? null);
      if (!table) return;
      const rows = await storage.records.getMany(linkIds(record.values[field.id]));
      setKnown((current) => {
        const next = new Map(current);
        for (const row of rows) next.set(row.id, linkOption(table, row));
        return next;
      });
    })();
  }, [storage, field, record]);

  useEffect(() => {
    if (!linkedTable) return;
    let live = true;
    const timer = setTimeout(
      () =>
        void searchRecords(storage, linkedTable.id, query, RESULT_LIMIT)
          .then((found) => {
            if (!live) return;
            const options = found.records.map((r) => linkOption(linkedTable, r));
            setResults({ options, more: found.more });
            setCursor(0);
            setKnown((current) => {
              const next = new Map(current);
              for (const option of options) next.set(option.id, option);
              return next;
            });
          })
          .catch((e: unknown) => live && setError(e)),
      query ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [storage, linkedTable, query]);

  useEffect(() => input.current?.focus(), []);

  const save = async (next: string[]) => {
    const previous = chosen;
    setChosen(next);
    setError(undefined);
    // Journalled in the click's own task like typed text: a browser killed before the write lands
    // keeps the pick, and the next start writes it (a full disk: the journal keeps it until written).
    const entry = {
      recordId: record.id,
      fieldId: field.id,
      fieldName: field.name,
      tableId: record.tableId,
      value: next,
      since: since.current,
      links: true as const,
      at: Date.now(),
    };
    journalCellEdit(entry);
    try {
      const updated = await trackSave(() => setLinks(storage, record.id, field.id, next, since.current));
      dropCellEdit(entry);
      since.current = updated.updatedAt;
      return true;
    } catch (e) {
      // Another tab changed the record: the grid's notice says so and the pick is not made.
      if (isQuireError(e, 'VersionConflict')) dropCellEdit(entry);
      // A full disk: the pending buffer retries the pick; the journal keeps it until then.
      else if (classifyStorageFailure(e)) dropOnceWritten(storage, entry);
      setChosen(previous);
      if (isQuireError(e, 'VersionConflict')) {
        onConflict();
        onClose();
      } else setError(e);
      return false;
    }
  };

  const toggle = async (id: string) => {
    if (!many) {
      const ok = await save(chosen[0] === id ? [] : [id]);
      if (ok) onClose();
      return;
    }
    await save(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
  };

  const options = results?.options ?? [];
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  const label = t('links.pickerTitle', { field: field.name });

  return (
    <Popover anchor={anchor} label={label} onClose={onClose}>
      <div className="ws-pick-head">
        <span className="ws-pick-title">{label}</span>
        <span className="muted">{many ? t('links.pickMany') : t('links.pickOne')}</span>
      </div>
      {chosen.length > 0 && (
        <ul className="ws-pick-chips" aria-label={t('links.linked')}>
          {chosen.map((id) => {
            const title = known.get(id)?.title || '…';
            return (
              <li key={id} className="ws-chip ws-pick-chip">
                <span>{title}</span>
                <button
                  type="button"
                  aria-label={t('links.unlink', { name: title })}
                  title={t('links.unlink', { name: title })}
                  onClick={() => void save(chosen.filter((x) => x !== id))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <input
        ref={input}
        className="ws-input ws-pick-search"
        type="search"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={options[cursor] ? `${listId}-${cursor}` : undefined}
        placeholder={linkedTable ? t('links.search', { table: linkedTable.name }) : ''}
        aria-label={linkedTable ? t('links.search', { table: linkedTable.name }) : t('links.linked')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setCursor((c) => Math.max(0, Math.min(options.length - 1, c + step)));
          } else if (event.key === 'Enter' && options[cursor]) {
            event.preventDefault();
            void toggle(options[cursor]!.id);
          }
        }}
      />
      {error !== undefined && <ErrorBox error={error} />}
      {linkedTable === null ? (
        <p className="ws-pick-empty">{t('links.noTable')}</p>
      ) : (
        <div className="ws-pick-list" id={listId} role="listbox" aria-multiselectable={many} aria-label={label}>
          {options.map((option, i) => {
            const on = chosenSet.has(option.id);
            return (
              <PickOption
                key={option.id}
                listId={listId}
                index={i}
                selected={on}
                current={i === cursor}
                onHover={setCursor}
                onPick={() => void toggle(option.id)}
              >
                <span className={`ws-pick-box${many ? '' : ' radio'}`} aria-hidden="true" />
                <span className="ws-pick-text">
                  <span className="ws-pick-name">{option.title || t('links.untitled')}</span>
                  {option.detail && <span className="ws-pick-detail">{option.detail}</span>}
                </span>
              </PickOption>
            );
          })}
          {results && options.length === 0 && <div className="ws-pick-empty">{t('links.noMatch')}</div>}
          {results?.more && <div className="ws-pick-more muted">{t('links.refine', { n: RESULT_LIMIT })}</div>}
        </div>
      )}
      <div className="ws-pick-foot">
        <span className="muted">{t('links.count', { n: chosen.length })}</span>
        <button type="button" className="button secondary small" onClick={onClose}>
          {t('links.done')}
        </button>
      </div>
    </Popover>
  );
}
