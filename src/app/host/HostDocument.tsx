/**
 * One template printed with one source inside a host: rendered in the render worker (the same
 * call as every preview in the app), drawn with pdf.js, printed or downloaded. Nothing here needs
 * the network: the host's data arrived through the bridge.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrintSource } from '../../core/print/sources';
import { contentForReader, readerOf } from '../../host/reader';
import { formatErrorForDisplay, toTranslate } from '../../i18n';
import type { TemplateRow } from '../../storage/types';
import { downloadBytes } from '../services/download';
import { drawPdf } from '../services/pdf';
import { printPdf } from '../services/printFrame';
import { DEFAULT_FILE_NAME_RULE, loadFileNameRule, renderPreview } from '../services/printing';
import { getStorage } from '../services/storage';
import { useRenderRun } from '../services/useRenderRun';
import { currentHostState } from './connection';
import { useHostTranslation } from './i18n/useHostTranslation';

/** What a run shows: the PDF and the name a download gets. */
interface HostFile {
  pdf: Uint8Array;
  fileName: string;
}

const PAGE_WIDTH = 640;

function Pages({ pdf, onError }: { pdf: Uint8Array; onError: (error: unknown) => void }) {
  const { t } = useHostTranslation();
  const [drawn, setDrawn] = useState<{ pages: HTMLCanvasElement[]; text: string[] } | null>(null);
  const host = useRef<HTMLOListElement>(null);
  const report = useRef(onError);
  report.current = onError;
  useEffect(() => {
    let current = true;
    drawPdf(pdf, PAGE_WIDTH).then(
      (result) => current && setDrawn(result),
      (error: unknown) => current && report.current(error),
    );
    return () => {
      current = false;
    };
  }, [pdf]);
  useEffect(() => {
    const list = host.current;
    if (!list || !drawn) return;
    drawn.pages.forEach((canvas, i) => {
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', t('preview.pageImage', { n: i + 1, total: drawn.pages.length }));
      list.querySelector(`[data-page="${i + 1}"] .host-canvas`)?.replaceChildren(canvas);
    });
  }, [drawn, t]);
  if (!drawn) return null;
  return (
    <>
      <p className="host-muted" data-testid="host-page-count">
        {t('preview.pages', { count: drawn.pages.length })}
      </p>
      <ol className="host-pages" ref={host} data-testid="host-pages">
        {drawn.text.map((text, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: pages have no identity beyond their position
          <li key={i} data-page={i + 1}>
            <div className="host-canvas" />
            <section
              className="visually-hidden"
              aria-label={t('preview.pageText', { n: i + 1 })}
              data-testid="host-page-text"
            >
              {text}
            </section>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * `source` undefined: still loading it (from the host). A source that changes (the host selected
 * another record) renders again; a render still running for the old one is abandoned.
 */
export function HostDocument({ template, source }: { template: TemplateRow; source: PrintSource | undefined }) {
  const { t } = useHostTranslation();
  const { t: tApp } = useTranslation();
  // A new template or source starts a new run; the one running for the old one is abandoned.
  const [run, machine] = useRenderRun<HostFile>();
  const state = run.status === 'ready' ? { status: run.status, ...run.shown } : run;

  useEffect(() => {
    if (!source) return;
    void machine.start(async ({ signal }) => {
      const storage = await getStorage();
      const rule = await loadFileNameRule(storage, template.id).catch(() => DEFAULT_FILE_NAME_RULE);
      // Dates and numbers in the zone and locale the host named in hello, unless the template fixed its own.
      const host = currentHostState();
      const reader = host.status === 'connected' ? readerOf(host.connection.hello.user) : {};
      const file = await renderPreview(
        {
          key: `${template.id}@${template.revision}@${reader.timeZone ?? ''}@${reader.locale ?? ''}`,
          content: contentForReader(template.content, reader),
        },
        source,
        { signal, naming: { rule, templateName: template.name, printTime: Date.now() } },
      );
      return { pdf: file.bytes, fileName: file.fileName ?? `${template.name || 'document'}.pdf` };
    });
    // A run still working for the old inputs is abandoned; a document already shown stays until the next one.
    return () => {
      if (machine.busy) machine.reset();
    };
  }, [machine, template, source]);

  const print = () => {
    if (state.status === 'ready') printPdf(state.pdf, t('preview.print'));
  };
  const download = () => {
    if (state.status === 'ready') downloadBytes(state.pdf, state.fileName, 'application/pdf');
  };

  const display = state.status === 'error' ? formatErrorForDisplay(state.error, toTranslate(tApp)) : undefined;
  return (
    <section className="host-document" data-status={state.status} aria-busy={state.status === 'rendering'}>
      <div className="host-actions">
        <button type="button" className="button secondary" disabled={state.status !== 'ready'} onClick={print}>
          {t('preview.print')}
        </button>
        <button type="button" className="button primary" disabled={state.status !== 'ready'} onClick={download}>
          {t('preview.download')}
        </button>
        {state.status === 'rendering' || !source ? (
          <span className="host-muted" role="status">
            {t('preview.rendering')}
          </span>
        ) : null}
      </div>
      {display ? (
        <div className="host-error" role="alert">
          <strong>{display.title}</strong> {display.message}
          {display.code !== undefined ? <code> {String(display.code)}</code> : null}{' '}
          <button type="button" className="button secondary small" onClick={() => void machine.retry()}>
            {tApp('common.refresh')}
          </button>
        </div>
      ) : null}
      {state.status === 'ready' ? <Pages pdf={state.pdf} onError={(error) => machine.fail(error)} /> : null}
    </section>
  );
}
