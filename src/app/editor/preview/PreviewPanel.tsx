/**
 * Live preview: renders the template with the chosen record (or sample data) in the preview worker
 * as soon as it is idle after each edit. One render at a time; edits made meanwhile coalesce into the
 * next render (latest wins), so typing never waits for Typst.
 */
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isQuireError } from '../../../core/errors';
import type { ParsedTemplateContent } from '../../../core/model';
import type { PrintSource } from '../../../core/print/sources';
import { formatErrorForDisplay, toTranslate } from '../../../i18n';
import { approvalInstanceSource, instanceLabel } from '../../services/approvalInstances';
import { recordLabel } from '../../services/binding';
import { downloadBytes } from '../../services/download';
import { useEditorTranslation } from '../../services/i18n/editor';
import { openPrintSource } from '../../services/openSource';
import { drawPdf, warmPdfJs } from '../../services/pdf';
import { ExportButtons } from '../../services/print/ExportButtons';
import { printPdf } from '../../services/printFrame';
import {
  DEFAULT_FILE_NAME_RULE,
  dataSource,
  EMPTY_SOURCE,
  loadFileNameRule,
  renderLivePreview,
  tableRecordSource,
} from '../../services/printing';
import { loadSampleData } from '../../services/samples';
import { getStorage } from '../../services/storage';
import { Select } from '../../shell/Select';
import type { TableContext } from '../data';
import { previewIssuesAtom } from '../state/store';
import { afterInputPause, watchInput } from './inputIdle';
import { issuesByBlock } from './issueBlocks';
import { type LatestWins, latestWins } from './scheduler';

/** The preview is drawn between keystrokes: after this pause in typing, or this long at most. */
const INPUT_QUIET_MS = 30;
const INPUT_MAX_WAIT_MS = 500;
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
  /** Shown wider than the default column (the user enlarged it). */
  wide?: boolean;
  onToggleWide?: () => void;
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

