/**
 * Main API print templates (spec 000 §7): list with category and filters, create, and
 * get/put/delete by code. Same version locks as the other families: a PUT carries `lastVersion`.
 * A host base's templates: the base's access token is bound with `POST /api/secure/bind/{token}/
 * baseId/{baseId}` and then every call naming the base carries it as `baseAccessToken` (3021
 * otherwise); `/api/print/base/{baseId}/config` is the table's edit lock (baseConfig.ts).
 */
import type { Context, Hono } from 'hono';
import { createPrintTemplateBody, idParam, printTemplateListQuery, updatePrintTemplateBody } from '../../api/contract';
import type { AuthEnv } from '../auth';
import {
  baseConfigBody,
  baseConfigQuery,
  baseIdParam,
  baseOfToken,
  baseTokenParam,
  baseTokenQuery,
  bindBaseToken,
  checkBaseToken,
  checkNotLocked,
  hasBoundBases,
  readBaseConfig,
  writeBaseConfig,
} from '../baseConfig';
import type { ServerContext } from '../context';
import { invalid, ok, parseWith, readBody, readQuery } from '../envelope';
import { managesTeam, teamOfRequest } from '../teams';
import {
  createTemplate,
  deleteTemplate,
  findTemplate,
  listTemplates,
  saveDraft,
  type TemplateScope,
} from '../templates';

type C = Context<AuthEnv>;

export function printTemplateRoutes(api: Hono<AuthEnv>, ctx: ServerContext) {
  const { db } = ctx;
  const param = (c: C) => parseWith(idParam, c.req.param('id'), 'id');
  const team = (c: C) => teamOfRequest(db, c.get('session').userId, c.req.header('tenant-key'));
  const tokenOf = (c: C) => readQuery(c, baseTokenQuery).baseAccessToken;

  /** The template by code, its base's token checked. */
  async function guarded(c: C) {
    const t = await team(c);
    const scope: TemplateScope = { teamId: t.id, family: 'print' };
    const found = await findTemplate(db, scope, param(c));
    if (found.baseId) await checkBaseToken(db, t, found.baseId, tokenOf(c));
    return { team: t, scope, found };
  }

  api.get('/print-templates', async (c) => {
    const t = await team(c);
    const query = readQuery(c, printTemplateListQuery);
    const token = tokenOf(c);
    // The token alone names its base; a base named is checked against its token.
    const baseId = query.baseId ?? (token ? await baseOfToken(db, t, token) : undefined);
    if (baseId) await checkBaseToken(db, t, baseId, token);
    else if (await hasBoundBases(db, t))
      throw invalid('baseId or baseAccessToken is required', [{ path: 'baseId', reason: 'required' }]);
    return ok(
      c,
      await listTemplates(
        db,
        { teamId: t.id, family: 'print' },
        { ...query, baseId, offset: (query.pageNo - 1) * query.pageSize, limit: query.pageSize },
      ),
    );
  });
  api.post('/print-templates', async (c) => {
    const t = await team(c);
    const body = await readBody(c, createPrintTemplateBody);
    await checkBaseToken(db, t, body.baseId, tokenOf(c));
    await checkNotLocked(db, t, body.baseId, body.tableId);
    return ok(c, await createTemplate(db, { teamId: t.id, family: 'print' }, body, c.get('session').userId));
  });
  api.get('/print-templates/code/:id', async (c) => ok(c, (await guarded(c)).found));
  api.put('/print-templates/code/:id', async (c) => {
    const { team: t, scope, found } = await guarded(c);
    const body = await readBody(c, updatePrintTemplateBody);
    await checkNotLocked(db, t, found.baseId, found.tableId);
    return ok(c, await saveDraft(db, scope, found.id, body.lastVersion, { content: body.content, name: body.name }));
  });
  api.delete('/print-templates/code/:id', async (c) => {
    const { team: t, scope, found } = await guarded(c);
    await checkNotLocked(db, t, found.baseId, found.tableId);
    await deleteTemplate(db, scope, found.id);
    return ok(c, null);
  });

  // A base's access token, bound on first use (spec 000 §7 "POST /api/secure/bind/{token}/baseId/{baseId}").
  api.post('/secure/bind/:token/baseId/:baseId', async (c) => {
    const token = parseWith(baseTokenParam, c.req.param('token'), 'token');
    const baseId = parseWith(baseIdParam, c.req.param('baseId'), 'baseId');
    const bound = await team(c);
    return ok(c, await bindBaseToken(db, bound, baseId, token, c.get('session').userId, managesTeam(bound)));
  });

  // The base's edit lock per table (spec 000 §7: GET with tableId; POST with tableId and editLock).
  api.get('/print/base/:baseId/config', async (c) => {
    const t = await team(c);
    const baseId = parseWith(baseIdParam, c.req.param('baseId'), 'baseId');
    const query = readQuery(c, baseConfigQuery);
    await checkBaseToken(db, t, baseId, query.baseAccessToken);
    return ok(c, await readBaseConfig(db, t, baseId, query.tableId));
  });
  api.post('/print/base/:baseId/config', async (c) => {
    const t = await team(c);
    const baseId = parseWith(baseIdParam, c.req.param('baseId'), 'baseId');
    await checkBaseToken(db, t, baseId, tokenOf(c));
    const body = await readBody(c, baseConfigBody);
    return ok(c, await writeBaseConfig(db, t, baseId, body.tableId, body.editLock, c.get('session').userId));
  });
}
