/**
 * The app's connection to Quire's server (same origin): the signed-in account (the 'open' login
 * record of spec 000 §3, holding the server's token) and a typed client whose 401 sends the user
 * back to sign-in with the page they were on as the target (spec 000 §4).
 */

import i18next from 'i18next';
import { ApiClient } from '../../../api/client';
import type { LoginDto } from '../../../api/contract';
import { type QuireApi, quireApi } from '../../../api/quire';
import type { LoginRecord } from '../../auth/loginStore';
import { loginStore, signinHref } from '../../auth/session';

/** Local-only records ("Continue on this device") start with this; they carry no server token. */
const LOCAL_TOKEN_PREFIX = 'local-';

/** The signed-in server account, if any (a device-only sign-in is not one). */
export function serverLogin(): LoginRecord | undefined {
  const record = loginStore.current('open');
  return record && !record.token.startsWith(LOCAL_TOKEN_PREFIX) ? record : undefined;
}

export function saveServerLogin(answer: LoginDto): LoginRecord {
  const record: LoginRecord = {
    token: answer.token,
    tenantKey: answer.tenantKey,
    userId: answer.userId,
    expireAt: answer.expireAt,
    version: 'v1',
  };
  loginStore.save('open', record);
  return record;
}

export function clearServerLogin(): void {
  loginStore.clear('open');
}

/** Where the user is now, to come back to after signing in again. */
function currentTarget(): string {
  return `${window.location.pathname}${window.location.search}`;
}

let expiredHandler: () => void = () => {
  clearServerLogin();
  if (typeof window === 'undefined' || window.location.pathname === '/login') return;
  window.location.assign(signinHref({ context: 'open', target: currentTarget() }));
};

/** Tests and embedders may replace what a 401 does. */
export function onSessionExpired(handler: () => void): void {
  expiredHandler = handler;
}

let api: QuireApi | undefined;

/** The typed calls of the server, with this tab's login. */
export function serverApi(): QuireApi {
  api ??= quireApi(
    new ApiClient({
      getToken: () => serverLogin()?.token,
      getTenantKey: () => serverLogin()?.tenantKey,
      getLang: () => i18next.language || 'en-US',
      onUnauthorized: () => expiredHandler(),
    }),
  );
  return api;
}
