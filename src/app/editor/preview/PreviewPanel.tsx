/**
 * Live preview: renders the template with the chosen record (or sample data) in the preview worker
 * as soon as it is idle after each edit. One render at a time; edits made meanwhile coalesce into the
 * next render (latest wins), so typing never waits for Typst. The work is `useLivePreview`; this is
 * its layout.
 */
import { useTranslation } from 'react-i18next';
import { isQuireError } from '../../../core/errors';
import type { ParsedTemplateContent } from '../../../core/model';
import { formatErrorForDisplay, toTranslate } from '../../../i18n';
import { bindingChoices } from '../../services/binding';
import { downloadBytes } from '../../services/download';
import { useEditorTranslation } from '../../services/i18n/editor';
import { ExportButtons } from '../../services/print/ExportButtons';
import { printPdf } from '../../services/printFrame';
import { EMPTY_SOURCE } from '../../services/printing';
import { Select } from '../../shell/Select';
import type { TableContext } from '../data';
import { SAMPLE, useLivePreview } from './useLivePreview';

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

/** The panel's status word: what the render run is doing (its "ready" is the panel's "ok"). */
const STATUS = { idle: 'idle', rendering: 'rendering', ready: 'ok', error: 'error', cancelled: 'idle' } as const;

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
  const { recordId, setRecordId, state, error, pagesRef, rule } = useLivePreview({
    templateId,
    name,
    content,
    context,
    sample,
    pageLabel: (n) => t('previewPanel.pageImage', { n }),
  });
  const status = STATUS[state.status];
  const shown = state.shown;
  const pageCount = shown?.pageCount ?? 0;
  const text = shown?.text ?? [];

  const download = () => {
    if (shown) downloadBytes(shown.pdf, shown.fileName ?? `${name || 'template'}.pdf`, 'application/pdf');
  };
  const print = () => {
    if (shown) printPdf(shown.pdf, t('previewPanel.print'));
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
            {context.open
              ? null
              : bindingChoices(context.binding).map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
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
            loadSource={() => shown?.source ?? EMPTY_SOURCE}
            naming={() => ({ rule: rule(), templateName: name, printTime: Date.now() })}
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
