import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQuireError } from '../src/core/errors';
import { loadFontGroupFromUrls } from './fonts-browser';

afterEach(() => vi.unstubAllGlobals());

describe('fonts fetched by the browser render worker', () => {
  it('names the script when its fonts cannot be fetched (offline, never kept)', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await loadFontGroupFromUrls('sc').catch((e: unknown) => e);
    expect(isQuireError(error, 'FontsUnavailable')).toBe(true);
    expect((error as { params: Record<string, string> }).params).toEqual({ script: 'sc' });
  });

  it('treats an error answer the same way', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 504 })));
    const error = await loadFontGroupFromUrls('thai').catch((e: unknown) => e);
    expect(isQuireError(error, 'FontsUnavailable')).toBe(true);
  });

  it('answers the bytes of every file of the group', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(new Uint8Array([1, 2, 3]))));
    const files = await loadFontGroupFromUrls('kr');
    expect(files.map((f) => [...f])).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });
});
