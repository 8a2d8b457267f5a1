/**
 * A seeded fuzz of request paths and bodies over every API route (issue 26): path parameters are
 * real ids, random text, broken percent-encoding, NUL or overlong; bodies are random JSON, wrong
 * types, deep nesting or not JSON at all; credentials a real token, a member's, garbage or none.
 */
import { seededRandom } from '../../src/core/random';

/** Every route the API serves (method and path pattern), as src/server/routes/* declare them. */
export const ROUTES: [string, string][] = [
  ['POST', '/api/auth/register'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/logout'],
  ['POST', '/api/auth/password-reset'],
  ['POST', '/api/auth/password-reset/confirm'],
  ['POST', '/api/auth/update-password'],
  ['GET', '/api/user'],
  ['PUT', '/api/user'],
  ['GET', '/api/user/signature'],
  ['PUT', '/api/user/signature'],
  ['DELETE', '/api/user/signature'],
  ['GET', '/api/plan'],
  ['POST', '/api/attachments/preview'],
  ['GET', '/api/seats'],
  ['POST', '/api/seats'],
  ['GET', '/api/seats/search'],
  ['DELETE', '/api/seats/:userId'],
  ['GET', '/api/operator/teams/:teamId/plan'],
  ['PUT', '/api/operator/teams/:teamId/plan'],
  ['GET', '/api/mail'],
  ['GET', '/api/health'],
  ['GET', '/api/invitations/:code'],
  ['POST', '/api/invitations/:code/accept'],
  ['GET', '/api/teams'],
  ['POST', '/api/teams'],
  ['GET', '/api/teams/:teamId/current'],
  ['PUT', '/api/teams/:teamKey'],
  ['POST', '/api/teams/:teamId/members'],
  ['GET', '/api/teams/:teamId/members'],
  ['PUT', '/api/teams/:teamId/members/:userId'],
  ['DELETE', '/api/teams/:teamId/members/:userId'],
  ['GET', '/api/teams/:teamId/invitations'],
  ['POST', '/api/teams/:teamId/invitations'],
  ['DELETE', '/api/teams/:teamId/invitations/:invitationId'],
  ['GET', '/api/teams/:teamId/app-keys'],
  ['POST', '/api/teams/:teamId/app-key'],
  ['DELETE', '/api/teams/:teamId/app-keys/:keyId'],
  ['GET', '/api/teams/:teamId/docs'],
  ['POST', '/api/teams/:teamId/docs'],
  ['GET', '/api/teams/:teamId/docs/:docId'],
  ['PUT', '/api/teams/:teamId/docs/:docId'],
  ['DELETE', '/api/teams/:teamId/docs/:docId'],
  ['PUT', '/api/teams/:teamId/docs/:docId/status'],
  ['GET', '/api/teams/:teamId/docs/:docId/logs'],
  ['GET', '/api/teams/:teamId/docs/:docId/preview-settings'],
  ['PUT', '/api/teams/:teamId/docs/:docId/preview-settings'],
  ['GET', '/api/teams/:teamId/docs/:docId/templates'],
  ['POST', '/api/teams/:teamId/docs/:docId/templates'],
  ['GET', '/api/teams/:teamId/docs/:docId/templates/:templateId'],
  ['PUT', '/api/teams/:teamId/docs/:docId/templates/:templateId'],
  ['DELETE', '/api/teams/:teamId/docs/:docId/templates/:templateId'],
  ['PUT', '/api/teams/:teamId/docs/:docId/templates/:templateId/name'],
  ['POST', '/api/teams/:teamId/docs/:docId/templates/:templateId/copy'],
  ['POST', '/api/teams/:teamId/docs/:docId/templates/:templateId/publish'],
  ['POST', '/api/teams/:teamId/docs/:docId/templates/:templateId/reset'],
  ['GET', '/api/teams/:teamId/docs/:docId/enabled-templates'],
  ['GET', '/api/teams/:teamId/docs/:docId/enabled-templates/:templateId'],
  ['GET', '/api/teams/:teamId/docs/:docId/enabled-templates/snapshot/:env'],
  ['GET', '/api/docs/:docId/templates/:templateId/releases'],
  ['GET', '/api/teams/:teamId/docs/:docId/instances'],
  ['POST', '/api/teams/:teamId/docs/:docId/instances'],
  ['GET', '/api/teams/:teamId/docs/:docId/instances/:instanceId'],
  ['POST', '/api/teams/:teamId/docs/:docId/instances/:instanceId/render'],
  ['GET', '/api/teams/:teamId/docs/:docId/instances/:instanceId/render'],
  ['GET', '/api/teams/:teamId/docs/:docId/snapshot/:env/instances/:instanceId'],
  ['POST', '/api/teams/:teamId/docs/:docId/snapshot/:env/instances/:instanceId/render'],
  ['GET', '/api/open/t/:teamId/docs/:docId/preview/:instanceId'],
  ['GET', '/api/open/t/:teamId/docs/:docId/preview/:instanceId/file'],
  ['GET', '/api/print-templates'],
  ['POST', '/api/print-templates'],
  ['GET', '/api/print-templates/code/:id'],
  ['PUT', '/api/print-templates/code/:id'],
  ['DELETE', '/api/print-templates/code/:id'],
  ['POST', '/api/secure/bind/:token/baseId/:baseId'],
  ['GET', '/api/print/base/:baseId/config'],
  ['POST', '/api/print/base/:baseId/config'],
  ['GET', '/api/print-approval-v2/templates/:code'],
  ['POST', '/api/print-approval-v2/templates/:code'],
  ['PUT', '/api/print-approval-v2/templates/:code'],
  ['GET', '/api/print-approval-v2/templates/:code/release'],
  ['GET', '/api/print-approval-v2/templates/:code/releases'],
  ['POST', '/api/print-approval-v2/templates/:code/publish-release/:lock'],
  ['POST', '/api/print-approval-v2/templates/:code/reset'],
  ['GET', '/api/print-approval-v2/template-manages/:code'],
  ['POST', '/api/print-approval-v2/template-manages/:code'],
  ['GET', '/api/print-approval-v2/template-manages/:code/templateId/:id'],
  ['PUT', '/api/print-approval-v2/template-manages/:code/templateId/:id'],
  ['DELETE', '/api/print-approval-v2/template-manages/:code/templateId/:id'],
  ['GET', '/api/print-approval-v2/template-manages/:code/enable'],
  ['POST', '/api/print-approval-v2/template-manages/:code/enable/:id'],
  ['POST', '/api/print-approval-v2/template-manages/:code/copy/:id'],
  ['POST', '/api/print-approval-v2/template-manages/:code/status'],
  ['POST', '/api/sync/push'],
  ['GET', '/api/sync/pull'],
];

export interface FuzzCase {
  method: string;
  path: string;
  body: string;
  auth: 'owner' | 'member' | 'garbage' | 'none';
}

export function fuzzCases(seed: number, count: number, ids: Record<string, string>): FuzzCase[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const text = (n: number) =>
    Array.from({ length: n }, () => String.fromCharCode(32 + Math.floor(random() * 95))).join('');
  const segment = (name: string): string =>
    pick([
      () => ids[name] ?? text(8),
      () => encodeURIComponent(text(1 + Math.floor(random() * 20))),
      () => pick(['%zz', '%E0%A4%A', '%00', '%C0%AF', '..%2f..%2f', '%2e%2e', '%ff%fe']),
      () => 'x'.repeat(pick([65, 300, 3000])),
      () => pick(['latest', '0', '-1', '1e309', 'NaN', '9'.repeat(30), 'null', 'undefined']),
    ])();
  const value = (depth: number): unknown =>
    pick([
      () => text(Math.floor(random() * 30)),
      () => random() * 10 ** Math.floor(random() * 20) * (random() < 0.5 ? -1 : 1),
      () => Math.floor(random() * 5),
      () => pick([true, false, null]),
      () => (depth > 3 ? 'leaf' : Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1))),
      () =>
        depth > 3
          ? {}
          : Object.fromEntries(
              Array.from({ length: Math.floor(random() * 5) }, () => [
                pick([
                  'email',
                  'password',
                  'name',
                  'content',
                  'lastVersion',
                  'id',
                  'mutations',
                  'clientId',
                  'data',
                  'dataSource',
                  'sampleData',
                  'role',
                  'targetType',
                  'status',
                  'token',
                  'newPassword',
                  text(4),
                ]),
                value(depth + 1),
              ]),
            ),
      () => 'a\u0000b',
    ])();
  const body = (): string =>
    pick([
      () => JSON.stringify(value(0)),
      () => JSON.stringify(value(0)),
      () => '',
      () => text(40),
      () => `${'['.repeat(5000)}${']'.repeat(5000)}`,
      () => '{"email": "x@example.test", "password": "\\u0000"}',
      () =>
        JSON.stringify({
          mutations: [
            {
              id: 1,
              kind: pick(['template.save', 'template.publish', 'x']),
              templateId: ids.templateId,
              lastVersion: value(2),
            },
          ],
          clientId: text(10),
        }),
    ])();
  const cases: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const [method, pattern] = pick(ROUTES);
    let path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => segment(name));
    if (random() < 0.3)
      path += `?${pick(['pageNo', 'pageSize', 'templateId', 'jobId', 'async', 'version', 'since', text(3)])}=${segment('q')}`;
    cases.push({
      method,
      path,
      body: method === 'GET' || method === 'DELETE' ? '' : body(),
      auth: pick(['owner', 'owner', 'member', 'garbage', 'none']),
    });
  }
  return cases;
}
