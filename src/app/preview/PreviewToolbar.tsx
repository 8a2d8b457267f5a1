/**
 * The strip under the preview's header: the render's stage (with Cancel), the page count and time
 * once drawn, Retry after a cancel — and the zoom controls.
 */
import type { RenderRunState, RenderStage } from '../services/renderRun';
import { usePreviewTranslation } from './i18n/usePreviewTranslation';
import type { Shown } from './usePreviewRender';
import type { ViewerZoom } from './useViewerZoom';
import { percent, zoomIn, zoomOut } from './zoom';

export function PreviewToolbar({
  render,
  stage,
  pageTotal,
  viewer,
  onCancel,
  onRetry,
}: {
  render: RenderRunState<Shown>;
  stage: RenderStage | undefined;
  pageTotal: number;
  viewer: ViewerZoom;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const { t } = usePreviewTranslation();
  const { zoom, viewerWidth, setZoom } = viewer;
  return (
    <div className="pv-toolbar" role="toolbar" aria-label={t('viewTools')}>
      <div className="pv-status" role="status" aria-live="polite" data-stage={stage ?? render.status}>
        {stage ? (
          <>
            <span className="pv-spinner" aria-hidden="true" />
            {t(`stage.${stage}`)}
            {render.status === 'rendering' ? (
              <button type="button" className="button ghost small" onClick={onCancel}>
                {t('cancel')}
              </button>
            ) : null}
          </>
        ) : render.status === 'ready' ? (
          <>
            <span className="pv-dot" aria-hidden="true" />
            <span data-testid="preview-page-count">{t('pageCount', { count: pageTotal })}</span>
            <span className="pv-muted">
              {render.ms < 1000
                ? t('renderedIn', { ms: render.ms })
                : t('renderedInSeconds', { seconds: (render.ms / 1000).toFixed(1) })}
            </span>
          </>
        ) : render.status === 'cancelled' ? (
          <>
            {t('cancelled')}
            <button type="button" className="button ghost small" onClick={onRetry}>
              {t('retry')}
            </button>
          </>
        ) : null}
      </div>
      <div className="pv-zoom">
        <button
          type="button"
          className="pv-icon-button"
          aria-label={t('zoomOut')}
          title={t('zoomOut')}
          disabled={!viewerWidth}
          onClick={() => setZoom(zoomOut(zoom, viewerWidth))}
        >
          −
        </button>
        <output className="pv-zoom-level" aria-label={t('zoomLevel', { percent: percent(zoom, viewerWidth) })}>
          {percent(zoom, viewerWidth)}%
        </output>
        <button
          type="button"
          className="pv-icon-button"
          aria-label={t('zoomIn')}
          title={t('zoomIn')}
          disabled={!viewerWidth}
          onClick={() => setZoom(zoomIn(zoom, viewerWidth))}
        >
          +
        </button>
        <button
          type="button"
          className="button ghost small"
          aria-pressed={zoom.kind === 'fit'}
          onClick={() => setZoom({ kind: 'fit' })}
        >
          {t('fitWidth')}
        </button>
      </div>
    </div>
  );
}
