import { describe, expect, it } from 'vitest';
import { loadRuntimeOrigins, mergeOrigins, originsFromRuntimeConfig, runtimeOriginsWithMemory } from './hostConfig';

describe('host configuration', () => {
  it('reads hostOrigins from the runtime file, dropping anything that is not an origin', () => {
    expect(
      originsFromRuntimeConfig(
        '{"hostOrigins":["https://host.example/","*","https://x.example/path","http://127.0.0.1:4209"]}',
      ),
    ).toEqual(['https://host.example', 'http://127.0.0.1:4209']);
  });

  it('a missing or malformed file (an SPA fallback page, bad JSON) means no runtime origins', async () => {
    expect(originsFromRuntimeConfig('<!doctype html>')).toEqual([]);
    expect(originsFromRuntimeConfig('{"hostOrigins":"https://a.example"}')).toEqual([]);
    expect(await loadRuntimeOrigins(async () => ({ ok: false, text: async () => '' }))).toEqual([]);
    expect(
      await loadRuntimeOrigins(async () => {
        throw new TypeError('offline');
      }),
    ).toEqual([]);
  });

  it('asks the app’s own origin for the file, uncached', async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const origins = await loadRuntimeOrigins(async (input, init) => {
      calls.push([input, init]);
      return { ok: true, text: async () => '{"hostOrigins":["https://host.example"]}' };
    });
    expect(origins).toEqual(['https://host.example']);
    expect(calls).toEqual([['/quire-hosts.json', { cache: 'no-store', credentials: 'same-origin' }]]);
  });

  it('merges lists once each, in order', () => {
    expect(
      mergeOrigins(['https://q.example'], ['https://a.example'], ['https://a.example', 'https://b.example']),
    ).toEqual(['https://q.example', 'https://a.example', 'https://b.example']);
  });

  it('remembers the last list for a start without network, and only a list the server sent', async () => {
    const data = new Map<string, string>();
    const memory = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    const online = async () => ({ ok: true, text: async () => '{"hostOrigins":["https://host.example"]}' });
    const offline = async () => {
      throw new TypeError('offline');
    };
    expect(await runtimeOriginsWithMemory(offline, memory)).toEqual([]);
    expect(await runtimeOriginsWithMemory(online, memory)).toEqual(['https://host.example']);
    expect(await runtimeOriginsWithMemory(offline, memory)).toEqual(['https://host.example']);
  });
});
