import type { BlockOfType, QrValue } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { NumberField, Section, SelectField, TextField } from '../controls';
import { FieldSelect, useAligns, usePatch } from './shared';

export function QrcodePanel({ block }: { block: BlockOfType<'qrcode'> }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const qr = block.qrcode;
  const setValue = (value: QrValue) => patch({ qrcode: { ...qr, value } });
  const types = ['custom', 'currentRecord', 'recordShareUrl', 'currentView', 'view', 'fieldValue'] as const;
  return (
    <Section title={t('blocks.qrcode')}>
      <SelectField
        label={t('qr.content')}
        value={qr.value.type}
        options={types.map((type) => [type, t(`qr.${type}`)] as const)}
        onChange={(type) =>
          setValue(
            type === 'custom'
              ? { type, value: '' }
              : type === 'view'
                ? { type, viewId: '' }
                : type === 'fieldValue'
                  ? { type, fieldType: 'name', field: '' }
                  : { type },
          )
        }
      />
      {qr.value.type === 'custom' && (
        <TextField
          label={t('qr.value')}
          value={qr.value.value}
          onChange={(value) => setValue({ type: 'custom', value })}
        />
      )}
      {qr.value.type === 'view' && (
        <TextField
          label={t('qr.viewId')}
          value={qr.value.viewId}
          onChange={(viewId) => setValue({ type: 'view', viewId })}
        />
      )}
      {qr.value.type === 'fieldValue' && (
        <FieldSelect
          label={t('props.field')}
          value={qr.value.field}
          onChange={(field) => setValue({ type: 'fieldValue', fieldType: 'name', field })}
        />
      )}
      <NumberField
        label={t('props.size')}
        value={qr.size}
        min={40}
        max={400}
        onChange={(size) => patch({ qrcode: { ...qr, size } })}
      />
      <SelectField
        label={t('props.align')}
        value={qr.align}
        options={useAligns()}
        onChange={(align) => patch({ qrcode: { ...qr, align } })}
      />
    </Section>
  );
}
