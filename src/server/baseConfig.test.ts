/**
 * A host base on the server: its access token bound and checked on every print-templates call
 * (3021 for another or a missing token), "token not match" on rebinding, and the table's edit
 * lock — read by members, changed by an admin only, and enforced on template writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_CODE } from '../api/contract';
import type { Database } from './db';
import { type Caller, startTestServer, type TestServer, testBackends } from './testing';

const content = (n: number | string) => JSON.stringify({ document: { pages: [] }, n });
const TOKEN = `bt_${'a'.repeat(32)}`;
const OTHER = `bt_${'b'.repeat(32)}`;

describe.each(testBackends())('host bases on $name', (backend) => {
  let db: Database;
  let server: TestServer;
  let call: Caller;

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db);
    call = server.call;
  });
  afterAll(async () => {
    await server?.close();
    if (db) await backend.dispose(db);
  });

  /** An owner (admin) and a member of the owner's team, both addressing that team by tenant key. */
  async function team() {
    const owner = await server.register('Owner');
    const member = await server.register('Member');
    const added = await call('POST', `/api/teams/${owner.teamId}/members`, {
      token: owner.token,
      body: { email: member.email },
    });
    expect(added.code).toBe(0);
    const headers = { 'tenant-key': owner.teamKey };
    return {
      owner: { token: owner.token, headers },
      member: { token: member.token, headers },
    };
  }

  it('binds a base token once: the same token again is fine, another is "token not match"', async () => {
    const { owner, member } = await team();
    const first = await call('POST', `/api/secure/bind/${TOKEN}/baseId/bse1`, owner);
    expect(first.data).toEqual({ bound: 'new' });
    // Another device of the team (here another member) with the base's token: the same binding.
    expect((await call('POST', `/api/secure/bind/${TOKEN}/baseId/bse1`, member)).data).toEqual({ bound: 'existing' });
    const other = await call('POST', `/api/secure/bind/${OTHER}/baseId/bse1`, owner);
    expect(other.status).toBe(409);
    expect(other.data.error).toBe('TokenNotMatch');
    // Another team's base of the same id is its own.
    const stranger = await server.register('Stranger');
    expect((await call('POST', `/api/secure/bind/${OTHER}/baseId/bse1`, { token: stranger.token })).data.bound).toBe(
      'new',
    );
    expect((await call('POST', '/api/secure/bind/short/baseId/bse1', owner)).status).toBe(400);
  });

  it("checks the base token on every call naming a bound base's templates (3021 otherwise)", async () => {
    const { owner } = await team();
    const created = await call('POST', `/api/print-templates?baseAccessToken=${TOKEN}`, {
      ...owner,
      body: { name: 'Before binding', tableId: 'tblA', baseId: 'bse2', content: content(1) },
    });
    expect(created.code).toBe(0);
    await call('POST', `/api/secure/bind/${TOKEN}/baseId/bse2`, owner);

    const listed = await call('GET', `/api/print-templates?baseId=bse2&baseAccessToken=${TOKEN}`, owner);
    expect(listed.data.list.map((t: { name: string }) => t.name)).toEqual(['Before binding']);
    // The token alone names its base.
    expect((await call('GET', `/api/print-templates?baseAccessToken=${TOKEN}`, owner)).data.total).toBe(1);

    for (const query of ['?baseId=bse2', `?baseId=bse2&baseAccessToken=${OTHER}`, `?baseAccessToken=${OTHER}`]) {
      const refused = await call('GET', `/api/print-templates${query}`, owner);
      expect(refused.code, query).toBe(BODY_CODE.baseTokenInvalid);
      expect(refused.data.error).toBe('NoBaseToken');
    }
    // Listing the whole team's templates would bypass the token: a base must be named.
    expect((await call('GET', '/api/print-templates', owner)).status).toBe(400);

    const url = `/api/print-templates/code/${created.data.id}`;
    expect((await call('GET', url, owner)).code).toBe(BODY_CODE.baseTokenInvalid);
    expect((await call('GET', `${url}?baseAccessToken=${TOKEN}`, owner)).data.name).toBe('Before binding');
    const put = (token: string) =>
      call('PUT', `${url}?baseAccessToken=${token}`, { ...owner, body: { content: content(2), lastVersion: 1 } });
    expect((await put(OTHER)).code).toBe(BODY_CODE.baseTokenInvalid);
    expect((await put(TOKEN)).data.version).toBe(2);
    const post = await call('POST', `/api/print-templates?baseAccessToken=${OTHER}`, {
      ...owner,
      body: { name: 'Intruder', tableId: 'tblA', baseId: 'bse2', content: content(3) },
    });
    expect(post.code).toBe(BODY_CODE.baseTokenInvalid);
    expect((await call('DELETE', url, owner)).code).toBe(BODY_CODE.baseTokenInvalid);
    expect((await call('DELETE', `${url}?baseAccessToken=${TOKEN}`, owner)).code).toBe(0);
  });

  it('keeps the edit lock per table: members read it, only an admin changes it, writes are refused while on', async () => {
    const { owner, member } = await team();
    await call('POST', `/api/secure/bind/${TOKEN}/baseId/bse3`, owner);
    const config = (who: typeof owner, table = 'tblA') =>
      call('GET', `/api/print/base/bse3/config?tableId=${table}&baseAccessToken=${TOKEN}`, who);
    expect((await config(owner)).data).toEqual({ baseId: 'bse3', tableId: 'tblA', editLock: false, docManage: true });
    expect((await config(member)).data.docManage).toBe(false);
    expect((await call('GET', '/api/print/base/bse3/config?tableId=tblA', owner)).code).toBe(
      BODY_CODE.baseTokenInvalid,
    );

    const template = await call('POST', `/api/print-templates?baseAccessToken=${TOKEN}`, {
      ...member,
      body: { name: 'Label', tableId: 'tblA', baseId: 'bse3', content: content(1) },
    });
    expect(template.code).toBe(0);

    const lock = (who: typeof owner, editLock: boolean) =>
      call('POST', `/api/print/base/bse3/config?baseAccessToken=${TOKEN}`, {
        ...who,
        body: { tableId: 'tblA', editLock },
      });
    const refused = await lock(member, true);
    expect(refused.status).toBe(403);
    expect(refused.data.error).toBe('OnlyAdminAllowed');
    expect((await config(member)).data.editLock).toBe(false);
    expect((await lock(owner, true)).data.editLock).toBe(true);
    expect((await config(member)).data.editLock).toBe(true);
    // Only that table.
    expect((await config(member, 'tblB')).data.editLock).toBe(false);

    const url = `/api/print-templates/code/${template.data.id}?baseAccessToken=${TOKEN}`;
    // Read-only: reading works, writing is refused for everyone (the admin unlocks first).
    expect((await call('GET', url, member)).data.name).toBe('Label');
    for (const who of [member, owner]) {
      const saved = await call('PUT', url, { ...who, body: { content: content(2), lastVersion: 1 } });
      expect(saved.status).toBe(403);
    }
    expect((await call('DELETE', url, member)).status).toBe(403);
    const added = await call('POST', `/api/print-templates?baseAccessToken=${TOKEN}`, {
      ...member,
      body: { name: 'New', tableId: 'tblA', baseId: 'bse3', content: content(1) },
    });
    expect(added.status).toBe(403);

    expect((await lock(member, false)).status).toBe(403);
    expect((await lock(owner, false)).data.editLock).toBe(false);
    const saved = await call('PUT', url, { ...member, body: { content: content(2), lastVersion: 1 } });
    expect(saved.data.version).toBe(2);
  });
});
