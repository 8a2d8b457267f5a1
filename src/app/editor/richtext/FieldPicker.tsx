/** A searchable list of printable fields: the side panel and the `{` popover both use it. */
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import type { FieldOption } from '../../services/fieldTree';
import { useEditorTranslation } from '../../services/i18n/editor';
import { approvalGroupsAtom, fieldsAtom, listContextAtom, openGroupsAtom, tableNameAtom } from '../state/store';

export interface PickedField {
  path: string;
  field: FieldOption;
  /** What the list shows: a nested entry shows its own name, not its parent's. */
  name?: string;
}

function flatten(fields: FieldOption[]): PickedField[] {
  const out: PickedField[] = [];
  for (const field of fields) {
    out.push({ path: field.path, field });
    for (const child of field.children ?? []) out.push({ path: `${field.path}.${child.path}`, field: child });
  }
  return out;
}

/**
 * Approval entries show their label; nested ones (a signer's image) read `parent · label`. A list's
 * fields are only reachable inside a loop over it, so lists are offered whole (and to the loop picker).
 */
export function approvalItems(fields: FieldOption[]): PickedField[] {
  const out: PickedField[] = [];
  for (const field of fields) {
    out.push({ path: field.path, field, name: field.label });
    if (field.type === 'list') continue;
    for (const child of field.children ?? [])
      out.push({ path: `${field.path}.${child.path}`, field: child, name: `${field.label} · ${child.label}` });
  }
  return out;
}

/** Matches the query against the variable path and the shown name (approval labels are localized). */
export function matchesQuery(item: PickedField, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return item.path.toLowerCase().includes(q) || (item.name ?? item.field.label).toLowerCase().includes(q);
}

export function usePrintableFields(): { groups: Array<{ title: string; items: PickedField[] }> } {
  const fields = useAtomValue(fieldsAtom);
  const listContext = useAtomValue(listContextAtom);
  const tableName = useAtomValue(tableNameAtom);
  const approvalGroups = useAtomValue(approvalGroupsAtom);
  const openGroups = useAtomValue(openGroupsAtom);
  const { t } = useEditorTranslation();
  return useMemo(() => {
    const groups: Array<{ title: string; items: PickedField[] }> = [];
    if (listContext) {
      groups.push({
        title: t('fields.rowNumber'),
        items: [{ path: '#', field: { path: '#', label: t('fields.rowNumber'), type: 'index', group: '' } }],
      });
      groups.push({ title: listContext[0]?.group ?? '', items: listContext.map((f) => ({ path: f.path, field: f })) });
    }
    // A document's data source lists its own groups (lists whole, like approval lists); its flat
    // fields stay in `fieldsAtom` for loops and tables only.
    for (const group of openGroups) groups.push({ title: group.title, items: approvalItems(group.items) });
    const tableFields = openGroups.length > 0 ? [] : fields;
    const own = tableFields.filter((f) => !f.children);
    if (own.length) groups.push({ title: t('fields.tableFields', { table: tableName }), items: flatten(own) });
    for (const link of tableFields.filter((f) => f.children)) {
      groups.push({
        title: t('fields.linked', { field: link.label }),
        items: [
          { path: link.path, field: link },
          ...(link.children ?? []).map((c) => ({ path: `${link.path}.${c.path}`, field: c })),
        ],
      });
    }
    for (const group of approvalGroups)
      groups.push({
        title: group.titleKey ? t(group.titleKey) : (group.title ?? ''),
        items: approvalItems(group.items),
      });
    return { groups };
  }, [fields, listContext, tableName, approvalGroups, openGroups, t]);
}

/** The groups with only the entries matching `query`; empty groups dropped. */
export function visibleGroups<G extends { items: PickedField[] }>(groups: readonly G[], query: string): G[] {
  return groups
    .map((g) => ({ ...g, items: g.items.filter((i) => matchesQuery(i, query)) }))
    .filter((g) => g.items.length);
}

/**
 * `query` makes the search controlled (the `{` popover searches with the text typed after the brace);
 * `active` marks the entry Enter would pick.
 */
export function FieldPicker({
  onPick,
  autoFocus,
  id,
  query: controlled,
  onQueryChange,
  active,
}: {
  onPick: (path: string) => void;
  autoFocus?: boolean;
  id: string;
  query?: string;
  onQueryChange?: (query: string) => void;
  active?: number;
}) {
  const { t } = useEditorTranslation();
  const { groups } = usePrintableFields();
  const [own, setOwn] = useState('');
  const query = controlled ?? own;
  const visible = visibleGroups(groups, query);
  let position = -1;
  return (
    <div className="qe-picker">
      <input
        type="search"
        className="qe-input"
        aria-label={t('fields.search')}
        placeholder={t('fields.search')}
        value={query}
        // biome-ignore lint/a11y/noAutofocus: the popover opens because the user asked to pick a field
        autoFocus={autoFocus}
        onChange={(e) => (onQueryChange ? onQueryChange(e.target.value) : setOwn(e.target.value))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            const first = visible[0]?.items[0];
            if (first) onPick(first.path);
          }
        }}
      />
      <div className="qe-picker-list">
        {visible.length === 0 && <p className="qe-muted">{t('fields.none')}</p>}
        {visible.map((group) => (
          <section key={`${id}-${group.title}`} aria-label={group.title}>
            <h3 className="qe-picker-group">{group.title}</h3>
            <ul>
              {group.items.map((item) => {
                position += 1;
                const isActive = position === active;
                return (
                  <li key={item.path}>
                    <button
                      type="button"
                      className={`qe-field${isActive ? ' qe-field-active' : ''}`}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => onPick(item.path)}
                      data-field={item.path}
                      data-active={isActive ? 'true' : undefined}
                      title={item.path}
                      ref={isActive ? (el) => el?.scrollIntoView({ block: 'nearest' }) : undefined}
                    >
                      <span className={`qe-field-type qe-type-${item.field.type}`} aria-hidden="true" />
                      <span className="qe-field-name">
                        {item.name ??
                          (item.path.includes('.') ? item.path.split('.').slice(1).join('.') : item.field.label)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
