/**
 * "Download as Word / Excel / PowerPoint" for a document-mode (Typst/PDF) template: the same print
 * input and resolved document the PDF is typeset from, written by render/export in the render
 * worker (`renderOutput` with a `format`), named by the template's file-name rule. Offline like the PDF.
 */
import { useEffect, useRef, useState } from 'react';
import { isQuireError } from '../../../core/errors';
import { type FormatOf, formatsOf } from '../../../core/outputs/catalogue';
import type { PrintSource } from '../../../core/print/sources';
import type { NamingContext } from '../../../render/outputs/render';
import { Dialog } from '../dialogs/Dialog';
import { downloadBytes } from '../download';
import { useOfficeTranslation } from '../i18n/office';
import { getRenderPool } from '../printing';
import { ErrorPanel } from './ErrorPanel';
import { ExportBatch } from './ExportBatch';
import './office.css';

type ExportChoice = Exclude<FormatOf<'document'>, 'pdf'>;

/** What a document template makes besides its PDF (the output catalogue). */
const EXPORT_CHOICES = formatsOf('document').filter((format): format is ExportChoice => format !== 'pdf');

export function ExportButtons({
  template,
  loadSource,
  naming,
  disabled = false,
  templateId,
  recordId,
}: {
  template: { key: string; content: unknown } | undefined;
  /** The record, instance or sample the PDF shows. */
  loadSource: () => Promise<PrintSource> | PrintSource;
  naming: () => NamingContext;
  disabled?: boolean;
  /** A stored template: "Several records…" prints its records (or instances) in a dialog. */
  templateId?: string;
  /** The record or instance shown. */
  recordId?: string;
}) {
  const { t } = useOfficeTranslation();
  const [running, setRunning] = useState<ExportChoice | undefined>();
  const [batch, setBatch] = useState(false);
  const [error, setError] = useState<unknown>();
  const abort = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (format: ExportChoice) => {
    if (!template) return;
    setError(undefined);
    const controller = new AbortController();
    abort.current = controller;
    setRunning(format);
    try {
      const source = await loadSource();
      const file = await getRenderPool().render(template, source, {
        kind: 'document',
        signal: controller.signal,
        naming: naming(),
        format,
      });
      if (!controller.signal.aborted)
        downloadBytes(file.bytes, file.fileName ?? `document.${file.extension}`, file.mime);
    } catch (e) {
      const cancelled =
        controller.signal.aborted || (isQuireError(e, 'DocGenerationError') && /cancelled/.test(e.message));
      if (!cancelled) setError(e);
    } finally {
      if (abort.current === controller) setRunning(undefined);
    }
  };

  return (
    <fieldset className="of-export" data-testid="office-export">
      <legend className="of-export-label">{t('export.label')}</legend>
      {EXPORT_CHOICES.map((format) => (
        <button
          key={format}
          type="button"
          className="button ghost small"
          data-format={format}
          disabled={disabled || !template || running !== undefined}
          aria-busy={running === format}
          onClick={() => void start(format)}
        >
          {t(`kind.${format}`)}
        </button>
      ))}
      {templateId ? (
        <button
          type="button"
          className="button ghost small"
          data-testid="office-export-batch"
          aria-haspopup="dialog"
          disabled={!template || running !== undefined}
          onClick={() => setBatch(true)}
        >
          {t('export.batch')}
        </button>
      ) : null}
      {batch && templateId ? (
        <Dialog title={t('export.batchTitle')} onClose={() => setBatch(false)}>
          <ExportBatch templateId={templateId} currentId={recordId} format="docx" />
        </Dialog>
      ) : null}
      {running ? (
        <>
          <span role="status" className="of-muted">
            {t('export.running', { kind: t(`kind.${running}`) })}
          </span>
          <button type="button" className="button ghost small" onClick={() => abort.current?.abort()}>
            {t('cancel')}
          </button>
        </>
      ) : null}
      {error !== undefined ? <ErrorPanel error={error} /> : null}
    </fieldset>
  );
}
