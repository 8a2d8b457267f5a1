/**
 * The designer's live preview: the record (or approval instance, or team document instance) it
 * prints, "rendering…", the last error with Retry (the same run again: a worker that failed or a
 * record read that broke may do now), and the pages drawn with their text for screen readers.
 */
import { useTranslation } from 'react-i18next';
import { bindingChoices } from '../services/binding';
import { useCanvasTranslation } from '../services/i18n/canvas';
import { ErrorPanel } from '../services/print/ErrorPanel';
import { Select } from '../shell/Select';
import type { CanvasData } from './useCanvasData';

export function CanvasPreviewPanel({ data }: { data: CanvasData }) {
  const { t } = useCanvasTranslation();
  const { t: tApp } = useTranslation();
  const { binding, choice, setChoice, preview } = data;
  const choices = bindingChoices(
    binding,
    binding?.kind === 'open' && binding.context.fromSample ? t('sampleData') : t('generatedData'),
  );
  const choiceLabel =
    binding?.kind === 'approval' ? t('instance') : binding?.kind === 'open' ? t('docInstance') : t('record');
  return (
    <section className="cv-panel" aria-labelledby="cv-preview">
      <h2 id="cv-preview">{t('preview')}</h2>
      <label className="cv-prop cv-wide">
        <span>{choiceLabel}</span>
        <Select data-testid="canvas-record" value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">{t('noRecord')}</option>
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </Select>
      </label>
      {preview.state.status === 'rendering' ? (
        <p className="cv-muted" role="status" aria-busy="true">
          {t('rendering')}
        </p>
      ) : null}
      {preview.error !== undefined ? (
        <ErrorPanel
          error={preview.error}
          onRetry={() => void preview.run.retry()}
          retryLabel={tApp('common.refresh')}
        />
      ) : null}
      <div className="cv-preview" ref={preview.box} data-testid="canvas-preview" />
      <p className="qe-sr" data-testid="canvas-preview-text">
        {preview.state.shown?.text ?? ''}
      </p>
    </section>
  );
}
