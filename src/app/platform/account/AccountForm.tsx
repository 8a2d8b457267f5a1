/**
 * Sign in or create an account on the Quire server (this site's, or the one chosen on /sync). On
 * success the login is saved as the 'open' login record and `onSignedIn` runs.
 */
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import type { LoginDto } from '../../../api/contract';
import { connectApi, saveServerLogin } from '../../services/sync/server';
import { useErrorText } from '../useErrorText';
import { useAccountsTranslation } from './i18n/useTranslation';

export function AccountForm({
  onSignedIn,
  initialMode = 'in',
}: {
  onSignedIn: (login: LoginDto) => void | Promise<void>;
  initialMode?: 'in' | 'up';
}) {
  const { t } = useAccountsTranslation();
  const errorText = useErrorText();
  const id = useId();
  const [mode, setMode] = useState(initialMode);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const api = connectApi();
      const login =
        mode === 'in' ? await api.auth.login({ email, password }) : await api.auth.register({ email, password, name });
      saveServerLogin(login);
      await onSignedIn(login);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{mode === 'in' ? t('signInTitle') : t('signUpTitle')}</h2>
      {mode === 'up' && (
        <label>
          {t('name')}
          <input
            className="q-input"
            autoComplete="name"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
      )}
      <label>
        {t('email')}
        <input
          className="q-input"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label>
        {t('password')}
        <input
          className="q-input"
          type="password"
          autoComplete={mode === 'in' ? 'current-password' : 'new-password'}
          required
          minLength={mode === 'up' ? 8 : 1}
          maxLength={200}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={mode === 'up' ? `${id}-hint` : undefined}
        />
      </label>
      {mode === 'up' && <small id={`${id}-hint`}>{t('passwordHint')}</small>}
      {error && (
        <p role="alert" className="account-alert">
          {error}
        </p>
      )}
      <div className="account-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('working') : mode === 'in' ? t('signIn') : t('signUp')}
        </button>
        {mode === 'in' && <Link to="/reset-password">{t('forgotPassword')}</Link>}
      </div>
      <button
        type="button"
        className="button secondary account-switch"
        onClick={() => {
          setMode(mode === 'in' ? 'up' : 'in');
          setError(null);
        }}
      >
        {mode === 'in' ? t('toSignUp') : t('toSignIn')}
      </button>
    </form>
  );
}
