/** `/logout`: ends the session on the server (when there is one) and forgets it on this device. */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { loginStore } from '../../services/auth/session';
import { clearServerLogin, serverApi, serverLogin } from '../../services/sync/server';
import { useAccountsTranslation } from './i18n/useTranslation';
import './accounts.css';

export function LogoutScreen() {
  const { t } = useAccountsTranslation();
  const [done, setDone] = useState(false);
  useEffect(() => {
    let alive = true;
    const signedIn = serverLogin();
    // An unreachable server must not keep anyone signed in here: the login is forgotten regardless.
    const ended = signedIn
      ? serverApi()
          .auth.logout()
          .catch(() => null)
      : Promise.resolve(null);
    void ended.then(() => {
      clearServerLogin();
      loginStore.clear('open');
      if (alive) setDone(true);
    });
    return () => {
      alive = false;
    };
  }, []);
  return (
    <article className="screen auth-card account-card">
      <h1>{done ? t('signedOutTitle') : t('signingOut')}</h1>
      {done && (
        <div className="account-actions">
          <Link to="/login" className="button primary">
            {t('signInAgain')}
          </Link>
        </div>
      )}
    </article>
  );
}
