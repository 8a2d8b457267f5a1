/**
 * The account's sessions (#33 item 4): each browser signed in, when it was last used, and a way to
 * end any of them — the one in use too, which signs out here.
 */
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { SessionDto } from '../../../api/contract';
import { serverApi } from '../../services/sync/server';
import { useErrorText } from '../useErrorText';
import { useAccountsTranslation } from './i18n/useTranslation';

export function SessionsPanel() {
  const { t, i18n } = useAccountsTranslation();
  const errorText = useErrorText();
  const router = useRouter();
  const [sessions, setSessions] = useState<SessionDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    () =>
      serverApi()
        .user.sessions.list()
        .then(setSessions, (failure) => setError(errorText(failure))),
    [errorText],
  );
  useEffect(() => {
    void load();
  }, [load]);

  async function revoke(session: SessionDto) {
    setError(null);
    try {
      await serverApi().user.sessions.revoke(session.id);
      if (session.current) await router.navigate({ href: '/logout' });
      else await load();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section aria-labelledby="sessions-title" data-testid="sessions">
      <h2 id="sessions-title">{t('sessionsTitle')}</h2>
      {error && (
        <p role="alert" className="account-alert">
          {error}
        </p>
      )}
      {sessions === null ? null : (
        <table className="platform-table">
          <thead>
            <tr>
              <th scope="col">{t('sessionBrowser')}</th>
              <th scope="col">{t('sessionLastUsed')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('sessionRevoke')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id}>
                <td>
                  {session.userAgent || t('sessionUnknownBrowser')}
                  {session.current && <strong> {t('sessionThisOne')}</strong>}
                </td>
                <td>{when(session.lastUsedAt)}</td>
                <td>
                  <button type="button" className="button secondary" onClick={() => void revoke(session)}>
                    {session.current ? t('sessionSignOut') : t('sessionRevoke')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
