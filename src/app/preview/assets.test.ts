import { describe, expect, it } from 'vitest';
import { resolveAssetUrls } from './assets';

describe('resolveAssetUrls', () => {
  it('swaps local asset URLs anywhere in a scope and keeps everything else', async () => {
    const scope = {
      name: 'Order 1',
      total: 12.5,
      photos: [{ fileName: 'a.png', url: 'quire-asset:abc' }, { url: 'https://x.example/b.png' }],
      nested: { logo: 'quire-asset:def', none: null },
    };
    const seen: string[] = [];
    const out = await resolveAssetUrls(scope, async (hash) => {
      seen.push(hash);
      return `blob:local/${hash}`;
    });
    expect(out).toEqual({
      name: 'Order 1',
      total: 12.5,
      photos: [{ fileName: 'a.png', url: 'blob:local/abc' }, { url: 'https://x.example/b.png' }],
      nested: { logo: 'blob:local/def', none: null },
    });
    expect(seen.sort()).toEqual(['abc', 'def']);
    expect(scope.photos[0]!.url).toBe('quire-asset:abc'); // the input is left as it was
  });
});
