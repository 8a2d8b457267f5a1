// biome-ignore-all lint/a11y/useFocusableInteractive: options are reached from the search box (combobox with aria-activedescendant), as the listbox pattern prescribes
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the search box's arrow keys and Enter operate the options
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { isQuireError } from '../../../core/errors';
import {
  addMember,
  allowsMany,
  listMembers,
  type MemberRow,
  type RecordRow,
  type Storage,
  type StoredUser,
  type TableField,
  toStoredUser,
  validateMember,
} from '../../../storage';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { trackSave } from '../../services/storageWrites';
import { ErrorBox } from '../ErrorBox';
import { PickOption, Popover } from './Popover';
import { createPickerSaves } from './pickerSaves';

interface Props {
  storage: Storage;
  baseId: string;
  field: TableField;
  value: unknown;
  /** The record's `updatedAt` when the picker opened: saves name the revision they started from. */
  since: number;
  anchor: HTMLElement;
  /** A character typed on the cell that opened the picker. */
  initialQuery?: string | undefined;
  /** The grid's save for this cell (revision check, unsaved marking); the saved record, if saved. */
  onChange: (next: StoredUser[] | undefined, since: number) => Promise<RecordRow | undefined>;
  onClose: () => void;
}

export function usersOf(value: unknown): StoredUser[] {
  return Array.isArray(value)
    ? value.filter((u): u is StoredUser => typeof u === 'object' && u !== null && typeof u.id === 'string')
    : [];
}

/** Two letters for an avatar: initials of the first two words, else the first two letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? [...words[0]!].slice(0, 1).concat([...words[1]!].slice(0, 1)) : [...name.trim()].slice(0, 2);
  return letters.join('').toUpperCase();
}

/** A stable hue per person, so the same person has the same avatar colour everywhere. */
export function avatarHue(id: string): number {
  // FNV-1a, then a final mix: ids that differ in one character still land far apart on the wheel.
  let hash = 0x811c9dc5;
  for (const char of id) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 15), 0x2c1b3c6d);
  return ((hash ^ (hash >>> 13)) >>> 0) % 360;
}

export function Avatar({ user }: { user: StoredUser }) {
  return (
    <span className="ws-avatar" aria-hidden="true" style={{ background: `hsl(${avatarHue(user.id)} 55% 46%)` }}>
      {initials(user.name)}
    </span>
  );
}

/**
 * Choose the people in a user cell from the base's members (kept on this device), or add someone by
 * name and e-mail. People already in the cell stay listed even if they are not members.
 */
