import type { BlockOfType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { updateTextContent } from '../../richtext/commands';
import { RichTextEditor } from '../../richtext/RichTextEditor';
import { useCommand } from '../../state/store';

/** A block whose body is one rich-text area (rich text, article, float container). */
export function TextBlockBody({ block }: { block: BlockOfType<'richText' | 'article' | 'floatContainer'> }) {
  const { t } = useEditorTranslation();
  const run = useCommand();
  return (
    <RichTextEditor
      blockId={block.id}
      value={block.content}
      label={t(`blocks.${block.type}`)}
      placeholder={t('fields.insertHint')}
      onChange={(content, mediaEdit) => run(updateTextContent, block.id, content, mediaEdit)}
    />
  );
}

export function RichTextView({ block }: { block: BlockOfType<'richText'> }) {
  return <TextBlockBody block={block} />;
}
