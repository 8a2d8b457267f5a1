import type { Scope } from '../../core/expr/evaluate';
import type { Block, Column } from '../../core/model/types';
import type { VBlock, VBox } from '../view-model';
import { barcodeSvg, qrSvg } from './codes';
import { PX, type ResolveContext } from './context';
import { resolveAttachmentImages, resolveStaticImage } from './images';
import { interpolate, qrValue } from './qr';
import { normalizeColor, resolveRichText } from './rich-text';
import { resolveTable, strokeOf } from './table';
import { toText, variableValue } from './values';

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

export async function resolveBlocks(ctx: ResolveContext, scope: Scope, blocks: readonly Block[]): Promise<VBlock[]> {
  const out: VBlock[] = [];
  for (const block of blocks) {
    const inner = await resolveBlock(ctx, scope, block);
    // A float carries its own box: a wrapper around a placed element would draw an empty frame.
    out.push(...(block.type === 'floatContainer' ? inner : wrap(block, inner)));
  }
  return out;
}

async function resolveBlock(ctx: ResolveContext, scope: Scope, block: Block): Promise<VBlock[]> {
  switch (block.type) {
    case 'richText':
    case 'article':
      return resolveRichText(ctx, scope, block.content);
    case 'editItem': {
      const label: VBlock = { t: 'par', spans: [{ t: 'text', s: block.label, b: true }] };
      const labelWidth = Math.min(95, Math.max(5, block.labelWidth));
      return [
        {
          t: 'row',
          gap: 4,
          cols: [
            { width: labelWidth, blocks: [label] },
            { width: 100 - labelWidth, blocks: await resolveRichText(ctx, scope, block.content) },
          ],
        },
      ];
    }
    case 'row':
      return resolveColumns(ctx, scope, block.columns);
    case 'table':
      return [await resolveTable(ctx, scope, block.table)];
    case 'qrcode': {
      const text = qrValue(ctx, scope, block.qrcode.value);
      if (!text) return [];
      const code = qrSvg(text, block.qrcode.size);
      return [{ t: 'image', path: ctx.assets.add(code.svg, 'svg'), width: code.width, align: block.qrcode.align }];
    }
    case 'barcode': {
      const config = block.barcode;
      const text =
        config.valueType === 'field'
          ? toText(variableValue(ctx, scope, config.fieldName ?? ''))
          : interpolate(ctx, scope, config.value);
      if (!text) return [];
      try {
        const code = barcodeSvg(text, config);
        const image: VBlock = {
          t: 'image',
          path: ctx.assets.add(code.svg, 'svg'),
          width: code.width,
          align: config.align,
        };
        if (!config.displayValue) return [image];
        const color = normalizeColor(config.lineColor);
        const caption: VBlock = {
          t: 'par',
          align: config.align,
          lineHeight: 1,
          spans: [{ t: 'text', s: text, size: config.fontSize > 0 ? config.fontSize : 9, ...(color ? { color } : {}) }],
        };
        return [image, caption];
      } catch {
        // A value the format cannot encode prints as text rather than failing the document.
        return [{ t: 'par', align: config.align, spans: [{ t: 'text', s: text, color: '#cc0000' }] }];
      }
    }
    case 'image':
      if (block.image.mode === 'attachment') return resolveAttachmentImages(ctx, scope, block.image);
      return optional(await resolveStaticImage(ctx, block.image));
    case 'staticImage':
      return optional(await resolveStaticImage(ctx, block.image));
    case 'horizontalRule':
      return [{ t: 'hr', stroke: strokeOf(block.rule) ?? null }];
    case 'floatContainer':
      return [
        {
          t: 'float',
          x: block.float.x * PX,
          y: block.float.y * PX,
          width: block.float.width * PX,
          ...(block.float.height ? { height: block.float.height * PX } : {}),
          ...optionalColor('bg', block.background),
          ...optionalColor('border', block.borderColor),
          blocks: await resolveRichText(ctx, scope, block.content),
        },
      ];
    default:
      return [];
  }
}

function optionalColor(key: 'bg' | 'border', color: string | undefined): { bg?: string; border?: string } {
  const c = normalizeColor(color);
  return c ? { [key]: c } : {};
}

function optional(block: VBlock | undefined): VBlock[] {
  return block ? [block] : [];
}
