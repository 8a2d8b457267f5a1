import { describe, expect, it } from 'vitest';
import { createLoginStore, isLoginValid, type LoginRecord, localLoginRecord, loginStorageKey } from './loginStore';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const record: LoginRecord = { token: 't', tenantKey: 'k', userId: 'u1', expireAt: 2_000, version: 'v1' };

describe('login records', () => {
  it('keeps each context under its own key, with the auth id appended', () => {
    expect(loginStorageKey('standard')).toBe('quire.login.standard');
    expect(loginStorageKey('approval', 'a1')).toBe('quire.login.approval.a1');
    const storage = memoryStorage();
    const store = createLoginStore({ storage, now: () => 1_000 });
    store.save('open', record);
    expect(store.current('open')).toEqual(record);
    expect(store.current('standard')).toBeUndefined();
  });

  it('is valid only with version v1, before expiry and for the required user', () => {
    expect(isLoginValid(record, 1_000)).toBe(true);
    expect(isLoginValid(record, 2_000)).toBe(false);
    expect(isLoginValid({ ...record, version: 'v0' as 'v1' }, 1_000)).toBe(false);
    expect(isLoginValid(record, 1_000, 'u1')).toBe(true);
    expect(isLoginValid(record, 1_000, 'u2')).toBe(false);
  });

  it('treats corrupt stored data as logged out, and clears', () => {
    const storage = memoryStorage();
    storage.data.set('quire.login.standard', '{not json');
    const store = createLoginStore({ storage, now: () => 1_000 });
    expect(store.current('standard')).toBeUndefined();
    store.save('standard', record);
    store.clear('standard');
    expect(store.current('standard')).toBeUndefined();
  });

  it('creates local records that expire in thirty days', () => {
    const local = localLoginRecord('me', 0);
    expect(local.userId).toBe('me');
    expect(local.expireAt).toBe(30 * 24 * 60 * 60 * 1000);
    expect(isLoginValid(local, 1)).toBe(true);
  });
});
