/** The history tab: the document's log (doc_logs), newest first, a page at a time. */
import { useEffect, useState } from 'react';
import type { DocLogDto } from '../../../api/contract';
import { serverApi } from '../../services/sync/server';
import { useErrorText } from '../useErrorText';
import { useDocsTranslation } from './i18n/useTranslation';
import { useDocView } from './shared';

const PAGE_SIZE = 50;
const KNOWN_ACTIONS = [
  'doc.create',
  'doc.update',
  'doc.status',
  'doc.delete',
  'doc.publicPreview',
  'template.create',
  'template.delete',
  'template.publish',
  'instance.render',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];
const isKnown = (action: string): action is KnownAction => (KNOWN_ACTIONS as readonly string[]).includes(action);

export function HistoryTab() {
  const { teamId, docId } = useDocView();
  const { t, i18n } = useDocsTranslation();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [logs, setLogs] = useState<{ total: number; list: DocLogDto[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    serverApi()
      .docs.logs(teamId, docId, { pageNo: page, pageSize: PAGE_SIZE })
      .then(
        (answer) => alive && setLogs(answer),
        (failure) => alive && setError(errorText(failure)),
      );
    return () => {
      alive = false;
    };
  }, [teamId, docId, page, errorText]);

  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const pages = logs ? Math.max(1, Math.ceil(logs.total / PAGE_SIZE)) : 1;
  return (
    <section className="docs-tab" aria-labelledby="history-tab-title">
      <h2 id="history-tab-title">{t('historyTitle')}</h2>
      {error ? (
        <p role="alert">{error}</p>
      ) : logs === null ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : logs.list.length === 0 ? (
        <p>{t('noHistory')}</p>
      ) : (
        <table className="platform-table docs-table" data-testid="history">
          <thead>
            <tr>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('what')}</th>
              <th scope="col">{t('details')}</th>
            </tr>
          </thead>
          <tbody>
            {logs.list.map((log) => (
              <tr key={log.id} data-action={log.action}>
                <td>{when(log.createdAt)}</td>
                <td>{isKnown(log.action) ? t(`actionsLog.${log.action}`) : log.action}</td>
                <td>
                  <code className="docs-detail">{log.detail ? JSON.stringify(log.detail) : ''}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav className="docs-row" aria-label={t('pages')}>
          <button type="button" className="button ghost small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('newer')}
          </button>
          <span>{t('pageOf', { page, pages })}</span>
          <button
            type="button"
            className="button ghost small"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
          >
            {t('older')}
          </button>
        </nav>
      )}
    </section>
  );
}
