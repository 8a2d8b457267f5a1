import type { Block, Spacing } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { ColorField, NumberField, Section, SPACING_MAX } from '../controls';
import { usePatch } from './shared';

/** Spacing, width, background and border: the fields every block has. */
export function CommonPanel({ block }: { block: Block }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const setMargin = (side: keyof Spacing, value: number) => patch({ margins: { ...block.margins, [side]: value } });
  return (
    <Section title={t('props.margins')}>
      <div className="qe-quad">
        {(['top', 'right', 'bottom', 'left'] as const).map((side) => (
          <NumberField
            key={side}
            label={t(`pageSetting.${side}`)}
            value={block.margins[side]}
            min={0}
            max={SPACING_MAX}
            onChange={(v) => setMargin(side, v)}
          />
        ))}
      </div>
      <NumberField
        label={t('props.width')}
        value={block.width}
        min={10}
        max={100}
        onChange={(width) => patch({ width })}
      />
      <ColorField
        label={t('props.background')}
        value={block.background}
        clearLabel={t('props.none')}
        onChange={(background) => patch({ background })}
      />
      <ColorField
        label={t('props.borderColor')}
        value={block.borderColor}
        clearLabel={t('props.none')}
        onChange={(borderColor) => patch({ borderColor })}
      />
    </Section>
  );
}
