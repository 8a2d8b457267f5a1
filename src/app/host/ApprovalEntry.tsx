/**
 * `/approval-entry` (spec 000 §2): where an approval host (or a link) enters Quire. Inside an
 * approval host it asks the host which approval and instance the user is on and opens that
 * instance's preview, or the approval's templates when no instance is open. Outside one, an
 * `approvalCode` / `instanceCode` in the query does the same; without either it offers the
 * approvals kept on this device.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ApprovalDefinitionRow } from '../../storage/types';
import { getStorage } from '../services/storage';
import { ErrorPage } from '../shell/ErrorPage';
import { useHostTranslation } from './i18n/useHostTranslation';
import { useHost } from './useHost';
import './host.css';

/** Where an approval and (maybe) an instance are shown. */
export function approvalTarget(approvalCode: string | undefined, instanceCode: string | null | undefined) {
  if (instanceCode) return `/approval/preview/${encodeURIComponent(instanceCode)}`;
  if (approvalCode) return `/approval/${encodeURIComponent(approvalCode)}`;
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export function ApprovalEntryScreen() {
  const { t } = useHostTranslation();
  const navigate = useNavigate();
  const host = useHost();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const [error, setError] = useState<unknown>();
  const [local, setLocal] = useState<ApprovalDefinitionRow[] | undefined>();
  const fromQuery = approvalTarget(text(search.approvalCode), text(search.instanceCode));

  useEffect(() => {
    if (host.status !== 'connected') return;
    let alive = true;
    host.connection.bridge.request('approval.getContext', {}).then(
      (context) => {
        const target = approvalTarget(context.approvalCode, context.instanceCode);
        if (alive && target) void navigate({ href: target, replace: true });
      },
      (failure: unknown) => alive && setError(failure),
    );
    return () => {
      alive = false;
    };
  }, [host, navigate]);

  useEffect(() => {
    if (host.status !== 'none') return;
    if (fromQuery) {
      void navigate({ href: fromQuery, replace: true });
      return;
    }
    let alive = true;
    getStorage()
      .then((storage) => storage.approvals.listDefinitions())
      .then(
        (rows) => alive && setLocal(rows),
        () => alive && setLocal([]),
      );
    return () => {
      alive = false;
    };
  }, [host.status, fromQuery, navigate]);

  if (host.status === 'failed') return <ErrorPage error={host.error} onRefresh={host.retry} />;
  if (error) return <ErrorPage error={error} />;
  if (host.status !== 'none' || fromQuery || !local)
    return (
      <p className="host-status" role="status" aria-busy="true">
        {t('entry.opening')}
      </p>
    );
  return (
    <section className="screen host-screen" data-testid="approval-entry">
      <h1>{t('entry.title')}</h1>
      <p>{t('entry.intro')}</p>
      {local.length > 0 ? (
        <>
          <h2>{t('entry.local')}</h2>
          <ul className="host-list">
            {local.map((row) => (
              <li key={row.code}>
                <Link to={`/approval/${encodeURIComponent(row.code)}`}>{row.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
