import type { BlockOfType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { BORDER_WIDTHS, ColorField, Section, SelectField } from '../controls';
import { usePatch } from './shared';

export function HorizontalRulePanel({ block }: { block: BlockOfType<'horizontalRule'> }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const r = block.rule;
  return (
    <Section title={t('blocks.horizontalRule')}>
      <SelectField
        label={t('props.lineWidth')}
        value={r.width}
        options={BORDER_WIDTHS.map((w) => [w, `${w} pt`] as const)}
        onChange={(width) => patch({ rule: { ...r, width } })}
      />
      <ColorField
        label={t('props.color')}
        value={r.color}
        onChange={(color) => patch({ rule: { ...r, color: color ?? '#000000' } })}
      />
      <SelectField
        label={t('props.style')}
        value={r.style}
        options={[
          ['solid', t('props.solid')],
          ['dashed', t('props.dashed')],
          ['dotted', t('props.dotted')],
        ]}
        onChange={(style) => patch({ rule: { ...r, style } })}
      />
    </Section>
  );
}
