/**
 * One property panel per block type, one file per type. Adding a type to `Block` fails the
 * typecheck here until its panel exists and is listed.
 */
import type { Block, BlockOfType, BlockType } from '../../../../core/model';
import { ArticlePanel } from './ArticlePanel';
import { BarcodePanel } from './BarcodePanel';
import { CommonPanel } from './CommonPanel';
import { EditItemPanel } from './EditItemPanel';
import { FloatContainerPanel } from './FloatContainerPanel';
import { HorizontalRulePanel } from './HorizontalRulePanel';
import { ImagePanel } from './ImagePanel';
import { QrcodePanel } from './QrcodePanel';
import { RichTextPanel } from './RichTextPanel';
import { RowPanel } from './RowPanel';
import { StaticImagePanel } from './StaticImagePanel';
import type { BlockPanelView } from './shared';
import { TablePanel } from './TablePanel';

export const PANELS = {
  richText: RichTextPanel,
  editItem: EditItemPanel,
  row: RowPanel,
  table: TablePanel,
  qrcode: QrcodePanel,
  image: ImagePanel,
  horizontalRule: HorizontalRulePanel,
  staticImage: StaticImagePanel,
  floatContainer: FloatContainerPanel,
  article: ArticlePanel,
  barcode: BarcodePanel,
} satisfies { [T in BlockType]: BlockPanelView<T> };

function OwnPanel<T extends BlockType>({ block }: { block: BlockOfType<T> }) {
  if (!Object.hasOwn(PANELS, block.type)) return null;
  // The `satisfies` above proves each entry is the panel of its own key.
  const panels: { [K in BlockType]: BlockPanelView<K> } = PANELS;
  const Panel: BlockPanelView<T> = panels[block.type as T];
  return <Panel block={block} />;
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
