/**
 * The outbox's other end. `POST /api/sync/push` applies a client's mutations in order, each in
 * its own transaction together with the client's last applied mutation id and the mutation's
 * answer, so a replay (the answer was lost, the client retried) returns the first answer and
 * changes nothing. `GET /api/sync/pull` returns a document's templates changed after a cursor.
 */
import type { Hono } from 'hono';
import type { z } from 'zod';
import {
  BODY_CODE,
  type MutationResult,
  type mutationSchema,
  type PushResult,
  pullQuery,
  pushBody,
} from '../../api/contract';
import type { AuthEnv } from '../auth';
import type { ServerContext } from '../context';
import type { Sql } from '../db';
import { ApiError, ok, readBody, readQuery } from '../envelope';
import { logDoc, managedTeam, memberDoc } from '../teams';
import {
  changesSince,
  createTemplate,
  deleteTemplate,
  findTemplate,
  publish,
  saveDraft,
  type TemplateScope,
} from '../templates';

type ParsedMutation = z.output<typeof mutationSchema>;

/** The open-family scope of an existing template the user may reach, or a 404 ApiError. */
async function scopeOfTemplate(
  sql: Sql,
  userId: string,
  templateId: string,
): Promise<TemplateScope & { docId: string }> {
  // Ids are per team, so only the user's teams are searched: another team's template with this id
  // is not found, like an id nobody has. Should two of the user's teams hold the id (one of them
  // copied it on purpose), the older template is the one the client made.
  const rows = await sql.query<{ team_id: string; doc_id: string }>(
    `SELECT t.team_id, t.doc_id FROM templates t JOIN team_members m ON m.team_id = t.team_id AND m.user_id = $2
     WHERE t.id = $1 AND t.family = 'open' ORDER BY t.created_at, t.team_id LIMIT 1`,
    [templateId, userId],
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, BODY_CODE.notFound, 'NoTempalte', templateId);
  return { teamId: row.team_id, family: 'open', docId: row.doc_id };
}

type ScopeCache = Map<string, TemplateScope & { docId: string }>;

async function apply(
  sql: Sql,
  userId: string,
  m: ParsedMutation,
  blocked: boolean,
  scopes: ScopeCache,
): Promise<MutationResult> {
  // A batch usually holds many changes of one template: check its membership once per push.
  const scopeOf = async (templateId: string) => {
    const known = scopes.get(templateId);
    if (known) return known;
    const scope = await scopeOfTemplate(sql, userId, templateId);
    scopes.set(templateId, scope);
    return scope;
  };
  try {
    if (blocked) {
      // An earlier mutation of this template in the same push was refused; this one was written on
      // top of it, so it must not land on whatever version the server has now.
      const scope = await scopeOf(m.templateId);
      const current = await findTemplate(sql, scope, m.templateId);
      return { id: m.id, status: 'conflict', current, error: 'VersionConflict' };
    }
    switch (m.kind) {
      case 'template.create': {
        const doc = await memberDoc(sql, userId, m.docId);
        const scope: TemplateScope = { teamId: doc.teamId, family: 'open', docId: doc.id };
        const template = await createTemplate(sql, scope, { ...m, id: m.templateId }, userId);
        await logDoc(sql, doc.id, userId, 'template.create', { templateId: template.id, name: template.name });
        return { id: m.id, status: 'applied', template };
      }
      case 'template.save': {
        const scope = await scopeOf(m.templateId);
        const template = await saveDraft(sql, scope, m.templateId, m.lastVersion, m);
        return { id: m.id, status: 'applied', template };
      }
      case 'template.rename': {
        const scope = await scopeOf(m.templateId);
        const template = await saveDraft(sql, scope, m.templateId, m.lastVersion, { name: m.name });
        return { id: m.id, status: 'applied', template };
      }
      case 'template.publish': {
        const scope = await scopeOf(m.templateId);
        await managedTeam(sql, userId, scope.teamId, 'publish templates');
        const { template, release } = await publish(sql, scope, m.templateId, m.lastVersion, m.note, userId);
        await logDoc(sql, scope.docId, userId, 'template.publish', {
          templateId: template.id,
          releaseNo: release.releaseNo,
        });
        return { id: m.id, status: 'applied', template, release };
      }
      case 'template.delete': {
        const scope = await scopeOf(m.templateId);
        await managedTeam(sql, userId, scope.teamId, 'delete templates');
        const template = await deleteTemplate(sql, scope, m.templateId);
        await logDoc(sql, scope.docId, userId, 'template.delete', { templateId: template.id });
        return { id: m.id, status: 'applied', template };
      }
    }
  } catch (error) {
    // Refusals are answers, recorded like successes: the same mutation replayed is refused again.
    if (error instanceof ApiError) {
      if (error.errorName === 'VersionConflict' && error.extra.current)
        return { id: m.id, status: 'conflict', current: error.extra.current, error: 'VersionConflict' };
      return {
        id: m.id,
        status: 'rejected',
        current: error.extra.current ?? null,
        error: error.errorName,
        msg: error.message,
      };
    }
    throw error;
  }
}