export function PreviewPanel({
  templateId,
  name,
  content,
  context,
  sample,
  tip,
  wide = false,
  onToggleWide,
  onClose,
}: Props) {
  const { t } = useEditorTranslation();
  const { t: tApp } = useTranslation();
  const [recordId, setRecordId] = useState<string>(() => {
    if (sample || context.open) return SAMPLE;
    if (context.approval) return context.approval.instances[0]?.code ?? SAMPLE;
    if (context.host) return context.host.selectedId ?? context.host.records[0]?.id ?? SAMPLE;
    return context.records[0]?.id ?? SAMPLE;
  });
  const [status, setStatus] = useState<'idle' | 'rendering' | 'ok' | 'error'>('idle');
  const [error, setError] = useState<{ message: string; issues: string[]; cause?: unknown } | null>(null);
  const [pageCount, setPageCount] = useState(0);
  const [text, setText] = useState<string[]>([]);
  const pagesRef = useRef<HTMLDivElement>(null);
  const pdfRef = useRef<Uint8Array | null>(null);
  // The download is named as printing names it: the template's rule over this record.
  const fileNameRef = useRef<string | undefined>(undefined);
  // The source of the PDF shown: "Download as Word / Excel / PowerPoint" exports the same one.
  const shownSource = useRef<PrintSource | undefined>(undefined);
  const ruleRef = useRef(DEFAULT_FILE_NAME_RULE);
  useEffect(() => {
    void getStorage()
      .then((db) => loadFileNameRule(db, templateId))
      .then((rule) => {
        ruleRef.current = rule;
      })
      .catch(() => undefined);
  }, [templateId]);
  const seq = useRef(0);
  const thumbTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(thumbTimer.current), []);
  const setIssues = useSetAtom(previewIssuesAtom);
  useEffect(() => () => setIssues({}), [setIssues]);
  // The canvas re-renders on every change of the issues atom: clear it only when it held issues.
  const hadIssues = useRef(false);
  const latest = useRef({ content, recordId, context, sample, templateId, name, t, setIssues });
  latest.current = { content, recordId, context, sample, templateId, name, t, setIssues };
  const sources = useRef(new Map<string, Promise<PrintSource>>());
  const scheduler = useRef<LatestWins | null>(null);

  // The first render (which also starts the compiler and pdf.js) waits for the editor's first idle
  // moment: on a two-core machine it would otherwise compete with mounting the pages.
  const ready = useRef(false);
  useEffect(() => {
    watchInput();
    const start = () => {
      ready.current = true;
      warmPdfJs();
      scheduler.current?.request();
    };
    if (typeof requestIdleCallback !== 'function') {
      const id = setTimeout(start, 100);
      return () => clearTimeout(id);
    }
    const id = requestIdleCallback(start, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }, []);

  useEffect(() => {
    // The chosen record's raw data; the preview worker maps it, as every other print path does.
    const sourceFor = (id: string): Promise<PrintSource> => {
      const { context: ctx, sample: s } = latest.current;
      const cached = sources.current.get(id);
      if (cached) return cached;
      const load = (async (): Promise<PrintSource> => {
        // A document's template previews its sample instance as the render API would print it.
        if (ctx.open) return openPrintSource(ctx.open);
        if (ctx.approval && !(id === SAMPLE && s))
          return approvalInstanceSource(ctx.approval, id === SAMPLE ? undefined : id);
        if (ctx.host && id !== SAMPLE) return ctx.host.source(id);
        if (id === SAMPLE) {
          const data = s ? await loadSampleData(s) : undefined;
          return data && typeof data === 'object' ? dataSource(data as Record<string, unknown>) : EMPTY_SOURCE;
        }
        return ctx.table ? tableRecordSource(await getStorage(), ctx.table.id, id) : EMPTY_SOURCE;
      })();
      // The chosen record is read once per choice (re-selecting it reads it again), not per keystroke.
      sources.current.clear();
      sources.current.set(id, load);
      load.catch(() => sources.current.delete(id));
      return load;
    };
    const run = async () => {
      setStatus('rendering');
      const { content: c, recordId: id, templateId: tid, t: tr, setIssues: issuesTo } = latest.current;
      try {
        seq.current += 1;
        performance.mark('qp:start');
        const source = await sourceFor(id);
        performance.mark('qp:scope');
        const naming = { rule: ruleRef.current, templateName: latest.current.name, printTime: Date.now() };
        const file = await renderLivePreview({ key: `${tid}:${seq.current}`, content: c }, source, { naming });
        const pdf = file.bytes;
        fileNameRef.current = file.fileName;
        shownSource.current = source;
        performance.mark('qp:worker');
        pdfRef.current = pdf;
        const width = Math.max(200, (pagesRef.current?.clientWidth ?? 320) - 2);
        await afterInputPause(INPUT_QUIET_MS, INPUT_MAX_WAIT_MS);
        const drawn = await drawPdf(pdf, width);
        performance.mark('qp:drawn');
        const host = pagesRef.current;
        if (host) {
          host.replaceChildren(
            ...drawn.pages.map((canvas, i) => {
              const figure = document.createElement('figure');
              figure.className = 'qe-preview-page';
              canvas.setAttribute('role', 'img');
              canvas.setAttribute('aria-label', tr('previewPanel.pageImage', { n: i + 1 }));
              figure.append(canvas);
              return figure;
            }),
          );
        }
        const first = drawn.pages[0];
        clearTimeout(thumbTimer.current);
        if (first) thumbTimer.current = setTimeout(() => void saveThumbnail(tid, first), THUMBNAIL_MS);
        setPageCount(drawn.pages.length);
        setText(drawn.text);
        setError(null);
        if (hadIssues.current) issuesTo({});
        hadIssues.current = false;
        setStatus('ok');
        performance.measure('qp:scope', 'qp:start', 'qp:scope');
        performance.measure('qp:worker', 'qp:scope', 'qp:worker');
        performance.measure('qp:draw', 'qp:worker', 'qp:drawn');
        for (const mark of ['qp:start', 'qp:scope', 'qp:worker', 'qp:drawn']) performance.clearMarks(mark);
        // The measures stay readable (the editor benchmark reads them), within a bound.
        if (performance.getEntriesByName('qp:draw', 'measure').length > 200)
          for (const m of ['qp:scope', 'qp:worker', 'qp:draw']) performance.clearMeasures(m);
      } catch (err) {
        const issues = (err as { issues?: Array<{ path: string; reason: string }> }).issues ?? [];
        const byBlock = issuesByBlock(c.document, issues);
        if (hadIssues.current || Object.keys(byBlock).length > 0) issuesTo(byBlock);
        hadIssues.current = Object.keys(byBlock).length > 0;
        setError({
          cause: err,
          message: err instanceof Error ? err.message : String(err),
          issues: issues.slice(0, 5).map((i) => `${i.path}: ${i.reason}`),
        });
        setStatus('error');
      }
    };
    const s = latestWins(run);
    scheduler.current = s;
    return () => s.dispose();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new context or sample makes the cached scopes stale
  useEffect(() => {
    sources.current.clear();
  }, [context, sample]);

  // Every edit or record choice asks for a render: at once when the preview is idle, else once
  // after the running one (latest content wins).
  // biome-ignore lint/correctness/useExhaustiveDependencies: these values trigger a render; run() reads them through `latest`
  useEffect(() => {
    if (ready.current) scheduler.current?.request();
  }, [content, recordId, context, sample, templateId]);

  const download = () => {
    if (pdfRef.current)
      downloadBytes(pdfRef.current, fileNameRef.current ?? `${name || 'template'}.pdf`, 'application/pdf');
  };
  const print = () => {
    if (pdfRef.current) printPdf(pdfRef.current, t('previewPanel.print'));
  };

  const approval = Boolean(context.approval);
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
        {onToggleWide && (
          <button
            type="button"
            className="qe-icon-btn"
            aria-label={t(wide ? 'view.shrinkPreview' : 'view.enlargePreview')}
            title={t(wide ? 'view.shrinkPreview' : 'view.enlargePreview')}
            aria-pressed={wide}
            onClick={onToggleWide}
          >
            {wide ? '⇥' : '⇤'}
          </button>
        )}
        <button type="button" className="qe-icon-btn" aria-label={t('previewPanel.close')} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="qe-preview-tools">
        <label className="qe-field-row">
          <span>
            {t(
              approval
                ? 'previewPanel.approvalInstance'
                : context.open
                  ? 'previewPanel.instance'
                  : 'previewPanel.record',
            )}
          </span>
          <Select size="small" className="qe-select" value={recordId} onChange={(e) => setRecordId(e.target.value)}>
            {/* Without sample data an approval template previews its instances; with none, its empty fields. */}
            {(!approval || sample || context.approval?.instances.length === 0) && (
              <option value={SAMPLE}>
                {approval && !sample
                  ? t('previewPanel.noInstance')
                  : context.open && !context.open.fromSample
                    ? t('previewPanel.generatedSample')
                    : t('previewPanel.sample')}
              </option>
            )}
            {context.records.map((r) => (
              <option key={r.id} value={r.id}>
                {recordLabel(context.table, r)}
              </option>
            ))}
            {context.host?.records.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
            {context.approval?.instances.map((i) => (
              <option key={i.code} value={i.code}>
                {instanceLabel(i)}
              </option>
            ))}
          </Select>
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
          <ExportButtons
            template={{ key: `${templateId}:export`, content }}
            loadSource={() => shownSource.current ?? EMPTY_SOURCE}
            naming={() => ({ rule: ruleRef.current, templateName: name, printTime: Date.now() })}
            disabled={status !== 'ok'}
          />
        </div>
      </div>
      {tip}
      {error && (
        <div className="qe-preview-error" role="alert">
          <p>
            {t('previewPanel.error', {
              // A font missing offline reads in the user's language and names the font; other
              // errors keep their raw text (Typst's diagnostics help the designer).
              message: isQuireError(error.cause, 'FontUnavailableOffline')
                ? formatErrorForDisplay(error.cause, toTranslate(tApp)).message
                : error.message,
            })}
          </p>
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
