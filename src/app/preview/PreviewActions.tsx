/**
 * The preview's actions: print and download the PDF shown, and beside them the same source as
 * Word, Excel or PowerPoint (`services/print/ExportButtons`, rendered in the render worker, offline).
 * A canvas template is a fixed page: it prints as a PDF and has no document to export.
 */
import type { PrintSource } from '../../core/print/sources';
import { isCanvasContent } from '../services/canvasContent';
import { downloadBytes } from '../services/download';
import { ExportButtons } from '../services/print/ExportButtons';
import { printPdf } from '../services/printFrame';
import { usePreviewTranslation } from './i18n/usePreviewTranslation';
import type { PreviewTemplate } from './sources';
import type { Shown } from './usePreviewRender';

export function PreviewActions({
  template,
  templateName,
  record,
  shown,
  ready,
  busy,
  exportDisabled,
  loadSource,
}: {
  template: PreviewTemplate | undefined;
  templateName: string;
  record: string | undefined;
  shown: Shown | null;
  /** A PDF is shown and the last render did not fail. */
  ready: boolean;
  busy: boolean;
  exportDisabled: boolean;
  loadSource: () => Promise<PrintSource> | PrintSource;
}) {
  const { t } = usePreviewTranslation();
  return (
    <div className="pv-actions">
      <button
        type="button"
        className="button secondary"
        disabled={!ready || busy}
        onClick={() => shown && printPdf(shown.pdf, t('print'))}
      >
        <PrinterIcon />
        {t('print')}
      </button>
      <button
        type="button"
        className="button primary"
        disabled={!ready || busy}
        onClick={() => shown && downloadBytes(shown.pdf, shown.fileName, 'application/pdf')}
        title={shown ? `${t('fileName')}: ${shown.fileName}` : undefined}
      >
        <DownloadIcon />
        {t('download')}
      </button>
      {template && isCanvasContent(template.content) ? null : (
        <ExportButtons
          template={template ? { key: template.key, content: template.content } : undefined}
          loadSource={loadSource}
          naming={() => ({ rule: template?.fileNameRule ?? '', templateName, printTime: Date.now() })}
          disabled={exportDisabled}
          templateId={template && !template.fixture ? template.choice : undefined}
          recordId={record}
        />
      )}
    </div>
  );
}

/** A 16 px line icon (SVG, so it never depends on the system's symbol fonts). */
function LineIcon({ d }: { d: string }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d={d} />
    </svg>
  );
}

const PrinterIcon = () => (
  <LineIcon d="M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M6 14h12v7H6z" />
);
const DownloadIcon = () => <LineIcon d="M12 3v12m0 0-5-5m5 5 5-5M4 17v3h16v-3" />;
