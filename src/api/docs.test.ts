import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isQuireError } from '../core/errors';
import { ApiClient } from './client';
import { BODY_CODE } from './contract';
import { docsApi } from './docs';

const BASE = 'http://quire.test';
const mock = setupServer();
beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.resetHandlers());
afterAll(() => mock.close());

const PDF = new TextEncoder().encode('%PDF-1.7 fake');

function api(token?: string) {
  const onUnauthorized = vi.fn();
  const client = new ApiClient({ baseUrl: BASE, getToken: () => token, onUnauthorized, retryDelayMs: 1 });
  return { calls: docsApi(client), onUnauthorized };
}

describe('docsApi', () => {
  it('renders: answers the file with its type and RFC 6266 name, sending templateId and targetType', async () => {
    let seen: { url: string; body: unknown } | undefined;
    mock.use(
      http.post(`${BASE}/api/teams/t1/docs/d1/instances/i1/render`, async ({ request }) => {
        seen = { url: request.url, body: await request.json() };
        return new HttpResponse(PDF, {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent('Rechnung März.pdf')}`,
          },
        });
      }),
    );
    const file = await api('tok_1234567890abcdefghij').calls.instances.render('t1', 'd1', 'i1', 'tpl1');
    expect(file).toEqual({ bytes: PDF, mime: 'application/pdf', fileName: 'Rechnung März.pdf' });
    expect(new URL(seen?.url ?? '').searchParams.get('templateId')).toBe('tpl1');
    expect(seen?.body).toEqual({ targetType: 'pdf' });
  });

  it('turns a refusal into its catalogued error, and 401 into a sign-out', async () => {
    mock.use(
      http.get(`${BASE}/api/open/t/t1/docs/d1/preview/i1/file`, () =>
        HttpResponse.json(
          { code: BODY_CODE.notFound, msg: 'no public preview', data: { error: 'PublicPreviewOff' } },
          { status: 404 },
        ),
      ),
      http.get(`${BASE}/api/teams/t1/docs/d1/preview-settings`, () =>
        HttpResponse.json({ code: 401, msg: 'expired', data: null }, { status: 401 }),
      ),
    );
    const { calls, onUnauthorized } = api();
    const refused = await calls.publicPreview.file('t1', 'd1', 'i1', 'tpl1').catch((e: unknown) => e);
    expect(isQuireError(refused, 'PublicPreviewOff')).toBe(true);
    const expired = await calls.previewSettings('t1', 'd1').catch((e: unknown) => e);
    expect(isQuireError(expired, 'NotLogin')).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('refuses an answer that is a queued job where a file was asked for, and a missing argument', async () => {
    mock.use(
      http.post(`${BASE}/api/teams/t1/docs/d1/instances/i1/render`, () =>
        HttpResponse.json({ code: 0, msg: 'ok', data: { jobId: 'job_1', status: 'queued' } }),
      ),
    );
    const { calls } = api('tok_1234567890abcdefghij');
    const notFile = await calls.instances.render('t1', 'd1', 'i1', 'tpl1').catch((e: unknown) => e);
    expect(isQuireError(notFile, 'DocGenerationError')).toBe(true);
    expect(() => calls.instances.render('t1', 'd1', '', 'tpl1')).toThrow(/instanceId is required/);
  });
});
