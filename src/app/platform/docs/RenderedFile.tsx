/**
 * A render shown in the page: choose a template, its file is fetched and drawn (a PDF with pdf.js;
 * an Office file offered as a download). Shared by the playground and both previews.
 */
import { useEffect, useState } from 'react';
import type { FileAnswer } from '../../../api/client';
import { useErrorText } from '../useErrorText';
import { useDocsTranslation } from './i18n/useTranslation';
import { FileLink, IssueList, issuesOf, PdfView } from './shared';

interface RenderChoice {
  id: string;
  name: string;
}

export function TemplatePicker({
  templates,
  value,
  onChange,
}: {
  templates: readonly RenderChoice[];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useDocsTranslation();
  return (
    <label>
      {t('template')}
      <select name="template" value={value} onChange={(event) => onChange(event.target.value)}>
        {templates.map((template) => (
          <option key={template.id} value={template.id}>
            {template.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Renders `request` each time its key changes (a new instance or template) and shows the file. */
export function RenderedFile({ renderKey, request }: { renderKey: string; request: () => Promise<FileAnswer> }) {
  const { t } = useDocsTranslation();
  const errorText = useErrorText();
  const [state, setState] = useState<
    { kind: 'busy' } | { kind: 'file'; file: FileAnswer; ms: number } | { kind: 'failed'; error: unknown }
  >({ kind: 'busy' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the render; `request` is a new closure each time
  useEffect(() => {
    let alive = true;
    setState({ kind: 'busy' });
    const started = performance.now();
    request().then(
      (file) => alive && setState({ kind: 'file', file, ms: Math.round(performance.now() - started) }),
      (error) => alive && setState({ kind: 'failed', error }),
    );
    return () => {
      alive = false;
    };
  }, [renderKey]);

  if (state.kind === 'busy') return <p aria-busy="true">{t('rendering')}</p>;
  if (state.kind === 'failed')
    return (
      <div role="alert">
        <p>{errorText(state.error)}</p>
        <IssueList issues={issuesOf(state.error)} />
      </div>
    );
  const { file } = state;
  return (
    <div className="docs-rendered" data-testid="rendered">
      <p className="muted" data-testid="render-info">
        {t('renderedIn', {
          name: file.fileName || '—',
          ms: state.ms,
          kb: Math.max(1, Math.round(file.bytes.length / 1024)),
        })}
      </p>
      {file.mime.startsWith('application/pdf') ? (
        <PdfView bytes={file.bytes} label={file.fileName} />
      ) : (
        <FileLink bytes={file.bytes} mime={file.mime} fileName={file.fileName} />
      )}
    </div>
  );
}
