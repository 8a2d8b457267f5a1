/**
 * Print records with a template from the editor or the preview screen: this record or every record
 * in the list, in each output the template offers (one file, a ZIP, a merged document), with
 * progress and cancel — the same run as the grid's print dialog.
 */
import { useState } from 'react';
import { defaultFormatOf, type FileFormat, type PrintOutput, printOutputsOf } from '../../../core/outputs/catalogue';
import type { Storage } from '../../../storage';
import type { TemplateRow } from '../../../storage/types';
import type { LoadedBinding } from '../binding';
import { useOfficeTranslation } from '../i18n/office';
import { assembleInWorker, loadFileNameRule } from '../printing';
import { ErrorPanel } from './ErrorPanel';
import { keepFormat, keepOutput, printKindOf } from './formats';
import { downloadResult, PrintChoices, PrintProgress, poolRenderers, usePrintRun } from './PrintChoices';
import { runPrintJob } from './printRun';

/** What a panel prints: records of a table, or instances (by code) of an approval. */
export type PrintTarget = { kind: 'table'; tableId: string } | { kind: 'approval'; code: string };

/** The print target of a screen's binding; none when the template is bound to nothing. */
export function printTarget(binding: LoadedBinding): PrintTarget | undefined {
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
  initialFormat,
}: {
  storage: Storage;
  template: TemplateRow;
  target: PrintTarget;
  /** The record id or instance code chosen on the screen. */
  currentId: string | undefined;
  allIds: readonly string[];
  /** The file kind offered first (the preview screen's "Download as" choice), when the template prints to it. */
  initialFormat?: FileFormat;
}) {
  const { t } = useOfficeTranslation();
  // An Office template prints to its own kind of file; a document template to PDF or exported.
  const { kind, error: kindError } = printKindOf(template.content);
  const [chosenFormat, setFormat] = useState<FileFormat>(initialFormat ?? (kind ? defaultFormatOf(kind) : 'pdf'));
  const format = keepFormat(chosenFormat, kind);
  const [scope, setScope] = useState<'current' | 'all'>(currentId ? 'current' : 'all');
  const ids = scope === 'current' && currentId ? [currentId] : allIds;
  const offered = printOutputsOf(format, ids.length);
  const [chosen, setChosen] = useState<PrintOutput>(offered[0] ?? 'zip');
  const output = keepOutput(chosen, offered);
  const run = usePrintRun();
  const { phase, running } = run;

  const start = () =>
    run.start(ids.length, async (signal, onProgress) => {
      const rule = await loadFileNameRule(storage, template.id);
      return runPrintJob({
        storage,
        tableId: target.kind === 'table' ? target.tableId : template.tableId,
        ...(target.kind === 'approval' ? { approvalCode: target.code } : {}),
        recordIds: ids,
        template,
        rule,
        output,
        signal,
        ...poolRenderers(format, output),
        assemble: assembleInWorker,
        onProgress,
      });
    });

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
      <PrintChoices
        kind={kind}
        format={format}
        onFormat={setFormat}
        output={output}
        onOutput={setChosen}
        count={ids.length}
        disabled={running}
      />
      <div className="of-actions">
        {running ? (
          <button type="button" className="button secondary small" onClick={run.cancel}>
            {t('cancel')}
          </button>
        ) : (
          <button
            type="button"
            className="button primary small"
            disabled={ids.length === 0 || kind === undefined}
            onClick={() => void start()}
          >
            {t('print.start')}
          </button>
        )}
        {phase.kind === 'done' ? (
          <button type="button" className="button ghost small" onClick={() => downloadResult(phase.result)}>
            {t('print.downloadAgain')}
          </button>
        ) : null}
      </div>
      <PrintProgress phase={phase} />
      {kindError ? <ErrorPanel error={kindError} /> : null}
      {run.error !== undefined ? <ErrorPanel error={run.error} /> : null}
    </section>
  );
}
