/**
 * The parts of printing that the grid's print dialog (workspace/print) and the Office print panel
 * (editor, preview) share: the choice of file kind and output, the run with its progress and
 * cancel (`usePrintRun`), and the progress bar with its status line.
 */
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { isQuireError } from '../../../core/errors';
import {
  type FileFormat,
  formatsOf,
  type PrintOutput,
  printOutputsOf,
  type TemplateKind,
} from '../../../core/outputs/catalogue';
import { isImageFormat } from '../../../core/outputs/images';
import { downloadBytes } from '../download';
import { useOfficeTranslation } from '../i18n/office';
import { getRenderPool } from '../printing';
import type { PrintJobResult, RenderSource, RenderSources } from './printRun';
import './office.css';

type PrintPhase =
  | { kind: 'setup' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; result: PrintJobResult }
  | { kind: 'cancelled'; done: number; total: number };

/** Runs a print: `(signal, onProgress) => result`, the result downloaded as it arrives. */
type PrintRun = (signal: AbortSignal, onProgress: (done: number) => void) => Promise<PrintJobResult>;

export function downloadResult(result: PrintJobResult): void {
  downloadBytes(result.blob, result.fileName, result.blob.type);
}

/** A print's phase, its error, and how to start, cancel or forget it. */
export function usePrintRun() {
  const [phase, setPhase] = useState<PrintPhase>({ kind: 'setup' });
  const [error, setError] = useState<unknown>();
  const abort = useRef<AbortController | undefined>(undefined);
  // A dialog or screen closed while printing stops the run.
  useEffect(() => () => abort.current?.abort(), []);

  const start = async (total: number, run: PrintRun) => {
    setError(undefined);
    const controller = new AbortController();
    abort.current = controller;
    let done = 0;
    setPhase({ kind: 'running', done: 0, total });
    try {
      const result = await run(controller.signal, (n) => {
        done = n;
        setPhase({ kind: 'running', done: n, total });
      });
      setPhase({ kind: 'done', result });
      downloadResult(result);
    } catch (e) {
      if (controller.signal.aborted || (isQuireError(e, 'DocGenerationError') && /cancelled/.test(e.message)))
        setPhase({ kind: 'cancelled', done, total });
      else {
        setError(e);
        setPhase({ kind: 'setup' });
      }
    }
  };

  return {
    phase,
    error,
    running: phase.kind === 'running',
    start,
    cancel: () => abort.current?.abort(),
    /** A finished run belongs to the choices it was made with: changing one starts over. */
    reset: () => setPhase((current) => (current.kind === 'running' ? current : { kind: 'setup' })),
  };
}

/**
 * How the render pool prints a run in `format`, one the template's kind makes (the worker refuses
 * any other with a catalogued error): each record on its own, and for a merged PDF in groups, so
 * its fonts are embedded once per group.
 */
export function poolRenderers(
  format: FileFormat,
  output: PrintOutput,
): { render: RenderSource; renderGroup?: RenderSources; concurrency: number } {
  const pool = getRenderPool();
  return {
    concurrency: pool.size,
    render: (ref, source, naming, signal) => pool.render(ref, source, { kind: 'document', signal, naming, format }),
    ...(format === 'pdf' && output === 'merged'
      ? {
          renderGroup: (ref, sources, naming, signal) =>
            pool.renderGroup(ref, sources, { kind: 'document', signal, naming, format }),
        }
      : {}),
  };
}

function outputLabel(t: TFunction<'office'>, output: PrintOutput, format: FileFormat): string {
  // Page images: one record is its image, or a ZIP of its pages; several are a ZIP of every page.
  if (isImageFormat(format))
    return output === 'file' ? t('print.images', { kind: t(`kind.${format}`) }) : t('print.zipImages');
  if (output === 'file') return t('print.file', { kind: t(`kind.${format}`) });
  if (output === 'zip') return format === 'pdf' ? t('print.zipPdf') : t('print.zip');
  return format === 'docx' ? t('print.mergedDocx') : t('print.mergedPdf');
}

/**
 * The file kind (for a document template: PDF, Word, Excel or PowerPoint) and the output (one
 * file, a ZIP, one merged document) of a print of `count` records.
 */
export function PrintChoices({
  kind,
  format,
  onFormat,
  output,
  onOutput,
  count,
  disabled = false,
}: {
  /** None when the template's kind is unknown (its error is shown instead): nothing to choose. */
  kind: TemplateKind | undefined;
  format: FileFormat;
  onFormat: (format: FileFormat) => void;
  output: PrintOutput;
  onOutput: (output: PrintOutput) => void;
  count: number;
  disabled?: boolean;
}) {
  const { t } = useOfficeTranslation();
  const formats: readonly FileFormat[] = kind ? formatsOf(kind) : [];
  return (
    <div className="of-choices">
      {formats.length > 1 ? (
        <fieldset disabled={disabled} className="of-choice" data-testid="print-format">
          <legend>{t('print.format')}</legend>
          {formats.map((f) => (
            <label key={f}>
              <input type="radio" name="print-format" checked={format === f} onChange={() => onFormat(f)} />{' '}
              {t(`kind.${f}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <fieldset disabled={disabled} className="of-choice" data-testid="print-output">
        <legend>{t('print.output')}</legend>
        {printOutputsOf(format, count).map((o) => (
          <label key={o}>
            <input type="radio" name="print-output" checked={output === o} onChange={() => onOutput(o)} />{' '}
            {outputLabel(t, o, format)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

/** The progress bar and status line of a print once it has started. */
export function PrintProgress({ phase }: { phase: PrintPhase }) {
  const { t } = useOfficeTranslation();
  if (phase.kind === 'setup') return null;
  const total = phase.kind === 'done' ? phase.result.count : phase.total;
  const done = phase.kind === 'done' ? phase.result.count : phase.done;
  return (
    <div className="of-progress-block">
      <div className="of-progress" role="progressbar" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
        <div style={{ width: `${Math.round((done / Math.max(1, total)) * 100)}%` }} />
      </div>
      <p role="status" data-testid="print-status">
        {phase.kind === 'running' && t('print.progress', { done, total })}
        {phase.kind === 'cancelled' && t('print.cancelledAfter', { done, total })}
        {phase.kind === 'done' && t('print.done', { count: phase.result.count, file: phase.result.fileName })}
      </p>
    </div>
  );
}
