import type { BlockOfType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { CheckField, Section, SelectField } from '../controls';
import { usePatch } from './shared';

export function ApprovalFlowPanel({ block }: { block: BlockOfType<'approvalFlow'> }) {
  const { t } = useEditorTranslation();
  const patch = usePatch(block);
  const f = block.flow;
  const set = (p: Partial<typeof f>) => patch({ flow: { ...f, ...p } });
  return (
    <Section title={t('blocks.approvalFlow')}>
      <p className="qe-muted qe-small">{t('approvalFlow.hint')}</p>
      <SelectField
        label={t('approvalFlow.direction')}
        value={f.direction}
        options={[
          ['TB', t('approvalFlow.topDown')],
          ['LR', t('approvalFlow.leftRight')],
        ]}
        onChange={(direction) => set({ direction })}
      />
      <CheckField
        label={t('approvalFlow.approvers')}
        checked={f.approvers}
        onChange={(approvers) => set({ approvers })}
      />
      <CheckField label={t('approvalFlow.outcome')} checked={f.outcome} onChange={(outcome) => set({ outcome })} />
      <CheckField label={t('approvalFlow.time')} checked={f.time} onChange={(time) => set({ time })} />
    </Section>
  );
}
