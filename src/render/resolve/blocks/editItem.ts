import type { VBlock } from '../../view-model';
import { resolveRichText } from '../rich-text';
import type { BlockResolver } from './resolver';

/** The bold label and the content side by side; the label keeps between 5 and 95 % of the width. */
export const resolveEditItem: BlockResolver<'editItem'> = async (ctx, scope, block) => {
  const label: VBlock = { t: 'par', spans: [{ t: 'text', s: block.label, b: true }] };
  const labelWidth = Math.min(95, Math.max(5, block.labelWidth));
  return [
    {
      t: 'row',
      gap: 4,
      cols: [
        { width: labelWidth, blocks: [label] },
        { width: 100 - labelWidth, blocks: await resolveRichText(ctx, scope, block.content) },
      ],
    },
  ];
};
