/**
 * Accounts and teams (#15) on PGlite and, with DATABASE_URL, PostgreSQL: invitation links,
 * roles, removing members (never the last owner), password reset links, profile and password.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from './db';
import { type Caller, startTestServer, type TestServer, testBackends } from './testing';

const PASSWORD = 'correct horse';

describe.each(testBackends())('accounts and teams on $name', (backend) => {
  let db: Database;
  let server: TestServer;
  let call: Caller;

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db);
    call = server.call;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (db) await backend.dispose(db);
  });

  /** An owner's team with a fresh invitation link of the given role. */
  async function invite(owner: { token: string; teamId: string }, role: 'member' | 'admin' = 'member') {
    const created = await call('POST', `/api/teams/${owner.teamId}/invitations`, {
      token: owner.token,
      body: { role },
    });
    expect(created.code, created.msg).toBe(0);
    return created.data as { id: string; code: string; role: string; prefix: string; expiresAt: number };
  }

  /** A second user who joined the owner's team through a link. */
  async function joined(owner: { token: string; teamId: string }, role: 'member' | 'admin' = 'member') {
    const user = await server.register('Bea');
    const { code } = await invite(owner, role);
    const accepted = await call('POST', `/api/invitations/${code}/accept`, { token: user.token });
    expect(accepted.code, accepted.msg).toBe(0);
    return user;
  }

  const roles = async (token: string, teamId: string) => {
    const list = await call('GET', `/api/teams/${teamId}/members`, { token });
    expect(list.code, list.msg).toBe(0);
    return Object.fromEntries((list.data as { userId: string; role: string }[]).map((m) => [m.userId, m.role]));
  };

  describe('invitation links', () => {
    it('a link shows the team without sign-in, joins a signed-in user once, and is stored only as a digest', async () => {
      const owner = await server.register('Ann');
      const link = await invite(owner);
      expect(link.code).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(link.prefix).toBe(link.code.slice(0, 6));

      const listed = await call('GET', `/api/teams/${owner.teamId}/invitations`, { token: owner.token });
      expect(listed.data).toEqual([
        {
          id: link.id,
          role: 'member',
          prefix: link.prefix,
          createdAt: expect.any(Number),
          expiresAt: expect.any(Number),
          acceptedCount: 0,
        },
      ]);
      expect(JSON.stringify(listed.data)).not.toContain(link.code);
      const stored = await db.query<{ code_hash: string }>('SELECT code_hash FROM team_invitations WHERE id = $1', [
        link.id,
      ]);
      expect(stored[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.toContain(link.code);

      const preview = await call('GET', `/api/invitations/${link.code}`);
      expect(preview.data).toEqual({ teamName: 'Ann', invitedBy: 'Ann', role: 'member', expiresAt: link.expiresAt });

      const bea = await server.register('Bea');
      const accepted = await call('POST', `/api/invitations/${link.code}/accept`, { token: bea.token });
      expect(accepted.data).toMatchObject({ id: owner.teamId, name: 'Ann', role: 'member' });
      const teams = await call('GET', '/api/teams', { token: bea.token });
      expect(teams.data.map((t: { id: string }) => t.id).sort()).toEqual([bea.teamId, owner.teamId].sort());
      const members = await call('GET', `/api/teams/${owner.teamId}/members`, { token: bea.token });
      expect(members.data).toEqual([
        { userId: owner.userId, name: 'Ann', email: owner.email, role: 'owner', joinedAt: expect.any(Number) },
        { userId: bea.userId, name: 'Bea', email: bea.email, role: 'member', joinedAt: expect.any(Number) },
      ]);

      // Accepting again changes nothing (the count stays, the role stays).
      await call('POST', `/api/invitations/${link.code}/accept`, { token: bea.token });
      const again = await call('GET', `/api/teams/${owner.teamId}/invitations`, { token: owner.token });
      expect(again.data[0].acceptedCount).toBe(1);
    });

    it('an admin link joins as admin; an owner link cannot be made', async () => {
      const owner = await server.register('Ann');
      const admin = await joined(owner, 'admin');
      expect((await roles(owner.token, owner.teamId))[admin.userId]).toBe('admin');
      const ownerLink = await call('POST', `/api/teams/${owner.teamId}/invitations`, {
        token: owner.token,
        body: { role: 'owner' },
      });
      expect(ownerLink.status).toBe(400);
      expect(ownerLink.data.error).toBe('DataInvalid');
      expect(ownerLink.data.issues[0].path).toBe('role');
    });

    it('a revoked, expired or malformed link is refused', async () => {
      const owner = await server.register('Ann');
      const bea = await server.register('Bea');
      const revoked = await invite(owner);
      const revoke = await call('DELETE', `/api/teams/${owner.teamId}/invitations/${revoked.id}`, {
        token: owner.token,
      });
      expect(revoke.code).toBe(0);
      const expired = await invite(owner);
      await db.query(`UPDATE team_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
        expired.id,
      ]);
      for (const code of [revoked.code, expired.code, 'not-a-code', 'x'.repeat(40)]) {
        const preview = await call('GET', `/api/invitations/${code}`);
        expect([preview.status, preview.data.error]).toEqual([404, 'InvitationInvalid']);
        const accept = await call('POST', `/api/invitations/${code}/accept`, { token: bea.token });
        expect([accept.status, accept.data.error]).toEqual([404, 'InvitationInvalid']);
      }
      expect((await call('GET', `/api/teams/${owner.teamId}/invitations`, { token: owner.token })).data).toEqual([]);
      expect(Object.keys(await roles(owner.token, owner.teamId))).toEqual([owner.userId]);
      const revokeAgain = await call('DELETE', `/api/teams/${owner.teamId}/invitations/${revoked.id}`, {
        token: owner.token,
      });
      expect(revokeAgain.status).toBe(404);
    });

    it('accepting needs a session; only owners and admins invite; another team sees nothing', async () => {
      const owner = await server.register('Ann');
      const link = await invite(owner);
      expect((await call('POST', `/api/invitations/${link.code}/accept`)).status).toBe(401);
      const member = await joined(owner);
      const byMember = await call('POST', `/api/teams/${owner.teamId}/invitations`, { token: member.token, body: {} });
      expect([byMember.status, byMember.data.error]).toEqual([403, 'OnlyAdminAllowed']);
      const listByMember = await call('GET', `/api/teams/${owner.teamId}/invitations`, { token: member.token });
      expect(listByMember.status).toBe(403);
      const revokeByMember = await call('DELETE', `/api/teams/${owner.teamId}/invitations/${link.id}`, {
        token: member.token,
      });
      expect(revokeByMember.status).toBe(403);

      const stranger = await server.register('Eve');
      for (const [method, path] of [
        ['GET', `/api/teams/${owner.teamId}/members`],
        ['GET', `/api/teams/${owner.teamId}/invitations`],
        ['POST', `/api/teams/${owner.teamId}/invitations`],
        ['DELETE', `/api/teams/${owner.teamId}/invitations/${link.id}`],
        ['PUT', `/api/teams/${owner.teamId}/members/${member.userId}`],
        ['DELETE', `/api/teams/${owner.teamId}/members/${member.userId}`],
      ] as const) {
        const body = method === 'PUT' ? { role: 'admin' } : method === 'POST' ? {} : undefined;
        const reply = await call(method, path, { token: stranger.token, body });
        expect([method, path, reply.status]).toEqual([method, path, 404]);
      }
      // An owner of another team cannot revoke this team's link through their own team's path.
      const foreign = await call('DELETE', `/api/teams/${stranger.teamId}/invitations/${link.id}`, {
        token: stranger.token,
      });
      expect(foreign.status).toBe(404);
      expect((await call('GET', `/api/invitations/${link.code}`)).code).toBe(0);
    });
  });

  describe('roles and removal', () => {
    it('an owner promotes and demotes; an admin manages members but not owners', async () => {
      const owner = await server.register('Ann');
      const admin = await joined(owner);
      const member = await joined(owner);
      const promoted = await call('PUT', `/api/teams/${owner.teamId}/members/${admin.userId}`, {
        token: owner.token,
        body: { role: 'admin' },
      });
      expect(promoted.code, promoted.msg).toBe(0);
      expect((await call('GET', `/api/teams/${owner.teamId}/current`, { token: admin.token })).data.role).toBe('admin');

      const makeOwner = await call('PUT', `/api/teams/${owner.teamId}/members/${member.userId}`, {
        token: admin.token,
        body: { role: 'owner' },
      });
      expect([makeOwner.status, makeOwner.data.error]).toEqual([403, 'Forbidden']);
      const demoteOwner = await call('PUT', `/api/teams/${owner.teamId}/members/${owner.userId}`, {
        token: admin.token,
        body: { role: 'member' },
      });
      expect(demoteOwner.status).toBe(403);
      const removeOwner = await call('DELETE', `/api/teams/${owner.teamId}/members/${owner.userId}`, {
        token: admin.token,
      });
      expect(removeOwner.status).toBe(403);
      const byMember = await call('PUT', `/api/teams/${owner.teamId}/members/${admin.userId}`, {
        token: member.token,
        body: { role: 'member' },
      });
      expect([byMember.status, byMember.data.error]).toEqual([403, 'OnlyAdminAllowed']);

      const rename = await call('PUT', `/api/teams/${owner.teamKey}`, { token: admin.token, body: { name: 'Acme' } });
      expect(rename.data.name).toBe('Acme');
      const renameByMember = await call('PUT', `/api/teams/${owner.teamKey}`, {
        token: member.token,
        body: { name: 'Nope' },
      });
      expect([renameByMember.status, renameByMember.data.error]).toEqual([403, 'OnlyAdminAllowed']);

      const removed = await call('DELETE', `/api/teams/${owner.teamId}/members/${member.userId}`, {
        token: admin.token,
      });
      expect(removed.code).toBe(0);
      expect((await call('GET', `/api/teams/${owner.teamId}/current`, { token: member.token })).status).toBe(404);
      expect((await call('GET', `/api/teams/${owner.teamId}/docs`, { token: member.token })).status).toBe(404);
      const teams = await call('GET', '/api/teams', { token: member.token });
      expect(teams.data.map((t: { id: string }) => t.id)).toEqual([member.teamId]);

      const badRole = await call('PUT', `/api/teams/${owner.teamId}/members/${admin.userId}`, {
        token: owner.token,
        body: { role: 'boss' },
      });
      expect([badRole.status, badRole.data.error]).toEqual([400, 'DataInvalid']);
      const unknown = await call('PUT', `/api/teams/${owner.teamId}/members/usr_nobody`, {
        token: owner.token,
        body: { role: 'admin' },
      });
      expect(unknown.status).toBe(404);
    });

    it('the last owner can be neither demoted nor removed nor leave; with two owners one can', async () => {
      const owner = await server.register('Ann');
      const other = await joined(owner);
      for (const [method, body] of [
        ['PUT', { role: 'admin' }],
        ['DELETE', undefined],
      ] as const) {
        const reply = await call(method, `/api/teams/${owner.teamId}/members/${owner.userId}`, {
          token: owner.token,
          body,
        });
        expect([reply.status, reply.data.error]).toEqual([400, 'LastOwner']);
      }
      await call('PUT', `/api/teams/${owner.teamId}/members/${other.userId}`, {
        token: owner.token,
        body: { role: 'owner' },
      });
      const demoted = await call('PUT', `/api/teams/${owner.teamId}/members/${owner.userId}`, {
        token: other.token,
        body: { role: 'member' },
      });
      expect(demoted.code, demoted.msg).toBe(0);
      // Now `other` is the only owner: they cannot leave, `owner` (a member now) can.
      const lastLeaves = await call('DELETE', `/api/teams/${owner.teamId}/members/${other.userId}`, {
        token: other.token,
      });
      expect(lastLeaves.data.error).toBe('LastOwner');
      const leaves = await call('DELETE', `/api/teams/${owner.teamId}/members/${owner.userId}`, { token: owner.token });
      expect(leaves.code).toBe(0);
      expect(await roles(other.token, owner.teamId)).toEqual({ [other.userId]: 'owner' });
      // Ann's main-API calls now fall back to a team she still belongs to: none, so 404 not 500.
      const fallback = await call('GET', '/api/print-templates', { token: owner.token });
      expect(fallback.status).toBe(404);
    });

    it('two owners demoting each other at once leave one owner', async () => {
      const owner = await server.register('Ann');
      const other = await joined(owner);
      await call('PUT', `/api/teams/${owner.teamId}/members/${other.userId}`, {
        token: owner.token,
        body: { role: 'owner' },
      });
      const answers = await Promise.all([
        call('PUT', `/api/teams/${owner.teamId}/members/${other.userId}`, {
          token: owner.token,
          body: { role: 'member' },
        }),
        call('PUT', `/api/teams/${owner.teamId}/members/${owner.userId}`, {
          token: other.token,
          body: { role: 'member' },
        }),
      ]);
      expect(answers.map((a) => a.code === 0).filter(Boolean)).toHaveLength(1);
      // The loser is refused either as the last owner or, demoted a moment earlier, as a mere member.
      expect(['LastOwner', 'OnlyAdminAllowed']).toContain(answers.find((a) => a.code !== 0)?.data.error);
      const owners = Object.values(await roles(owner.token, owner.teamId)).filter((r) => r === 'owner');
      expect(owners).toHaveLength(1);
    });
  });

  describe('password reset links', () => {
    async function requestReset(email: string) {
      const log = vi.spyOn(console, 'log').mockImplementation(() => {});
      try {
        const reply = await call('POST', '/api/auth/password-reset', { body: { email } });
        const line = log.mock.calls.map((args) => String(args[0])).find((l) => l.includes('password reset link'));
        return { reply, link: line?.match(/(https?:\/\/\S+)/)?.[1] };
      } finally {
        log.mockRestore();
      }
    }

    it('writes a single-use link to the log; it sets the password and signs out every other session', async () => {
      const user = await server.register('Ann');
      const { reply, link } = await requestReset(user.email.toUpperCase());
      expect(reply.data).toEqual({ delivery: 'log' });
      expect(link).toMatch(new RegExp(`^${server.url}/reset-password\\?token=[A-Za-z0-9_-]{43}$`));
      const token = new URL(link as string).searchParams.get('token') as string;
      const stored = await db.query('SELECT * FROM password_resets');
      expect(JSON.stringify(stored)).not.toContain(token);

      const done = await call('POST', '/api/auth/password-reset/confirm', {
        body: { token, newPassword: 'new secret 1' },
      });
      expect(done.code, done.msg).toBe(0);
      expect(done.data.token).toEqual(expect.any(String));
      expect((await call('GET', '/api/user', { token: user.token })).status).toBe(401);
      expect((await call('GET', '/api/user', { token: done.data.token })).data.email).toBe(user.email);
      const oldLogin = await call('POST', '/api/auth/login', { body: { email: user.email, password: PASSWORD } });
      expect(oldLogin.status).toBe(401);
      const newLogin = await call('POST', '/api/auth/login', { body: { email: user.email, password: 'new secret 1' } });
      expect(newLogin.code).toBe(0);

      const reused = await call('POST', '/api/auth/password-reset/confirm', {
        body: { token, newPassword: 'another one' },
      });
      expect([reused.status, reused.data.error]).toEqual([400, 'ResetLinkInvalid']);
    });

    it('an unknown address gets the same answer and no link; expired, superseded and malformed links fail', async () => {
      const unknown = await requestReset('nobody@example.test');
      expect(unknown.reply.data).toEqual({ delivery: 'log' });
      expect(unknown.link).toBeUndefined();

      const user = await server.register('Ann');
      const first = await requestReset(user.email);
      const second = await requestReset(user.email);
      const tokenOf = (link?: string) => new URL(link as string).searchParams.get('token') as string;
      await db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
      for (const token of [tokenOf(first.link), tokenOf(second.link), 'short', 'x'.repeat(50)]) {
        const reply = await call('POST', '/api/auth/password-reset/confirm', {
          body: { token, newPassword: 'new secret 1' },
        });
        expect([reply.status, reply.data.error]).toEqual([400, 'ResetLinkInvalid']);
      }
      const third = await requestReset(user.email);
      const weak = await call('POST', '/api/auth/password-reset/confirm', {
        body: { token: tokenOf(third.link), newPassword: 'short' },
      });
      expect([weak.status, weak.data.error, weak.data.issues[0].path]).toEqual([400, 'DataInvalid', 'newPassword']);
      // The refused attempt did not spend the link.
      const ok = await call('POST', '/api/auth/password-reset/confirm', {
        body: { token: tokenOf(third.link), newPassword: 'long enough' },
      });
      expect(ok.code).toBe(0);
    });

    it('limits requests per address', async () => {
      const user = await server.register('Ann');
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push((await requestReset(user.email)).reply.status);
      expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe('profile and password', () => {
    it('changes the name freely and the email only with the current password', async () => {
      const user = await server.register('Ann');
      const other = await server.register('Bea');
      const renamed = await call('PUT', '/api/user', { token: user.token, body: { name: 'Ann Lee' } });
      expect(renamed.data).toMatchObject({ name: 'Ann Lee', email: user.email });

      const newEmail = `ann.${Date.now()}@example.test`;
      const noPassword = await call('PUT', '/api/user', { token: user.token, body: { email: newEmail } });
      expect([noPassword.status, noPassword.data.issues[0].path]).toEqual([400, 'currentPassword']);
      const wrong = await call('PUT', '/api/user', {
        token: user.token,
        body: { email: newEmail, currentPassword: 'wrong password' },
      });
      expect(wrong.status).toBe(400);
      const taken = await call('PUT', '/api/user', {
        token: user.token,
        body: { email: other.email, currentPassword: PASSWORD },
      });
      expect([taken.status, taken.data.issues[0].path]).toEqual([400, 'email']);
      const bad = await call('PUT', '/api/user', { token: user.token, body: { email: 'not an email' } });
      expect([bad.status, bad.data.error]).toEqual([400, 'DataInvalid']);
      const empty = await call('PUT', '/api/user', { token: user.token, body: {} });
      expect(empty.status).toBe(400);

      const moved = await call('PUT', '/api/user', {
        token: user.token,
        body: { email: newEmail.toUpperCase(), currentPassword: PASSWORD },
      });
      expect(moved.data.email).toBe(newEmail);
      expect((await call('POST', '/api/auth/login', { body: { email: newEmail, password: PASSWORD } })).code).toBe(0);
      expect((await call('POST', '/api/auth/login', { body: { email: user.email, password: PASSWORD } })).status).toBe(
        401,
      );
    });

    it('changes the password with the current one and keeps only this session', async () => {
      const user = await server.register('Ann');
      const second = await call('POST', '/api/auth/login', { body: { email: user.email, password: PASSWORD } });
      const wrong = await call('POST', '/api/auth/update-password', {
        token: user.token,
        body: { oldPassword: 'not it', newPassword: 'brand new pass' },
      });
      expect([wrong.status, wrong.data.error]).toEqual([400, 'PasswordChangeFailed']);
      const changed = await call('POST', '/api/auth/update-password', {
        token: user.token,
        body: { oldPassword: PASSWORD, newPassword: 'brand new pass' },
      });
      expect(changed.code).toBe(0);
      expect((await call('GET', '/api/user', { token: user.token })).code).toBe(0);
      expect((await call('GET', '/api/user', { token: second.data.token })).status).toBe(401);
    });
  });
});
