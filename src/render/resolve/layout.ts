/**
 * Page rows, columns and the blocks in them → view-model blocks. Each block type resolves through
 * its own file in `blocks/` (looked up in `RESOLVERS`); this module adds what every block shares:
 * margins, background, border and width as a wrapping box.
 */
import type { Scope } from '../../core/expr/evaluate';
import type { Block, BlockOfType, BlockType, Column } from '../../core/model/types';
import type { VBlock, VBox } from '../view-model';
import { RESOLVERS } from './blocks/index';
import type { BlockResolver } from './blocks/resolver';
import { PX, type ResolveContext } from './context';
import { normalizeColor } from './rich-text';

/** The common block fields (margins, background, border, width) as a wrapping box, when set. */
function wrap(block: Block, inner: VBlock[]): VBlock[] {
  const box: VBox = {};
  const m = block.margins;
  if (m.top || m.right || m.bottom || m.left) box.margin = [m.top * PX, m.right * PX, m.bottom * PX, m.left * PX];
  const bg = normalizeColor(block.background);
  if (bg) box.bg = bg;
  const border = normalizeColor(block.borderColor);
  if (border) box.border = border;
  if (block.width > 0 && block.width < 100) box.widthPct = block.width;
  if (Object.keys(box).length === 0) return inner;
  return [{ t: 'box', box, blocks: inner }];
}

export async function resolveColumns(ctx: ResolveContext, scope: Scope, columns: readonly Column[]): Promise<VBlock[]> {
  if (columns.length === 1 && columns[0]!.width >= 100) return resolveBlocks(ctx, scope, columns[0]!.blocks);
  const cols = [];
  for (const column of columns)
    cols.push({ width: column.width, blocks: await resolveBlocks(ctx, scope, column.blocks) });
  return [{ t: 'row', cols }];
}

async function resolveBlocks(ctx: ResolveContext, scope: Scope, blocks: readonly Block[]): Promise<VBlock[]> {
  const out: VBlock[] = [];
  for (const block of blocks) {
    const inner = await resolveBlock(ctx, scope, block);
    // A float carries its own box: a wrapper around a placed element would draw an empty frame.
    out.push(...(block.type === 'floatContainer' ? inner : wrap(block, inner)));
  }
  return out;
}

function resolverOf<T extends BlockType>(type: T): BlockResolver<T> {
  // The `satisfies` on RESOLVERS proves each entry resolves the block type of its own key.
  const resolvers: { [K in BlockType]: BlockResolver<K> } = RESOLVERS;
  return resolvers[type];
}

async function resolveBlock<T extends BlockType>(ctx: ResolveContext, scope: Scope, block: BlockOfType<T>) {
  // Content of another version or a newer client may name a type this build does not know.
  if (!Object.hasOwn(RESOLVERS, block.type)) return [];
  return resolverOf<T>(block.type as T)(ctx, scope, block);
}
