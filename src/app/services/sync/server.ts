/**
 * The app's connection to Quire's server (this site's own unless another was chosen): the signed-in account (the 'open' login
 * record of spec 000 §3, holding the server's token) and a typed client whose 401 clears that
 * login (spec 000 §4). Sync then pauses and the sync screen asks to sign in again: local work goes
 * on, and the page is not taken away from someone typing in the editor.
 */

import i18next from 'i18next';
import { ApiClient } from '../../../api/client';
import type { LoginDto } from '../../../api/contract';
import { type QuireApi, quireApi } from '../../../api/quire';
import type { LoginRecord } from '../auth/loginStore';
import { loginStore } from '../auth/session';
import { serverAddress } from './serverAddress';

/** Local-only records ("Continue on this device") start with this; they carry no server token. */
const LOCAL_TOKEN_PREFIX = 'local-';

/** The signed-in server account, if any (a device-only sign-in is not one). */
export function serverLogin(): LoginRecord | undefined {
  const record = loginStore.current('open');
  return record && !record.token.startsWith(LOCAL_TOKEN_PREFIX) ? record : undefined;
}

const watchers = new Set<() => void>();

/** Called after each sign-in and sign-out (screens showing the account re-read it). */
export function watchServerLogin(listener: () => void): () => void {
  watchers.add(listener);
  return () => watchers.delete(listener);
}

function loginChanged(): void {
  for (const listener of watchers) listener();
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
  loginChanged();
  return record;
}

export function clearServerLogin(): void {
  loginStore.clear('open');
  loginChanged();
}

/** A 401: the server login is over (sync pauses; the screens say "signed out"). */
const expiredHandler = (): void => {
  if (serverLogin()) clearServerLogin();
};

let api: { origin: string | undefined; calls: QuireApi } | undefined;

/** The typed calls of the server (this site's, or the one chosen on /sync), with this tab's login. */
export function serverApi(): QuireApi {
  const origin = serverAddress();
  if (!api || api.origin !== origin) {
    const calls = quireApi(
      new ApiClient({
        baseUrl: origin,
        getToken: () => serverLogin()?.token,
        getTenantKey: () => serverLogin()?.tenantKey,
        getLang: () => i18next.language || 'en-US',
        onUnauthorized: () => expiredHandler(),
      }),
    );
    api = { origin, calls };
  }
  return api.calls;
}

/**
 * Sign-in and sign-up: a wrong password answers 401, which here is a refusal to show in the form,
 * not an expired session.
 */
export function connectApi(): QuireApi {
  return quireApi(new ApiClient({ baseUrl: serverAddress(), getLang: () => i18next.language || 'en-US' }));
}
