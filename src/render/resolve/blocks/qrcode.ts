/** QR codes, as a block and inline in rich text: the same value rules, size and alignment. */
import type { Scope } from '../../../core/expr/evaluate';
import type { QrConfig } from '../../../core/model/types';
import type { VImage } from '../../view-model';
import { qrSvg } from '../codes';
import type { ResolveContext } from '../context';
import { qrValue } from '../qr';
import type { BlockResolver } from './resolver';

/** The code for a QR config, or nothing when its value is empty. */
export function resolveQrCode(ctx: ResolveContext, scope: Scope, config: QrConfig): VImage | undefined {
  const text = qrValue(ctx, scope, config.value);
  if (!text) return undefined;
  const code = qrSvg(text, config.size);
  return { t: 'image', path: ctx.assets.add(code.svg, 'svg'), width: code.width, align: config.align };
}

export const resolveQrCodeBlock: BlockResolver<'qrcode'> = async (ctx, scope, block) => {
  const image = resolveQrCode(ctx, scope, block.qrcode);
  return image ? [image] : [];
};
