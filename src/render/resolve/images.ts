import { isImage } from '../../core/data/attachments';
import type { Scope } from '../../core/expr/evaluate';
import { defaultToPlain, isImageValue, isPlainObject } from '../../core/expr/values';
import type { AttachmentImageConfig, StaticImageConfig } from '../../core/model/types';
import type { VBlock, VImage } from '../view-model';
import { PX, type ResolveContext } from './context';
import { variableValue } from './values';

/** Image URLs in a value: attachment lists, single attachments, image values or plain URL strings. */
export function imageUrlsOf(value: unknown): string[] {
  const plain = defaultToPlain(value);
  const list = Array.isArray(plain) ? plain : plain === undefined || plain === null ? [] : [plain];
  const urls: string[] = [];
  for (const entry of list) {
    const item = defaultToPlain(entry);
    if (typeof item === 'string') {
      if (item.trim()) urls.push(item.trim());
    } else if (isImageValue(item)) {
      urls.push(item.url);
    } else if (isPlainObject(item) && typeof item.url === 'string') {
      const file = {
        fileName: typeof item.fileName === 'string' ? item.fileName : item.url,
        mime: item.mime as string | undefined,
      };
      if (isImage(file) || item.url.startsWith('data:image/')) urls.push(item.url);
    }
  }
  return urls;
}

/** An attachment field's images: each on its own line (oneImagePerLine) or side by side fitting the width. */
export async function resolveAttachmentImages(
  ctx: ResolveContext,
  scope: Scope,
  config: AttachmentImageConfig,
  align: VImage['align'] = 'left',
): Promise<VBlock[]> {
  const urls = config.fieldName ? imageUrlsOf(variableValue(ctx, scope, config.fieldName)) : [];
  const paths: string[] = [];
  for (const url of urls) {
    const path = await ctx.assets.image(url);
    if (path) paths.push(path);
  }
  if (paths.length === 0) {
    if (config.hideWhenEmpty || !config.emptyContent) return [];
    return [{ t: 'par', spans: [{ t: 'text', s: config.emptyContent }] }];
  }
  if (config.imageDisplayMode === 'oneImagePerLine') {
    return paths.map((path) => ({ t: 'image', path, fit: 'width', align }));
  }
  // fitWidth: the images share one line, each shrunk to an equal share of the width.
  return [
    {
      t: 'row',
      gap: 4,
      cols: paths.map((path) => ({
        width: 1,
        blocks: [{ t: 'image', path, fit: 'width', align: 'center' } as VImage],
      })),
    },
  ];
}

export async function resolveStaticImage(ctx: ResolveContext, config: StaticImageConfig): Promise<VImage | undefined> {
  const url = config.url || config.file?.url;
  if (!url) return undefined;
  const path = await ctx.assets.image(url);
  if (!path) return undefined;
  return { t: 'image', path, align: config.align, ...(config.width ? { width: config.width * PX } : {}) };
}
