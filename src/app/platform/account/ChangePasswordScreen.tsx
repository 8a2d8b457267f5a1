/** `/o/settings/change-password`: the current password and a new one (typed twice). */
import { type FormEvent, useState } from 'react';
import { serverApi } from '../../services/sync/server';
import { useErrorText } from '../useErrorText';
import { useAccountsTranslation } from './i18n/useTranslation';
import { RequireAccount } from './RequireAccount';
import './accounts.css';

function ChangePasswordForm() {
  const { t } = useAccountsTranslation();
  const errorText = useErrorText();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (next !== repeat) {
      setError(t('passwordsDiffer'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await serverApi().auth.updatePassword({ oldPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setRepeat('');
      setDone(true);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="account-form" onSubmit={(event) => void submit(event)}>
      <p className="account-note">{t('changePasswordLead')}</p>
      <label>
        {t('currentPassword')}
        <input
          className="q-input"
          type="password"
          required
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </label>
      <label>
        {t('newPassword')}
        <input
          className="q-input"
          type="password"
          required
          minLength={8}
          maxLength={200}
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          aria-describedby="new-password-hint"
        />
      </label>
      <small id="new-password-hint">{t('passwordHint')}</small>
      <label>
        {t('repeatPassword')}
        <input
          className="q-input"
          type="password"
          required
          minLength={8}
          maxLength={200}
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className="account-alert">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="account-ok">
          {t('passwordChanged')}
        </p>
      )}
      <div className="account-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {t('changePassword')}
        </button>
      </div>
    </form>
  );
}

export function ChangePasswordScreen() {
  const { t } = useAccountsTranslation();
  return (
    <section className="screen account-card" aria-labelledby="change-password-title">
      <h1 id="change-password-title">{t('changePasswordTitle')}</h1>
      <RequireAccount>
        <ChangePasswordForm />
      </RequireAccount>
    </section>
  );
}
