import type { BlockOfType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { updateTextContent } from '../../richtext/commands';
import { RichTextEditor } from '../../richtext/RichTextEditor';
import { updateBlock } from '../../state/commands';
import { useCommand } from '../../state/store';

export function EditItemView({ block }: { block: BlockOfType<'editItem'> }) {
  const { t } = useEditorTranslation();
  const run = useCommand();
  return (
    <div className="qe-edititem">
      <input
        className="qe-edititem-label"
        style={{ width: `${block.labelWidth}%` }}
        aria-label={t('blocks.editItem')}
        value={block.label}
        onChange={(e) => run(updateBlock, block.id, { label: e.target.value })}
      />
      <RichTextEditor
        blockId={block.id}
        value={block.content}
        label={t('blocks.editItem')}
        onChange={(content, mediaEdit) => run(updateTextContent, block.id, content, mediaEdit)}
      />
    </div>
  );
}
