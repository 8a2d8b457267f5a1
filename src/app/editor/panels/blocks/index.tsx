/**
 * The property panel of a block: its type's own panel (one file per type here, listed with the
 * type's view and icon in `../../blocks.ts`), then the settings every block shares.
 */
import type { Block, BlockOfType, BlockType } from '../../../../core/model';
import { editorBlock } from '../../blocks';
import { CommonPanel } from './CommonPanel';

function OwnPanel<T extends BlockType>({ block }: { block: BlockOfType<T> }) {
  const Panel = editorBlock<T>(block.type as T)?.panel;
  return Panel ? <Panel block={block} /> : null;
}

/** Properties of the selected block: its own settings, then spacing, background and border. */
export function BlockPanel({ block }: { block: Block }) {
  return (
    <div className="qe-panel-body">
      <OwnPanel block={block} />
      <CommonPanel block={block} />
    </div>
  );
}
