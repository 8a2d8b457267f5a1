/**
 * Print records with a template from the editor or the preview screen: this record or every record
 * in the list, in each output the template offers (one file, a ZIP, a merged document), with
 * progress and cancel — the same run as the grid's print dialog.
 */
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isQuireError } from '../../core/errors';
import type { Storage } from '../../storage';
import type { TemplateRow } from '../../storage/types';
import { assembleInWorker, getRenderPool, loadFileNameRule } from '../services/printing';
import { downloadBytes } from './download';
import { ErrorPanel } from './ErrorPanel';
import { keepOutput, printOutputs, templateKindOf } from './formats';
import { useOfficeTranslation } from './i18n/useOfficeTranslation';
import { type PrintJobResult, type PrintOutput, runPrintJob } from './printRun';
import type { Binding } from './sources';
import { NO_RECORD, type OfficeSession } from './useOfficeSession';

type Phase =
  | { kind: 'setup' }
  | { kind: 'running'; done: number; total: number }
  | { kind: 'done'; result: PrintJobResult }
  | { kind: 'cancelled'; done: number; total: number };

export function outputLabel(t: TFunction, output: PrintOutput, kind: string) {
  if (output === 'file') return t('print.file', { kind: t(`kind.${kind}`) });
  if (output === 'zip') return t('print.zip');
  return kind === 'docx' ? t('print.mergedDocx') : t('print.mergedPdf');
}

/** What a panel prints: records of a table, or instances (by code) of an approval. */
export type PrintTarget = { kind: 'table'; tableId: string } | { kind: 'approval'; code: string };

/** The print target of a screen's binding; none when the template is bound to nothing. */
export function printTarget(binding: Binding): PrintTarget | undefined {
  if (binding.kind === 'table') return { kind: 'table', tableId: binding.table.id };
  if (binding.kind === 'approval') return { kind: 'approval', code: binding.definition.code };
  return undefined;
}

export function PrintPanel({
  storage,
  template,
  target,
  currentId,
  allIds,
}: {
  storage: Storage;
  template: TemplateRow;
  target: PrintTarget;
  /** The record id or instance code chosen on the screen. */
  currentId: string | undefined;
  allIds: readonly string[];
}) {
  const { t } = useOfficeTranslation();
  const kind = templateKindOf(template.content);
  const [scope, setScope] = useState<'current' | 'all'>(currentId ? 'current' : 'all');
  const ids = scope === 'current' && currentId ? [currentId] : allIds;
  const offered = printOutputs(kind, ids.length);
  const [chosen, setChosen] = useState<PrintOutput>(offered[0] ?? 'zip');
  const output = keepOutput(chosen, offered);
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const [error, setError] = useState<unknown>();
  const abort = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => abort.current?.abort(), []);

  const start = async () => {
    setError(undefined);
    const controller = new AbortController();
    abort.current = controller;
    const total = ids.length;
    let done = 0;
    setPhase({ kind: 'running', done: 0, total });
    try {
      const rule = await loadFileNameRule(storage, template.id);
      const pool = getRenderPool();
      const result = await runPrintJob({
        storage,
        tableId: target.kind === 'table' ? target.tableId : template.tableId,
        ...(target.kind === 'approval' ? { approvalCode: target.code } : {}),
        recordIds: ids,
        template,
        rule,
        output,
        signal: controller.signal,
        concurrency: pool.size,
        render: (ref, source, naming, signal) => pool.render(ref, source, { kind: 'document', signal, naming }),
        assemble: assembleInWorker,
        onProgress: (n) => {
          done = n;
          setPhase({ kind: 'running', done: n, total });
        },
      });
      setPhase({ kind: 'done', result });
      downloadBytes(result.blob, result.fileName, result.blob.type);
    } catch (e) {
      if (controller.signal.aborted || (isQuireError(e, 'DocGenerationError') && /cancelled/.test(e.message)))
        setPhase({ kind: 'cancelled', done, total });
      else {
        setError(e);
        setPhase({ kind: 'setup' });
      }
    }
  };

  const running = phase.kind === 'running';
  return (
    <section className="of-print" aria-label={t('print.title')} data-testid="office-print">
      <fieldset disabled={running}>
        <legend>{t('print.title')}</legend>
        {currentId ? (
          <label>
            <input type="radio" name="of-scope" checked={scope === 'current'} onChange={() => setScope('current')} />{' '}
            {t(target.kind === 'approval' ? 'print.scopeInstance' : 'print.scopeCurrent')}
          </label>
        ) : null}
        <label>
          <input type="radio" name="of-scope" checked={scope === 'all'} onChange={() => setScope('all')} />{' '}
          {t(target.kind === 'approval' ? 'print.scopeInstances' : 'print.scopeAll', { count: allIds.length })}
        </label>
      </fieldset>
      <fieldset disabled={running}>
        <legend>{t('print.output')}</legend>
        {offered.map((o) => (
          <label key={o}>
            <input type="radio" name="of-output" checked={output === o} onChange={() => setChosen(o)} />{' '}
            {outputLabel(t, o, kind)}
          </label>
        ))}
      </fieldset>
      <div className="of-actions">
        {running ? (
          <button type="button" className="button secondary small" onClick={() => abort.current?.abort()}>
            {t('cancel')}
          </button>
        ) : (
          <button
            type="button"
            className="button primary small"
            disabled={ids.length === 0}
            onClick={() => void start()}
          >
            {t('print.start')}
          </button>
        )}
        {phase.kind === 'done' ? (
          <button
            type="button"
            className="button ghost small"
            onClick={() => downloadBytes(phase.result.blob, phase.result.fileName, phase.result.blob.type)}
          >
            {t('print.downloadAgain')}
          </button>
        ) : null}
      </div>
      {phase.kind !== 'setup' ? (
        <>
          <div
            className="of-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={phase.kind === 'done' ? phase.result.count : phase.total}
            aria-valuenow={phase.kind === 'done' ? phase.result.count : phase.done}
          >
            <div
              style={{
                width: `${phase.kind === 'done' ? 100 : Math.round((phase.done / Math.max(1, phase.total)) * 100)}%`,
              }}
            />
          </div>
          <p role="status" className="of-muted" data-testid="office-print-status">
            {phase.kind === 'running' && t('print.progress', { done: phase.done, total: phase.total })}
            {phase.kind === 'cancelled' && t('cancelled')}
            {phase.kind === 'done' && t('print.done', { count: phase.result.count, file: phase.result.fileName })}
          </p>
        </>
      ) : null}
      {error !== undefined ? <ErrorPanel error={error} /> : null}
    </section>
  );
}

/**
 * The print panel of a screen's session (editor, preview): this record or instance and the list of
 * the bound table or approval; `fallback` when the template is bound to neither.
 */
export function SessionPrintPanel({ session, fallback = null }: { session: OfficeSession; fallback?: ReactNode }) {
  const target = printTarget(session.binding);
  if (!session.storage || !session.row || !target) return fallback;
  return (
    <PrintPanel
      storage={session.storage}
      template={session.row}
      target={target}
      currentId={session.choice === NO_RECORD ? undefined : session.choice}
      allIds={session.recordIds}
    />
  );
}
