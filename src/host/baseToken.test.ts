import { describe, expect, it, vi } from 'vitest';
import { isQuireError, QuireError } from '../core/errors';
import {
  acquireTokenLock,
  BASE_TOKEN_LOCK_MS,
  baseCacheKey,
  clearTokenOnBodyCode,
  deviceTokenAuthority,
  getOrCreateBaseToken,
  lockKey,
  readBaseCache,
  type SharedStore,
  serverCheckedAuthority,
  type TokenAuthority,
  waitForTenantKey,
  writeBaseCache,
} from './baseToken';
import { fakeClock, flush } from './testing';

function memoryStore(): SharedStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function authority(overrides: Partial<TokenAuthority> = {}): TokenAuthority {
  let n = 0;
  return {
    verify: vi.fn(async () => 'ok' as const),
    create: vi.fn(async () => {
      n += 1;
      return `token-${n}`;
    }),
    ...overrides,
  };
}

describe('base access token', () => {
  it('refuses without a base id (NO_BASE_ID)', async () => {
    const error = await getOrCreateBaseToken({
      baseId: null,
      store: memoryStore(),
      authority: authority(),
      owner: 'a',
    }).catch((e: unknown) => e);
    expect(isQuireError(error, 'NoBaseId')).toBe(true);
  });

  it('creates a token once, caches it, and reuses it after verification', async () => {
    const store = memoryStore();
    const auth = authority();
    expect(await getOrCreateBaseToken({ baseId: 'b1', store, authority: auth, owner: 'a' })).toBe('token-1');
    expect(readBaseCache(store, 'b1').baseAccessToken).toBe('token-1');
    expect(store.getItem(lockKey('b1'))).toBeNull();
    expect(await getOrCreateBaseToken({ baseId: 'b1', store, authority: auth, owner: 'a' })).toBe('token-1');
    expect(auth.create).toHaveBeenCalledTimes(1);
    expect(auth.verify).toHaveBeenCalledWith('b1', 'token-1');
  });

  it('rewrites the token when it does not match, keeping the recovery flag', async () => {
    const store = memoryStore();
    writeBaseCache(store, 'b1', { baseAccessToken: 'old', templateRecoveryCheck: true });
    const auth = authority({ verify: vi.fn(async () => 'mismatch' as const) });
    expect(await getOrCreateBaseToken({ baseId: 'b1', store, authority: auth, owner: 'a' })).toBe('token-1');
    expect(readBaseCache(store, 'b1')).toEqual({ baseAccessToken: 'token-1', templateRecoveryCheck: true });
  });

  it('retries a failed verification once after 500 ms', async () => {
    const store = memoryStore();
    writeBaseCache(store, 'b1', { baseAccessToken: 'kept' });
    const clock = fakeClock();
    const verify = vi
      .fn<TokenAuthority['verify']>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('ok');
    const result = getOrCreateBaseToken({ baseId: 'b1', store, authority: authority({ verify }), owner: 'a', clock });
    await flush();
    expect(verify).toHaveBeenCalledTimes(1);
    clock.advance(499);
    await flush();
    expect(verify).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await flush();
    expect(verify).toHaveBeenCalledTimes(2);
    expect(await result).toBe('kept');
  });

  it('makes a second tab wait on the 30 s lock and take the first tab’s token', async () => {
    const store = memoryStore();
    const clock = fakeClock();
    let release: (token: string) => void = () => undefined;
    const slow = authority({ create: vi.fn(() => new Promise<string>((r) => (release = r))) });
    const waits: string[] = [];
    const first = getOrCreateBaseToken({ baseId: 'b1', store, authority: slow, owner: 'tab-1', clock, now: clock.now });
    await flush();
    const second = getOrCreateBaseToken({
      baseId: 'b1',
      store,
      authority: slow,
      owner: 'tab-2',
      clock,
      now: clock.now,
      onWaiting: (error) => waits.push(error.errorName),
    });
    await flush();
    expect(waits).toEqual(['BaseTokenLocked']);
    clock.advance(500);
    await flush();
    expect(waits).toEqual(['BaseTokenLocked', 'BaseTokenLocked']);
    release('token-A');
    expect(await first).toBe('token-A');
    clock.advance(500);
    await flush();
    expect(await second).toBe('token-A');
    expect(slow.create).toHaveBeenCalledTimes(1);
  });

  it('frees a lock left by a crashed tab after 30 s', () => {
    const store = memoryStore();
    acquireTokenLock(store, 'b1', 'crashed', 0);
    expect(() => acquireTokenLock(store, 'b1', 'me', BASE_TOKEN_LOCK_MS - 1)).toThrow('BASE_TOKEN_LOCKED');
    expect(() => acquireTokenLock(store, 'b1', 'me', BASE_TOKEN_LOCK_MS)).not.toThrow();
  });

  it('clears the cached token on body code 3021 only', () => {
    const store = memoryStore();
    writeBaseCache(store, 'b1', { baseAccessToken: 't', templateRecoveryCheck: true });
    expect(clearTokenOnBodyCode(store, 'b1', 401)).toBe(false);
    expect(readBaseCache(store, 'b1').baseAccessToken).toBe('t');
    expect(clearTokenOnBodyCode(store, 'b1', 3021)).toBe(true);
    expect(readBaseCache(store, 'b1')).toEqual({ templateRecoveryCheck: true });
  });

  it('reads a damaged cache as empty', () => {
    const store = memoryStore();
    store.setItem(baseCacheKey('b1'), '{not json');
    expect(readBaseCache(store, 'b1')).toEqual({});
  });

  it('binds a base to its first device token', async () => {
    const store = memoryStore();
    const auth = deviceTokenAuthority(store, () => 'x1');
    const token = await auth.create('b1');
    expect(await auth.verify('b1', token)).toBe('ok');
    expect(await auth.verify('b1', 'other')).toBe('mismatch');
  });
});

