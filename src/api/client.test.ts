import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isQuireError } from '../core/errors';
import { ApiCallError, ApiClient, type ApiClientOptions } from './client';
import { BODY_CODE } from './contract';
import { quireApi } from './quire';

const BASE = 'http://quire.test';
const mock = setupServer();
beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.resetHandlers());
afterAll(() => mock.close());

function clientWith(options: Partial<ApiClientOptions> = {}) {
  const onUnauthorized = vi.fn();
  const onBaseTokenInvalid = vi.fn();
  const client = new ApiClient({
    baseUrl: BASE,
    getToken: () => 'tok_1234567890abcdefghij',
    getTenantKey: () => 'key_team',
    getLang: () => 'ja-JP',
    onUnauthorized,
    onBaseTokenInvalid,
    retryDelayMs: 1,
    ...options,
  });
  return { client, api: quireApi(client), onUnauthorized, onBaseTokenInvalid };
}

const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: 'ok', data });

describe('ApiClient', () => {
  it('sends the spec headers and returns data on HTTP 200 with code 0', async () => {
    let seen: Headers | undefined;
    mock.use(
      http.get(`${BASE}/api/teams`, ({ request }) => {
        seen = request.headers;
        return ok([{ id: 't1' }]);
      }),
    );
    const { api } = clientWith();
    expect(await api.teams.list()).toEqual([{ id: 't1' }]);
    expect(seen?.get('app-version')).toBe('v2');
    expect(seen?.get('lang')).toBe('ja-JP');
    expect(seen?.get('tenant-key')).toBe('key_team');
    expect(seen?.get('authorization')).toBe('Bearer tok_1234567890abcdefghij');
  });

  it('fails locally, before any request, when a required argument is missing', async () => {
    const { api } = clientWith();
    // onUnhandledRequest: 'error' would fail the test if a request went out.
    expect(() => api.teams.current('')).toThrow('teamId is required');
    expect(() => api.templates.get('t', 'd', '')).toThrow('templateId is required');
    try {
      api.approval.get('', 'x');
    } catch (error) {
      expect(isQuireError(error, 'ArgumentRequired')).toBe(true);
      expect((error as Error).message).toContain('approvalCode is required');
    }
  });

  it('clears the login on HTTP 401 and on body code 401, but not for action-log calls', async () => {
    mock.use(
      http.get(`${BASE}/api/user`, () => HttpResponse.json({ code: 401, msg: 'expired', data: null }, { status: 401 })),
      http.get(`${BASE}/api/teams`, () => HttpResponse.json({ code: 401, msg: 'expired', data: null })),
      http.post(`${BASE}/api/action-log`, () =>
        HttpResponse.json({ code: 401, msg: 'expired', data: null }, { status: 401 }),
      ),
    );
    const { client, api, onUnauthorized } = clientWith();
    await expect(api.user.get()).rejects.toMatchObject({ errorName: 'NotLogin', status: 401 });
    await expect(api.teams.list()).rejects.toMatchObject({ errorName: 'NotLogin', bodyCode: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    await expect(client.request('POST', '/api/action-log', { failure: 'NotLogin', body: {} })).rejects.toBeInstanceOf(
      ApiCallError,
    );
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('clears the stored base token on body code 3021', async () => {
    mock.use(
      http.get(`${BASE}/api/print-templates`, () =>
        HttpResponse.json({ code: BODY_CODE.baseTokenInvalid, msg: 'base token invalid', data: null }),
      ),
    );
    const { api, onBaseTokenInvalid } = clientWith();
    await expect(api.printTemplates.list()).rejects.toMatchObject({ errorName: 'NoBaseToken', bodyCode: 3021 });
    expect(onBaseTokenInvalid).toHaveBeenCalledOnce();
  });

  it('surfaces a stale write as VersionConflict carrying the current version', async () => {
    const current = { id: 'tpl1', version: 5, content: '{"x":1}' };
    mock.use(
      http.put(`${BASE}/api/teams/t/docs/d/templates/tpl1`, () =>
        HttpResponse.json(
          {
            code: BODY_CODE.versionConflict,
            msg: 'the template was changed elsewhere',
            data: { error: 'VersionConflict', current },
          },
          { status: 409 },
        ),
      ),
    );
    const { api } = clientWith();
    const error = await api.templates.save('t', 'd', 'tpl1', { lastVersion: 4, content: '{}' }).catch((e) => e);
    expect(isQuireError(error, 'VersionConflict')).toBe(true);
    expect(error.data.current).toEqual(current);
    expect(error.message).toContain(`(${BODY_CODE.versionConflict})`);
  });

  it("treats an answer without data as an error: 'data is required', 'no body data'", async () => {
    mock.use(
      http.get(`${BASE}/api/teams`, () => HttpResponse.json({ code: 0, msg: 'ok' })),
      http.get(`${BASE}/api/user`, () => new HttpResponse('', { status: 200 })),
    );
    const { api } = clientWith();
    await expect(api.teams.list()).rejects.toMatchObject({
      errorName: 'NoData',
      message: expect.stringContaining('data is required'),
    });
    await expect(api.user.get()).rejects.toMatchObject({
      errorName: 'NoData',
      message: expect.stringContaining('no body data'),
    });
  });

  it("names a failed call by the spec's catalogue and shows the body code in brackets", async () => {
    mock.use(
      http.get(`${BASE}/api/teams`, () => HttpResponse.json({ code: 3020, msg: 'plan expired', data: null })),
      http.post(`${BASE}/api/auth/update-password`, () =>
        HttpResponse.json({ code: 400, msg: 'wrong', data: { error: 'PasswordChangeFailed' } }, { status: 400 }),
      ),
    );
    const { api } = clientWith();
    const teams = await api.teams.list().catch((e) => e);
    expect(teams).toMatchObject({ errorName: 'FetchTeamsFailed', bodyCode: 3020 });
    expect(teams.message).toMatch(/^Failed to fetch teams: .*plan expired \(3020\)$/);
    await expect(api.auth.updatePassword({ oldPassword: 'a', newPassword: 'bbbbbbbb' })).rejects.toMatchObject({
      errorName: 'PasswordChangeFailed',
    });
  });

  it('keeps the catalogued name of a 503 (the server’s mail server failed), not of a 500', async () => {
    mock.use(
      http.post(`${BASE}/api/auth/password-reset`, () =>
        HttpResponse.json(
          { code: 500, msg: 'the mail server did not take the message', data: { error: 'MailSendFailed' } },
          { status: 503 },
        ),
      ),
      http.post(`${BASE}/api/teams`, () =>
        HttpResponse.json({ code: 500, msg: 'internal error', data: { error: 'NotImplemented' } }, { status: 500 }),
      ),
    );
    const { api } = clientWith({});
    await expect(api.auth.requestPasswordReset('a@example.test')).rejects.toMatchObject({
      errorName: 'MailSendFailed',
      status: 503,
    });
    await expect(api.teams.create('X')).rejects.toMatchObject({ errorName: 'UpdateTeamFailed', status: 500 });
  });

  it('times out a call that does not answer, and retries reads but not writes', async () => {
    let reads = 0;
    let writes = 0;
    mock.use(
      http.get(`${BASE}/api/teams`, async () => {
        reads += 1;
        if (reads < 3) await delay(200);
        return ok([]);
      }),
      http.post(`${BASE}/api/teams`, async () => {
        writes += 1;
        return HttpResponse.json({ code: 500, msg: 'boom', data: null }, { status: 500 });
      }),
    );
    const { api } = clientWith({ timeoutMs: 50, retries: 2 });
    expect(await api.teams.list()).toEqual([]);
    expect(reads).toBe(3);
    await expect(api.teams.create('X')).rejects.toMatchObject({ errorName: 'UpdateTeamFailed', status: 500 });
    expect(writes).toBe(1);

    reads = -10;
    const slow = await clientWith({ timeoutMs: 30, retries: 1 })
      .api.teams.list()
      .catch((e) => e);
    expect(slow).toMatchObject({ errorName: 'FetchTeamsFailed', status: 0 });
    expect(slow.message).toContain('timed out after 30 ms');
  });
});

describe('account and team calls (#15)', () => {
  it('sends members, invitations and reset calls to their routes with their bodies', async () => {
    const seen: string[] = [];
    const record = async ({ request }: { request: Request }) => {
      const body = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
      seen.push(`${request.method} ${new URL(request.url).pathname} ${body}`);
      return ok(request.method === 'DELETE' ? null : { done: true });
    };
    mock.use(
      http.all(`${BASE}/api/teams/*`, record),
      http.all(`${BASE}/api/invitations/*`, record),
      http.all(`${BASE}/api/auth/*`, record),
    );
    const { api } = clientWith();
    await api.members.changeRole('t 1', 'u1', 'admin');
    await api.members.remove('t 1', 'u1');
    await api.members.invite('t 1', { role: 'member', expiresInDays: 3 });
    await api.members.revokeInvitation('t 1', 'inv_1');
    await api.invitations.accept('CODE');
    await api.auth.requestPasswordReset('a@example.test');
    await api.auth.confirmPasswordReset('TOKEN', 'new secret');
    expect(seen).toEqual([
      'PUT /api/teams/t%201/members/u1 {"role":"admin"}',
      'DELETE /api/teams/t%201/members/u1 ',
      'POST /api/teams/t%201/invitations {"role":"member","expiresInDays":3}',
      'DELETE /api/teams/t%201/invitations/inv_1 ',
      'POST /api/invitations/CODE/accept {}',
      'POST /api/auth/password-reset {"email":"a@example.test"}',
      'POST /api/auth/password-reset/confirm {"token":"TOKEN","newPassword":"new secret"}',
    ]);
    expect(() => api.members.changeRole('t', '', 'member')).toThrow('userId is required');
    expect(() => api.invitations.preview('')).toThrow('code is required');
  });

  it('names a refused invitation by the server’s catalogued error', async () => {
    mock.use(
      http.get(`${BASE}/api/invitations/:code`, () =>
        HttpResponse.json(
          { code: BODY_CODE.notFound, msg: 'gone', data: { error: 'InvitationInvalid' } },
          { status: 404 },
        ),
      ),
    );
    const { api } = clientWith();
    await expect(api.invitations.preview('abc')).rejects.toSatisfy((error) => isQuireError(error, 'InvitationInvalid'));
  });
});
