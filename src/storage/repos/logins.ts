import type { StorageContext } from '../context';
import { write } from '../context';
import type { LoginContext, LoginRow, StoredLogin } from '../types';

export const LOGIN_VERSION = 'v1';

/** One key per login context; the auth id is appended (spec 000 §3). */
const LOGIN_KEY_PREFIX: Record<LoginContext, string> = {
  standard: 'quire-login-',
  approval: 'quire-approval-login-',
  open: 'quire-open-login-',
};

export function loginKey(context: LoginContext, authId: string): string {
  return `${LOGIN_KEY_PREFIX[context]}${authId}`;
}

/**
 * Spec 000 §4: a stored login counts only if its version is 'v1', it is not past `expireAt`, and —
 * when a user is required — it belongs to that user.
 */
export function isStoredLoginValid(
  login: StoredLogin | undefined | null,
  options: { now: number; requiredUserId?: string | undefined },
): login is StoredLogin {
  if (!login || typeof login !== 'object') return false;
  if (login.version !== LOGIN_VERSION) return false;
  if (typeof login.token !== 'string' || login.token === '') return false;
  if (typeof login.expireAt !== 'number' || !(login.expireAt > options.now)) return false;
  if (options.requiredUserId !== undefined && login.userId !== options.requiredUserId) return false;
  return true;
}

export function createLoginRepo(ctx: StorageContext) {
  const { db } = ctx;
  return {
    /** The stored login if it is still valid; an invalid one is removed so it is not tried again. */
    async get(context: LoginContext, authId: string, requiredUserId?: string): Promise<StoredLogin | undefined> {
      const key = loginKey(context, authId);
      const row = await db.logins.get(key);
      if (!row) return undefined;
      if (isStoredLoginValid(row.login, { now: ctx.now(), requiredUserId })) return row.login;
      // A mismatched user may be valid for another tab's user: only drop logins that are dead for everyone.
      if (!isStoredLoginValid(row.login, { now: ctx.now() })) {
        await write(ctx, { action: 'login.expire', stores: ['logins'], keys: [key] }, () => db.logins.delete(key));
      }
      return undefined;
    },
    async save(context: LoginContext, authId: string, login: Omit<StoredLogin, 'version'>): Promise<void> {
      const row: LoginRow = {
        key: loginKey(context, authId),
        context,
        authId,
        login: { ...login, version: LOGIN_VERSION },
      };
      await write(ctx, { action: 'login.save', stores: ['logins'], keys: [row.key] }, () => db.logins.put(row));
    },
    /** Forget a login (logout, or an HTTP 401). */
    async clear(context: LoginContext, authId: string): Promise<void> {
      const key = loginKey(context, authId);
      await write(ctx, { action: 'login.clear', stores: ['logins'], keys: [key] }, () => db.logins.delete(key));
    },
  };
}

export type LoginRepo = ReturnType<typeof createLoginRepo>;
