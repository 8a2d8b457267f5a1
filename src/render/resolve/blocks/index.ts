/**
 * One resolver per block type (block → view-model blocks), one file per type. Adding a type to
 * `Block` fails the typecheck here until its resolver exists and is listed.
 */
import type { BlockType } from '../../../core/model/types';
import { resolveApprovalFlow } from './approvalFlow';
import { resolveArticle } from './article';
import { resolveBarcodeBlock } from './barcode';
import { resolveEditItem } from './editItem';
import { resolveFloatContainer } from './floatContainer';
import { resolveHorizontalRule } from './horizontalRule';
import { resolveImageBlock } from './image';
import { resolveQrCodeBlock } from './qrcode';
import type { BlockResolver } from './resolver';
import { resolveRichTextBlock } from './richText';
import { resolveRow } from './row';
import { resolveStaticImageBlock } from './staticImage';
import { resolveTableBlock } from './table';

export const RESOLVERS = {
  richText: resolveRichTextBlock,
  editItem: resolveEditItem,
  row: resolveRow,
  table: resolveTableBlock,
  qrcode: resolveQrCodeBlock,
  image: resolveImageBlock,
  horizontalRule: resolveHorizontalRule,
  staticImage: resolveStaticImageBlock,
  floatContainer: resolveFloatContainer,
  article: resolveArticle,
  barcode: resolveBarcodeBlock,
  approvalFlow: resolveApprovalFlow,
} satisfies { [T in BlockType]: BlockResolver<T> };
