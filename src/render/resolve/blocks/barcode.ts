/** Bar codes: bars as SVG, the caption set in Typst with the document's fonts. */
import type { Scope } from '../../../core/expr/evaluate';
import type { BarcodeConfig } from '../../../core/model/types';
import type { VBlock } from '../../view-model';
import { barcodeSvg, loadBarcodeEncoder } from '../codes';
import type { ResolveContext } from '../context';
import { fieldVariable, interpolate } from '../qr';
import { normalizeColor } from '../rich-text';
import { toText, variableValue } from '../values';
import type { BlockResolver } from './resolver';

/** The text a bar code encodes: its field's value, or its custom value with `{tags}` filled in. */
function barcodeText(ctx: ResolveContext, scope: Scope, config: BarcodeConfig): string {
  if (config.valueType !== 'field') return interpolate(ctx, scope, config.value);
  const name = config.fieldName ? fieldVariable(ctx, config.fieldName) : '';
  return toText(variableValue(ctx, scope, name));
}

function resolveBarcode(ctx: ResolveContext, scope: Scope, config: BarcodeConfig): VBlock[] {
  const text = barcodeText(ctx, scope, config);
  if (!text) return [];
  try {
    const code = barcodeSvg(text, config);
    const image: VBlock = { t: 'image', path: ctx.assets.add(code.svg, 'svg'), width: code.width, align: config.align };
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

export const resolveBarcodeBlock: BlockResolver<'barcode'> = async (ctx, scope, block) => {
  const text = barcodeText(ctx, scope, block.barcode);
  // bwip-js loads only for codes code128.ts cannot draw; a value it refuses prints as text below.
  await loadBarcodeEncoder(text, block.barcode).catch(() => undefined);
  return resolveBarcode(ctx, scope, block.barcode);
};
