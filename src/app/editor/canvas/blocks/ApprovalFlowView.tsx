/**
 * The approval flow diagram, sketched: the real graph needs the instance's process and Graphviz,
 * which the live preview draws; here boxes in the chosen direction show which facts print.
 */
import type { BlockOfType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';

const BOX = { border: '1px solid #8a94a6', borderRadius: 6, padding: '4px 8px', background: '#f4f6fb', fontSize: 11 };

export function ApprovalFlowView({ block }: { block: BlockOfType<'approvalFlow'> }) {
  const { t } = useEditorTranslation();
  const f = block.flow;
  const across = f.direction === 'LR';
  const facts = [
    f.approvers && t('approvalFlow.approvers'),
    f.outcome && t('approvalFlow.outcome'),
    f.time && t('approvalFlow.time'),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <figure
      className="qe-media"
      role="img"
      aria-label={t('blocks.approvalFlow')}
      style={{ flexDirection: across ? 'row' : 'column', alignItems: 'center', gap: 6 }}
    >
      {[1, 2, 3].map((n) => (
        <span key={n} style={{ display: 'contents' }}>
          {n > 1 && <span aria-hidden="true">{across ? '→' : '↓'}</span>}
          <span style={BOX}>
            <strong>{`${t('blocks.approvalFlow')} ${n}`}</strong>
            {facts && <span style={{ display: 'block', color: '#555' }}>{facts}</span>}
          </span>
        </span>
      ))}
    </figure>
  );
}