export function UserPicker({ storage, baseId, field, value, since, anchor, initialQuery, onChange, onClose }: Props) {
  const { t, i18n } = useWorkspaceTranslation();
  const many = allowsMany(field);
  const [members, setMembers] = useState<MemberRow[]>();
  const [chosen, setChosen] = useState<StoredUser[]>(() => usersOf(value));
  const [query, setQuery] = useState(initialQuery ?? '');
  const [cursor, setCursor] = useState(0);
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState({ name: '', email: '' });
  const [error, setError] = useState<unknown>();
  const input = useRef<HTMLInputElement>(null);
  const [saves] = useState(() =>
    createPickerSaves<StoredUser[]>({
      since,
      stored: usersOf(value),
      write: (next, at) => onChange(next.length > 0 ? next.map(toStoredUser) : undefined, at),
      onRefused: setChosen,
    }),
  );

  useEffect(() => {
    void listMembers(storage, baseId, i18n.language).then(setMembers);
  }, [storage, baseId, i18n.language]);
  useEffect(() => input.current?.focus(), []);

  const people = useMemo(() => {
    const list: StoredUser[] = [...(members ?? [])];
    for (const user of chosen) if (!list.some((m) => m.id === user.id)) list.push(user);
    const needle = query.trim().toLocaleLowerCase();
    return needle ? list.filter((p) => `${p.name} ${p.email ?? ''}`.toLocaleLowerCase().includes(needle)) : list;
  }, [members, chosen, query]);

  const save = (next: StoredUser[]) => {
    setChosen(next);
    return saves.save(next);
  };

  const toggle = async (person: StoredUser) => {
    const on = chosen.some((u) => u.id === person.id);
    if (!many) {
      if (await save(on ? [] : [person])) onClose();
      return;
    }
    await save(on ? chosen.filter((u) => u.id !== person.id) : [...chosen, person]);
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      // Checked first: a mistyped e-mail is not a failed save, so the save indicator stays as it was.
      const person = validateMember({ name: draft.name, ...(draft.email.trim() ? { email: draft.email } : {}) });
      const member = await trackSave(() => addMember(storage, baseId, person));
      setMembers(await listMembers(storage, baseId, i18n.language));
      setDraft({ name: '', email: '' });
      setAdding(false);
      setQuery('');
      if (!chosen.some((u) => u.id === member.id)) await toggle(member);
    } catch (e) {
      setError(e);
    }
  };

  const invalid = (path: string) =>
    isQuireError(error, 'InvalidUser') && error.issues.some((issue) => issue.path === path);
  const label = t('links.pickerTitle', { field: field.name });
  const listId = `ws-people-${field.id}`;

  return (
    <Popover anchor={anchor} label={label} onClose={onClose} width={320}>
      <div className="ws-pick-head">
        <span className="ws-pick-title">{label}</span>
        <span className="muted">{many ? t('links.pickMany') : t('links.pickOne')}</span>
      </div>
      <input
        ref={input}
        className="ws-input ws-pick-search"
        type="search"
        placeholder={t('people.search')}
        aria-label={t('people.search')}
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={people[cursor] ? `${listId}-${cursor}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setCursor(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const step = event.key === 'ArrowDown' ? 1 : -1;
            setCursor((c) => Math.max(0, Math.min(people.length - 1, c + step)));
          } else if (event.key === 'Enter' && people[cursor]) {
            event.preventDefault();
            void toggle(people[cursor]!);
          }
        }}
      />
      <div className="ws-pick-list" id={listId} role="listbox" aria-multiselectable={many} aria-label={label}>
        {people.map((person, i) => {
          const on = chosen.some((u) => u.id === person.id);
          return (
            <PickOption
              key={person.id}
              listId={listId}
              index={i}
              selected={on}
              current={i === cursor}
              onHover={setCursor}
              onPick={() => void toggle(person)}
            >
              <Avatar user={person} />
              <span className="ws-pick-text">
                <span className="ws-pick-name">{person.name}</span>
                {person.email && <span className="ws-pick-detail">{person.email}</span>}
              </span>
              <span className={`ws-pick-tick${on ? ' on' : ''}`} aria-hidden="true" />
            </PickOption>
          );
        })}
        {members && people.length === 0 && (
          <div className="ws-pick-empty">{members.length === 0 ? t('people.none') : t('links.noMatch')}</div>
        )}
      </div>
      {adding ? (
        <form className="ws-pick-add" onSubmit={add} noValidate>
          <input
            className={`ws-input${invalid('name') ? ' invalid' : ''}`}
            placeholder={t('people.name')}
            aria-label={t('people.name')}
            aria-invalid={invalid('name')}
            value={draft.name}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            // biome-ignore lint/a11y/noAutofocus: the user just asked to add a person; typing the name is next
            autoFocus
          />
          <input
            className={`ws-input${invalid('email') ? ' invalid' : ''}`}
            type="email"
            placeholder={t('people.email')}
            aria-label={t('people.email')}
            aria-invalid={invalid('email')}
            value={draft.email}
            onChange={(event) => setDraft({ ...draft, email: event.target.value })}
          />
          {invalid('name') && <p className="ws-pick-hint">{t('people.nameRequired')}</p>}
          {invalid('email') && <p className="ws-pick-hint">{t('people.emailInvalid')}</p>}
          {error !== undefined && !isQuireError(error, 'InvalidUser') && <ErrorBox error={error} />}
          <div className="ws-pick-foot">
            <button type="button" className="button ghost small" onClick={() => setAdding(false)}>
              {t('people.cancel')}
            </button>
            <button type="submit" className="button primary small">
              {t('people.add')}
            </button>
          </div>
        </form>
      ) : (
        <div className="ws-pick-foot">
          <button
            type="button"
            className="button ghost small"
            onClick={() => {
              setDraft({
                name: query.includes('@') ? '' : query.trim(),
                email: query.includes('@') ? query.trim() : '',
              });
              setAdding(true);
            }}
          >
            + {t('people.addPerson')}
          </button>
          <button type="button" className="button secondary small" onClick={onClose}>
            {t('links.done')}
          </button>
        </div>
      )}
    </Popover>
  );
}
