import type { BlockOfType } from '../../../../core/model';

export function HorizontalRuleView({ block }: { block: BlockOfType<'horizontalRule'> }) {
  const r = block.rule;
  return <hr className="qe-rule" style={{ borderTop: `${r.width}pt ${r.style} ${r.color}` }} />;
}
