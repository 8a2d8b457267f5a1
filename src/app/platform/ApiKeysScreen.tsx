/**
 * `/o/:teamId/api-keys`: a team's API keys (issue 15). Owners and admins create a key (its secret
 * shown once, in a dialog) and delete keys after a confirmation; every member sees the list with
 * each key's start, creation and last use — a member sees a sentence instead of the controls.
 * A key may be limited to some documents and actions and given an expiry (#33, `KeyScope.tsx`).
 */
import { Link, useParams } from '@tanstack/react-router';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { ApiKeyCreatedDto, ApiKeyDto, DocDto } from '../../api/contract';
import { ConfirmDialog } from '../services/dialogs/ConfirmDialog';
import { Dialog } from '../services/dialogs/Dialog';
import { serverApi } from '../services/sync/server';
import { useServerToken } from '../services/sync/useSync';
import { usePlatformTranslation } from './i18n/useTranslation';
import {
  emptyScope,
  KeyScopeCell,
  KeyScopeFields,
  type ScopeDraft,
  scopeOf,
  scopeProblem,
  useActionName,
} from './KeyScope';
import { useTeam } from './team/useTeam';
import { useErrorText } from './useErrorText';

export function ApiKeysScreen() {
  const { teamId } = useParams({ strict: false }) as { teamId: string };
  const { t, i18n } = usePlatformTranslation();
  const errorText = useErrorText();
  const token = useServerToken();
  const { team, manages } = useTeam();
  const [keys, setKeys] = useState<ApiKeyDto[] | null>(null);
  const [description, setDescription] = useState('');
  const [scope, setScope] = useState<ScopeDraft>(emptyScope);
  const [docs, setDocs] = useState<DocDto[]>([]);
  const actionName = useActionName();
  const [created, setCreated] = useState<ApiKeyCreatedDto | null>(null);
  const [copied, setCopied] = useState(false);
  const [deleting, setDeleting] = useState<ApiKeyDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      const api = serverApi();
      const [list, page] = await Promise.all([api.appKeys.list(teamId), api.docs.list(teamId, { pageSize: 200 })]);
      setKeys(list);
      setDocs(page.list);
    } catch (failure) {
      setError(errorText(failure));
    }
  }, [teamId, errorText]);

  useEffect(() => {
    if (token) void reload();
  }, [token, reload]);

  const when = (ms: number | null) =>
    ms === null
      ? t('neverUsed')
      : new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  /** The secret is shown once: one click puts it on the clipboard (issue 29 item 9). */
  async function copyKey(key: string) {
    try {
      await navigator.clipboard.writeText(key);
      setCopied(true);
    } catch {
      // No clipboard permission: the key is selected for the user to copy by hand.
      const code = document.querySelector('[data-testid="new-api-key"]');
      if (code) window.getSelection()?.selectAllChildren(code);
    }
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const problem = scopeProblem(scope);
    if (problem) {
      setError(t(problem));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setCopied(false);
      setCreated(await serverApi().appKeys.create(teamId, description.trim(), scopeOf(scope)));
      setDescription('');
      setScope(emptyScope());
      await reload();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  async function remove(key: ApiKeyDto) {
    setDeleting(null);
    setError(null);
    try {
      await serverApi().appKeys.remove(teamId, key.id);
      await reload();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  const heading = (
    <>
      <h1 id="api-keys-title">{t('apiKeysTitle')}</h1>
      <p>{t('apiKeysIntro')}</p>
    </>
  );
  if (!token)
    return (
      <section className="screen platform-screen" aria-labelledby="api-keys-title">
        {heading}
        <p>
          {t('signInFirst')}{' '}
          <Link to="/login" className="button primary">
            {t('signIn')}
          </Link>
        </p>
      </section>
    );
  return (
    <section className="screen platform-screen" aria-labelledby="api-keys-title">
      {heading}
      {team && !manages && <p data-testid="api-keys-read-only">{t('keysReadOnly')}</p>}
      {manages && (
        <form onSubmit={create} className="platform-form">
          <label>
            {t('description')}
            <input
              name="description"
              value={description}
              maxLength={200}
              onChange={(event) => setDescription(event.target.value)}
              aria-describedby="key-description-hint"
            />
          </label>
          <small id="key-description-hint">
            {t('descriptionHint')} {t('ownerOnly')}
          </small>
          <KeyScopeFields draft={scope} docs={docs} onChange={setScope} />
          <button type="submit" className="button primary" disabled={busy}>
            {t('createKey')}
          </button>
        </form>
      )}
      {error && <p role="alert">{error}</p>}
      {keys === null ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : keys.length === 0 ? (
        <p>{t('noKeys')}</p>
      ) : (
        <table className="platform-table" data-testid="api-key-list">
          <thead>
            <tr>
              <th scope="col">{t('description')}</th>
              <th scope="col">{t('keyPrefix')}</th>
              <th scope="col">{t('keyScope')}</th>
              <th scope="col">{t('created')}</th>
              <th scope="col">{t('lastUsed')}</th>
              {manages && (
                <th scope="col">
                  <span className="visually-hidden">{t('deleteKey')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <td>{key.description}</td>
                <td>
                  <code>{key.prefix}…</code>
                </td>
                <td>
                  <KeyScopeCell apiKey={key} docs={docs} when={when} />
                </td>
                <td>{when(key.createdAt)}</td>
                <td>
                  {when(key.lastUsedAt)}
                  {/* A scoped key's last use per action (#33): which of its rights are still in use. */}
                  {Object.entries(key.lastUsedByAction ?? {}).map(([action, at]) => (
                    <small key={action} className="key-action-use">
                      <br />
                      {t('lastUsedAction', { action: actionName(action), when: when(at ?? null) })}
                    </small>
                  ))}
                </td>
                {manages && (
                  <td>
                    <button type="button" className="button secondary" onClick={() => setDeleting(key)}>
                      {t('deleteKey')}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {created && (
        <Dialog
          title={t('newKeyTitle')}
          onClose={() => setCreated(null)}
          footer={
            <button type="button" className="button primary" onClick={() => setCreated(null)}>
              {t('done')}
            </button>
          }
        >
          <p>{t('newKeyOnce')}</p>
          <code data-testid="new-api-key" className="platform-secret">
            {created.key}
          </code>
          <p>
            <button type="button" className="button secondary" onClick={() => void copyKey(created.key)}>
              {copied ? t('keyCopied') : t('copyKey')}
            </button>
          </p>
        </Dialog>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('deleteTitle')}
          message={t('deleteMessage', { description: deleting.description || deleting.prefix })}
          confirmLabel={t('deleteKey')}
          danger
          onAnswer={(confirmed) => (confirmed ? void remove(deleting) : setDeleting(null))}
        />
      )}
    </section>
  );
}
