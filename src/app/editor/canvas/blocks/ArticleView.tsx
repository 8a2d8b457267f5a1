import type { BlockOfType } from '../../../../core/model';
import { TextBlockBody } from './RichTextView';

export function ArticleView({ block }: { block: BlockOfType<'article'> }) {
  return <TextBlockBody block={block} />;
}
