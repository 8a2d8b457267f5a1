/** `/o/settings/profile`: the account's name and email (a new email needs the current password). */
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import type { UserDto } from '../../../api/contract';
import { serverApi } from '../../services/sync/server';
import { useErrorText } from '../useErrorText';
import { useAccountsTranslation } from './i18n/useTranslation';
import { RequireAccount } from './RequireAccount';
import { SessionsPanel } from './SessionsPanel';
import './accounts.css';

function ProfileForm() {
  const { t } = useAccountsTranslation();
  const errorText = useErrorText();
  const [user, setUser] = useState<UserDto | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const show = useCallback((loaded: UserDto) => {
    setUser(loaded);
    setName(loaded.name);
    setEmail(loaded.email);
    setCurrentPassword('');
  }, []);

  useEffect(() => {
    let alive = true;
    serverApi()
      .user.get()
      .then(
        (loaded) => alive && show(loaded),
        (failure) => alive && setError(errorText(failure)),
      );
    return () => {
      alive = false;
    };
  }, [errorText, show]);

  const emailChanged = user !== null && email.trim().toLowerCase() !== user.email;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setSaved(false);
    setError(null);
    try {
      show(await serverApi().user.update(emailChanged ? { name, email, currentPassword } : { name }));
      setSaved(true);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  if (!user) return error ? <p role="alert">{error}</p> : <p aria-busy="true">{t('working')}</p>;
  return (
    <form className="account-form" onSubmit={(event) => void submit(event)}>
      <label>
        {t('name')}
        <input
          className="q-input"
          required
          maxLength={200}
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label>
        {t('email')}
        <input
          className="q-input"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      {emailChanged && (
        <>
          <label>
            {t('currentPassword')}
            <input
              className="q-input"
              type="password"
              required
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
              aria-describedby="current-password-hint"
            />
          </label>
          <small id="current-password-hint">{t('currentPasswordForEmail')}</small>
        </>
      )}
      {error && (
        <p role="alert" className="account-alert">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="account-ok">
          {t('saved')}
        </p>
      )}
      <div className="account-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {t('save')}
        </button>
      </div>
    </form>
  );
}

export function ProfileScreen() {
  const { t } = useAccountsTranslation();
  return (
    <section className="screen account-card" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('profileTitle')}</h1>
      <RequireAccount>
        <ProfileForm />
        <SessionsPanel />
      </RequireAccount>
    </section>
  );
}
