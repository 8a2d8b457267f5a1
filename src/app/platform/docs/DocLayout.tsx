/**
 * `/o/:teamId/docs/:docId`: the document's name above its tabs (template, data, settings, docs,
 * history, api, playground). The document is read once here and shared with every tab.
 */
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import type { DocDto } from '../../../api/contract';
import { serverApi } from '../../services/sync/server';
import { useServerToken } from '../../services/sync/useSync';
import { TabbedLayout } from '../../shell/TabbedLayout';
import { useErrorText } from '../useErrorText';
import { useDocsTranslation } from './i18n/useTranslation';
import { DocContext, type DocView, docHref, SignInFirst } from './shared';
import './docs.css';

const DOC_TABS = ['data', 'settings', 'docs', 'history', 'api', 'playground'] as const;

export function DocLayout() {
  const { teamId, docId } = useParams({ strict: false }) as { teamId: string; docId: string };
  const { t } = useDocsTranslation();
  const errorText = useErrorText();
  const token = useServerToken();
  const [doc, setDoc] = useState<DocDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let alive = true;
    setDoc(null);
    setError(null);
    serverApi()
      .docs.get(teamId, docId)
      .then(
        (found) => alive && setDoc(found),
        (failure) => alive && setError(errorText(failure)),
      );
    return () => {
      alive = false;
    };
  }, [token, teamId, docId, errorText]);

  const view = useMemo<DocView | null>(() => (doc ? { teamId, docId, doc, setDoc } : null), [teamId, docId, doc]);
  const base = docHref(teamId, docId);
  return (
    <div className="docs-layout">
      <header className="docs-doc-header">
        <Link to="/o/$teamId" params={{ teamId }} className="muted">
          ← {t('allDocuments')}
        </Link>
        <h1 data-testid="doc-name">{doc?.name ?? '…'}</h1>
      </header>
      {!token ? (
        <SignInFirst />
      ) : error ? (
        <p role="alert">{error}</p>
      ) : !view ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : (
        <DocContext.Provider value={view}>
          <TabbedLayout
            tabs={[
              // The tab names are this namespace's ('docs' is the API documentation, not "Documents").
              { to: base, label: t('tabs.template'), exact: true },
              ...DOC_TABS.map((tab) => ({ to: `${base}/${tab}`, label: t(`tabs.${tab}`) })),
            ]}
          />
        </DocContext.Provider>
      )}
    </div>
  );
}
