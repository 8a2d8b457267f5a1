import { useEditorTranslation } from '../../services/i18n/editor';
import { Select } from '../../shell/Select';
import { MAX_ZOOM, MIN_ZOOM, stepZoom, ZOOM_STEPS, type ZoomSetting } from './zoom';

const percent = (zoom: number) => `${Math.round(zoom * 100)} %`;

/** − [Fit width · 63 % ▾] + in the editor's top bar. */
export function ZoomControl({
  zoom,
  setting,
  fit,
  onChange,
}: {
  zoom: number;
  setting: ZoomSetting;
  fit: number;
  onChange: (next: ZoomSetting) => void;
}) {
  const { t } = useEditorTranslation();
  const steps: readonly number[] =
    setting === 'fit' || ZOOM_STEPS.includes(setting as (typeof ZOOM_STEPS)[number])
      ? ZOOM_STEPS
      : [...ZOOM_STEPS, setting].sort((a, b) => a - b);
  return (
    <fieldset className="qe-zoom" aria-label={t('view.zoom')}>
      <button
        type="button"
        className="qe-tool"
        aria-label={t('view.zoomOut')}
        title={`${t('view.zoomOut')} (Ctrl −)`}
        disabled={zoom <= MIN_ZOOM + 1e-6}
        onClick={() => onChange(stepZoom(zoom, -1))}
      >
        −
      </button>
      <Select
        size="small"
        aria-label={t('view.zoom')}
        value={setting === 'fit' ? 'fit' : String(setting)}
        onValueChange={(value) => onChange(value === 'fit' ? 'fit' : Number(value))}
      >
        <option value="fit">{`${t('view.fitWidth')} · ${percent(fit)}`}</option>
        {steps.map((step) => (
          <option key={step} value={String(step)}>
            {percent(step)}
          </option>
        ))}
      </Select>
      <button
        type="button"
        className="qe-tool"
        aria-label={t('view.zoomIn')}
        title={`${t('view.zoomIn')} (Ctrl +)`}
        disabled={zoom >= MAX_ZOOM - 1e-6}
        onClick={() => onChange(stepZoom(zoom, 1))}
      >
        +
      </button>
    </fieldset>
  );
}
