import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseServerAddress, saveServerAddress, serverAddress } from './serverAddress';

const SITE = 'http://127.0.0.1:4173';

describe('the sync server address', () => {
  const stored = new Map<string, string>();
  beforeEach(() => {
    vi.stubGlobal('location', new URL(`${SITE}/sync`));
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
  });
  afterEach(() => {
    stored.clear();
    vi.unstubAllGlobals();
  });

  it('takes an origin, with https assumed when no scheme is typed', () => {
    expect(parseServerAddress(' https://quire.example.com ')).toBe('https://quire.example.com');
    expect(parseServerAddress('quire.example.com:8443')).toBe('https://quire.example.com:8443');
    expect(parseServerAddress('http://127.0.0.1:4173/')).toBe('http://127.0.0.1:4173');
  });

  it('refuses what does not name a server', () => {
    for (const bad of [
      '',
      '   ',
      'javascript:alert(1)',
      'ftp://files.example',
      'https://a.example/api',
      'https://u:p@a.example',
      'https://a.example/?x=1',
      'http://',
    ])
      expect(parseServerAddress(bad), bad).toBeNull();
  });

  it('is this site by default, and forgets an address equal to this site', () => {
    expect(serverAddress()).toBeUndefined();
    saveServerAddress('https://sync.example');
    expect(serverAddress()).toBe('https://sync.example');
    saveServerAddress(SITE);
    expect(serverAddress()).toBeUndefined();
    stored.set('quire-sync-server', 'not a url at all');
    expect(serverAddress()).toBeUndefined();
  });
});
