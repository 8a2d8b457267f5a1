import { afterEach, describe, expect, it, vi } from 'vitest';
import { isQuireError, type QuireError, quireErrorFromJSON } from '../src/core/errors';
import { loadFontGroupFromUrls } from './fonts-browser';

afterEach(() => vi.unstubAllGlobals());

describe('fonts fetched by the browser render worker', () => {
  it('names the font when its files cannot be fetched (offline, never kept)', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await loadFontGroupFromUrls('sc').catch((e: unknown) => e);
    expect(isQuireError(error, 'FontUnavailableOffline')).toBe(true);
    expect((error as { params: Record<string, string> }).params).toEqual({ font: 'Noto Sans SC', script: 'sc' });
  });

  it('keeps the font named across the worker boundary (catalogue JSON)', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await loadFontGroupFromUrls('kr').catch((e: unknown) => e)) as QuireError;
    const rebuilt = quireErrorFromJSON(JSON.parse(JSON.stringify(error.toJSON())));
    expect(rebuilt.errorName).toBe('FontUnavailableOffline');
    expect(rebuilt.params).toEqual({ font: 'Noto Sans KR', script: 'kr' });
  });

  it('says the server failed when it answers with an error', async () => {
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
