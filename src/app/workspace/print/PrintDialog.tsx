import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { type FileFormat, type PrintOutput, printOutputsOf } from '../../../core/outputs/catalogue';
import type { Storage, TableRow } from '../../../storage';
import { Dialog } from '../../services/dialogs/Dialog';
import { useWorkspaceTranslation } from '../../services/i18n/workspace';
import { keepFormat, keepOutput, printKindOf } from '../../services/print/formats';
import {
  downloadResult,
  PrintChoices,
  PrintProgress,
  poolRenderers,
  usePrintRun,
} from '../../services/print/PrintChoices';
import { runPrintJob } from '../../services/print/printRun';
import { assembleInWorker, loadFileNameRule, saveFileNameRule } from '../../services/printing';
import { Select } from '../../shell/Select';
import { ErrorBox } from '../ErrorBox';

/**
 * Print the selected records: pick a template of the table and an output, then watch the progress;
 * the result downloads by itself (and can be downloaded again).
 */
export function PrintDialog({
  storage,
  table,
  recordIds,
  onClose,
  onPreview,
}: {
  storage: Storage;
  table: TableRow;
  recordIds: string[];
  onClose: () => void;
  onPreview: (templateId: string | undefined) => void;
}) {
  const { t } = useWorkspaceTranslation();
  const templates = useLiveQuery(() => storage.templates.list({ tableId: table.id }), [storage, table.id]);
  const [templateId, setTemplateId] = useState('');
  // A PDF template prints to PDF unless Word, Excel or PowerPoint is chosen; an Office one to its kind.
  const [chosenFormat, setFormat] = useState<FileFormat>('pdf');
  // One merged PDF is what most people print; a ZIP is the choice for filing one file per record.
  const [chosenOutput, setOutput] = useState<PrintOutput>('merged');
  const [rule, setRule] = useState('');
  const run = usePrintRun();
  const { phase, running } = run;
  const total = recordIds.length;
  const template = templates?.find((tpl) => tpl.id === templateId);
  const { kind, error: kindError } = useMemo(() => printKindOf(template?.content), [template?.content]);
  const format = keepFormat(chosenFormat, kind);
  const output = keepOutput(chosenOutput, printOutputsOf(format, total));

  useEffect(() => {
    if (!templateId && templates && templates[0]) setTemplateId(templates[0].id);
  }, [templates, templateId]);
  useEffect(() => {
    if (templateId) void loadFileNameRule(storage, templateId).then(setRule);
  }, [storage, templateId]);
  const { reset } = run;
  // A finished run belongs to the choices it was made with: changing one starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these choices are the trigger, not read
  useEffect(reset, [format, output, templateId, rule]);

  const start = () => {
    if (!template) return;
    void run.start(total, async (signal, onProgress) => {
      await saveFileNameRule(storage, template.id, rule).catch(() => undefined);
      return runPrintJob({
        storage,
        tableId: table.id,
        recordIds,
        template,
        rule,
        output,
        signal,
        ...poolRenderers(format, output),
        assemble: assembleInWorker,
        onProgress,
      });
    });
  };

  const footer = (
    <>
      {total === 1 && phase.kind === 'setup' && (
        <button type="button" className="button ghost small" onClick={() => onPreview(templateId || undefined)}>
          {t('print.preview')}
        </button>
      )}
      {running ? (
        <button type="button" className="button secondary small" onClick={run.cancel}>
          {t('print.cancel')}
        </button>
      ) : (
        <button type="button" className="button ghost small" onClick={onClose}>
          {t('common.close')}
        </button>
      )}
      {phase.kind !== 'done' && !running && (
        <button type="button" className="button primary small" disabled={!template || !kind} onClick={start}>
          {t('print.start')}
        </button>
      )}
      {phase.kind === 'done' && (
        <button type="button" className="button primary small" onClick={() => downloadResult(phase.result)}>
          {t('print.downloadAgain')}
        </button>
      )}
    </>
  );

  return (
    <Dialog title={t('print.title')} onClose={() => (running ? run.cancel() : onClose())} footer={footer}>
      <p className="ws-print-count">{t('print.count', { count: total })}</p>
      {templates && templates.length === 0 ? (
        <p className="ws-empty">
          {t('print.noTemplates')}{' '}
          <button type="button" className="button small secondary" onClick={() => onPreview(undefined)}>
            {t('print.createTemplate')}
          </button>
        </p>
      ) : (
        <fieldset className="ws-form" disabled={running}>
          <label>
            {t('print.template')}
            <Select
              value={templateId}
              onChange={(event) => setTemplateId(event.target.value)}
              data-testid="print-template"
            >
              {templates?.map((tpl) => (
                <option key={tpl.id} value={tpl.id}>
                  {tpl.name}
                </option>
              ))}
            </Select>
          </label>
          <PrintChoices
            kind={kind}
            format={format}
            onFormat={setFormat}
            output={output}
            onOutput={setOutput}
            count={total}
            disabled={running}
          />
          <label>
            {t('print.fileName')}
            <input
              className="ws-input mono"
              value={rule}
              onChange={(event) => setRule(event.target.value)}
              data-testid="print-rule"
            />
            <span className="muted small">{t('print.fileNameHint')}</span>
          </label>
        </fieldset>
      )}
      <PrintProgress phase={phase} />
      {kindError && <ErrorBox error={kindError} />}
      {run.error !== undefined && <ErrorBox error={run.error} />}
    </Dialog>
  );
}
