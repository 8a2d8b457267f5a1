import { BARCODE_FORMATS, type BlockOfType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { CheckField, ColorField, NumberField, Section, SelectField, TextField } from '../controls';
import { FieldSelect, useAligns, usePatch } from './shared';

export function BarcodePanel({ block }: { block: BlockOfType<'barcode'> }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const b = block.barcode;
  const set = (p: Partial<typeof b>) => patch({ barcode: { ...b, ...p } });
  return (
    <Section title={t('blocks.barcode')}>
      <SelectField
        label={t('barcode.format')}
        value={b.format}
        options={BARCODE_FORMATS.map((f) => [f, f] as const)}
        onChange={(format) => set({ format })}
      />
      <SelectField
        label={t('barcode.valueType')}
        value={b.valueType}
        options={[
          ['custom', t('barcode.customValue')],
          ['field', t('barcode.fromField')],
        ]}
        onChange={(valueType) => set({ valueType })}
      />
      {b.valueType === 'custom' ? (
        <TextField label={t('barcode.value')} value={b.value} onChange={(value) => set({ value })} />
      ) : (
        <FieldSelect label={t('props.field')} value={b.fieldName ?? ''} onChange={(fieldName) => set({ fieldName })} />
      )}
      <NumberField
        label={t('barcode.barWidth')}
        value={b.width}
        min={1}
        max={4}
        step={0.5}
        onChange={(width) => set({ width })}
      />
      <NumberField
        label={t('barcode.barHeight')}
        value={b.height}
        min={10}
        max={200}
        onChange={(height) => set({ height })}
      />
      <NumberField
        label={t('barcode.fontSize')}
        value={b.fontSize}
        min={6}
        max={24}
        onChange={(fontSize) => set({ fontSize })}
      />
      <CheckField
        label={t('barcode.displayValue')}
        checked={b.displayValue}
        onChange={(displayValue) => set({ displayValue })}
      />
      <ColorField
        label={t('barcode.lineColor')}
        value={b.lineColor}
        onChange={(v) => set({ lineColor: v ?? '#000000' })}
      />
      <ColorField
        label={t('props.background')}
        value={b.background}
        onChange={(v) => set({ background: v ?? '#FFFFFF' })}
      />
      <SelectField
        label={t('props.align')}
        value={b.align}
        options={useAligns()}
        onChange={(align) => set({ align })}
      />
    </Section>
  );
}
