import type { BlockOfType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { NumberField, Section } from '../controls';
import { usePatch } from './shared';

export function FloatContainerPanel({ block }: { block: BlockOfType<'floatContainer'> }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const f = block.float;
  return (
    <Section title={t('blocks.floatContainer')}>
      <NumberField label={t('props.x')} value={f.x} min={0} onChange={(x) => patch({ float: { ...f, x } })} />
      <NumberField label={t('props.y')} value={f.y} min={0} onChange={(y) => patch({ float: { ...f, y } })} />
      <NumberField
        label={t('props.width')}
        value={f.width}
        min={20}
        onChange={(width) => patch({ float: { ...f, width } })}
      />
      <NumberField
        label={t('props.height')}
        value={f.height}
        min={0}
        onChange={(height) => patch({ float: { ...f, ...(height ? { height } : {}) } })}
      />
    </Section>
  );
}
