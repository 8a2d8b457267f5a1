/**
 * `POST /api/attachments/preview` through the real test server (PGlite, and PostgreSQL with
 * DATABASE_URL): files served by a local HTTP server the fetch policy allows, real fixtures
 * (LibreOffice's PDF, pdftoppm's PNG), the spec's result codes, the plan gate, the session.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttachmentPreviewDto } from '../api/contract';
import type { Database } from './db';
import { DEFAULT_FETCH_POLICY } from './render/fetchPolicy';
import { type Caller, grantPlan, startTestServer, type TestServer, testBackends } from './testing';

const fixture = (name: string) =>
  readFile(fileURLToPath(new URL(`../../tests/fixtures/attachments/${name}`, import.meta.url)));

/** Serves the fixtures; `/big.pdf` declares 25 MB (the server stops reading at the header). */
async function fileServer(): Promise<{ server: Server; base: string }> {
  const files: Record<string, Buffer> = {
    '/two-pages.pdf': await fixture('two-pages.pdf'),
    '/photo.png': await fixture('photo.png'),
  };
  const server = createServer((req, res) => {
    res.on('error', () => undefined);
    if (req.url === '/big.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(25 * 1024 * 1024) });
      res.write('%PDF-1.4\n');
      return;
    }
    const body = files[req.url ?? ''];
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-length': String(body.length) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe.each(testBackends())('attachment preview API on $name', (backend) => {
  let db: Database;
  let server: TestServer;
  let call: Caller;
  let files: { server: Server; base: string };

  beforeAll(async () => {
    files = await fileServer();
    db = await backend.open();
    server = await startTestServer(db, {
      config: {
        fetchPolicy: { ...DEFAULT_FETCH_POLICY, allowedHosts: ['127.0.0.1'], allowPrivateAddresses: true },
      },
    });
    call = server.call;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (db) await backend.dispose(db);
    files?.server.closeAllConnections();
    await new Promise((resolve) => files?.server.close(resolve));
  });

  it('previews each file: PDF pages and images, FETCH_ERROR, size_over_limit, missing, unknown', async () => {
    const ann = await server.register('Ann');
    await grantPlan(db, ann.teamId, 'ENTERPRISE');
    const port = new URL(files.base).port;
    const reply = await call<{ files: AttachmentPreviewDto[] }>('POST', '/api/attachments/preview', {
      token: ann.token,
      body: {
        files: [
          { name: 'two-pages.pdf', url: `${files.base}/two-pages.pdf` },
          { name: 'photo.png', url: `${files.base}/photo.png` },
          { name: 'gone.pdf', url: `${files.base}/gone.pdf` },
          { name: 'big.pdf', url: `${files.base}/big.pdf` },
          { name: 'empty.pdf', url: '' },
          { name: 'clip.mp4', url: `${files.base}/clip.mp4` },
          // Not on the allowed list: refused by the fetch policy, never fetched.
          { name: 'elsewhere.pdf', url: `http://localhost:${port}/two-pages.pdf` },
        ],
      },
    });
    expect(reply.code, reply.msg).toBe(0);
    const results = reply.data.files;
    expect(results.map((r) => [r.name, r.status, r.errorCode, r.thumbs.length])).toEqual([
      ['two-pages.pdf', 'success', 'success', 2],
      ['photo.png', 'success', 'success', 1],
      ['gone.pdf', 'failed', 'FETCH_ERROR', 0],
      ['big.pdf', 'failed', 'size_over_limit', 0],
      ['empty.pdf', 'failed', 'missing', 0],
      ['clip.mp4', 'failed', 'unknown', 0],
      ['elsewhere.pdf', 'failed', 'FETCH_ERROR', 0],
    ]);
    const page = results[0]!.thumbs[0]!;
    expect(page.url.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
    expect(page.width).toBeLessThanOrEqual(800);
    expect(results[1]!.thumbs[0]!.url).toBe(`data:image/png;base64,${(await fixture('photo.png')).toString('base64')}`);
    expect(results[2]!.error).toMatchObject({ name: 'AttachmentUnavailable', params: { file: 'gone.pdf' } });
    expect(results[6]!.msg).toContain('not on the allowed list');
  }, 60_000);

  it('needs a session, the plan feature and a valid body', async () => {
    const body = { files: [{ name: 'a.pdf', url: `${files.base}/two-pages.pdf` }] };
    expect((await call('POST', '/api/attachments/preview', { body })).status).toBe(401);

    const bob = await server.register('Bob');
    const gated = await call('POST', '/api/attachments/preview', { token: bob.token, body });
    expect(gated.status).toBe(403);
    expect(gated.data).toMatchObject({ error: 'PlanFeatureRequired', params: { feature: 'attachmentPreview' } });

    await grantPlan(db, bob.teamId, 'ENTERPRISE');
    const empty = await call('POST', '/api/attachments/preview', { token: bob.token, body: { files: [] } });
    expect(empty.status).toBe(400);
    const tooMany = await call('POST', '/api/attachments/preview', {
      token: bob.token,
      body: { files: Array.from({ length: 21 }, (_, i) => ({ name: `${i}.pdf`, url: `${files.base}/${i}.pdf` })) },
    });
    expect(tooMany.status).toBe(400);
    const huge = await call('POST', '/api/attachments/preview', {
      token: bob.token,
      rawBody: JSON.stringify({ files: [{ name: 'x'.repeat(70_000), url: 'u' }] }),
    });
    expect(huge.status).toBe(413);
  }, 60_000);
});
