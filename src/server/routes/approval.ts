/**
 * Approval templates (spec 000 §7, under /api/print-approval-v2): drafts saved with
 * `lastVersionLock`, releases published with the lock in the path, template-manages for
 * enable/disable, copy, status, reset to a release and the never-reset outdated flag.
 * The team is the one named by the `tenant-key` header, else the caller's default team.
 */
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import {
  approvalReleaseQuery,
  approvalTemplateQuery,
  copyTemplateBody,
  createApprovalTemplateBody,
  enableBody,
  idParam,
  manageUpdateBody,
  pageQuery,
  publishReleaseBody,
  resetApprovalBody,
  saveApprovalTemplateBody,
  statusBody,
} from '../../api/contract';
import type { AuthEnv } from '../auth';
import type { ServerContext } from '../context';
import { ok, parseWith, readBody, readQuery } from '../envelope';
import { managesTeam, onlyManagers, teamOfRequest } from '../teams';
import {
  copyTemplate,
  createTemplate,
  deleteTemplate,
  findTemplate,
  getRelease,
  listReleases,
  listTemplates,
  publish,
  resetToRelease,
  saveDraft,
  type TemplateScope,
  updateFlags,
} from '../templates';

type C = Context<AuthEnv>;
const lockParam = z.coerce.number().int().min(0);

export function approvalRoutes(api: Hono<AuthEnv>, ctx: ServerContext) {
  const { db } = ctx;
  const param = (c: C, name: string) => parseWith(idParam, c.req.param(name), name);

  async function scopeOf(c: C, managersOnly?: string): Promise<TemplateScope> {
    const team = await teamOfRequest(db, c.get('session').userId, c.req.header('tenant-key'));
    if (managersOnly && !managesTeam(team)) throw onlyManagers(managersOnly);
    return { teamId: team.id, family: 'approval', approvalCode: param(c, 'code') };
  }

  const templates = '/print-approval-v2/templates/:code';
  api.get(templates, async (c) => {
    const { templateId } = readQuery(c, approvalTemplateQuery);
    return ok(c, await findTemplate(db, await scopeOf(c), templateId));
  });
  api.post(templates, async (c) => {
    const scope = await scopeOf(c);
    const body = await readBody(c, createApprovalTemplateBody);
    return ok(c, await createTemplate(db, scope, body, c.get('session').userId));
  });
  api.put(templates, async (c) => {
    const scope = await scopeOf(c);
    const body = await readBody(c, saveApprovalTemplateBody);
    return ok(
      c,
      await saveDraft(db, scope, body.templateId, body.lastVersionLock, { content: body.content, name: body.name }),
    );
  });
  api.get(`${templates}/releases`, async (c) => {
    const { templateId } = readQuery(c, approvalTemplateQuery);
    return ok(c, await listReleases(db, await scopeOf(c), templateId));
  });
  api.get(`${templates}/release`, async (c) => {
    const query = readQuery(c, approvalReleaseQuery);
    return ok(c, await getRelease(db, await scopeOf(c), query.templateId, query.version));
  });
  api.post(`${templates}/publish-release/:lock`, async (c) => {
    const scope = await scopeOf(c, 'publish templates');
    const lock = parseWith(lockParam, c.req.param('lock'), 'lock');
    const body = await readBody(c, publishReleaseBody);
    return ok(
      c,
      await db.transaction((tx) => publish(tx, scope, body.templateId, lock, body.note, c.get('session').userId)),
    );
  });
  api.post(`${templates}/reset`, async (c) => {
    const scope = await scopeOf(c, 'reset templates to a release');
    const body = await readBody(c, resetApprovalBody);
    return ok(
      c,
      await db.transaction((tx) => resetToRelease(tx, scope, body.templateId, body.lastVersionLock, body.version)),
    );
  });

  const manages = '/print-approval-v2/template-manages/:code';
  api.get(manages, async (c) => {
    const page = readQuery(c, pageQuery);
    return ok(
      c,
      await listTemplates(db, await scopeOf(c), { offset: (page.pageNo - 1) * page.pageSize, limit: page.pageSize }),
    );
  });
  api.post(manages, async (c) => {
    const scope = await scopeOf(c);
    const body = await readBody(c, createApprovalTemplateBody);
    return ok(c, await createTemplate(db, scope, body, c.get('session').userId));
  });
  api.get(`${manages}/templateId/:id`, async (c) => ok(c, await findTemplate(db, await scopeOf(c), param(c, 'id'))));
  api.put(`${manages}/templateId/:id`, async (c) => {
    const scope = await scopeOf(c);
    const body = await readBody(c, manageUpdateBody);
    return ok(c, await updateFlags(db, scope, param(c, 'id'), body));
  });
  api.delete(`${manages}/templateId/:id`, async (c) => {
    await deleteTemplate(db, await scopeOf(c, 'delete templates'), param(c, 'id'));
    return ok(c, null);
  });
  api.get(`${manages}/enable`, async (c) => {
    const page = readQuery(c, pageQuery);
    return ok(
      c,
      await listTemplates(db, await scopeOf(c), {
        enabledOnly: true,
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      }),
    );
  });
  api.post(`${manages}/enable/:id`, async (c) => {
    const scope = await scopeOf(c);
    const body = await readBody(c, enableBody);
    return ok(c, await updateFlags(db, scope, param(c, 'id'), { enabled: body.enabled }));
  });
  api.post(`${manages}/copy/:id`, async (c) => {
    const scope = await scopeOf(c);
    const body = await readBody(c, copyTemplateBody);
    return ok(c, await copyTemplate(db, scope, param(c, 'id'), c.get('session').userId, body));
  });
  api.post(`${manages}/status`, async (c) => {
    const scope = await scopeOf(c);
    const body = await readBody(c, statusBody);
    return ok(c, await updateFlags(db, scope, body.templateId, { status: body.status }));
  });
}
