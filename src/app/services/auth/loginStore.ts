/**
 * Stored login records (spec 000 §3): one per login context, each under its own localStorage key
 * with the auth id appended. A record is valid only if its version is 'v1', it has not expired and,
 * when a user is required, it belongs to that user (spec 000 §4).
 */
export type LoginContext = 'standard' | 'approval' | 'open';

export interface LoginRecord {
  token: string;
  tenantKey: string;
  userId: string;
  /** Epoch milliseconds. */
  expireAt: number;
  version: 'v1';
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function loginStorageKey(context: LoginContext, authId = ''): string {
  return `quire.login.${context}${authId ? `.${authId}` : ''}`;
}

function parse(raw: string | null): LoginRecord | undefined {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<LoginRecord>;
    if (typeof value.token !== 'string' || typeof value.userId !== 'string' || typeof value.expireAt !== 'number') {
      return undefined;
    }
    return value as LoginRecord;
  } catch {
    return undefined;
  }
}

export function isLoginValid(record: LoginRecord | undefined, now: number, requiredUserId?: string): boolean {
  if (record?.version !== 'v1' || record.expireAt <= now) return false;
  return !requiredUserId || record.userId === requiredUserId;
}

interface LoginStoreOptions {
  storage: KeyValueStore;
  now?: () => number;
}

export function createLoginStore({ storage, now = Date.now }: LoginStoreOptions) {
  const read = (context: LoginContext, authId?: string) => {
    try {
      return parse(storage.getItem(loginStorageKey(context, authId)));
    } catch {
      return undefined;
    }
  };
  return {
    read,
    /** The valid record for this context (and user, when given), else undefined. */
    current(context: LoginContext, options: { authId?: string; userId?: string } = {}): LoginRecord | undefined {
      const record = read(context, options.authId);
      return isLoginValid(record, now(), options.userId) ? record : undefined;
    },
    save(context: LoginContext, record: LoginRecord, authId?: string): void {
      storage.setItem(loginStorageKey(context, authId), JSON.stringify(record));
    },
    clear(context: LoginContext, authId?: string): void {
      storage.removeItem(loginStorageKey(context, authId));
    },
  };
}

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** With no server configured, signing in creates a record that lives on this device only. */
export function localLoginRecord(userId: string, now: number): LoginRecord {
  return {
    token: `local-${Math.random().toString(36).slice(2)}`,
    tenantKey: 'local',
    userId,
    expireAt: now + THIRTY_DAYS_MS,
    version: 'v1',
  };
}