export function syncRoutes(api: Hono<AuthEnv>, ctx: ServerContext) {
  const { db } = ctx;

  api.post('/sync/push', async (c) => {
    const body = await readBody(c, pushBody);
    const userId = c.get('session').userId;
    // One transaction for the batch: the answers, the applied changes and the client's last id
    // commit together or not at all, so a lost answer can always be replayed.
    const outcome = await db.transaction(async (tx) => {
      // A client id is its user's own (#33): the same id under another user is another client, so
      // nobody can take over, or lock out, a client whose id they learnt.
      await tx.query(
        'INSERT INTO sync_clients (client_id, user_id) VALUES ($1, $2) ON CONFLICT (user_id, client_id) DO NOTHING',
        [body.clientId, userId],
      );
      // FOR UPDATE: two pushes from one client (two tabs, a retry racing its original) take turns.
      const [client] = await tx.query<{ last_mutation_id: number | string }>(
        'SELECT last_mutation_id FROM sync_clients WHERE client_id = $1 AND user_id = $2 FOR UPDATE',
        [body.clientId, userId],
      );
      if (!client) throw new Error('the sync client row just inserted is missing');
      let last = Number(client.last_mutation_id);
      const firstLast = last;
      const results: MutationResult[] = [];
      const refused = new Set<string>();
      const scopes: ScopeCache = new Map();
      for (const mutation of body.mutations) {
        if (mutation.id <= firstLast) {
          const [stored] = await tx.query<{ result: MutationResult }>(
            'SELECT result FROM sync_results WHERE client_id = $1 AND mutation_id = $2 AND user_id = $3',
            [body.clientId, mutation.id, userId],
          );
          if (stored) results.push(stored.result);
          continue;
        }
        if (mutation.id !== last + 1)
          throw new ApiError(
            409,
            BODY_CODE.mutationOutOfOrder,
            'DataInvalid',
            `mutation ${mutation.id} arrived before ${last + 1}`,
            { expected: last + 1 },
          );
        const result = await apply(tx, userId, mutation, refused.has(mutation.templateId), scopes);
        if (result.status !== 'applied') refused.add(mutation.templateId);
        await tx.query('INSERT INTO sync_results (client_id, mutation_id, result, user_id) VALUES ($1, $2, $3, $4)', [
          body.clientId,
          mutation.id,
          JSON.stringify(result),
          userId,
        ]);
        results.push(result);
        last = mutation.id;
      }
      if (last !== firstLast)
        await tx.query(
          'UPDATE sync_clients SET last_mutation_id = $2, updated_at = now() WHERE client_id = $1 AND user_id = $3',
          [body.clientId, last, userId],
        );
      return { results, last, applied: last !== firstLast };
    });
    if (outcome.applied) await ctx.afterCommit?.(body.clientId, outcome.last);
    return ok(c, { lastMutationId: outcome.last, results: outcome.results } satisfies PushResult);
  });

  api.get('/sync/pull', async (c) => {
    const query = readQuery(c, pullQuery);
    const doc = await memberDoc(db, c.get('session').userId, query.docId);
    return ok(c, await changesSince(db, doc.teamId, doc.id, query.since));
  });
}
