/** The team of the route (`/o/:teamId/…`) as the signed-in member sees it, with their role. */
import { useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { TeamDto } from '../../../api/contract';
import { serverApi } from '../../services/sync/server';
import { useServerToken } from '../../services/sync/useSync';
import { useErrorText } from '../useErrorText';

export function useTeam() {
  const { teamId } = useParams({ strict: false }) as { teamId: string };
  const errorText = useErrorText();
  const token = useServerToken();
  const [team, setTeam] = useState<TeamDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setTeam(await serverApi().teams.current(teamId));
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    }
  }, [teamId, errorText]);

  useEffect(() => {
    if (token) void reload();
  }, [token, reload]);

  const manages = team?.role === 'owner' || team?.role === 'admin';
  return { teamId, team, setTeam, manages, error, reload };
}
