/** `/o/:teamId`: the team's documents, newest last, each opening its tabs; a way to create one. */
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { DocDto } from '../../../api/contract';
import { serverApi } from '../../services/sync/server';
import { useServerToken } from '../../services/sync/useSync';
import { useErrorText } from '../useErrorText';
import { useDocsTranslation } from './i18n/useTranslation';
import { SignInFirst } from './shared';
import './docs.css';

export function DocsHomeScreen() {
  const { teamId } = useParams({ strict: false }) as { teamId: string };
  const { t, i18n } = useDocsTranslation();
  const errorText = useErrorText();
  const token = useServerToken();
  const [docs, setDocs] = useState<DocDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let alive = true;
    serverApi()
      .docs.list(teamId, { pageSize: 200 })
      .then(
        (page) => alive && setDocs(page.list),
        (failure) => alive && setError(errorText(failure)),
      );
    return () => {
      alive = false;
    };
  }, [token, teamId, errorText]);

  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="screen platform-screen docs-screen" aria-labelledby="docs-title">
      <div className="docs-heading">
        <h1 id="docs-title">{t('docsTitle')}</h1>
        {token && (
          <Link to="/o/$teamId/create" params={{ teamId }} className="button primary">
            {t('newDocument')}
          </Link>
        )}
      </div>
      <p>{t('docsIntro')}</p>
      {!token ? (
        <SignInFirst />
      ) : error ? (
        <p role="alert">{error}</p>
      ) : docs === null ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : docs.length === 0 ? (
        <p>{t('noDocs')}</p>
      ) : (
        <ul className="docs-cards" data-testid="doc-list">
          {docs.map((doc) => (
            <li key={doc.id}>
              <Link to="/o/$teamId/docs/$docId" params={{ teamId, docId: doc.id }} className="docs-card">
                <strong>{doc.name}</strong>
                <span className="muted">{t('updated', { when: when(doc.updatedAt) })}</span>
                <span className="muted">{doc.dataSource ? t('hasDataSource') : t('noDataSourceYet')}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
