import type { StorageContext } from '../context';
import { write } from '../context';
import type { AssetRow } from '../types';

/** SHA-256 of the Blob's bytes as lowercase hex (the asset's identity). */
export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Hash a Blob into an asset row, ready to be written. Hashing is async work outside IndexedDB, so it
 * must happen before a transaction starts (awaiting it inside would commit the transaction early).
 */
export async function prepareAsset(blob: Blob, name?: string, now = Date.now()): Promise<AssetRow> {
  return {
    hash: await sha256Hex(blob),
    blob,
    mime: blob.type || 'application/octet-stream',
    size: blob.size,
    ...(name ? { name } : {}),
    createdAt: now,
  };
}

/** Store `row` unless the same bytes are already there; call inside a transaction that includes `assets`. */
export async function putAssetIfMissing(ctx: StorageContext, row: AssetRow): Promise<AssetRow> {
  const existing = await ctx.db.assets.get(row.hash);
  if (existing) return existing;
  await ctx.db.assets.add(row);
  return row;
}

export function createAssetRepo(ctx: StorageContext) {
  return {
    /** Store a Blob once per distinct content; returns the (possibly pre-existing) asset. */
    async put(blob: Blob, name?: string): Promise<AssetRow> {
      const row = await prepareAsset(blob, name, ctx.now());
      return write(
        ctx,
        {
          action: 'asset.put',
          stores: ['assets'],
          keys: [row.hash],
          unsaved: {
            key: `asset:${row.hash}`,
            label: `Save file ${name ?? row.hash.slice(0, 8)}`,
            payload: { name, mime: row.mime, size: row.size },
          },
        },
        () => putAssetIfMissing(ctx, row),
      );
    },
    get(hash: string): Promise<AssetRow | undefined> {
      return ctx.db.assets.get(hash);
    },
    async getBlob(hash: string): Promise<Blob | undefined> {
      return (await ctx.db.assets.get(hash))?.blob;
    },
    has(hash: string): Promise<boolean> {
      return ctx.db.assets
        .where('hash')
        .equals(hash)
        .count()
        .then((n) => n > 0);
    },
    count(): Promise<number> {
      return ctx.db.assets.count();
    },
    delete(hash: string): Promise<void> {
      return write(ctx, { action: 'asset.delete', stores: ['assets'], keys: [hash] }, () => ctx.db.assets.delete(hash));
    },
  };
}

export type AssetRepo = ReturnType<typeof createAssetRepo>;
