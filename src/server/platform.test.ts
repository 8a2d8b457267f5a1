import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, fullRow, p, page, richText } from '../../tests/fixtures/builders';
import { imageInfo } from '../../tests/fixtures/imageInfo';
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../../tests/fixtures/platform';
import { BODY_CODE } from '../api/contract';
import { pdfText } from '../render/canvas/testing';
import type { Database } from './db';
import { type Caller, startTestServer, type TestServer, testBackends } from './testing';

const RATE_LIMIT = 30;
const SESSION_RENDERS = 6;

describe.each(testBackends())('open-platform render API on $name', (backend) => {
  let db: Database;
  let server: TestServer;
  let call: Caller;

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db, {
      config: {
        apiKeyMaxRequests: RATE_LIMIT,
        apiKeyWindowMs: 60_000,
        sessionMaxRenders: SESSION_RENDERS,
        renderJobsInServer: true,
      },
    });
    call = server.call;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    if (db) await backend.dispose(db);
  });

  /** An owner with a document that has the invoice data source and template, and a key. */
  async function team() {
    const owner = await server.register('Owner');
    const doc = await call('POST', `/api/teams/${owner.teamId}/docs`, {
      token: owner.token,
      body: { name: 'Invoices', dataSource: invoiceDataSource },
    });
    const template = await call('POST', `/api/teams/${owner.teamId}/docs/${doc.data.id}/templates`, {
      token: owner.token,
      body: { name: 'Invoice', content: invoiceTemplateContent },
    });
    const key = await call('POST', `/api/teams/${owner.teamId}/app-key`, {
      token: owner.token,
      body: { description: 'ERP' },
    });
    const docBase = `/api/teams/${owner.teamId}/docs/${doc.data.id}`;
    return {
      ...owner,
      docId: doc.data.id as string,
      templateId: template.data.id as string,
      key: key.data.key as string,
      keyId: key.data.id as string,
      docBase,
    };
  }

  const withKey = (key: string, body?: unknown) => ({ headers: { authorization: `Bearer ${key}` }, body });

  /** A raw request (render answers are files, not envelopes) with a key (x-api-key) or a user token. */
  async function raw(method: string, path: string, credential: string, body?: unknown) {
    const auth: Record<string, string> = credential.startsWith('qk_')
      ? { 'x-api-key': credential }
      : { authorization: `Bearer ${credential}` };
    return fetch(`${server.url}${path}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  }

  async function postInstance(t: Awaited<ReturnType<typeof team>>, data: unknown = invoiceValues) {
    const reply = await call('POST', `${t.docBase}/instances`, withKey(t.key, { data }));
    expect(reply.code, reply.msg).toBe(0);
    return reply.data.id as string;
  }

  describe('API keys', () => {
    it('creates a key answering the secret once, lists it without the secret, stores only a digest', async () => {
      const t = await team();
      expect(t.key).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
      const list = await call('GET', `/api/teams/${t.teamId}/app-keys`, { token: t.token });
      expect(list.data).toEqual([
        {
          id: t.keyId,
          description: 'ERP',
          prefix: t.key.slice(0, 7),
          createdAt: expect.any(Number),
          lastUsedAt: null,
          docIds: null,
          actions: null,
          expiresAt: null,
          lastUsedByAction: {},
        },
      ]);
      expect(JSON.stringify(list.data)).not.toContain(t.key);
      const rows = await db.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE id = $1', [t.keyId]);
      expect(rows[0]?.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.key_hash).not.toContain(t.key.slice(3));

      await postInstance(t);
      const used = await call('GET', `/api/teams/${t.teamId}/app-keys`, { token: t.token });
      expect(used.data[0].lastUsedAt).toBeGreaterThan(Date.now() - 60_000);
    });

    /** A second user in the team with the given role. */
    async function teammate(t: Awaited<ReturnType<typeof team>>, role: 'admin' | 'member') {
      const user = await server.register(role === 'admin' ? 'Admin' : 'Member');
      await call('POST', `/api/teams/${t.teamId}/members`, { token: t.token, body: { email: user.email } });
      const changed = await call('PUT', `/api/teams/${t.teamId}/members/${user.userId}`, {
        token: t.token,
        body: { role },
      });
      expect(changed.code, changed.msg).toBe(0);
      return user;
    }

    it('owners and admins create and revoke keys; members only list them (403 OnlyAdminAllowed)', async () => {
      const t = await team();
      const admin = await teammate(t, 'admin');
      const member = await teammate(t, 'member');
      const keys = `/api/teams/${t.teamId}/app-keys`;

      const byAdmin = await call('POST', `/api/teams/${t.teamId}/app-key`, {
        token: admin.token,
        body: { description: 'made by an admin' },
      });
      expect(byAdmin.code, byAdmin.msg).toBe(0);
      expect(byAdmin.data.key).toMatch(/^qk_/);
      const adminList = await call('GET', keys, { token: admin.token });
      expect(adminList.data.map((k: { description: string }) => k.description).sort()).toEqual([
        'ERP',
        'made by an admin',
      ]);
      // An admin revokes the owner's key; the owner revokes the admin's.
      expect((await call('DELETE', `${keys}/${t.keyId}`, { token: admin.token })).code).toBe(0);
      expect((await call('DELETE', `${keys}/${byAdmin.data.id}`, { token: t.token })).code).toBe(0);
      expect((await call('GET', keys, { token: t.token })).data).toEqual([]);

      const kept = await call('POST', `/api/teams/${t.teamId}/app-key`, { token: t.token, body: { description: 'k' } });
      const memberList = await call('GET', keys, { token: member.token });
      expect(memberList.data.map((k: { id: string }) => k.id)).toEqual([kept.data.id]);
      const denied = await call('POST', `/api/teams/${t.teamId}/app-key`, { token: member.token, body: {} });
      expect([denied.status, denied.data.error]).toEqual([403, 'OnlyAdminAllowed']);
      const notRevoked = await call('DELETE', `${keys}/${kept.data.id}`, { token: member.token });
      expect([notRevoked.status, notRevoked.data.error]).toEqual([403, 'OnlyAdminAllowed']);
      expect((await call('GET', keys, { token: t.token })).data).toHaveLength(1);

      // Demoted to member, the admin loses the right at once.
      await call('PUT', `/api/teams/${t.teamId}/members/${admin.userId}`, { token: t.token, body: { role: 'member' } });
      const demoted = await call('POST', `/api/teams/${t.teamId}/app-key`, { token: admin.token, body: {} });
      expect([demoted.status, demoted.data.error]).toEqual([403, 'OnlyAdminAllowed']);
    });

    it('refuses bad input and other teams', async () => {
      const t = await team();
      const bad = await call('POST', `/api/teams/${t.teamId}/app-key`, { token: t.token, body: { description: 7 } });
      expect(bad.status).toBe(400);
      expect(bad.data.issues[0].path).toBe('description');

      const stranger = await server.register('Stranger');
      expect((await call('GET', `/api/teams/${t.teamId}/app-keys`, { token: stranger.token })).status).toBe(404);
      expect((await call('POST', `/api/teams/${t.teamId}/app-key`, { token: stranger.token, body: {} })).status).toBe(
        404,
      );
      expect(
        (await call('DELETE', `/api/teams/${t.teamId}/app-keys/${t.keyId}`, { token: stranger.token })).status,
      ).toBe(404);
      // A key cannot manage keys: key management is for signed-in members only.
      expect((await call('GET', `/api/teams/${t.teamId}/app-keys`, withKey(t.key))).status).toBe(401);
    });

    it('revokes a key: it answers 401 from then on, and disappears from the list', async () => {
      const t = await team();
      await postInstance(t);
      const deleted = await call('DELETE', `/api/teams/${t.teamId}/app-keys/${t.keyId}`, { token: t.token });
      expect(deleted.code).toBe(0);
      const refused = await call('GET', `${t.docBase}/instances`, withKey(t.key));
      expect(refused.status).toBe(401);
      expect(refused.data.error).toBe('KeyNotValid');
      const viaHeader = await raw('GET', `${t.docBase}/instances`, t.key);
      expect(viaHeader.status).toBe(401);
      expect((await call('GET', `/api/teams/${t.teamId}/app-keys`, { token: t.token })).data).toEqual([]);
      const again = await call('DELETE', `/api/teams/${t.teamId}/app-keys/${t.keyId}`, { token: t.token });
      expect(again.status).toBe(404);
      const unknown = await call('GET', `${t.docBase}/instances`, withKey(`qk_${'A'.repeat(43)}`));
      expect(unknown.status).toBe(401);
    });

    it('limits a scoped key to its documents and actions (403 ApiKeyOutOfScope, before anything else) and ends it at its expiry', async () => {
      const t = await team();
      const other = await call('POST', `/api/teams/${t.teamId}/docs`, {
        token: t.token,
        body: { name: 'Receipts', dataSource: invoiceDataSource },
      });
      const otherBase = `/api/teams/${t.teamId}/docs/${other.data.id}`;
      const instanceId = await postInstance(t);
      const made = await call('POST', `/api/teams/${t.teamId}/app-key`, {
        token: t.token,
        body: {
          description: 'reader',
          docIds: [t.docId],
          actions: ['instances.read'],
          expiresAt: Date.now() + 3600_000,
        },
      });
      expect(made.data).toMatchObject({
        docIds: [t.docId],
        actions: ['instances.read'],
        expiresAt: expect.any(Number),
      });
      const reader = made.data.key as string;

      expect((await call('GET', `${t.docBase}/instances/${instanceId}`, withKey(reader))).status).toBe(200);
      const outside = [
        await call('POST', `${t.docBase}/instances`, withKey(reader, { data: invoiceValues })),
        await call(
          'POST',
          `${t.docBase}/instances/${instanceId}/render?templateId=${t.templateId}`,
          withKey(reader, { targetType: 'pdf' }),
        ),
        // Scope first: a render of an instance that does not exist is still "out of scope", not 404.
        await call(
          'POST',
          `${t.docBase}/instances/nope/render?templateId=nope`,
          withKey(reader, { targetType: 'pdf' }),
        ),
        await call('GET', `${otherBase}/instances`, withKey(reader)),
        await call('GET', `${otherBase}/instances/${instanceId}`, withKey(reader)),
      ];
      expect(outside.map((r) => [r.status, r.data.error])).toEqual(Array(5).fill([403, 'ApiKeyOutOfScope']));
      expect(
        Number(
          (await db.query<{ n: string }>('SELECT count(*) AS n FROM doc_instances WHERE doc_id = $1', [t.docId]))[0]?.n,
        ),
      ).toBe(1);
      // Its last use is kept per action: only reading happened.
      const listed = (await call('GET', `/api/teams/${t.teamId}/app-keys`, { token: t.token })).data;
      const entry = listed.find((k: { id: string }) => k.id === made.data.id);
      expect(Object.keys(entry.lastUsedByAction)).toEqual(['instances.read']);

      // Past its expiry it answers like a revoked key.
      await db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [made.data.id]);
      const expired = await call('GET', `${t.docBase}/instances`, withKey(reader));
      expect([expired.status, expired.data.error]).toEqual([401, 'KeyNotValid']);

      // A scope naming another team's document, or an expiry in the past, is refused at creation.
      const stranger = await team();
      const foreign = await call('POST', `/api/teams/${t.teamId}/app-key`, {
        token: t.token,
        body: { docIds: [stranger.docId] },
      });
      expect(foreign.status).toBe(404);
      const past = await call('POST', `/api/teams/${t.teamId}/app-key`, {
        token: t.token,
        body: { expiresAt: Date.now() - 1000 },
      });
      expect(past.status).toBe(400);
    });

    it('answers 429 with Retry-After once a key is over its rate limit', async () => {
      const t = await team();
      for (let i = 0; i < RATE_LIMIT; i++)
        expect((await call('GET', `${t.docBase}/instances`, withKey(t.key))).status).toBe(200);
      const limited = await call('GET', `${t.docBase}/instances`, withKey(t.key));
      expect(limited.status).toBe(429);
      expect(limited.code).toBe(BODY_CODE.tooManyAttempts);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // The owner's own login is not limited by the key's count.
      expect((await call('GET', `${t.docBase}/instances`, { token: t.token })).status).toBe(200);
    });
  });

  it("limits a signed-in user's renders too (429 with Retry-After), per user, apart from keys", async () => {
    const t = await team();
    const id = await postInstance(t);
    // A target no template makes: refused before any rendering, but counted like a render.
    const render = (credential: string) =>
      raw('POST', `${t.docBase}/instances/${id}/render?templateId=${t.templateId}`, credential, { targetType: 'zip' });
    for (let i = 0; i < SESSION_RENDERS; i++) expect((await render(t.token)).status).toBe(400);
    const limited = await render(t.token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { code: number }).code).toBe(BODY_CODE.tooManyAttempts);
    // Reading is not rendering, and the team's key counts on its own.
    expect((await call('GET', `${t.docBase}/instances`, { token: t.token })).status).toBe(200);
    expect((await render(t.key)).status).toBe(400);
  });

  describe('instances', () => {
    it('stores plain values as open values, reads them back by id and in a list', async () => {
      const t = await team();
      const id = await postInstance(t);
      const one = await call('GET', `${t.docBase}/instances/${id}`, withKey(t.key));
      expect(one.data.data.invoiceNumber).toEqual({ type: 'string', value: 'INV-2026-00042' });
      expect(one.data.data.total).toEqual({ type: 'number', numberValue: 4100.23 });
      expect(one.data.data.lines.items).toHaveLength((invoiceValues.lines as unknown[]).length);
      const list = await call('GET', `${t.docBase}/instances`, { token: t.token });
      expect(list.data.total).toBe(1);
      expect(list.data.list[0].id).toBe(id);
    });

    it('answers 400 listing each mismatched field, and stores nothing', async () => {
      const t = await team();
      const reply = await call(
        'POST',
        `${t.docBase}/instances`,
        withKey(t.key, { data: { ...invoiceValues, total: 'a lot', customer: { name: 5 }, extra: true } }),
      );
      expect(reply.status).toBe(400);
      expect(reply.data.error).toBe('DataInvalid');
      expect(reply.data.issues.map((i: { path: string }) => i.path).sort()).toEqual([
        'customer.name',
        'extra',
        'total',
      ]);
      const malformed = await call('POST', `${t.docBase}/instances`, withKey(t.key, { values: {} }));
      expect(malformed.status).toBe(400);
      expect((await call('GET', `${t.docBase}/instances`, withKey(t.key))).data.total).toBe(0);
    });

    it('refuses instances of a document without a data source', async () => {
      const t = await team();
      const bare = await call('POST', `/api/teams/${t.teamId}/docs`, { token: t.token, body: { name: 'Bare' } });
      const reply = await call(
        'POST',
        `/api/teams/${t.teamId}/docs/${bare.data.id}/instances`,
        withKey(t.key, { data: {} }),
      );
      expect(reply.status).toBe(400);
      expect(reply.data.error).toBe('DocumentNotInited');
    });

    it("never lets another team's key (403) or token (404) near a document", async () => {
      const a = await team();
      const b = await team();
      const id = await postInstance(a);
      const byKey = await call('GET', `${a.docBase}/instances/${id}`, withKey(b.key));
      expect(byKey.status).toBe(403);
      expect((await call('POST', `${a.docBase}/instances`, withKey(b.key, { data: {} }))).status).toBe(403);
      const byToken = await call('GET', `${a.docBase}/instances/${id}`, { token: b.token });
      expect(byToken.status).toBe(404);
      // B's key on B's own path with A's instance id: not found, not leaked.
      expect((await call('GET', `${b.docBase}/instances/${id}`, withKey(b.key))).status).toBe(404);
      expect((await call('GET', `${a.docBase}/instances/${id}`)).status).toBe(401);
    });
  });

  it('deletes an instance with its render jobs; a key needs instances.delete in its scope', async () => {
    const t = await team();
    const instanceId = await postInstance(t);
    const job = await call(
      'POST',
      `${t.docBase}/instances/${instanceId}/render?templateId=${t.templateId}&async=1`,
      withKey(t.key, { targetType: 'pdf' }),
    );
    expect(job.code, job.msg).toBe(0);
    const limited = await call('POST', `/api/teams/${t.teamId}/app-key`, {
      token: t.token,
      body: { actions: ['instances.read', 'instances.create'] },
    });
    const refused = await call('DELETE', `${t.docBase}/instances/${instanceId}`, withKey(limited.data.key));
    expect([refused.status, refused.data.error]).toEqual([403, 'ApiKeyOutOfScope']);
    const deleted = await call('DELETE', `${t.docBase}/instances/${instanceId}`, withKey(t.key));
    expect(deleted.code, deleted.msg).toBe(0);
    expect((await call('GET', `${t.docBase}/instances/${instanceId}`, withKey(t.key))).status).toBe(404);
    const jobs = await db.query('SELECT id FROM render_jobs WHERE instance_id = $1', [instanceId]);
    expect(jobs).toEqual([]);
    expect((await call('DELETE', `${t.docBase}/instances/${instanceId}`, withKey(t.key))).status).toBe(404);
  });

  describe('render', () => {
    it('answers a small job with the PDF itself, rendered by the shared pipeline', async () => {
      const t = await team();
      const id = await postInstance(t);
      const response = await raw('POST', `${t.docBase}/instances/${id}/render?templateId=${t.templateId}`, t.key, {
        targetType: 'pdf',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''");
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
      expect(bytes.byteLength).toBeGreaterThan(5_000);
    }, 60_000);

    it("prints a datetime as a date in the template's zone, as the app does, not as milliseconds", async () => {
      const t = await team();
      const dataSource = {
        groups: [
          {
            name: 'Dates',
            variables: [
              { fieldName: 'due', fieldType: 'datetime' },
              { fieldName: 'issued', fieldType: 'datetime' },
            ],
          },
        ],
      };
      const doc = await call('POST', `/api/teams/${t.teamId}/docs`, {
        token: t.token,
        body: { name: 'Dates', dataSource },
      });
      const variable = (name: string) => ({ type: 'variable', name, children: [{ text: '' }] });
      const line = (label: string, name: string) => ({
        type: 'paragraph',
        children: [{ text: `${label}: ` }, variable(name), { text: ' end' }],
      });
      const content = JSON.stringify({
        settings: { timeZone: 'Europe/Berlin' },
        document: {
          pages: [
            {
              rows: [
                {
                  columns: [
                    { blocks: [{ type: 'richText', content: [line('Due', 'due'), line('Issued', 'issued')] }] },
                  ],
                },
              ],
            },
          ],
        },
      });
      const template = await call('POST', `/api/teams/${t.teamId}/docs/${doc.data.id}/templates`, {
        token: t.token,
        body: { name: 'Dates', content },
      });
      const docBase = `/api/teams/${t.teamId}/docs/${doc.data.id}`;
      // An instant (04:00 UTC is 05:00 in Berlin) and a calendar date, as an outside system sends them.
      const instance = await call('POST', `${docBase}/instances`, {
        token: t.token,
        body: { data: { due: 1709611200000, issued: '2024-03-05' } },
      });
      expect(instance.code, instance.msg).toBe(0);
      const response = await raw(
        'POST',
        `${docBase}/instances/${instance.data.id}/render?templateId=${template.data.id}`,
        t.token,
        { targetType: 'pdf' },
      );
      expect(response.status).toBe(200);
      const text = pdfText(new Uint8Array(await response.arrayBuffer()));
      expect(text).toContain('Due: 2024/03/05 05:00 end');
      expect(text).toContain('Issued: 2024/03/05 end');
      expect(text).not.toContain('1709611200000');
    }, 60_000);

    it('exports a document template as Word, and refuses a target the template cannot make', async () => {
      const t = await team();
      const id = await postInstance(t);
      const path = `${t.docBase}/instances/${id}/render?templateId=${t.templateId}`;
      const docx = await raw('POST', path, t.key, { targetType: 'docx' });
      expect(docx.status).toBe(200);
      expect(docx.headers.get('content-type')).toContain('wordprocessingml');
      expect(new Uint8Array(await docx.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));

      const canvas = await call('POST', `${t.docBase}/templates`, {
        token: t.token,
        body: {
          name: 'Canvas',
          content: JSON.stringify({
            kind: 'canvas',
            basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
            schemas: [[]],
          }),
        },
      });
      const refused = await call(
        'POST',
        `${t.docBase}/instances/${id}/render?templateId=${canvas.data.id}`,
        withKey(t.key, { targetType: 'xlsx' }),
      );
      expect(refused.status).toBe(400);
      expect(refused.data.error).toBe('InvalidTemplateType');
      const badTarget = await call('POST', path, withKey(t.key, { targetType: 'gif' }));
      expect(badTarget.status).toBe(400);
      const noTemplate = await call('POST', `${t.docBase}/instances/${id}/render`, withKey(t.key, {}));
      expect(noTemplate.status).toBe(400);
      const unknownTemplate = await call(
        'POST',
        `${t.docBase}/instances/${id}/render?templateId=tpl_nope`,
        withKey(t.key, {}),
      );
      expect(unknownTemplate.status).toBe(404);
    }, 60_000);

    it('answers page images: a 3-page document as a ZIP of three PNGs, one page as a JPEG of quality 80', async () => {
      const t = await team();
      const id = await postInstance(t);
      const threePages = await call('POST', `${t.docBase}/templates`, {
        token: t.token,
        body: {
          name: 'Pages',
          content: JSON.stringify(
            content([1, 2, 3].map((n) => page(`p${n}`, [fullRow(`r${n}`, richText(`t${n}`, [p(`Page ${n}`)]))]))),
          ),
        },
      });
      const pages = await raw('POST', `${t.docBase}/instances/${id}/render?templateId=${threePages.data.id}`, t.key, {
        targetType: 'png',
      });
      expect(pages.status).toBe(200);
      expect(pages.headers.get('content-type')).toContain('application/zip');
      const images = unzipSync(new Uint8Array(await pages.arrayBuffer()));
      expect(Object.keys(images)).toEqual(['page-1.png', 'page-2.png', 'page-3.png']);
      for (const bytes of Object.values(images))
        expect(imageInfo(bytes)).toEqual({ format: 'png', width: 1587, height: 2245 });

      const jpeg = await raw('POST', `${t.docBase}/instances/${id}/render?templateId=${t.templateId}`, t.key, {
        targetType: 'jpeg',
      });
      expect(jpeg.status).toBe(200);
      expect(jpeg.headers.get('content-type')).toContain('image/jpeg');
      expect(jpeg.headers.get('content-disposition')).toContain('.jpg');
      expect(imageInfo(new Uint8Array(await jpeg.arrayBuffer()))).toMatchObject({
        format: 'jpeg',
        width: 1587,
        quality: 80,
      });
    }, 120_000);

    it('queues an async job, answers its status, then the file', async () => {
      const t = await team();
      const id = await postInstance(t);
      const queued = await call(
        'POST',
        `${t.docBase}/instances/${id}/render?templateId=${t.templateId}&async=1`,
        withKey(t.key, { targetType: 'pdf' }),
      );
      expect(queued.code).toBe(0);
      expect(queued.data).toEqual({ jobId: expect.stringMatching(/^job_/), status: 'queued' });
      const statusPath = `${t.docBase}/instances/${id}/render?jobId=${queued.data.jobId}`;
      // Polled with the owner's login, which no key rate limit counts; the file is then fetched with the key.
      let response = await raw('GET', statusPath, t.token);
      // Bounded: the first job in a process also starts the Typst compiler, slow on a loaded machine.
      const deadline = Date.now() + 150_000;
      while (Date.now() < deadline && response.headers.get('content-type')?.startsWith('application/json')) {
        const body = await response.json();
        expect(['queued', 'running'], JSON.stringify(body)).toContain(body.data.status);
        await new Promise((resolve) => setTimeout(resolve, 100));
        response = await raw('GET', statusPath, t.token);
      }
      expect(response.headers.get('content-type')).toBe('application/pdf');
      response = await raw('GET', statusPath, t.key);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const [job] = await db.query<{ result_writes: number; attempts: number }>(
        'SELECT result_writes, attempts FROM render_jobs WHERE id = $1',
        [queued.data.jobId],
      );
      expect(job).toEqual({ result_writes: 1, attempts: 1 });

      const b = await team();
      expect((await raw('GET', statusPath, b.key)).status).toBe(403);
      expect((await raw('GET', `${t.docBase}/instances/${id}/render?jobId=job_unknown`, t.key)).status).toBe(404);
    }, 180_000);

    it('renders the published release on snapshot routes, the draft on plain ones', async () => {
      const t = await team();
      const id = await postInstance(t);
      const snapshot = `${t.docBase}/snapshot/latest/instances/${id}/render?templateId=${t.templateId}`;
      const unpublished = await call('POST', snapshot, withKey(t.key, {}));
      expect(unpublished.status).toBe(404);
      const publish = await call('POST', `${t.docBase}/templates/${t.templateId}/publish`, {
        token: t.token,
        body: { lastVersion: 1, note: 'v1' },
      });
      expect(publish.code).toBe(0);
      // The draft now breaks; the release still renders.
      const broken = await call('PUT', `${t.docBase}/templates/${t.templateId}`, {
        token: t.token,
        body: { lastVersion: publish.data.template.version, content: JSON.stringify({ kind: 'nonsense' }) },
      });
      expect(broken.code, broken.msg).toBe(0);
      const draft = await call(
        'POST',
        `${t.docBase}/instances/${id}/render?templateId=${t.templateId}`,
        withKey(t.key, {}),
      );
      expect(draft.status).toBe(400);
      expect(draft.data.error).toBe('TemplateParseError');
      const released = await raw('POST', snapshot, t.key, {});
      expect(released.headers.get('content-type')).toBe('application/pdf');
      const numbered = await raw('POST', snapshot.replace('/latest/', '/1/'), t.key, {});
      expect(numbered.status).toBe(200);
      expect((await raw('POST', snapshot.replace('/latest/', '/9/'), t.key, {})).status).toBe(404);
      expect((await raw('POST', snapshot.replace('/latest/', '/first/'), t.key, {})).status).toBe(400);
    }, 60_000);
  });
});
