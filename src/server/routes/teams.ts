/** Open platform: teams, documents and their templates (spec 000 §7, "Open platform"). */
import type { Context, Hono } from 'hono';
import {
  addMemberBody,
  changeRoleBody,
  copyTemplateBody,
  createDocBody,
  createInvitationBody,
  createOpenTemplateBody,
  createTeamBody,
  DEFAULT_DOC_NAME,
  docStatusBody,
  idParam,
  pageQuery,
  publishTemplateBody,
  renameTemplateBody,
  resetTemplateBody,
  saveTemplateBody,
  updateDocBody,
  updateTeamBody,
} from '../../api/contract';
import type { AuthEnv } from '../auth';
import type { ServerContext } from '../context';
import { ok, parseWith, readBody, readQuery, templateNotFound } from '../envelope';
import { invitationMailer } from '../invitationMail';
import { changeRole, createInvitation, listInvitations, listMembers, removeMember, revokeInvitation } from '../members';
import {
  addMember,
  createDoc,
  createTeam,
  deleteDoc,
  docLogs,
  findDoc,
  listDocs,
  listTeams,
  logDoc,
  managedTeam,
  memberDoc,
  memberTeam,
  renameTeam,
  updateDoc,
} from '../teams';
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
const param = (c: C, name: string) => parseWith(idParam, c.req.param(name), name);

