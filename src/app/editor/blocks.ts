/**
 * Everything the editor knows per block type, in one entry: its canvas view, its own property
 * panel, its icon and whether the insert menu offers it (the menu lists them in this order).
 * Adding a type to `Block` fails the typecheck here until its entry exists.
 */
import type { BlockType } from '../../core/model';
import { ApprovalFlowView } from './canvas/blocks/ApprovalFlowView';
import { ArticleView } from './canvas/blocks/ArticleView';
import { BarcodeView } from './canvas/blocks/BarcodeView';
import { EditItemView } from './canvas/blocks/EditItemView';
import { FloatContainerView } from './canvas/blocks/FloatContainerView';
import { HorizontalRuleView } from './canvas/blocks/HorizontalRuleView';
import { ImageView } from './canvas/blocks/ImageView';
import { QrcodeView } from './canvas/blocks/QrcodeView';
import { RichTextView } from './canvas/blocks/RichTextView';
import { RowView } from './canvas/blocks/RowView';
import { StaticImageView } from './canvas/blocks/StaticImageView';
import type { BlockView } from './canvas/blocks/shared';
import { TableView } from './canvas/blocks/TableView';
import type { IconName } from './Icon';
import { ApprovalFlowPanel } from './panels/blocks/ApprovalFlowPanel';
import { ArticlePanel } from './panels/blocks/ArticlePanel';
import { BarcodePanel } from './panels/blocks/BarcodePanel';
import { EditItemPanel } from './panels/blocks/EditItemPanel';
import { FloatContainerPanel } from './panels/blocks/FloatContainerPanel';
import { HorizontalRulePanel } from './panels/blocks/HorizontalRulePanel';
import { ImagePanel } from './panels/blocks/ImagePanel';
import { QrcodePanel } from './panels/blocks/QrcodePanel';
import { RichTextPanel } from './panels/blocks/RichTextPanel';
import { RowPanel } from './panels/blocks/RowPanel';
import { StaticImagePanel } from './panels/blocks/StaticImagePanel';
import type { BlockPanelView } from './panels/blocks/shared';
import { TablePanel } from './panels/blocks/TablePanel';

interface EditorBlock<T extends BlockType> {
  /** The block on the canvas, as it will print, editable where it holds text. */
  view: BlockView<T>;
  /** Its own settings in the side panel (spacing, background and border follow every one). */
  panel: BlockPanelView<T>;
  /** Its icon in the insert menu. */
  icon: IconName;
  /** Offered by the insert menu: always, never, or only in a template bound to an approval. */
  insertable: boolean | 'approval';
}

export const EDITOR_BLOCKS = {
  richText: { view: RichTextView, panel: RichTextPanel, icon: 'text', insertable: true },
  table: { view: TableView, panel: TablePanel, icon: 'table', insertable: true },
  qrcode: { view: QrcodeView, panel: QrcodePanel, icon: 'qr', insertable: true },
  barcode: { view: BarcodeView, panel: BarcodePanel, icon: 'barcode', insertable: true },
  image: { view: ImageView, panel: ImagePanel, icon: 'image', insertable: true },
  staticImage: { view: StaticImageView, panel: StaticImagePanel, icon: 'image', insertable: true },
  horizontalRule: { view: HorizontalRuleView, panel: HorizontalRulePanel, icon: 'rule', insertable: true },
  floatContainer: { view: FloatContainerView, panel: FloatContainerPanel, icon: 'float', insertable: true },
  editItem: { view: EditItemView, panel: EditItemPanel, icon: 'label', insertable: true },
  row: { view: RowView, panel: RowPanel, icon: 'row', insertable: true },
  article: { view: ArticleView, panel: ArticlePanel, icon: 'article', insertable: true },
  approvalFlow: { view: ApprovalFlowView, panel: ApprovalFlowPanel, icon: 'flow', insertable: 'approval' },
} satisfies { [T in BlockType]: EditorBlock<T> };

/** The entry of a block type; undefined for a type this build does not know (content of a newer client). */
export function editorBlock<T extends BlockType>(type: T): EditorBlock<T> | undefined {
  if (!Object.hasOwn(EDITOR_BLOCKS, type)) return undefined;
  // The `satisfies` above proves each entry is the one of its own key.
  const blocks: { [K in BlockType]: EditorBlock<K> } = EDITOR_BLOCKS;
  return blocks[type];
}

/** The insert menu, in order; approval-only blocks (the flow diagram) when the template is bound to an approval. */
export function insertableBlocks(approvalBound: boolean): BlockType[] {
  return (Object.keys(EDITOR_BLOCKS) as BlockType[]).filter((type) => {
    const insertable: boolean | 'approval' = EDITOR_BLOCKS[type].insertable;
    return insertable === 'approval' ? approvalBound : insertable;
  });
}
