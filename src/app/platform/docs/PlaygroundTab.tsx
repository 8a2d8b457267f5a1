/**
 * The playground: an instance's JSON (the sample data to start with) checked against the data
 * source as it is typed, then posted and rendered through the render API — the same calls an
 * outside system makes — and the PDF shown in the page. Recent instances (posted by keys too)
 * can be loaded, rendered and previewed.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { InstanceDto, TemplateDto } from '../../../api/contract';
import { dataSourceSchema } from '../../../core/data/dataSource';
import { serverApi } from '../../services/sync/server';
import { useErrorText } from '../useErrorText';
import { docsServerApi } from './api';
import { checkSample, type Issue } from './dataSourceEdit';
import { useDocsTranslation } from './i18n/useTranslation';
import { previewTarget } from './kinds';
import { RenderedFile, TemplatePicker } from './RenderedFile';
import { IssueList, issuesOf, useDocView } from './shared';

const RECENT = 10;

export function PlaygroundTab() {
  const { teamId, docId, doc } = useDocView();
  const { t, i18n } = useDocsTranslation();
  const errorText = useErrorText();
  const [text, setText] = useState(() => JSON.stringify(doc.sampleData ?? {}, null, 2));
  const [templates, setTemplates] = useState<TemplateDto[] | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [instances, setInstances] = useState<InstanceDto[]>([]);
  const [rendering, setRendering] = useState<{ instanceId: string; templateId: string; n: number } | null>(null);
  const [checked, setChecked] = useState<Issue[] | null>(null);
  const [serverIssues, setServerIssues] = useState<readonly Issue[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const loadInstances = useCallback(async () => {
    setInstances((await docsServerApi().instances.list(teamId, docId, { pageSize: RECENT })).list);
  }, [teamId, docId]);
  useEffect(() => {
    let alive = true;
    serverApi()
      .templates.list(teamId, docId, { pageSize: 200 })
      .then(
        (page) => {
          if (!alive) return;
          setTemplates(page.list);
          setTemplateId((current) => current || page.list[0]?.id || '');
        },
        (failure) => alive && setError(errorText(failure)),
      );
    loadInstances().catch((failure) => alive && setError(errorText(failure)));
    return () => {
      alive = false;
    };
  }, [teamId, docId, errorText, loadInstances]);

  const source = useMemo(() => {
    const parsed = dataSourceSchema.safeParse(doc.dataSource);
    return parsed.success ? parsed.data : null;
  }, [doc.dataSource]);

  const parse = (): { value?: Record<string, unknown>; issues: Issue[] } => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (failure) {
      return { issues: [{ path: '(json)', reason: failure instanceof Error ? failure.message : String(failure) }] };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { issues: [{ path: '(root)', reason: t('expectObject') }] };
    return { value: value as Record<string, unknown>, issues: source ? checkSample(source, value) : [] };
  };

  const validate = () => {
    setServerIssues([]);
    setChecked(parse().issues);
  };

  const render = async () => {
    const parsed = parse();
    setChecked(parsed.issues);
    setServerIssues([]);
    if (!parsed.value || parsed.issues.length > 0 || !templateId) return;
    setBusy(true);
    setError(null);
    try {
      const instance = await docsServerApi().instances.create(teamId, docId, parsed.value);
      setRendering({ instanceId: instance.id, templateId, n: Date.now() });
      await loadInstances();
    } catch (failure) {
      setError(errorText(failure));
      setServerIssues(issuesOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const noTemplates = templates !== null && templates.length === 0;
  return (
    <section className="docs-tab docs-playground" aria-labelledby="playground-title">
      <h2 id="playground-title">{t('playgroundTitle')}</h2>
      <p className="muted">{t('playgroundIntro')}</p>
      <div className="docs-split">
        <div className="docs-split-left">
          <label htmlFor="playground-json">{t('instanceJson')}</label>
          <textarea
            id="playground-json"
            className="docs-json"
            data-testid="playground-json"
            spellCheck={false}
            rows={18}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setChecked(null);
            }}
          />
          {checked !== null && (
            <p data-testid="playground-status" className={checked.length > 0 ? 'docs-bad' : 'docs-good'}>
              {checked.length > 0 ? t('sampleMismatches', { count: checked.length }) : t('instanceFits')}
            </p>
          )}
          <IssueList issues={checked ?? []} testId="playground-issues" />
          <IssueList issues={serverIssues} />
          <div className="docs-row">
            {templates && templates.length > 0 && (
              <TemplatePicker templates={templates} value={templateId} onChange={setTemplateId} />
            )}
            <button type="button" className="button secondary" onClick={validate}>
              {t('validate')}
            </button>
            <button
              type="button"
              className="button primary"
              disabled={busy || !templateId}
              onClick={() => void render()}
            >
              {t('renderNew')}
            </button>
          </div>
          {noTemplates && <p>{t('needTemplate')}</p>}
          {error && <p role="alert">{error}</p>}

          <h3>{t('recentInstances')}</h3>
          {instances.length === 0 ? (
            <p className="muted">{t('noInstances')}</p>
          ) : (
            <ul className="docs-instances" data-testid="instance-list">
              {instances.map((instance) => (
                <li key={instance.id} data-instance={instance.id}>
                  <code>{instance.id}</code> <span className="muted">{when(instance.createdAt)}</span>
                  <span className="docs-actions">
                    <button
                      type="button"
                      className="button ghost small"
                      onClick={() => setText(JSON.stringify(instance.data, null, 2))}
                    >
                      {t('load')}
                    </button>
                    <button
                      type="button"
                      className="button secondary small"
                      disabled={!templateId}
                      onClick={() => setRendering({ instanceId: instance.id, templateId, n: Date.now() })}
                    >
                      {t('render')}
                    </button>
                    <Link
                      to="/o/$teamId/docs/$docId/preview/$instanceId"
                      params={{ teamId, docId, instanceId: instance.id }}
                      className="button ghost small"
                    >
                      {t('preview')}
                    </Link>
                    <a
                      className="button ghost small"
                      href={`/open/t/${encodeURIComponent(teamId)}/docs/${encodeURIComponent(docId)}/preview/${encodeURIComponent(instance.id)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {t('publicLink')}
                    </a>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="docs-split-right" aria-live="polite">
          {rendering ? (
            <>
              <p className="muted">{t('renderOf', { id: rendering.instanceId })}</p>
              <RenderedFile
                renderKey={`${rendering.instanceId}:${rendering.templateId}:${rendering.n}`}
                request={() =>
                  docsServerApi().instances.render(
                    teamId,
                    docId,
                    rendering.instanceId,
                    rendering.templateId,
                    previewTarget(templates?.find((tpl) => tpl.id === rendering.templateId)?.content ?? ''),
                  )
                }
              />
            </>
          ) : (
            <p className="muted docs-empty-preview">{t('nothingRendered')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