export function teamRoutes(api: Hono<AuthEnv>, ctx: ServerContext) {
  const { db } = ctx;
  const userOf = (c: C) => c.get('session').userId;

  /** The caller's team and one of its documents, or 404. */
  async function docScope(c: C): Promise<TemplateScope & { docId: string }> {
    const doc = await memberDoc(db, userOf(c), param(c, 'docId'), param(c, 'teamId'));
    return { teamId: doc.teamId, family: 'open', docId: doc.id };
  }

  api.get('/teams', async (c) => ok(c, await listTeams(db, userOf(c))));
  api.post('/teams', async (c) => {
    const body = await readBody(c, createTeamBody);
    return ok(c, await db.transaction((tx) => createTeam(tx, userOf(c), body.name)));
  });
  api.get('/teams/:teamId/current', async (c) => ok(c, await memberTeam(db, userOf(c), param(c, 'teamId'))));
  api.put('/teams/:teamKey', async (c) => {
    const body = await readBody(c, updateTeamBody);
    return ok(c, await renameTeam(db, userOf(c), param(c, 'teamKey'), body.name));
  });
  api.post('/teams/:teamId/members', async (c) => {
    const body = await readBody(c, addMemberBody);
    return ok(c, await addMember(db, userOf(c), param(c, 'teamId'), body.email));
  });

  // ---- members and invitation links (#15) ----
  api.get('/teams/:teamId/members', async (c) => ok(c, await listMembers(db, userOf(c), param(c, 'teamId'))));
  api.put('/teams/:teamId/members/:userId', async (c) => {
    const body = await readBody(c, changeRoleBody);
    const [teamId, userId] = [param(c, 'teamId'), param(c, 'userId')];
    await db.transaction((tx) => changeRole(tx, userOf(c), teamId, userId, body.role));
    return ok(c, await listMembers(db, userOf(c), teamId));
  });
  api.delete('/teams/:teamId/members/:userId', async (c) => {
    const [teamId, userId] = [param(c, 'teamId'), param(c, 'userId')];
    await db.transaction((tx) => removeMember(tx, userOf(c), teamId, userId));
    return ok(c, null);
  });
  api.get('/teams/:teamId/invitations', async (c) => ok(c, await listInvitations(db, userOf(c), param(c, 'teamId'))));
  const mailInvitation = invitationMailer(ctx);
  api.post('/teams/:teamId/invitations', async (c) => {
    const body = await readBody(c, createInvitationBody);
    const [actorId, teamId] = [userOf(c), param(c, 'teamId')];
    if (body.email === undefined) return ok(c, await createInvitation(db, actorId, teamId, body));
    const [lang, origin] = [c.req.header('lang'), ctx.publicOrigin(c)];
    return ok(c, await mailInvitation({ ...body, email: body.email, actorId, teamId, lang, origin }));
  });
  api.delete('/teams/:teamId/invitations/:invitationId', async (c) => {
    await revokeInvitation(db, userOf(c), param(c, 'teamId'), param(c, 'invitationId'));
    return ok(c, null);
  });

  // ---- documents ----
  api.get('/teams/:teamId/docs', async (c) => {
    const team = await memberTeam(db, userOf(c), param(c, 'teamId'));
    const page = readQuery(c, pageQuery);
    return ok(c, await listDocs(db, team.id, (page.pageNo - 1) * page.pageSize, page.pageSize));
  });
  api.post('/teams/:teamId/docs', async (c) => {
    const team = await memberTeam(db, userOf(c), param(c, 'teamId'));
    const body = await readBody(c, createDocBody);
    const name = body.name?.trim() || DEFAULT_DOC_NAME;
    return ok(c, await db.transaction((tx) => createDoc(tx, team.id, userOf(c), { ...body, name })));
  });
  api.get('/teams/:teamId/docs/:docId', async (c) => {
    const { teamId, docId } = await docScope(c);
    return ok(c, await findDoc(db, teamId, docId));
  });
  api.put('/teams/:teamId/docs/:docId', async (c) => {
    const { teamId, docId } = await docScope(c);
    const body = await readBody(c, updateDocBody);
    return ok(c, await db.transaction((tx) => updateDoc(tx, teamId, docId, userOf(c), body)));
  });
  api.delete('/teams/:teamId/docs/:docId', async (c) => {
    const { teamId, docId } = await docScope(c);
    await managedTeam(db, userOf(c), teamId, 'delete documents');
    await db.transaction((tx) => deleteDoc(tx, teamId, docId, userOf(c)));
    return ok(c, null);
  });
  api.put('/teams/:teamId/docs/:docId/status', async (c) => {
    const { teamId, docId } = await docScope(c);
    await managedTeam(db, userOf(c), teamId, 'archive or restore documents');
    const body = await readBody(c, docStatusBody);
    return ok(c, await db.transaction((tx) => updateDoc(tx, teamId, docId, userOf(c), { status: body.status })));
  });
  api.get('/teams/:teamId/docs/:docId/logs', async (c) => {
    const { docId } = await docScope(c);
    const page = readQuery(c, pageQuery);
    return ok(c, await docLogs(db, docId, (page.pageNo - 1) * page.pageSize, page.pageSize));
  });

  // ---- templates of a document ----
  const base = '/teams/:teamId/docs/:docId/templates';
  api.get(base, async (c) => {
    const scope = await docScope(c);
    const page = readQuery(c, pageQuery);
    return ok(c, await listTemplates(db, scope, { offset: (page.pageNo - 1) * page.pageSize, limit: page.pageSize }));
  });
  api.post(base, async (c) => {
    const scope = await docScope(c);
    const body = await readBody(c, createOpenTemplateBody);
    const template = await db.transaction(async (tx) => {
      const created = await createTemplate(tx, scope, body, userOf(c));
      await logDoc(tx, scope.docId, userOf(c), 'template.create', { templateId: created.id, name: created.name });
      return created;
    });
    return ok(c, template);
  });
  api.get(`${base}/:templateId`, async (c) => {
    const scope = await docScope(c);
    return ok(c, await findTemplate(db, scope, param(c, 'templateId')));
  });
  api.put(`${base}/:templateId`, async (c) => {
    const scope = await docScope(c);
    const body = await readBody(c, saveTemplateBody);
    return ok(c, await saveDraft(db, scope, param(c, 'templateId'), body.lastVersion, body));
  });
  api.delete(`${base}/:templateId`, async (c) => {
    const scope = await docScope(c);
    await managedTeam(db, userOf(c), scope.teamId, 'delete templates');
    const id = param(c, 'templateId');
    await db.transaction(async (tx) => {
      await deleteTemplate(tx, scope, id);
      await logDoc(tx, scope.docId, userOf(c), 'template.delete', { templateId: id });
    });
    return ok(c, null);
  });
  api.put(`${base}/:templateId/name`, async (c) => {
    const scope = await docScope(c);
    const body = await readBody(c, renameTemplateBody);
    return ok(c, await updateFlags(db, scope, param(c, 'templateId'), { name: body.name }));
  });
  api.post(`${base}/:templateId/copy`, async (c) => {
    const scope = await docScope(c);
    const body = await readBody(c, copyTemplateBody);
    return ok(c, await copyTemplate(db, scope, param(c, 'templateId'), userOf(c), body));
  });
  api.post(`${base}/:templateId/publish`, async (c) => {
    const scope = await docScope(c);
    await managedTeam(db, userOf(c), scope.teamId, 'publish templates');
    const body = await readBody(c, publishTemplateBody);
    const id = param(c, 'templateId');
    const result = await db.transaction(async (tx) => {
      const published = await publish(tx, scope, id, body.lastVersion, body.note, userOf(c));
      await logDoc(tx, scope.docId, userOf(c), 'template.publish', {
        templateId: id,
        releaseNo: published.release.releaseNo,
      });
      return published;
    });
    return ok(c, result);
  });
  api.post(`${base}/:templateId/reset`, async (c) => {
    const scope = await docScope(c);
    await managedTeam(db, userOf(c), scope.teamId, 'reset templates to a release');
    const body = await readBody(c, resetTemplateBody);
    return ok(
      c,
      await db.transaction((tx) => resetToRelease(tx, scope, param(c, 'templateId'), body.lastVersion, body.releaseNo)),
    );
  });
  api.get('/teams/:teamId/docs/:docId/enabled-templates', async (c) => {
    const scope = await docScope(c);
    const page = readQuery(c, pageQuery);
    return ok(
      c,
      await listTemplates(db, scope, {
        enabledOnly: true,
        publishedOnly: true,
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      }),
    );
  });
  api.get('/teams/:teamId/docs/:docId/enabled-templates/:templateId', async (c) => {
    const scope = await docScope(c);
    const template = await findTemplate(db, scope, param(c, 'templateId'));
    // An enabled template is served as its latest release: what was published, not the draft.
    const release =
      template.enabled && template.releaseNo > 0 ? await getRelease(db, scope, template.id, template.releaseNo) : null;
    if (!release) throw templateNotFound(template.id);
    return ok(c, {
      ...template,
      name: release.name,
      content: release.content,
      deps: release.deps,
      releaseNo: release.releaseNo,
    });
  });

  // Releases are addressed by document only (spec 000 §7); membership comes from the document's team.
  api.get('/docs/:docId/templates/:templateId/releases', async (c) => {
    const doc = await memberDoc(db, userOf(c), param(c, 'docId'));
    const scope: TemplateScope = { teamId: doc.teamId, family: 'open', docId: doc.id };
    return ok(c, await listReleases(db, scope, param(c, 'templateId')));
  });
}
