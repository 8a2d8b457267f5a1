/**
 * The filled file for the chosen record: the record (or approval instance) picker, filling status
 * with cancel and retry, the download of the filled file, and its preview (Word pages, Excel
 * sheets, PowerPoint slides). Shown by the Office editor and the preview screens.
 */
import { type ReactNode, useCallback, useState } from 'react';
import { instanceLabel } from '../services/approvalInstances';
import { type LoadedBinding, OPEN_SAMPLE, recordLabel } from '../services/binding';
import { downloadBytes } from '../services/download';
import { useOfficeTranslation } from '../services/i18n/office';
import type { OfficeContent } from '../services/officeFile';
import { ErrorPanel } from '../services/print/ErrorPanel';
import { Select } from '../shell/Select';
import { OfficePreview } from './OfficePreview';
import { NO_RECORD, type OfficeSession } from './useOfficeSession';

export function FilledView({
  session,
  content,
  toolbarStart,
}: {
  session: OfficeSession;
  content: OfficeContent;
  /** Pickers the screen adds before the record picker (the preview screen's template picker). */
  toolbarStart?: ReactNode;
}) {
  const { t } = useOfficeTranslation();
  const { state, cancel, retry } = session.filled;
  const filled = state.status === 'ready' ? state.file : undefined;
  // A drawing failure belongs to the file it happened on: a new fill clears it.
  const [drawFailure, setDrawFailure] = useState<{ bytes: Uint8Array; error: unknown }>();
  const bytes = filled?.bytes;
  const onPreviewError = useCallback((error: unknown) => bytes && setDrawFailure({ bytes, error }), [bytes]);
  const previewError = drawFailure && drawFailure.bytes === bytes ? drawFailure.error : undefined;
  return (
    <section className="of-main" aria-label={t('preview')}>
      <div className="of-toolbar">
        {toolbarStart}
        <SourcePicker binding={session.binding} value={session.sourceChoice} onChange={session.setChoice} />
        <div className="of-status" role="status" data-state={state.status}>
          {state.status === 'filling' ? (
            <>
              {t('filling')}
              <button type="button" className="button ghost small" onClick={cancel}>
                {t('cancel')}
              </button>
            </>
          ) : state.status === 'cancelled' ? (
            <>
              {t('cancelled')}
              <button type="button" className="button ghost small" onClick={retry}>
                {t('retry')}
              </button>
            </>
          ) : null}
        </div>
        {filled ? (
          <button
            type="button"
            className="button primary small"
            data-testid="office-download-filled"
            onClick={() => downloadBytes(filled.bytes, filled.fileName ?? content.fileName, filled.mime)}
          >
            {t('download', { kind: t(`kind.${content.kind}`) })}
          </button>
        ) : null}
      </div>
      <div className="of-stage">
        {state.status === 'error' ? <ErrorPanel error={state.error} onRetry={retry} retryLabel={t('retry')} /> : null}
        {previewError !== undefined ? <ErrorPanel error={previewError} /> : null}
        {filled ? <OfficePreview kind={content.kind} bytes={filled.bytes} onError={onPreviewError} /> : null}
      </div>
    </section>
  );
}

/** Records of the bound table, or instances of the bound approval (who applied, what, its state). */
function SourcePicker({
  binding,
  value,
  onChange,
}: {
  binding: LoadedBinding;
  value: string;
  onChange: (choice: string) => void;
}) {
  const { t } = useOfficeTranslation();
  if (binding.kind === 'none') return null;
  if (binding.kind === 'open')
    return (
      <label className="of-field">
        <span>{t('docInstance')}</span>
        <Select value={value} onChange={(e) => onChange(e.target.value)} data-testid="office-record">
          <option value={OPEN_SAMPLE}>{binding.context.fromSample ? t('sampleData') : t('generatedData')}</option>
          <option value={NO_RECORD}>{t('noRecord')}</option>
        </Select>
      </label>
    );
  return (
    <label className="of-field">
      <span>{binding.kind === 'approval' ? t('instance') : t('record')}</span>
      <Select value={value} onChange={(e) => onChange(e.target.value)} data-testid="office-record">
        {binding.kind === 'table'
          ? binding.records.map((r) => (
              <option key={r.id} value={r.id}>
                {recordLabel(binding.table, r)}
              </option>
            ))
          : binding.kind === 'host'
            ? (binding.host?.records ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))
            : binding.instances.map((i) => (
                <option key={i.code} value={i.code}>
                  {instanceLabel(i)}
                </option>
              ))}
        <option value={NO_RECORD}>{t('noRecord')}</option>
      </Select>
    </label>
  );
}
