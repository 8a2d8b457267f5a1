/**
 * `/reset-password`: without a token, asks for the account's email and makes a reset link (with no
 * mail server configured the server writes it to its log, and the screen says so); with
 * `?token=` (the link), sets a new password and signs in.
 */
import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { PasswordResetRequestedDto } from '../../../api/contract';
import { connectApi, saveServerLogin } from '../../services/sync/server';
import { useErrorText } from '../useErrorText';
import { useAccountsTranslation } from './i18n/useTranslation';
import './accounts.css';

function RequestLink() {
  const { t } = useAccountsTranslation();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<PasswordResetRequestedDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setSent(await connectApi().auth.requestPasswordReset(email));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <p role="status" data-testid="reset-sent">
        {sent.delivery === 'log' ? t('resetSentLog') : t('resetSentMail')}
      </p>
    );
  return (
    <form className="account-form" onSubmit={(event) => void submit(event)}>
      <p className="account-note">{t('resetLead')}</p>
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
      {error && (
        <p role="alert" className="account-alert">
          {error}
        </p>
      )}
      <div className="account-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('working') : t('sendLink')}
        </button>
      </div>
    </form>
  );
}

function SetPassword({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useAccountsTranslation();
  const errorText = useErrorText();
  const router = useRouter();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== repeat) {
      setError(t('passwordsDiffer'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      saveServerLogin(await connectApi().auth.confirmPasswordReset(token, password));
      onDone();
      // The token leaves the address bar (and the history entry) once spent.
      void router.navigate({ href: '/reset-password', replace: true });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={(event) => void submit(event)}>
      <label>
        {t('newPassword')}
        <input
          className="q-input"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={200}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby="new-password-hint"
        />
      </label>
      <small id="new-password-hint">{t('passwordHint')}</small>
      <label>
        {t('repeatPassword')}
        <input
          className="q-input"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={200}
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className="account-alert">
          {error}
        </p>
      )}
      <div className="account-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? t('working') : t('setPassword')}
        </button>
        <Link to="/reset-password">{t('sendLink')}</Link>
      </div>
    </form>
  );
}

export function ResetPasswordScreen() {
  const { t } = useAccountsTranslation();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const token = typeof search.token === 'string' && search.token ? search.token : null;
  const [done, setDone] = useState(false);
  return (
    <article className="screen auth-card account-card">
      <h1>{t('resetTitle')}</h1>
      {done ? (
        <div>
          <p role="status">{t('resetDone')}</p>
          <Link to="/o" className="button primary">
            {t('yourTeams')}
          </Link>
        </div>
      ) : token ? (
        <SetPassword key={token} token={token} onDone={() => setDone(true)} />
      ) : (
        <RequestLink />
      )}
    </article>
  );
}
