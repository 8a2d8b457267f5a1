/**
 * An instance's previews. Signed in (`/o/:teamId/docs/:docId/preview/:instanceId`): any template's
 * draft, and the instance's values. Public (`/open/t/:teamId/docs/:docId/preview/:instanceId`):
 * read-only, no sign-in, only published templates; a document that turned public previews off
 * answers as if the address led nowhere.
 */
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ApiCallError } from '../../../api/client';
import type { InstanceDto, PublicPreviewDto, TemplateDto } from '../../../api/contract';
import { isQuireError } from '../../../core/errors';
import { serverApi } from '../../services/sync/server';
import { useServerToken } from '../../services/sync/useSync';
import { useErrorText } from '../useErrorText';
import { docsServerApi, publicDocsApi } from './api';
import { useDocsTranslation } from './i18n/useTranslation';
import { previewTarget } from './kinds';
import { RenderedFile, TemplatePicker } from './RenderedFile';
import { SignInFirst } from './shared';
import './docs.css';

type Ids = { teamId: string; docId: string; instanceId: string };

export function InstancePreviewScreen() {
  const ids = useParams({ strict: false }) as Ids;
  const { t } = useDocsTranslation();
  const errorText = useErrorText();
  const token = useServerToken();
  const [loaded, setLoaded] = useState<{ instance: InstanceDto; templates: TemplateDto[]; docName: string } | null>(
    null,
  );
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    let alive = true;
    Promise.all([
      docsServerApi().instances.get(ids.teamId, ids.docId, ids.instanceId),
      serverApi().templates.list(ids.teamId, ids.docId, { pageSize: 200 }),
      serverApi().docs.get(ids.teamId, ids.docId),
    ]).then(
      ([instance, templates, doc]) => {
        if (!alive) return;
        setLoaded({ instance, templates: templates.list, docName: doc.name });
        setTemplateId(templates.list[0]?.id ?? '');
      },
      (failure) => alive && setError(errorText(failure)),
    );
    return () => {
      alive = false;
    };
  }, [token, ids.teamId, ids.docId, ids.instanceId, errorText]);

  const template = loaded?.templates.find((tpl) => tpl.id === templateId);
  const publicHref = `/open/t/${encodeURIComponent(ids.teamId)}/docs/${encodeURIComponent(ids.docId)}/preview/${encodeURIComponent(ids.instanceId)}`;
  return (
    <section className="screen platform-screen docs-screen docs-preview" aria-labelledby="preview-title">
      <Link to="/o/$teamId/docs/$docId/playground" params={ids} className="muted">
        ← {t('backToDocument')}
      </Link>
      <h1 id="preview-title">{loaded ? t('previewOf', { doc: loaded.docName }) : t('previewTitle')}</h1>
      {!token ? (
        <SignInFirst />
      ) : error ? (
        <p role="alert">{error}</p>
      ) : !loaded ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : (
        <>
          <div className="docs-row">
            <code>{ids.instanceId}</code>
            <a href={publicHref} target="_blank" rel="noopener noreferrer">
              {t('publicLink')}
            </a>
          </div>
          {loaded.templates.length === 0 ? (
            <p>{t('needTemplate')}</p>
          ) : (
            <>
              <TemplatePicker templates={loaded.templates} value={templateId} onChange={setTemplateId} />
              {template && (
                <RenderedFile
                  renderKey={template.id}
                  request={() =>
                    docsServerApi().instances.render(
                      ids.teamId,
                      ids.docId,
                      ids.instanceId,
                      template.id,
                      previewTarget(template.content),
                    )
                  }
                />
              )}
            </>
          )}
          <details>
            <summary>{t('instanceValues')}</summary>
            <pre className="docs-code">{JSON.stringify(loaded.instance.data, null, 2)}</pre>
          </details>
        </>
      )}
    </section>
  );
}

export function PublicPreviewScreen() {
  const ids = useParams({ strict: false }) as Ids;
  const { t } = useDocsTranslation();
  const errorText = useErrorText();
  const [preview, setPreview] = useState<PublicPreviewDto | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [state, setState] = useState<'loading' | 'ready' | 'off' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    publicDocsApi()
      .publicPreview.get(ids.teamId, ids.docId, ids.instanceId)
      .then(
        (answer) => {
          if (!alive) return;
          setPreview(answer);
          setTemplateId(answer.templates[0]?.id ?? '');
          setState('ready');
        },
        (failure) => {
          if (!alive) return;
          // A refusal and an address that leads nowhere look the same to whoever holds the link.
          if (isQuireError(failure, 'PublicPreviewOff') || (failure instanceof ApiCallError && failure.status === 404))
            setState('off');
          else {
            setError(errorText(failure));
            setState('failed');
          }
        },
      );
    return () => {
      alive = false;
    };
  }, [ids.teamId, ids.docId, ids.instanceId, errorText]);

  if (state === 'off')
    return (
      <section className="screen docs-screen docs-preview" aria-labelledby="public-title" data-testid="preview-off">
        <h1 id="public-title">{t('previewUnavailable')}</h1>
        <p>{t('previewUnavailableText')}</p>
      </section>
    );
  return (
    <section className="screen docs-screen docs-preview" aria-labelledby="public-title">
      <h1 id="public-title">{preview ? preview.docName : t('previewTitle')}</h1>
      {state === 'failed' ? (
        <p role="alert">{error}</p>
      ) : !preview ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : preview.templates.length === 0 ? (
        <p>{t('nothingPublished')}</p>
      ) : (
        <>
          {preview.templates.length > 1 && (
            <TemplatePicker templates={preview.templates} value={templateId} onChange={setTemplateId} />
          )}
          {templateId && (
            <RenderedFile
              renderKey={templateId}
              request={() => publicDocsApi().publicPreview.file(ids.teamId, ids.docId, ids.instanceId, templateId)}
            />
          )}
        </>
      )}
    </section>
  );
}
