import { createLoginStore, type LoginContext } from './loginStore';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** localStorage when the browser lets us use it (sandboxed iframes may not), else memory for this page. */
export function browserStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const storage = window.localStorage;
    storage.getItem('quire.probe');
    return storage;
  } catch {
    return memoryStorage();
  }
}

export const loginStore = createLoginStore({ storage: browserStorage() });

/**
 * A relative in-app path (never `//host` or `https:`), so a crafted target cannot send users
 * elsewhere. Browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.test`
 * would become `//evil.test`: any control character, whitespace or backslash is refused, and what
 * is left must resolve to this origin.
 */
export function safeInternalPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return fallback;
  if (/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/.test(value))
    return fallback;
  const base = 'https://quire.invalid';
  try {
    return new URL(value, base).origin === base ? value : fallback;
  } catch {
    return fallback;
  }
}

interface SigninLinkOptions {
  context: LoginContext;
  target: string;
  userId?: string;
  cancelTarget?: string;
}

/** The sign-in screen of each table, carrying where to go afterwards. */
export function signinHref({ context, target, userId, cancelTarget }: SigninLinkOptions): string {
  const params = new URLSearchParams({ target });
  if (userId) params.set('userId', userId);
  if (cancelTarget) params.set('cancelTarget', cancelTarget);
  return `${context === 'open' ? '/login' : '/auth/signin'}?${params}`;
}
