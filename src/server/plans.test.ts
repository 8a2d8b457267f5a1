/**
 * Plans and seats (#32) on PGlite and, with DATABASE_URL, PostgreSQL: the operator key guards plan
 * changes, the history is append-only, every plan state comes out of the stored plan at its
 * boundary dates, the plan decides signatures on the server, and seats are a transaction (the seat
 * race, 100 rounds: never more seats than the plan has).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RGBA_PNG_BASE64 } from '../core/data/__fixtures__/signaturePngs';
import type { Database } from './db';
import { operatorKeyMatches } from './routes/plans';
import { type Caller, grantPlan, startTestServer, type TestServer, testBackends } from './testing';

const OPERATOR_KEY = 'op-key-for-tests-0123456789';
const DAY = 24 * 3600_000;

describe('operator key comparison', () => {
  it('matches only the configured key, never without one', () => {
    expect(operatorKeyMatches(OPERATOR_KEY, OPERATOR_KEY)).toBe(true);
    expect(operatorKeyMatches(OPERATOR_KEY, `${OPERATOR_KEY}x`)).toBe(false);
    expect(operatorKeyMatches(OPERATOR_KEY, 'short')).toBe(false);
    expect(operatorKeyMatches(OPERATOR_KEY, undefined)).toBe(false);
    expect(operatorKeyMatches(undefined, '')).toBe(false);
  });
});

describe.each(testBackends())('plans and seats on $name', (backend) => {
  let db: Database;
  let server: TestServer;
  let bare: TestServer;
  let call: Caller;

  beforeAll(async () => {
    db = await backend.open();
    server = await startTestServer(db, {
      config: { operatorKey: OPERATOR_KEY, upgradeUrl: 'https://buy.example/quire' },
    });
    // The same database served without an operator key: its operator API refuses everyone.
    bare = await startTestServer(db);
    call = server.call;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await bare?.close();
    if (db) await backend.dispose(db);
  });

  const operator = (method: string, team: string, body?: unknown, key = OPERATOR_KEY) =>
    call(method, `/api/operator/teams/${team}/plan`, { body, headers: { 'x-operator-key': key } });
  const planOf = async (token: string) => (await call('GET', '/api/plan', { token })).data;

  it('sets plans only with the operator key, and keeps every plan in an append-only history', async () => {
    const ann = await server.register('Ann');
    expect(
      (await call('PUT', `/api/operator/teams/${ann.teamId}/plan`, { body: { version: 'ENTERPRISE' } })).status,
    ).toBe(401);
    const wrong = await operator('PUT', ann.teamId, { version: 'ENTERPRISE' }, 'not-the-key');
    expect([wrong.status, wrong.data.error]).toEqual([401, 'OperatorKeyInvalid']);
    // A session token is no operator key.
    expect((await operator('PUT', ann.teamId, { version: 'ENTERPRISE' }, ann.token)).status).toBe(401);
    const unset = await bare.call('PUT', `/api/operator/teams/${ann.teamId}/plan`, {
      body: { version: 'ENTERPRISE' },
      headers: { 'x-operator-key': OPERATOR_KEY },
    });
    expect(unset.status).toBe(403);
    expect((await planOf(ann.token)).version).toBe('FREE');

    // By team id and by team key; a bad body names its field; an unknown team is 404.
    expect(
      (await operator('PUT', ann.teamId, { version: 'ENTERPRISE', trial: true, expiresAt: Date.now() + 9 * DAY })).code,
    ).toBe(0);
    expect(
      (await operator('PUT', ann.teamKey, { version: 'ENTERPRISE', expiresAt: '2099-01-31', buyer: ann.email })).code,
    ).toBe(0);
    const bad = await operator('PUT', ann.teamId, { version: 'GOLD' });
    expect([bad.status, bad.data.issues[0].path]).toEqual([400, 'version']);
    expect((await operator('PUT', 'team_nobody', { version: 'FREE' })).status).toBe(404);
    const stranger = await operator('PUT', ann.teamId, { version: 'BUSINESS', buyer: 'nobody@example.test' });
    expect([stranger.status, stranger.data.error]).toEqual([400, 'InvalidUser']);

    const shown = await operator('GET', ann.teamId);
    expect(shown.data.history.map((h: { version: string; trial: boolean }) => [h.version, h.trial])).toEqual([
      ['ENTERPRISE', true],
      ['ENTERPRISE', false],
    ]);
    expect(shown.data.plan.expiresAt).toBe(Date.parse('2099-01-31T23:59:59.999Z'));
    expect(shown.data.plan.buyerUserId).toBe(ann.userId);
    // The history cannot be rewritten, not even by the server's own SQL.
    await expect(
      db.query("UPDATE team_plan_history SET version = 'FREE' WHERE team_id = $1", [ann.teamId]),
    ).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM team_plan_history WHERE team_id = $1', [ann.teamId])).rejects.toThrow(
      /append-only/,
    );

    const plan = await planOf(ann.token);
    expect(plan).toMatchObject({
      version: 'ENTERPRISE',
      state: 'ENTERPRISE',
      features: ['attachmentPreview', 'signature'],
      upgradeUrl: 'https://buy.example/quire',
    });
  });

  it('derives every plan state from the stored plan at its boundary dates', async () => {
    const bob = await server.register('Bob');
    const now = Date.now();
    const steps: [Record<string, unknown>, string][] = [
      [{ version: 'FREE' }, 'FREE_TRIAL'],
      [{ version: 'ENTERPRISE', trial: true, expiresAt: now + 7 * DAY }, 'TRIALING'],
      [{ version: 'ENTERPRISE', trial: true, expiresAt: now - 1000 }, 'FREE_NO_TRIAL'],
      [{ version: 'FREE' }, 'FREE_NO_TRIAL'],
      [{ version: 'STARTUP', expiresAt: now + 30 * DAY }, 'FREE_ENABLED'],
      // Three days and a minute left is still plain enterprise; three days less a minute is almost due.
      [{ version: 'ENTERPRISE', expiresAt: now + 3 * DAY + 60_000 }, 'ENTERPRISE'],
      [{ version: 'ENTERPRISE', expiresAt: now + 3 * DAY - 60_000 }, 'ENTERPRISE_ALMOST_DUE'],
      [{ version: 'ENTERPRISE', expiresAt: now - 1000 }, 'ENTERPRISE_EXPIRED'],
      [{ version: 'FREE' }, 'ENTERPRISE_EXPIRED'],
    ];
    for (const [body, state] of steps) {
      expect((await operator('PUT', bob.teamId, body)).code).toBe(0);
      const plan = await planOf(bob.token);
      expect(plan.state, JSON.stringify(body)).toBe(state);
      if (['FREE_TRIAL', 'FREE_NO_TRIAL', 'FREE_ENABLED', 'ENTERPRISE_EXPIRED'].includes(state))
        expect(plan.features, state).toEqual([]);
    }
  });

  it('decides signatures on the server, per plan', async () => {
    const cy = await server.register('Cy');
    const save = () => call('PUT', '/api/user/signature', { token: cy.token, body: { png: RGBA_PNG_BASE64 } });
    const link = (token?: string) => call('POST', '/api/signature-links', { token });
    const refused = async (reply: Promise<{ status: number; data: { error: string; params?: unknown } }>) => {
      const r = await reply;
      expect([r.status, r.data.error]).toEqual([403, 'PlanFeatureRequired']);
      return r;
    };
    expect((await refused(save())).data.params).toMatchObject({ feature: 'signature', version: 'FREE' });
    await refused(link(cy.token));
    expect((await link()).status).toBe(401);

    for (const version of ['STARTUP', 'BUSINESS'] as const) {
      await grantPlan(db, cy.teamId, version);
      await refused(save());
    }
    await grantPlan(db, cy.teamId, 'ENTERPRISE');
    expect((await save()).code).toBe(0);
    expect((await link(cy.token)).code).toBe(0);

    // A lapsed plan gives nothing; reading back and deleting one's signature stay allowed.
    await grantPlan(db, cy.teamId, 'ENTERPRISE', { expiresAt: Date.now() - 1 });
    await refused(save());
    expect((await call('GET', '/api/user/signature', { token: cy.token })).code).toBe(0);

    // On the seat plan the feature follows the seat.
    await grantPlan(db, cy.teamId, 'ENTERPRISE_SEAT', { totalSeats: 1 });
    await refused(save());
    expect((await call('POST', '/api/seats', { token: cy.token, body: { userIds: [cy.userId] } })).code).toBe(0);
    expect((await save()).code).toBe(0);
    expect((await planOf(cy.token)).seated).toBe(true);
  });

  /** A team of an owner, an admin and members. */
  async function teamWith(members: number) {
    const owner = await server.register('Owner');
    const admin = await server.register('Admin');
    await call('POST', `/api/teams/${owner.teamId}/members`, { token: owner.token, body: { email: admin.email } });
    await call('PUT', `/api/teams/${owner.teamId}/members/${admin.userId}`, {
      token: owner.token,
      body: { role: 'admin' },
    });
    const people = [];
    for (let i = 0; i < members; i += 1) {
      const person = await server.register(`Member ${i + 1}`);
      await call('POST', `/api/teams/${owner.teamId}/members`, { token: owner.token, body: { email: person.email } });
      people.push(person);
    }
    const as = (who: { token: string }) => ({ token: who.token, headers: { 'tenant-key': owner.teamKey } });
    return { owner, admin, people, as };
  }

  it('lets only the right people manage seats, adds and removes them, and refuses past the total', async () => {
    const { owner, admin, people, as } = await teamWith(3);
    const [m1, m2, m3] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    expect((await call('GET', '/api/seats', as(owner))).data.error).toBe('Forbidden');
    await grantPlan(db, owner.teamId, 'ENTERPRISE_SEAT', { totalSeats: 2 });
    expect((await call('GET', '/api/seats', as(m1))).data.error).toBe('OnlyAdminAllowed');
    expect((await call('GET', '/api/plan', as(m1))).data.seatAccess).toEqual({
      allowed: false,
      error: 'OnlyAdminAllowed',
    });

    const added = await call('POST', '/api/seats', { ...as(admin), body: { userIds: [m1.userId, m2.userId] } });
    expect(added.data).toMatchObject({ total: 2, assigned: 2 });
    expect(added.data.users.map((u: { name: string }) => u.name).sort()).toEqual(['Member 1', 'Member 2']);
    // Already seated users are skipped; one more is past the total.
    expect((await call('POST', '/api/seats', { ...as(admin), body: { userIds: [m1.userId] } })).code).toBe(0);
    const full = await call('POST', '/api/seats', { ...as(owner), body: { userIds: [m3.userId] } });
    expect([full.status, full.data.error, full.data.params]).toEqual([409, 'SeatsFull', { total: 2, assigned: 2 }]);
    const outsider = await server.register('Outsider');
    const notMember = await call('POST', '/api/seats', { ...as(owner), body: { userIds: [outsider.userId] } });
    expect([notMember.status, notMember.data.error]).toEqual([400, 'InvalidUser']);
    // The picker offers members without a seat.
    const found = await call('GET', '/api/seats/search?name=member', as(owner));
    expect(found.data.map((u: { name: string }) => u.name)).toEqual(['Member 3']);

    expect((await call('DELETE', `/api/seats/${m2.userId}`, as(owner))).data.assigned).toBe(1);
    expect((await call('DELETE', `/api/seats/${m2.userId}`, as(owner))).status).toBe(404);
    // Leaving the team gives the seat back.
    await call('DELETE', `/api/teams/${owner.teamId}/members/${m1.userId}`, { token: owner.token });
    expect((await call('GET', '/api/seats', as(owner))).data.assigned).toBe(0);

    // BUSINESS: the buyer alone, even over the team's owner.
    await grantPlan(db, owner.teamId, 'BUSINESS', { totalSeats: 5, buyer: admin.userId });
    expect((await call('GET', '/api/seats', as(owner))).data.error).toBe('OnlyBuyerAllowed');
    expect((await call('GET', '/api/seats', as(admin))).code).toBe(0);
  });

  it('two admins adding the last seat at once: one succeeds, 100 rounds, never more than the total', async () => {
    const { owner, admin, people, as } = await teamWith(2);
    const [m1, m2] = people as [(typeof people)[0], (typeof people)[0]];
    await grantPlan(db, owner.teamId, 'ENTERPRISE_SEAT', { totalSeats: 1 });
    for (let round = 0; round < 100; round += 1) {
      await db.query('DELETE FROM team_seats WHERE team_id = $1', [owner.teamId]);
      const [a, b] = await Promise.all([
        call('POST', '/api/seats', { ...as(owner), body: { userIds: [m1.userId] } }),
        call('POST', '/api/seats', { ...as(admin), body: { userIds: [m2.userId] } }),
      ]);
      expect([a.status, b.status].sort(), `round ${round}`).toEqual([200, 409]);
      const [count] = await db.query<{ n: string | number }>(
        'SELECT count(*) AS n FROM team_seats WHERE team_id = $1',
        [owner.teamId],
      );
      expect(Number(count?.n)).toBe(1);
    }
  }, 120_000);
});
