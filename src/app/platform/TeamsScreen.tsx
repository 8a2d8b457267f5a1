/**
 * `/o`: the teams of the signed-in server account, each with its home, members, settings and API
 * keys, and a form to create a team (issue 15).
 */
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import type { TeamDto } from '../../api/contract';
import { serverApi } from '../services/sync/server';
import { useServerToken } from '../services/sync/useSync';
import { useAccountsTranslation } from './account/i18n/useTranslation';
import { usePlatformTranslation } from './i18n/useTranslation';
import { useErrorText } from './useErrorText';
import './account/accounts.css';

function NewTeamForm() {
  const { t } = useAccountsTranslation();
  const errorText = useErrorText();
  const router = useRouter();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const team = await serverApi().teams.create(name.trim());
      await router.navigate({ href: `/o/${encodeURIComponent(team.id)}/settings/members` });
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  }

  return (
    <form className="invite-form" onSubmit={(event) => void create(event)}>
      <label>
        {t('newTeam')}
        <input className="q-input" required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <button type="submit" className="button primary" disabled={busy}>
        {t('createTeam')}
      </button>
      {error && (
        <p role="alert" className="account-alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function TeamsScreen() {
  const { t } = usePlatformTranslation();
  const { t: ta } = useAccountsTranslation();
  const errorText = useErrorText();
  const token = useServerToken();
  const [teams, setTeams] = useState<TeamDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let alive = true;
    serverApi()
      .teams.list()
      .then(
        (list) => alive && setTeams(list),
        (failure) => alive && setError(errorText(failure)),
      );
    return () => {
      alive = false;
    };
  }, [token, errorText]);

  return (
    <section className="screen platform-screen" aria-labelledby="teams-title">
      <h1 id="teams-title">{t('teamsTitle')}</h1>
      <p>{t('teamsIntro')}</p>
      {!token ? (
        <p>
          {t('signInFirst')}{' '}
          <Link to="/login" className="button primary">
            {t('signIn')}
          </Link>
        </p>
      ) : error ? (
        <p role="alert">{error}</p>
      ) : teams === null ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : teams.length === 0 ? (
        <p>{t('noTeams')}</p>
      ) : (
        <ul className="platform-list" data-testid="team-list">
          {teams.map((team) => (
            <li key={team.id}>
              <Link to="/o/$teamId" params={{ teamId: team.id }}>
                <strong>{team.name}</strong>
              </Link>{' '}
              <span className="account-note">({ta(`role_${team.role}`)})</span>{' '}
              <Link to="/o/$teamId/settings/members" params={{ teamId: team.id }}>
                {ta('membersOf')}
              </Link>{' '}
              <Link to="/o/$teamId/settings/basic" params={{ teamId: team.id }}>
                {ta('settingsOf')}
              </Link>{' '}
              <Link to="/o/$teamId/api-keys" params={{ teamId: team.id }}>
                {t('apiKeysOf')}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {token && <NewTeamForm />}
    </section>
  );
}
