/**
 * One canvas view per block type, one file per type. Adding a type to `Block` fails the typecheck
 * here until its view exists and is listed.
 */
import type { BlockOfType, BlockType } from '../../../../core/model';
import { ArticleView } from './ArticleView';
import { BarcodeView } from './BarcodeView';
import { EditItemView } from './EditItemView';
import { FloatContainerView } from './FloatContainerView';
import { HorizontalRuleView } from './HorizontalRuleView';
import { ImageView } from './ImageView';
import { QrcodeView } from './QrcodeView';
import { RichTextView } from './RichTextView';
import { RowView } from './RowView';
import { StaticImageView } from './StaticImageView';
import type { BlockView } from './shared';
import { TableView } from './TableView';

export const VIEWS = {
  richText: RichTextView,
  editItem: EditItemView,
  row: RowView,
  table: TableView,
  qrcode: QrcodeView,
  image: ImageView,
  horizontalRule: HorizontalRuleView,
  staticImage: StaticImageView,
  floatContainer: FloatContainerView,
  article: ArticleView,
  barcode: BarcodeView,
} satisfies { [T in BlockType]: BlockView<T> };

/** The block's canvas view; a type this build does not know shows nothing. */
export function BlockBody<T extends BlockType>({ block }: { block: BlockOfType<T> }) {
  if (!Object.hasOwn(VIEWS, block.type)) return null;
  // The `satisfies` above proves each entry is the view of its own key.
  const views: { [K in BlockType]: BlockView<K> } = VIEWS;
  const View: BlockView<T> = views[block.type as T];
  return <View block={block} />;
}
