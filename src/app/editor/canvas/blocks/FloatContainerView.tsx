import type { BlockOfType } from '../../../../core/model';
import { TextBlockBody } from './RichTextView';

/** The float's position and size are applied by its frame (Canvas), which is what moves on the page. */
export function FloatContainerView({ block }: { block: BlockOfType<'floatContainer'> }) {
  return <TextBlockBody block={block} />;
}
