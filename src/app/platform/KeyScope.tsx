/**
 * A scoped key's limits on the API keys screen (#33 item 4): the form fields that choose its
 * documents, actions and expiry, and the cell that lists them for a key already made. Choosing
 * every document or every action sends no limit, so the key also reaches documents made later.
 */
import { API_KEY_ACTIONS, type ApiKeyAction, type ApiKeyDto, type DocDto } from '../../api/contract';
import { usePlatformTranslation } from './i18n/useTranslation';

/** What the form holds: `docIds` null means every document; `expiresOn` is a `yyyy-mm-dd` day or ''. */
export interface ScopeDraft {
  docIds: string[] | null;
  actions: ApiKeyAction[];
  expiresOn: string;
}

export const emptyScope = (): ScopeDraft => ({ docIds: null, actions: [...API_KEY_ACTIONS], expiresOn: '' });

/** Text key of each action's name (i18next keys cannot hold the dots of the action ids). */
const ACTION_TEXT = {
  'instances.read': 'actionInstancesRead',
  'instances.create': 'actionInstancesCreate',
  'instances.delete': 'actionInstancesDelete',
  render: 'actionRender',
} as const satisfies Record<ApiKeyAction, string>;

/** The request's scope; an expiry day ends at that day's local midnight (the key works through the day). */
export function scopeOf(draft: ScopeDraft) {
  const [year, month, day] = draft.expiresOn.split('-').map(Number);
  const expiresAt = year && month && day ? new Date(year, month - 1, day + 1).getTime() : undefined;
  return {
    ...(draft.docIds ? { docIds: draft.docIds } : {}),
    ...(draft.actions.length < API_KEY_ACTIONS.length ? { actions: draft.actions } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  };
}

/** Why the draft cannot be sent (a text key), or null. */
export function scopeProblem(draft: ScopeDraft): 'pickDocs' | 'pickActions' | null {
  if (draft.docIds && draft.docIds.length === 0) return 'pickDocs';
  if (draft.actions.length === 0) return 'pickActions';
  return null;
}

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));

export function KeyScopeFields({
  draft,
  docs,
  onChange,
}: {
  draft: ScopeDraft;
  docs: DocDto[];
  onChange: (draft: ScopeDraft) => void;
}) {
  const { t } = usePlatformTranslation();
  const today = new Date();
  const minDay = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return (
    <>
      <fieldset className="key-scope">
        <legend>{t('keyDocuments')}</legend>
        <label>
          <input
            type="radio"
            name="key-docs"
            checked={draft.docIds === null}
            onChange={() => onChange({ ...draft, docIds: null })}
          />
          {t('keyAllDocs')}
        </label>
        <label>
          <input
            type="radio"
            name="key-docs"
            checked={draft.docIds !== null}
            onChange={() => onChange({ ...draft, docIds: [] })}
          />
          {t('keySomeDocs')}
        </label>
        {draft.docIds !== null &&
          docs.map((doc) => (
            <label key={doc.id} className="key-scope-doc">
              <input
                type="checkbox"
                checked={draft.docIds?.includes(doc.id) ?? false}
                onChange={(event) =>
                  onChange({ ...draft, docIds: toggle(draft.docIds ?? [], doc.id, event.target.checked) })
                }
              />
              {doc.name}
            </label>
          ))}
      </fieldset>
      <fieldset className="key-scope">
        <legend>{t('keyActions')}</legend>
        {API_KEY_ACTIONS.map((action) => (
          <label key={action}>
            <input
              type="checkbox"
              checked={draft.actions.includes(action)}
              onChange={(event) => onChange({ ...draft, actions: toggle(draft.actions, action, event.target.checked) })}
            />
            {t(ACTION_TEXT[action])}
          </label>
        ))}
      </fieldset>
      <label>
        {t('keyExpiresOn')}
        <input
          type="date"
          name="expiresOn"
          min={minDay}
          value={draft.expiresOn}
          onChange={(event) => onChange({ ...draft, expiresOn: event.target.value })}
          aria-describedby="key-expiry-hint"
        />
      </label>
      <small id="key-expiry-hint">{t('keyExpiresHint')}</small>
    </>
  );
}

/** A key's scope in the list: its documents (by name), its actions, its expiry. */
export function KeyScopeCell({
  apiKey,
  docs,
  when,
}: {
  apiKey: ApiKeyDto;
  docs: DocDto[];
  when: (ms: number) => string;
}) {
  const { t } = usePlatformTranslation();
  const docName = (id: string) => docs.find((doc) => doc.id === id)?.name ?? id;
  const expired = apiKey.expiresAt !== null && apiKey.expiresAt <= Date.now();
  return (
    <>
      {apiKey.docIds ? apiKey.docIds.map(docName).join(', ') : t('keyAllDocs')}
      <br />
      <small>
        {apiKey.actions ? apiKey.actions.map((action) => t(ACTION_TEXT[action])).join(', ') : t('keyAllActions')}
      </small>
      <br />
      <small data-testid="key-expiry">
        {apiKey.expiresAt === null
          ? t('keyNoExpiry')
          : t(expired ? 'keyExpiredOn' : 'keyExpiresAt', { when: when(apiKey.expiresAt) })}
      </small>
    </>
  );
}

/** An action's name, for the per-action last use. */
export function useActionName() {
  const { t } = usePlatformTranslation();
  return (action: string) => (action in ACTION_TEXT ? t(ACTION_TEXT[action as ApiKeyAction]) : action);
}
