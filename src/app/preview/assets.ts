import { ASSET_URL_PREFIX } from '../../storage/tableData';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Local attachments reach a scope as `quire-asset:<sha256>` URLs, which the render worker cannot
 * fetch: swap each for a URL it can (an object URL of the stored Blob). Other values are kept.
 */
export async function resolveAssetUrls(value: unknown, resolve: (hash: string) => Promise<string>): Promise<unknown> {
  if (typeof value === 'string')
    return value.startsWith(ASSET_URL_PREFIX) ? resolve(value.slice(ASSET_URL_PREFIX.length)) : value;
  if (Array.isArray(value)) return Promise.all(value.map((item) => resolveAssetUrls(item, resolve)));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = await resolveAssetUrls(item, resolve);
    return out;
  }
  return value;
}
