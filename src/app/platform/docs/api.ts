/**
 * The calls a document's screens make: `serverApi()` (teams, docs, templates) and `docsApi` (instances,
 * renders, previews) with this tab's server login; the public preview's calls carry no login.
 */
import i18next from 'i18next';
import { ApiClient } from '../../../api/client';
import { type DocsApi, docsApi } from '../../../api/docs';
import { clearServerLogin, serverLogin } from '../../services/sync/server';
import { serverAddress } from '../../services/sync/serverAddress';

let signedIn: { origin: string | undefined; calls: DocsApi } | undefined;
let anonymous: { origin: string | undefined; calls: DocsApi } | undefined;

const language = () => i18next.language || 'en-US';

export function docsServerApi(): DocsApi {
  const origin = serverAddress();
  if (!signedIn || signedIn.origin !== origin) {
    const client = new ApiClient({
      baseUrl: origin,
      getToken: () => serverLogin()?.token,
      getLang: language,
      // As everywhere else: an expired login is cleared and the screen asks to sign in again.
      onUnauthorized: () => {
        if (serverLogin()) clearServerLogin();
      },
    });
    signedIn = { origin, calls: docsApi(client) };
  }
  return signedIn.calls;
}

/** For `open/t/…` previews: no token is ever sent, whoever is signed in on this device. */
export function publicDocsApi(): DocsApi {
  const origin = serverAddress();
  if (!anonymous || anonymous.origin !== origin)
    anonymous = { origin, calls: docsApi(new ApiClient({ baseUrl: origin, getLang: language })) };
  return anonymous.calls;
}

/** The address outside systems call (the API docs and curl examples name it). */
export function apiOrigin(): string {
  return serverAddress() || window.location.origin;
}
