/**
 * What `--data` files hold: plain records (an array, `{ records: [...] }`, or one object), each
 * printed as it is, or `{ sources: [...] }` — print sources as the app hands them to its render
 * worker (a table record with its linked records, an approval instance, an open document), with
 * image bytes as base64 text. Sources make the CLI print exactly what the app prints.
 */
import { QuireError } from '../core/errors';
import type { PrintSource } from '../core/print/sources';

function decodeAssets(assets: unknown): Record<string, Uint8Array> | undefined {
  if (!assets || typeof assets !== 'object') return undefined;
  const out: Record<string, Uint8Array> = {};
  for (const [url, text] of Object.entries(assets))
    if (typeof text === 'string') out[url] = new Uint8Array(Buffer.from(text, 'base64'));
  return out;
}

/** A source as JSON text can carry it (bytes as base64). */
export function printSourceToJson(source: PrintSource): unknown {
  if (!source.assets) return source;
  const assets: Record<string, string> = {};
  for (const [url, bytes] of Object.entries(source.assets)) assets[url] = Buffer.from(bytes).toString('base64');
  return { ...source, assets };
}

export function printSourcesOf(raw: unknown): PrintSource[] {
  if (raw && typeof raw === 'object' && !Array.isArray(raw) && Array.isArray((raw as { sources?: unknown }).sources)) {
    // Each source is validated where it is mapped (core/print), with its path.
    return (raw as { sources: unknown[] }).sources.map((source) => {
      const value = (source && typeof source === 'object' ? source : {}) as Record<string, unknown>;
      const assets = decodeAssets(value.assets);
      return { ...value, ...(assets ? { assets } : {}) } as PrintSource;
    });
  }
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && Array.isArray((raw as { records?: unknown }).records)
      ? (raw as { records: unknown[] }).records
      : [raw];
  const issues = list.flatMap((r, i) =>
    r && typeof r === 'object' && !Array.isArray(r) ? [] : [{ path: `[${i}]`, reason: 'a record must be an object' }],
  );
  if (issues.length > 0) throw new QuireError('DataInvalid', { issues: issues.slice(0, 20) });
  return (list as Record<string, unknown>[]).map((data) => ({ kind: 'data', data }));
}
