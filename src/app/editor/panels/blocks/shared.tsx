/** What the property panels of several block types share. */
import { useAtomValue } from 'jotai';
import type { ComponentType } from 'react';
import type { Block, BlockOfType, BlockPatch, BlockType } from '../../../../core/model';
import { useEditorTranslation } from '../../../services/i18n/editor';
import { updateBlock } from '../../state/commands';
import { fieldsAtom, useCommand } from '../../state/store';
import { SelectField } from '../controls';

/** The settings of one block type, shown above the common spacing/background/border panel. */
export type BlockPanelView<T extends BlockType> = ComponentType<{ block: BlockOfType<T> }>;

export function usePatch(block: Block) {
  const run = useCommand();
  return (patch: BlockPatch) => run(updateBlock, block.id, patch);
}

export function useAligns() {
  const { t } = useEditorTranslation();
  return [
    ['left', t('props.left')],
    ['center', t('props.center')],
    ['right', t('props.right')],
  ] as const;
}

export function FieldSelect({
  label,
  value,
  onChange,
  filter,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  filter?: (type: string) => boolean;
}) {
  const { t } = useEditorTranslation();
  const fields = useAtomValue(fieldsAtom).filter((f) => !filter || filter(f.type));
  return (
    <SelectField
      label={label}
      value={value}
      options={[['', t('props.chooseField')], ...fields.map((f) => [f.path, f.label] as const)]}
      onChange={onChange}
    />
  );
}
