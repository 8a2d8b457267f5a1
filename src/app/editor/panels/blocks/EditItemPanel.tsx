import type { BlockOfType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { NumberField, Section } from '../controls';
import { usePatch } from './shared';

export function EditItemPanel({ block }: { block: BlockOfType<'editItem'> }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  return (
    <Section title={t('blocks.editItem')}>
      <NumberField
        label={t('props.width')}
        value={block.labelWidth}
        min={10}
        max={90}
        onChange={(labelWidth) => patch({ labelWidth })}
      />
    </Section>
  );
}
