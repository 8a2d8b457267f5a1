/**
 * A host base on Quire's server, when this device is signed in to one (the account sync uses):
 * the base token's binding, the table's templates through the main API's print-templates calls,
 * and the table's edit lock (`/api/print/base/{baseId}/config`). Every call carries the base's
 * token; a 3021 answer forgets the device's copy, so the next open gets it again. Without a
 * server login there is no `BaseServer`: the base's templates live on this device only and the
 * lock in the base's meta table.
 */
import i18next from 'i18next';
import { ApiCallError, ApiClient } from '../../api/client';
import type { Page, TemplateDto } from '../../api/contract';
import type { BaseTemplateServer, DeviceTemplate, ServerTemplate } from '../../host/baseTemplates';
import { clearToken, type SharedStore, waitForTenantKey } from '../../host/baseToken';
import { serverLogin } from '../services/sync/server';
import { serverAddress } from '../services/sync/serverAddress';

interface BaseConfig {
  editLock: boolean;
  /** Whether this user may change the lock (an admin). */
  docManage: boolean;
}

interface BaseServer {
  bind(token: string): Promise<void>;
  templates(token: string): BaseTemplateServer;
  config(token: string, tableId: string): Promise<BaseConfig>;
  setConfig(token: string, tableId: string, editLock: boolean): Promise<BaseConfig>;
}

const seg = encodeURIComponent;

const toServerTemplate = (dto: TemplateDto): ServerTemplate => ({
  id: dto.id,
  name: dto.name,
  content: dto.content,
  type: dto.type,
  category: dto.category,
  baseId: dto.baseId,
  tableId: dto.tableId,
  version: dto.version,
});

/** The server's answer when the base is known by another token ("token not match"). */
export function isServerRefusal(error: unknown): boolean {
  return error instanceof ApiCallError && error.errorName === 'TokenNotMatch';
}

/** Tests and the journeys' page may swap the store; the app uses localStorage. */
export function baseServer(baseId: string, store: SharedStore = window.localStorage): BaseServer | undefined {
  const login = serverLogin();
  if (!login) return undefined;
  const client = new ApiClient({
    baseUrl: serverAddress(),
    getToken: () => serverLogin()?.token,
    getTenantKey: () => serverLogin()?.tenantKey,
    getLang: () => i18next.language || 'en-US',
    // A base's calls must not hang a screen that has the device's copies to show.
    timeoutMs: 8_000,
    retries: 0,
    onBaseTokenInvalid: () => clearToken(store, baseId),
  });
  const base = `/api/print/base/${seg(baseId)}/config`;
  return {
    async bind(token) {
      // The first call of a base's session. Every call carries the tenant key (spec 000 §7); a
      // sign-in that has just come back (in another tab) may not have written it yet, so it is read
      // again every 200 ms, as the spec's constants say, before the base gives up on the server.
      await waitForTenantKey(() => serverLogin()?.tenantKey);
      await client.request('POST', `/api/secure/bind/${seg(token)}/baseId/${seg(baseId)}`, {
        failure: 'TokenNotMatch',
      });
    },
    templates(token): BaseTemplateServer {
      const query = { baseAccessToken: token };
      return {
        async list(tableId) {
          const page = await client.request<Page<TemplateDto>>('GET', '/api/print-templates', {
            failure: 'TemplateQueryError',
            query: { ...query, baseId, tableId, pageSize: 200 },
          });
          return page.list.map(toServerTemplate);
        },
        async create(template: Omit<DeviceTemplate, 'revision'>) {
          const dto = await client.request<TemplateDto>('POST', '/api/print-templates', {
            failure: 'TemplateCreateError',
            query,
            body: {
              id: template.id,
              name: template.name,
              tableId: template.tableId,
              baseId: template.baseId,
              content: template.content,
              type: template.type,
              category: template.category,
            },
          });
          return toServerTemplate(dto);
        },
        async save(id, body) {
          const dto = await client.request<TemplateDto>('PUT', `/api/print-templates/code/${seg(id)}`, {
            failure: 'TemplateUpdateError',
            query,
            body,
          });
          return toServerTemplate(dto);
        },
      };
    },
    config(token, tableId) {
      return client.request<BaseConfig>('GET', base, {
        failure: 'TemplateQueryError',
        query: { tableId, baseAccessToken: token },
      });
    },
    setConfig(token, tableId, editLock) {
      return client.request<BaseConfig>('POST', base, {
        failure: 'TemplateUpdateError',
        query: { baseAccessToken: token },
        body: { tableId, editLock },
      });
    },
  };
}
