import { describe, expect, it } from 'vitest';
import { AssetStore, decodeDataUrl, sniffImage } from './assets';

describe('assets', () => {
  it('sniffs the formats Typst decodes and nothing else', () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toBe('png');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(sniffImage(new TextEncoder().encode('GIF89a'))).toBe('gif');
    expect(sniffImage(new TextEncoder().encode('<?xml version="1.0"?><svg></svg>'))).toBe('svg');
    expect(sniffImage(new TextEncoder().encode('hello world'))).toBeUndefined();
  });

  it('decodes base64 and percent-encoded data URLs', () => {
    expect(new TextDecoder().decode(decodeDataUrl('data:text/plain;base64,aGk='))).toBe('hi');
    expect(new TextDecoder().decode(decodeDataUrl('data:image/svg+xml,%3Csvg%3E'))).toBe('<svg>');
  });

  it('loads each URL once and skips failing or non-image URLs', async () => {
    let calls = 0;
    const store = new AssetStore(async (url) => {
      calls++;
      if (url === 'boom') throw new Error('network');
      return url === 'text' ? new TextEncoder().encode('nope') : new TextEncoder().encode('<svg/>');
    });
    const [a, b] = await Promise.all([store.image('x.svg'), store.image('x.svg')]);
    expect(a).toBe(b);
    expect(a).toMatch(/^\/assets\/\d+\.svg$/);
    expect(await store.image('boom')).toBeUndefined();
    expect(await store.image('text')).toBeUndefined();
    expect(calls).toBe(3);
    expect(Object.keys(store.files)).toEqual([a]);
  });
});
