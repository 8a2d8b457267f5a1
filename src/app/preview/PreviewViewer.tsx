/**
 * The preview's page area: "this template is not stored here" (with the ids the link named), the
 * render's error (catalogue code, translated message, details, Retry), the PDF's pages — dimmed
 * while a newer render runs — or a blank page while the first one renders.
 */
import { ERROR_CATALOGUE, isQuireError } from '../../core/errors';
import { formatErrorForDisplay, type Translate } from '../../i18n';
import { usePreviewTranslation } from './i18n/usePreviewTranslation';
import { PdfPages } from './PdfPages';
import type { Shown } from './usePreviewRender';
import type { ViewerZoom } from './useViewerZoom';

export function PreviewViewer({
  viewer,
  busy,
  missing,
  params,
  failure,
  shown,
  translate,
  onRetry,
  onDrawn,
  onDrawing,
  onFail,
}: {
  viewer: ViewerZoom;
  busy: boolean;
  missing: boolean;
  /** The route's parameters, shown when the template they name is missing. */
  params: Record<string, string | undefined>;
  /** The render's failure, when it failed. */
  failure: { error: unknown } | undefined;
  shown: Shown | null;
  translate: Translate;
  onRetry: () => void;
  onDrawn: (pages: number) => void;
  onDrawing: (drawing: boolean) => void;
  onFail: (error: unknown) => void;
}) {
  const { t } = usePreviewTranslation();
  const display = failure ? describeError(failure.error, translate) : undefined;
  return (
    <div className="pv-viewer" ref={viewer.viewerRef} aria-busy={busy}>
      {missing ? (
        <div className="pv-message" role="alert">
          <p>{t('templateMissing')}</p>
          <dl className="pv-ids">
            {Object.entries(params).map(([key, value]) => (
              <div key={key}>
                <dt>{key}</dt>
                <dd data-param={key}>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      {display ? (
        <div className="pv-message pv-error" role="alert">
          <h2>
            {display.title}
            {display.code !== undefined ? <code className="pv-code">{String(display.code)}</code> : null}
          </h2>
          <p>{display.message}</p>
          {display.details.length > 0 ? (
            <details>
              <summary>{t('details')}</summary>
              <ul>
                {display.details.slice(0, 8).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </details>
          ) : null}
          <button type="button" className="button secondary small" onClick={onRetry}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {shown && viewer.pageWidth > 0 && !display && !missing ? (
        <div className={busy ? 'pv-sheet pv-stale' : 'pv-sheet'}>
          <PdfPages pdf={shown.pdf} width={viewer.pageWidth} onDrawn={onDrawn} onDrawing={onDrawing} onError={onFail} />
        </div>
      ) : null}
      {!shown && busy && !display ? <div className="pv-placeholder-page" aria-hidden="true" /> : null}
    </div>
  );
}

/**
 * The translated message, plus the technical detail a bug report needs (Typst's diagnostics, the
 * raw message of anything uncatalogued), shown folded under "Details".
 */
function describeError(error: unknown, t: Translate) {
  const display = formatErrorForDisplay(error, t);
  const technical = isQuireError(error)
    ? error.message.slice(ERROR_CATALOGUE[error.errorName].message.length + 2)
    : error instanceof Error
      ? error.message
      : '';
  return technical ? { ...display, details: [...display.details, technical] } : display;
}
