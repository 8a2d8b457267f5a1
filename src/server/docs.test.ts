import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../../tests/fixtures/platform';
import type { Database } from './db';
import { type Caller, startTestServer, type TestServer, testBackends } from './testing';

describe.each(testBackends())('a document’s previews and snapshots on $name', (backend) => {
  let db: Database;
  let server: TestServer;
  let call: Caller;

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db, { config: { renderJobsInServer: true } });
    call = server.call;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (db) await backend.dispose(db);
  });

  /** An owner's document with the invoice data source and template, a key, and one instance. */
  async function team() {
    const owner = await server.register('Owner');
    const doc = await call('POST', `/api/teams/${owner.teamId}/docs`, {
      token: owner.token,
      body: { name: 'Invoices', dataSource: invoiceDataSource },
    });
    const docBase = `/api/teams/${owner.teamId}/docs/${doc.data.id}`;
    const template = await call('POST', `${docBase}/templates`, {
      token: owner.token,
      body: { name: 'Invoice', content: invoiceTemplateContent },
    });
    const key = await call('POST', `/api/teams/${owner.teamId}/app-key`, { token: owner.token, body: {} });
    const instance = await call('POST', `${docBase}/instances`, {
      headers: { 'x-api-key': key.data.key },
      body: { data: invoiceValues },
    });
    expect(instance.code, instance.msg).toBe(0);
    const docId = doc.data.id as string;
    return {
      ...owner,
      docId,
      docBase,
      key: key.data.key as string,
      templateId: template.data.id as string,
      instanceId: instance.data.id as string,
      publicBase: `/api/open/t/${owner.teamId}/docs/${docId}/preview/${instance.data.id}`,
    };
  }
  type Team = Awaited<ReturnType<typeof team>>;

  const publish = (t: Team, lastVersion = 1) =>
    call('POST', `${t.docBase}/templates/${t.templateId}/publish`, { token: t.token, body: { lastVersion } });

  describe('preview settings', () => {
    it('are on by default; a member turns them off, which the history records', async () => {
      const t = await team();
      const first = await call('GET', `${t.docBase}/preview-settings`, { token: t.token });
      expect(first.data).toEqual({ publicPreview: true });
      const off = await call('PUT', `${t.docBase}/preview-settings`, {
        token: t.token,
        body: { publicPreview: false },
      });
      expect(off.data).toEqual({ publicPreview: false });
      expect((await call('GET', `${t.docBase}/preview-settings`, { token: t.token })).data.publicPreview).toBe(false);
      const logs = await call('GET', `${t.docBase}/logs`, { token: t.token });
      expect(logs.data.list[0]).toMatchObject({ action: 'doc.publicPreview', detail: { publicPreview: false } });
    });

    it('refuses bad bodies, strangers, keys and no sign-in', async () => {
      const t = await team();
      const bad = await call('PUT', `${t.docBase}/preview-settings`, { token: t.token, body: { publicPreview: 'no' } });
      expect(bad.status).toBe(400);
      expect(bad.data.issues[0].path).toBe('publicPreview');
      const stranger = await server.register('Stranger');
      for (const method of ['GET', 'PUT'])
        expect(
          (
            await call(method, `${t.docBase}/preview-settings`, {
              token: stranger.token,
              body: method === 'PUT' ? { publicPreview: false } : undefined,
            })
          ).status,
        ).toBe(404);
      // Another team's path with the stranger's own team id still reaches nothing.
      const crossed = `/api/teams/${stranger.teamId}/docs/${t.docId}/preview-settings`;
      expect((await call('GET', crossed, { token: stranger.token })).status).toBe(404);
      expect((await call('GET', `${t.docBase}/preview-settings`, { headers: { 'x-api-key': t.key } })).status).toBe(
        401,
      );
      expect((await call('GET', `${t.docBase}/preview-settings`)).status).toBe(401);
    });
  });

  describe('public preview', () => {
    it('shows published templates only and renders the release as a PDF, without sign-in', async () => {
      const t = await team();
      const before = await call('GET', t.publicBase);
      expect(before.code, before.msg).toBe(0);
      expect(before.data).toMatchObject({ docName: 'Invoices', instanceId: t.instanceId, templates: [] });
      const unpublished = await fetch(`${server.url}${t.publicBase}/file?templateId=${t.templateId}`);
      expect(unpublished.status).toBe(404);

      expect((await publish(t)).code).toBe(0);
      const after = await call('GET', t.publicBase);
      expect(after.data.templates).toEqual([
        { id: t.templateId, name: 'Invoice', releaseNo: 1, targets: ['pdf', 'docx', 'xlsx', 'pptx', 'png', 'jpeg'] },
      ]);
      const file = await fetch(`${server.url}${t.publicBase}/file?templateId=${t.templateId}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await file.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    }, 120_000);

    it('answers the same 404 for a private document, a mismatched path or a deleted document', async () => {
      const t = await team();
      await publish(t);
      const other = await team();
      const refused = async (path: string) => {
        const reply = await call('GET', path);
        expect(reply.status, path).toBe(404);
        expect(reply.data.error, path).toBe('PublicPreviewOff');
        expect(JSON.stringify(reply.data)).not.toContain('Invoice');
      };
      // Another team's instance under this team's document, and this instance under another team.
      await refused(`/api/open/t/${t.teamId}/docs/${t.docId}/preview/${other.instanceId}`);
      await refused(`/api/open/t/${other.teamId}/docs/${t.docId}/preview/${t.instanceId}`);
      await refused(`/api/open/t/${other.teamId}/docs/${other.docId}/preview/${t.instanceId}`);
      await refused(`/api/open/t/${t.teamId}/docs/${t.docId}/preview/inst_nothere`);
      const bad = await call('GET', `/api/open/t/${t.teamId}/docs/${t.docId}/preview/${'x'.repeat(300)}`);
      expect(bad.status).toBe(400);
      // The template of another document is not rendered through this instance.
      const foreign = await fetch(`${server.url}${t.publicBase}/file?templateId=${other.templateId}`);
      expect(foreign.status).toBe(404);

      await call('PUT', `${t.docBase}/preview-settings`, { token: t.token, body: { publicPreview: false } });
      await refused(t.publicBase);
      const file = await fetch(`${server.url}${t.publicBase}/file?templateId=${t.templateId}`);
      expect(file.status).toBe(404);
      // Signed in, the member still reaches the instance.
      expect((await call('GET', `${t.docBase}/instances/${t.instanceId}`, { token: t.token })).code).toBe(0);

      await call('DELETE', other.docBase, { token: other.token });
      await refused(other.publicBase);
    }, 120_000);
  });

  describe('enabled templates as a release snapshot', () => {
    it('answers the latest release or release n, to a key or a member; refuses others', async () => {
      const t = await team();
      // Before any publish there is no snapshot (issue 26).
      expect((await call('GET', `${t.docBase}/enabled-templates/snapshot/latest`, { token: t.token })).status).toBe(
        404,
      );
      await publish(t);
      const saved = await call('PUT', `${t.docBase}/templates/${t.templateId}`, {
        token: t.token,
        body: { lastVersion: 2, content: invoiceTemplateContent.replace('"Invoice', '"Bill') },
      });
      expect(saved.code, saved.msg).toBe(0);
      await publish(t, 3);
      const latest = await call('GET', `${t.docBase}/enabled-templates/snapshot/latest`, {
        headers: { authorization: `Bearer ${t.key}` },
      });
      expect(latest.data).toHaveLength(1);
      // Release 2 was published from version 3 (publishing moves the lock, issue 26).
      expect(latest.data[0]).toMatchObject({ id: t.templateId, releaseNo: 2, version: 3 });
      const first = await call('GET', `${t.docBase}/enabled-templates/snapshot/1`, { token: t.token });
      expect(first.data[0]).toMatchObject({ releaseNo: 1, version: 1, content: invoiceTemplateContent });
      expect((await call('GET', `${t.docBase}/enabled-templates/snapshot/3`, { token: t.token })).status).toBe(404);

      expect((await call('GET', `${t.docBase}/enabled-templates/snapshot/zero`, { token: t.token })).status).toBe(400);
      expect((await call('GET', `${t.docBase}/enabled-templates/snapshot/latest`)).status).toBe(401);
      const other = await team();
      const foreign = await call('GET', `${t.docBase}/enabled-templates/snapshot/latest`, {
        headers: { 'x-api-key': other.key },
      });
      expect(foreign.status).toBe(403);
      expect((await call('GET', `${t.docBase}/enabled-templates/snapshot/latest`, { token: other.token })).status).toBe(
        404,
      );
    }, 60_000);
  });
});
