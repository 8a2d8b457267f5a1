/** `/o`: the teams of the signed-in server account, each with a way to its API keys (issue 15). */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { TeamDto } from '../../api/contract';
import { serverApi } from '../services/sync/server';
import { useServerToken } from '../sync/useSync';
import { usePlatformTranslation } from './i18n/useTranslation';
import { useErrorText } from './useErrorText';

export function TeamsScreen() {
  const { t } = usePlatformTranslation();
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
          <Link to="/sync" className="button primary">
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
              <strong>{team.name}</strong>{' '}
              <Link to="/o/$teamId/api-keys" params={{ teamId: team.id }}>
                {t('apiKeysOf')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
