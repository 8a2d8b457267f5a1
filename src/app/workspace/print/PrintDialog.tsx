import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isQuireError } from '../../../core/errors';
import type { Storage, TableRow } from '../../../storage';
import { keepOutput, printOutputs, templateKindOf } from '../../office/formats';
import { useOfficeTranslation } from '../../office/i18n/useOfficeTranslation';
import { outputLabel } from '../../office/PrintPanel';
import { assembleInWorker, getRenderPool, loadFileNameRule, saveFileNameRule } from '../../services/printing';
import { Select } from '../../shell/Select';
import { Dialog } from '../Dialog';
import { downloadBlob } from '../download';
import { ErrorBox } from '../ErrorBox';
import { useWorkspaceTranslation } from '../i18n';
import { type PrintJobResult, type PrintOutput, runPrintJob } from './printJob';

type Phase =
  | { kind: 'setup' }
  | { kind: 'running'; done: number }
  | { kind: 'done'; result: PrintJobResult }
  | { kind: 'cancelled'; done: number };

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
  // One merged PDF is what most people print; a ZIP is the choice for filing one file per record.
  const [chosenOutput, setOutput] = useState<PrintOutput>('merged');
  const [rule, setRule] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const [error, setError] = useState<unknown>();
  const abort = useRef<AbortController>(undefined);
  const total = recordIds.length;
  const template = templates?.find((tpl) => tpl.id === templateId);
  // Word, Excel and PowerPoint templates come back as files of their kind: their own outputs.
  const kind = useMemo(() => templateKindOf(template?.content), [template?.content]);
  const offered = printOutputs(kind, total);
  const output = keepOutput(chosenOutput, offered);
  const { t: tOffice } = useOfficeTranslation();

  useEffect(() => {
    if (!templateId && templates && templates[0]) setTemplateId(templates[0].id);
  }, [templates, templateId]);
  useEffect(() => {
    if (templateId) void loadFileNameRule(storage, templateId).then(setRule);
  }, [storage, templateId]);
  useEffect(() => () => abort.current?.abort(), []);
  // A finished run belongs to the choices it was made with: changing one starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: these choices are the trigger, not read
  useEffect(() => {
    setPhase((current) => (current.kind === 'running' ? current : { kind: 'setup' }));
  }, [output, templateId, rule]);

  const start = async () => {
    if (!template) return;
    setError(undefined);
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ kind: 'running', done: 0 });
    let done = 0;
    try {
      await saveFileNameRule(storage, template.id, rule).catch(() => undefined);
      const pool = getRenderPool();
      const result = await runPrintJob({
        storage,
        tableId: table.id,
        recordIds,
        template,
        rule,
        output,
        signal: controller.signal,
        concurrency: pool.size,
        render: (ref, source, naming, signal) => pool.render(ref, source, { kind: 'document', signal, naming }),
        // A merged PDF is typeset in groups, so its fonts are embedded once per group, not per record.
        ...(kind === 'document'
          ? {
              renderGroup: (ref, sources, naming, signal) =>
                pool.renderGroup(ref, sources, { kind: 'document', signal, naming }),
            }
          : {}),
        assemble: assembleInWorker,
        onProgress: (n) => {
          done = n;
          setPhase({ kind: 'running', done: n });
        },
      });
      setPhase({ kind: 'done', result });
      downloadBlob(result.blob, result.fileName);
    } catch (e) {
      if (controller.signal.aborted || (isQuireError(e, 'DocGenerationError') && /cancelled/.test(e.message))) {
        setPhase({ kind: 'cancelled', done });
      } else {
        setError(e);
        setPhase({ kind: 'setup' });
      }
    }
  };

  const running = phase.kind === 'running';
  const percent =
    phase.kind === 'running' ? Math.round((phase.done / Math.max(1, total)) * 100) : phase.kind === 'done' ? 100 : 0;

  const footer = (
    <>
      {total === 1 && phase.kind === 'setup' && (
        <button type="button" className="button ghost small" onClick={() => onPreview(templateId || undefined)}>
          {t('print.preview')}
        </button>
      )}
      {running ? (
        <button type="button" className="button secondary small" onClick={() => abort.current?.abort()}>
          {t('print.cancel')}
        </button>
      ) : (
        <button type="button" className="button ghost small" onClick={onClose}>
          {t('common.close')}
        </button>
      )}
      {phase.kind !== 'done' && !running && (
        <button type="button" className="button primary small" disabled={!template} onClick={start}>
          {t('print.start')}
        </button>
      )}
      {phase.kind === 'done' && (
        <button
          type="button"
          className="button primary small"
          onClick={() => downloadBlob(phase.result.blob, phase.result.fileName)}
        >
          {t('print.downloadAgain')}
        </button>
      )}
    </>
  );

  return (
    <Dialog title={t('print.title')} onClose={() => (running ? abort.current?.abort() : onClose())} footer={footer}>
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
          <div className="ws-choice" role="radiogroup" aria-label={t('print.output')}>
            <span className="ws-choice-label">{t('print.output')}</span>
            {offered.map((o) => (
              <label key={o}>
                <input type="radio" name="output" checked={output === o} onChange={() => setOutput(o)} />{' '}
                {kind === 'document' ? t(o === 'merged' ? 'print.merged' : 'print.zip') : outputLabel(tOffice, o, kind)}
              </label>
            ))}
          </div>
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
      {phase.kind !== 'setup' && (
        <div className="ws-progress-block">
          <div
            className="ws-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={total}
            aria-valuenow={phase.kind === 'running' || phase.kind === 'cancelled' ? phase.done : total}
          >
            <div style={{ width: `${percent}%` }} />
          </div>
          <p role="status" data-testid="print-status">
            {phase.kind === 'running' && t('print.progress', { done: phase.done, total })}
            {phase.kind === 'cancelled' && t('print.cancelled', { done: phase.done, total })}
            {phase.kind === 'done' && t('print.done', { count: phase.result.count, file: phase.result.fileName })}
          </p>
        </div>
      )}
      {error !== undefined && <ErrorBox error={error} />}
    </Dialog>
  );
}
