/**
 * `/o/:teamId/settings/basic`: the team's name (owners and admins change it), its id and key (what
 * API calls and the main API's `tenant-key` name), the caller's role, and leaving the team.
 */
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../services/dialogs/ConfirmDialog';
import { serverApi, serverLogin } from '../../services/sync/server';
import { useAccountsTranslation } from '../account/i18n/useTranslation';
import { RequireAccount } from '../account/RequireAccount';
import { useErrorText } from '../useErrorText';
import { TeamQuotas } from './TeamQuotas';
import { useTeam } from './useTeam';
import '../account/accounts.css';

function TeamBasic() {
  const { t } = useAccountsTranslation();
  const errorText = useErrorText();
  const router = useRouter();
  const { team, setTeam, manages, error: loadError } = useTeam();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (team) setName(team.name);
  }, [team]);

  if (!team) return loadError ? <p role="alert">{loadError}</p> : <p aria-busy="true">{t('working')}</p>;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!team) return;
    setBusy(true);
    setSaved(false);
    setError(null);
    try {
      setTeam(await serverApi().teams.rename(team.teamKey, name));
      setSaved(true);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  async function leave() {
    setLeaving(false);
    const me = serverLogin()?.userId;
    if (!team || !me) return;
    try {
      await serverApi().members.remove(team.id, me);
      await router.navigate({ href: '/o' });
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <>
      <form className="account-form account-card" onSubmit={(event) => void save(event)}>
        <label>
          {t('teamName')}
          <input
            className="q-input"
            required
            maxLength={200}
            value={name}
            disabled={!manages}
            onChange={(e) => setName(e.target.value)}
          />
          {!manages && <small>{t('managersOnly')}</small>}
        </label>
        {saved && (
          <p role="status" className="account-ok">
            {t('saved')}
          </p>
        )}
        {manages && (
          <div className="account-actions">
            <button type="submit" className="button primary" disabled={busy}>
              {t('save')}
            </button>
          </div>
        )}
      </form>
      <dl className="team-facts">
        <dt>{t('teamId')}</dt>
        <dd data-testid="team-id">{team.id}</dd>
        <dt>{t('teamKey')}</dt>
        <dd>{team.teamKey}</dd>
      </dl>
      <p data-testid="your-role">{t('yourRole', { role: t(`role_${team.role}`) })}</p>
      <TeamQuotas teamId={team.id} />
      {error && (
        <p role="alert" className="account-alert">
          {error}
        </p>
      )}
      <button type="button" className="button secondary" onClick={() => setLeaving(true)}>
        {t('leaveTeam')}
      </button>
      {leaving && (
        <ConfirmDialog
          title={t('leaveTitle', { team: team.name })}
          message={t('leaveMessage')}
          confirmLabel={t('leave')}
          danger
          onAnswer={(confirmed) => (confirmed ? void leave() : setLeaving(false))}
        />
      )}
    </>
  );
}

export function TeamBasicScreen() {
  // The sidebar's own name for the page (shell namespace), so the link and the title agree.
  const { t } = useTranslation();
  return (
    <section className="screen team-screen" aria-labelledby="team-basic-title">
      <h1 id="team-basic-title">{t('nav.basic')}</h1>
      <RequireAccount>
        <TeamBasic />
      </RequireAccount>
    </section>
  );
}
