/**
 * Main API print templates (spec 000 §7): list with category and filters, create, and
 * get/put/delete by code. Same version locks as the other families: a PUT carries `lastVersion`.
 */
import type { Context, Hono } from 'hono';
import { createPrintTemplateBody, idParam, printTemplateListQuery, updatePrintTemplateBody } from '../../api/contract';
import type { AuthEnv } from '../auth';
import type { ServerContext } from '../context';
import { ok, parseWith, readBody, readQuery } from '../envelope';
import { teamOfRequest } from '../teams';
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

  async function scopeOf(c: C): Promise<TemplateScope> {
    const team = await teamOfRequest(db, c.get('session').userId, c.req.header('tenant-key'));
    return { teamId: team.id, family: 'print' };
  }

  api.get('/print-templates', async (c) => {
    const query = readQuery(c, printTemplateListQuery);
    return ok(
      c,
      await listTemplates(db, await scopeOf(c), {
        ...query,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      }),
    );
  });
  api.post('/print-templates', async (c) => {
    const scope = await scopeOf(c);
    const body = await readBody(c, createPrintTemplateBody);
    return ok(c, await createTemplate(db, scope, body, c.get('session').userId));
  });
  api.get('/print-templates/code/:id', async (c) => ok(c, await findTemplate(db, await scopeOf(c), param(c))));
  api.put('/print-templates/code/:id', async (c) => {
    const scope = await scopeOf(c);
    const body = await readBody(c, updatePrintTemplateBody);
    return ok(c, await saveDraft(db, scope, param(c), body.lastVersion, { content: body.content, name: body.name }));
  });
  api.delete('/print-templates/code/:id', async (c) => {
    await deleteTemplate(db, await scopeOf(c), param(c));
    return ok(c, null);
  });
}
