/**
 * Live preview: renders the template with the chosen record (or sample data) in the render worker a
 * moment after each edit. One render at a time; edits made meanwhile coalesce into the next render,
 * so typing never waits for Typst.
 */
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { renderPreview } from '../../../../workers/browser-pool';
import type { ParsedTemplateContent } from '../../../core/model';
import { loadSampleData } from '../../templates/samples';
import { approvalInstanceScope, getStorage, recordLabel, recordScope, type TableContext } from '../data';
import { useEditorTranslation } from '../i18n/useEditorTranslation';
import { previewIssuesAtom } from '../state/store';
import { issuesByBlock } from './issueBlocks';
import { drawPdf } from './pdf';

const DEBOUNCE_MS = 250;
/** Page 1 becomes the list's thumbnail once edits pause this long. */
const THUMBNAIL_MS = 3000;
const THUMBNAIL_WIDTH = 240;
const SAMPLE = '__sample__';

interface Props {
  templateId: string;
  name: string;
  content: ParsedTemplateContent;
  context: TableContext;
  sample: string | null;
  tip?: React.ReactNode;
  onClose: () => void;
}

async function saveThumbnail(templateId: string, page: HTMLCanvasElement): Promise<void> {
  const scaled = document.createElement('canvas');
  scaled.width = THUMBNAIL_WIDTH;
  scaled.height = Math.round((page.height / page.width) * THUMBNAIL_WIDTH);
  scaled.getContext('2d')?.drawImage(page, 0, 0, scaled.width, scaled.height);
  const blob = await new Promise<Blob | null>((resolve) => scaled.toBlob(resolve, 'image/png'));
  if (!blob) return;
  try {
    await (await getStorage()).templates.setThumbnail(templateId, blob);
  } catch {
    // A thumbnail is a nicety: the list falls back to its drawn page.
  }
}

