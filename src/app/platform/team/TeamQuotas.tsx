/**
 * What the team may use of this server and uses now (#33 item 2), read-only: the limits are the
 * server's configuration (QUIRE_QUOTA_*), set by whoever runs it, not by the team.
 */
import { useEffect, useState } from 'react';
import type { TeamQuotasDto } from '../../../api/contract';
import { serverApi } from '../../services/sync/server';
import { useAccountsTranslation } from '../account/i18n/useTranslation';
import { useErrorText } from '../useErrorText';

/** A size in the units people read: `512 KB`, `1.5 GB`. */
function size(bytes: number, format: (n: number) => string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${format(Number(value.toFixed(value < 10 && unit > 0 ? 1 : 0)))} ${units[unit]}`;
}

export function TeamQuotas({ teamId }: { teamId: string }) {
  const { t, i18n } = useAccountsTranslation();
  const errorText = useErrorText();
  const [quotas, setQuotas] = useState<TeamQuotasDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    serverApi()
      .teams.quotas(teamId)
      .then(
        (loaded) => alive && setQuotas(loaded),
        (failure) => alive && setError(errorText(failure)),
      );
    return () => {
      alive = false;
    };
  }, [teamId, errorText]);

  if (error) return <p role="alert">{error}</p>;
  if (!quotas) return null;
  const number = (n: number) => n.toLocaleString(i18n.language);
  const bytes = (n: number) => size(n, number);
  const { limits, usage } = quotas;
  const rows: [string, string, string][] = [
    [t('quotaRendersPerMinute'), number(limits.rendersPerMinute), '—'],
    [t('quotaConcurrentRenders'), number(limits.concurrentRenders), number(usage.rendersRunning)],
    [t('quotaInstances'), number(limits.instances), number(usage.instances)],
    [t('quotaInstanceBytes'), bytes(limits.instanceBytes), bytes(usage.instanceBytes)],
    [t('quotaStoredFiles'), bytes(limits.storedFileBytes), bytes(usage.storedFileBytes)],
  ];
  return (
    <section className="account-card" aria-labelledby="team-quotas-title" data-testid="team-quotas">
      <h2 id="team-quotas-title">{t('quotasTitle')}</h2>
      <p>{t('quotasNote')}</p>
      <table className="platform-table">
        <thead>
          <tr>
            <th scope="col">{t('quotaWhat')}</th>
            <th scope="col">{t('quotaLimit')}</th>
            <th scope="col">{t('quotaUsed')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([what, limit, used]) => (
            <tr key={what}>
              <th scope="row">{what}</th>
              <td>{limit}</td>
              <td>{used}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
