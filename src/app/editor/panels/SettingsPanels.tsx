/** Page setting (paper, orientation, margins) and document settings (language, type, time zone, numbers, parts). */
import { useAtomValue } from 'jotai';
import { PAGE_SIZES, type PageSizeType } from '../../../core/model';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '../../../i18n/languages';
import { useEditorTranslation } from '../../services/i18n/editor';
import { setPageSetting, setSettings } from '../state/commands';
import { pageSettingAtom, settingsAtom, useCommand } from '../state/store';
import { CheckField, NumberField, Section, SelectField } from './controls';
import { DocumentPartsPanel } from './DocumentPartsPanel';

const SIZES: PageSizeType[] = ['A3', 'A4', 'A5', 'A6', 'Letter', 'Custom'];
const FONT_SIZES = [6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 24] as const;
const LINE_HEIGHTS = [1, 1.15, 1.25, 1.5, 1.75, 2] as const;
const TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Bangkok',
  'Asia/Ho_Chi_Minh',
  'Asia/Jakarta',
  'Asia/Singapore',
  'Asia/Kolkata',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/London',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Moscow',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'UTC',
];

export function PagePanel() {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const pageSetting = useAtomValue(pageSettingAtom);
  const set = (patch: Parameters<typeof setPageSetting>[1]) => run(setPageSetting, patch);
  return (
    <div className="qe-panel-body">
      <Section title={t('pageSetting.size')}>
        <SelectField
          label={t('pageSetting.size')}
          value={pageSetting.sizeType}
          options={SIZES.map((s) => [s, s === 'Custom' ? t('pageSetting.custom') : s] as const)}
          onChange={(sizeType) => set(sizeType === 'Custom' ? { sizeType } : { sizeType, ...PAGE_SIZES[sizeType] })}
        />
        {pageSetting.sizeType === 'Custom' && (
          <div className="qe-pair">
            <NumberField
              label={t('pageSetting.width')}
              value={pageSetting.width}
              min={30}
              max={1000}
              onChange={(width) => set({ width })}
            />
            <NumberField
              label={t('pageSetting.height')}
              value={pageSetting.height}
              min={30}
              max={2000}
              onChange={(height) => set({ height })}
            />
          </div>
        )}
        <fieldset className="qe-segment">
          <legend className="qe-sr">{t('pageSetting.direction')}</legend>
          {(['vertical', 'horizontal'] as const).map((d) => (
            <label key={d} className="qe-segment-btn">
              <input
                type="radio"
                name="qe-direction"
                className="qe-sr"
                checked={pageSetting.direction === d}
                onChange={() => set({ direction: d })}
              />
              <span className={`qe-orient qe-orient-${d}`} aria-hidden="true" />
              {t(`pageSetting.${d}`)}
            </label>
          ))}
        </fieldset>
      </Section>
      <Section title={t('pageSetting.paddings')}>
        <div className="qe-quad">
          <NumberField
            label={t('pageSetting.top')}
            value={pageSetting.paddingTop}
            min={0}
            max={100}
            step={0.1}
            onChange={(paddingTop) => set({ paddingTop })}
          />
          <NumberField
            label={t('pageSetting.bottom')}
            value={pageSetting.paddingBottom}
            min={0}
            max={100}
            step={0.1}
            onChange={(paddingBottom) => set({ paddingBottom })}
          />
          <NumberField
            label={t('pageSetting.left')}
            value={pageSetting.paddingLeft}
            min={0}
            max={100}
            step={0.1}
            onChange={(paddingLeft) => set({ paddingLeft })}
          />
          <NumberField
            label={t('pageSetting.right')}
            value={pageSetting.paddingRight}
            min={0}
            max={100}
            step={0.1}
            onChange={(paddingRight) => set({ paddingRight })}
          />
        </div>
      </Section>
    </div>
  );
}

export function DocumentPanel() {
  const { t } = useEditorTranslation();
  const run = useCommand();
  const settings = useAtomValue(settingsAtom);
  const set = (patch: Parameters<typeof setSettings>[1]) => run(setSettings, patch);
  const zones = TIME_ZONES.includes(settings.timeZone) ? TIME_ZONES : [settings.timeZone, ...TIME_ZONES];
  return (
    <div className="qe-panel-body">
      <Section title={t('editor.documentSettings')}>
        <SelectField
          label={t('settings.lang')}
          value={settings.lang}
          options={SUPPORTED_LANGUAGES.map((l) => [l, LANGUAGE_NAMES[l]] as const)}
          onChange={(lang) => set({ lang })}
        />
        <SelectField
          label={t('settings.fontSize')}
          value={settings.fontSize}
          options={FONT_SIZES.map((s) => [s, `${s} pt`] as const)}
          onChange={(fontSize) => set({ fontSize })}
        />
        <SelectField
          label={t('settings.lineHeight')}
          value={settings.defaultLineHeight}
          options={LINE_HEIGHTS.map((h) => [h, String(h)] as const)}
          onChange={(defaultLineHeight) => set({ defaultLineHeight })}
        />
        <NumberField
          label={t('settings.marginBottom')}
          value={Number(settings.defaultMarginBottom) || 0}
          min={0}
          max={12}
          onChange={(v) => set({ defaultMarginBottom: String(v) })}
        />
        <SelectField
          label={t('settings.timeZone')}
          value={settings.timeZone}
          options={zones.map((z) => [z, z.replace(/_/g, ' ')] as const)}
          onChange={(timeZone) => set({ timeZone })}
        />
      </Section>
      <Section title={t('settings.pageNumbers')}>
        <CheckField
          label={t('settings.showPageNumber')}
          checked={settings.pdf.showPageNumber}
          onChange={(showPageNumber) => set({ pdf: { ...settings.pdf, showPageNumber } })}
        />
        {settings.pdf.showPageNumber && (
          <>
            <SelectField
              label={t('settings.align')}
              value={settings.pdf.pageNumberAlign}
              options={[
                ['left', t('props.left')],
                ['center', t('props.center')],
                ['right', t('props.right')],
              ]}
              onChange={(pageNumberAlign) => set({ pdf: { ...settings.pdf, pageNumberAlign } })}
            />
            <SelectField
              label={t('settings.position')}
              value={settings.pdf.pageNumberPosition}
              options={[
                ['top', t('settings.positionTop')],
                ['bottom', t('settings.positionBottom')],
              ]}
              onChange={(pageNumberPosition) => set({ pdf: { ...settings.pdf, pageNumberPosition } })}
            />
          </>
        )}
      </Section>
      <DocumentPartsPanel />
    </div>
  );
}