export function PreviewPanel({ templateId, name, content, context, sample, tip, onClose }: Props) {
  const { t } = useEditorTranslation();
  const [recordId, setRecordId] = useState<string>(() => {
    if (sample) return SAMPLE;
    if (context.approval) return context.approval.instances[0]?.code ?? SAMPLE;
    return context.records[0]?.id ?? SAMPLE;
  });
  const [status, setStatus] = useState<'idle' | 'rendering' | 'ok' | 'error'>('idle');
  const [error, setError] = useState<{ message: string; issues: string[] } | null>(null);
  const [pageCount, setPageCount] = useState(0);
  const [text, setText] = useState<string[]>([]);
  const pagesRef = useRef<HTMLDivElement>(null);
  const pdfRef = useRef<Uint8Array | null>(null);
  const job = useRef({ running: false, dirty: false, seq: 0 });
  const thumbTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(thumbTimer.current), []);
  const setIssues = useSetAtom(previewIssuesAtom);
  useEffect(() => () => setIssues({}), [setIssues]);
  const latest = useRef({ content, recordId });
  latest.current = { content, recordId };

  // biome-ignore lint/correctness/useExhaustiveDependencies: content and recordId trigger a render; the values are read through `latest`
  useEffect(() => {
    const state = job.current;
    const scopeFor = async (id: string) => {
      if (context.approval && !(id === SAMPLE && sample))
        return approvalInstanceScope(context.approval, id === SAMPLE ? undefined : id);
      if (id === SAMPLE) return sample ? ((await loadSampleData(sample)) ?? {}) : {};
      return context.table ? recordScope(context.table.id, id) : {};
    };
    const run = async () => {
      if (state.running) {
        state.dirty = true;
        return;
      }
      state.running = true;
      state.dirty = false;
      setStatus('rendering');
      const { content: c, recordId: id } = latest.current;
      try {
        state.seq += 1;
        const scope = await scopeFor(id);
        // Local records have no server share page: QR codes link to the record in this app.
        const recordUrl =
          context.table && id !== SAMPLE
            ? `${window.location.origin}/baseplugin/t/${encodeURIComponent(context.table.id)}?record=${encodeURIComponent(id)}`
            : undefined;
        const links = recordUrl
          ? {
              currentRecord: recordUrl,
              recordShareUrl: recordUrl,
              currentView: `${window.location.origin}/baseplugin/t/${encodeURIComponent(context.table!.id)}`,
            }
          : {};
        const pdf = await renderPreview({ key: `${templateId}:${state.seq}`, content: c }, scope, { links });
        pdfRef.current = pdf;
        const width = Math.max(200, (pagesRef.current?.clientWidth ?? 320) - 2);
        const drawn = await drawPdf(pdf, width);
        const host = pagesRef.current;
        if (host) {
          host.replaceChildren(
            ...drawn.pages.map((canvas, i) => {
              const figure = document.createElement('figure');
              figure.className = 'qe-preview-page';
              canvas.setAttribute('role', 'img');
              canvas.setAttribute('aria-label', t('previewPanel.pageImage', { n: i + 1 }));
              figure.append(canvas);
              return figure;
            }),
          );
        }
        const first = drawn.pages[0];
        clearTimeout(thumbTimer.current);
        if (first) thumbTimer.current = setTimeout(() => void saveThumbnail(templateId, first), THUMBNAIL_MS);
        setPageCount(drawn.pages.length);
        setText(drawn.text);
        setError(null);
        setIssues({});
        setStatus('ok');
      } catch (err) {
        const issues = (err as { issues?: Array<{ path: string; reason: string }> }).issues ?? [];
        setIssues(issuesByBlock(c.document, issues));
        setError({
          message: err instanceof Error ? err.message : String(err),
          issues: issues.slice(0, 5).map((i) => `${i.path}: ${i.reason}`),
        });
        setStatus('error');
      } finally {
        state.running = false;
        if (state.dirty) void run();
      }
    };
    const timer = setTimeout(() => void run(), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [content, recordId, context.table, context.approval, sample, templateId, t, setIssues]);

  const blobUrl = () =>
    pdfRef.current ? URL.createObjectURL(new Blob([pdfRef.current.slice()], { type: 'application/pdf' })) : null;
  const download = () => {
    const url = blobUrl();
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name || 'template'}.pdf`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const print = () => {
    const url = blobUrl();
    if (!url) return;
    const frame = document.createElement('iframe');
    frame.className = 'qe-print-frame';
    frame.title = t('previewPanel.print');
    frame.src = url;
    frame.onload = () => frame.contentWindow?.print();
    document.body.append(frame);
    setTimeout(() => {
      frame.remove();
      URL.revokeObjectURL(url);
    }, 60_000);
  };

  return (
    <aside className="qe-preview" aria-label={t('previewPanel.title')}>
      <header className="qe-preview-head">
        <h2>{t('previewPanel.title')}</h2>
        <span className={`qe-preview-status qe-preview-${status}`} role="status" data-status={status}>
          {status === 'rendering'
            ? t('previewPanel.rendering')
            : status === 'ok'
              ? t('previewPanel.pages', { count: pageCount })
              : ''}
        </span>
        <button type="button" className="qe-icon-btn" aria-label={t('previewPanel.close')} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="qe-preview-tools">
        <label className="qe-field-row">
          <span>{t('previewPanel.record')}</span>
          <select className="qe-input" value={recordId} onChange={(e) => setRecordId(e.target.value)}>
            <option value={SAMPLE}>{t('previewPanel.sample')}</option>
            {context.records.map((r) => (
              <option key={r.id} value={r.id}>
                {recordLabel(context.table, r)}
              </option>
            ))}
            {context.approval?.instances.map((i) => (
              <option key={i.code} value={i.code}>
                {typeof i.instance.serial_id === 'string' ? i.instance.serial_id : i.code}
              </option>
            ))}
          </select>
        </label>
        <div className="qe-preview-actions">
          <button type="button" className="qe-btn qe-btn-small" disabled={pageCount === 0} onClick={print}>
            {t('previewPanel.print')}
          </button>
          <button
            type="button"
            className="qe-btn qe-btn-small qe-btn-primary"
            disabled={status !== 'ok'}
            onClick={download}
          >
            {t('previewPanel.download')}
          </button>
        </div>
      </div>
      {tip}
      {error && (
        <div className="qe-preview-error" role="alert">
          <p>{t('previewPanel.error', { message: error.message })}</p>
          {error.issues.length > 0 && (
            <ul>
              {error.issues.map((i) => (
                <li key={i}>
                  <code>{i}</code>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {status === 'idle' && <p className="qe-muted qe-preview-wait">{t('previewPanel.waiting')}</p>}
      <div className="qe-preview-pages" ref={pagesRef} />
      <div className="qe-sr" data-testid="preview-text" aria-live="polite">
        {text.join('\n')}
      </div>
    </aside>
  );
}