describe('the base token checked against the server', () => {
  const refusal = new QuireError('TokenNotMatch');
  const isRefusal = (error: unknown) => error === refusal;

  it('binds a new token on the server, and checks a cached one there too', async () => {
    const store = memoryStore();
    const bind = vi.fn(async () => undefined);
    const checked = serverCheckedAuthority(
      deviceTokenAuthority(store, () => 'x'),
      bind,
      isRefusal,
    );
    const token = await getOrCreateBaseToken({ baseId: 'b1', store, authority: checked, owner: 'tab' });
    expect(token).toBe('bt_x');
    expect(bind).toHaveBeenCalledWith('b1', 'bt_x');
    expect(await getOrCreateBaseToken({ baseId: 'b1', store, authority: checked, owner: 'tab' })).toBe('bt_x');
    expect(bind).toHaveBeenCalledTimes(2);
  });

  it('a server that knows the base by another token stops the base ("token not match"), after one retry', async () => {
    const store = memoryStore();
    writeBaseCache(store, 'b1', { baseAccessToken: 'bt_x' });
    const inner = authority();
    const bind = vi.fn(async () => {
      throw refusal;
    });
    const clock = fakeClock();
    const result = getOrCreateBaseToken({
      baseId: 'b1',
      store,
      authority: serverCheckedAuthority(inner, bind, isRefusal),
      owner: 'tab',
      clock,
    }).catch((error: unknown) => error);
    await flush();
    expect(bind).toHaveBeenCalledTimes(1);
    clock.advance(500);
    expect(await result).toBe(refusal);
    expect(bind).toHaveBeenCalledTimes(2);
    // The base's token was not replaced by a new one the server would refuse too.
    expect(inner.create).not.toHaveBeenCalled();
  });

  it('an unreachable server does not stop the base: offline in a host still works', async () => {
    const store = memoryStore();
    writeBaseCache(store, 'b1', { baseAccessToken: 'bt_x' });
    const bind = vi.fn(async () => {
      throw new QuireError('TokenNotMatch', { detail: 'network error' });
    });
    const token = await getOrCreateBaseToken({
      baseId: 'b1',
      store,
      authority: serverCheckedAuthority(authority(), bind, isRefusal),
      owner: 'tab',
    });
    expect(token).toBe('bt_x');
  });
});

describe('tenant key', () => {
  it('is read again every 200 ms until the host has it', async () => {
    const clock = fakeClock();
    const read = vi.fn<() => string | undefined>().mockReturnValueOnce(undefined).mockReturnValueOnce('tk');
    const result = waitForTenantKey(read, { clock });
    await flush();
    expect(read).toHaveBeenCalledTimes(1);
    clock.advance(200);
    await flush();
    expect(await result).toBe('tk');
  });

  it('gives up as not logged in', async () => {
    const clock = fakeClock();
    const result = waitForTenantKey(() => undefined, { clock, timeoutMs: 400 }).catch((e: unknown) => e);
    for (let i = 0; i < 3; i++) {
      await flush();
      clock.advance(200);
    }
    expect(isQuireError(await result, 'NotLogin')).toBe(true);
  });
});
