/**
 * The open platform's render API (spec 000 §7, issue 15): a team's API keys, a document's
 * instances and their renders. Keys are managed by signed-in members; instances and renders
 * accept a key or a user token, so `renderApiRoutes` is mounted before the session check.
 */
import type { Context, Hono } from 'hono';
import {
  type ApiKeyAction,
  BODY_CODE,
  createApiKeyBody,
  createInstanceBody,
  type InstanceDto,
  idParam,
  type PreviewTemplateDto,
  pageQuery,
  previewFileQuery,
  previewSettingsBody,
  type RenderJobDto,
  renderBody,
  renderQuery,
  renderStatusQuery,
  snapshotEnvParam,
} from '../../api/contract';
import { parseDataSource } from '../../core/data/dataSource';
import { instanceValues } from '../../core/data/instanceValues';
import { QuireError } from '../../core/errors';
import { isOfficeKind } from '../../core/outputs/catalogue';
import { prepareOutputTemplate, type RenderedOutput } from '../../render/outputs/render';
import { createApiKey, listApiKeys, revokeApiKey } from '../apiKeys';
import { type AuthEnv, newId } from '../auth';
import { authenticateCaller, type Caller, callerDoc, callerId } from '../caller';
import type { ServerContext } from '../context';
import { enabledSnapshot, previewSettings, publicPreview, publicPreviewOff, setPublicPreview } from '../docs';
import { ApiError, notFound, ok, parseWith, readBody, readQuery } from '../envelope';
import { createJob, getJob, latestReleaseNo, loadRenderRequest, type RenderJobSpec } from '../render/jobs';
import { libreOfficeInstalled, targetsOf } from '../render/renderFile';
import { logDoc, managesTeam, memberDoc, memberTeam, onlyManagers, managedTeam as onlyManagersOf } from '../teams';

type C = Context<AuthEnv>;
const param = (c: C, name: string) => parseWith(idParam, c.req.param(name), name);

/** `GET|POST|DELETE` of a team's keys: any member lists them, owners and admins create and revoke. */
export function apiKeyRoutes(api: Hono<AuthEnv>, ctx: ServerContext) {
  const { db } = ctx;
  const userOf = (c: C) => c.get('session').userId;
  async function managedTeam(c: C) {
    const team = await memberTeam(db, userOf(c), param(c, 'teamId'));
    if (!managesTeam(team)) throw onlyManagers('create or delete API keys');
    return team;
  }

  api.get('/teams/:teamId/app-keys', async (c) => {
    const team = await memberTeam(db, userOf(c), param(c, 'teamId'));
    return ok(c, await listApiKeys(db, team.id));
  });
  api.post('/teams/:teamId/app-key', async (c) => {
    const team = await managedTeam(c);
    const body = await readBody(c, createApiKeyBody);
    return ok(c, await createApiKey(db, team.id, userOf(c), body.description, body));
  });
  // What the team may use of this server and uses now (read-only: the server's configuration sets it).
  api.get('/teams/:teamId/quotas', async (c) => {
    const team = await memberTeam(db, userOf(c), param(c, 'teamId'));
    return ok(c, await ctx.quotas.usage(team.id));
  });
  api.delete('/teams/:teamId/app-keys/:keyId', async (c) => {
    const team = await managedTeam(c);
    await revokeApiKey(db, team.id, param(c, 'keyId'));
    return ok(c, null);
  });

  // A document's public previews: on by default; members see the setting, owners and admins change it.
  const settingsPath = '/teams/:teamId/docs/:docId/preview-settings';
  api.get(settingsPath, async (c) => {
    const doc = await memberDoc(db, userOf(c), param(c, 'docId'), param(c, 'teamId'));
    return ok(c, await previewSettings(db, doc.teamId, doc.id));
  });
  api.put(settingsPath, async (c) => {
    const doc = await memberDoc(db, userOf(c), param(c, 'docId'), param(c, 'teamId'));
    await onlyManagersOf(db, userOf(c), doc.teamId, 'turn public previews on or off');
    const body = await readBody(c, previewSettingsBody);
    return ok(c, await db.transaction((tx) => setPublicPreview(tx, doc.teamId, doc.id, userOf(c), body.publicPreview)));
  });
}

/** What a template's stored content renders to, or nothing when it does not parse. */
function targetsOfContent(content: string): PreviewTemplateDto['targets'] {
  try {
    return targetsOf(prepareOutputTemplate(content));
  } catch {
    return [];
  }
}

/**
 * `open/t/:teamId/docs/:docId/preview/:instanceId`: an instance's preview for anyone with its
 * link, no sign-in — read-only, published releases only, refused (404) once the document turns
 * public previews off. Renders are rate-limited per document like a key's requests.
 */
function publicPreviewRoutes(api: Hono<AuthEnv>, ctx: ServerContext) {
  const { db } = ctx;
  const base = '/open/t/:teamId/docs/:docId/preview/:instanceId';
  const idsOf = (c: C) => ({
    teamId: param(c, 'teamId'),
    docId: param(c, 'docId'),
    instanceId: param(c, 'instanceId'),
  });
  api.get(base, async (c) => ok(c, await publicPreview(db, idsOf(c), targetsOfContent)));
  api.get(`${base}/file`, async (c) => {
    const ids = idsOf(c);
    const { templateId } = readQuery(c, previewFileQuery);
    const preview = await publicPreview(db, ids, targetsOfContent);
    const template = preview.templates.find((t) => t.id === templateId);
    if (!template || template.releaseNo === null) throw publicPreviewOff();
    const rate = await ctx.keyLimiter.take(`public:${ids.docId}`);
    if (!rate.allowed) {
      c.header('Retry-After', String(rate.retryAfterSeconds));
      throw new ApiError(429, BODY_CODE.tooManyAttempts, 'Forbidden', 'too many preview requests');
    }
    const targetType = template.targets.includes('pdf') ? 'pdf' : template.targets[0];
    if (!targetType) throw publicPreviewOff();
    const request = await loadRenderRequest(db, {
      ...ids,
      templateId,
      releaseNo: template.releaseNo,
      targetType,
      runtime: 'native',
    });
    // A public preview renders on its team's account, like any other render of the team.
    const done = await ctx.quotas.startRender(ids.teamId, (seconds) => c.header('Retry-After', String(seconds)));
    try {
      return fileResponse(c, fileOf(await ctx.render.render(request)));
    } finally {
      done();
    }
  });
}

interface InstanceRow {
  id: string;
  doc_id: string;
  data: Record<string, unknown>;
  created_at: Date;
}
const toInstanceDto = (row: InstanceRow): InstanceDto => ({
  id: row.id,
  docId: row.doc_id,
  data: row.data,
  createdAt: row.created_at.getTime(),
});

/** The file itself, with its own type; the name as an RFC 6266 `filename*` so any script survives. */
function fileResponse(c: C, file: { bytes: Uint8Array; mime: string; fileName: string }) {
  c.header('Content-Type', file.mime);
  c.header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200);
}

const fileOf = (rendered: RenderedOutput) => ({
  bytes: rendered.bytes,
  mime: rendered.mime,
  fileName: rendered.fileName ?? `document.${rendered.extension}`,
});

export function renderApiRoutes(api: Hono<AuthEnv>, ctx: ServerContext) {
  const { db } = ctx;

  /**
   * A signed-in user's renders are counted like a key's requests (keys are limited as they
   * authenticate, caller.ts): the same sliding window, `sessionMaxRenders` per user.
   */
  async function limitSessionRenders(c: C, caller: Caller): Promise<void> {
    if (caller.kind !== 'user') return;
    const rate = await ctx.renderLimiter.take(caller.userId);
    if (rate.allowed) return;
    c.header('Retry-After', String(rate.retryAfterSeconds));
    throw new ApiError(429, BODY_CODE.tooManyAttempts, 'Forbidden', 'too many renders; try again later');
  }

  /**
   * The caller and the document named by the path, checked (401 / 403 / 404) before anything else,
   * a scoped key's documents and actions included.
   */
  async function scope(
    c: C,
    action: ApiKeyAction,
  ): Promise<{ caller: Caller; teamId: string; docId: string; dataSource: unknown }> {
    const caller = await authenticateCaller(ctx, c);
    const doc = await callerDoc(ctx, caller, param(c, 'teamId'), param(c, 'docId'), action);
    return { caller, teamId: doc.teamId, docId: doc.id, dataSource: doc.dataSource };
  }

  async function findInstance(teamId: string, docId: string, instanceId: string): Promise<InstanceRow> {
    const [row] = await db.query<InstanceRow>(
      'SELECT id, doc_id, data, created_at FROM doc_instances WHERE id = $1 AND doc_id = $2 AND team_id = $3',
      [instanceId, docId, teamId],
    );
    if (!row) throw notFound('instance');
    return row;
  }

  const docPath = '/teams/:teamId/docs/:docId';

  publicPreviewRoutes(api, ctx);

  // The enabled templates as one release snapshot, for a key's system as for a member.
  api.get(`${docPath}/enabled-templates/snapshot/:env`, async (c) => {
    const { teamId, docId } = await scope(c, 'instances.read');
    const env = parseWith(snapshotEnvParam, c.req.param('env'), 'env');
    return ok(c, await enabledSnapshot(db, teamId, docId, env));
  });

  api.post(`${docPath}/instances`, async (c) => {
    const { caller, teamId, docId, dataSource } = await scope(c, 'instances.create');
    const body = await readBody(c, createInstanceBody);
    if (dataSource === null || dataSource === undefined)
      throw new ApiError(400, BODY_CODE.invalid, 'DocumentNotInited', 'the document has no data source yet');
    const values = instanceValues(parseDataSource(dataSource), body.data);
    // The team's instance quotas are checked after the insert, in its transaction: a refusal rolls it back.
    const row = await db.transaction(async (tx) => {
      await ctx.quotas.lockTeam(tx, teamId);
      const [inserted] = await tx.query<InstanceRow>(
        `INSERT INTO doc_instances (id, team_id, doc_id, data, created_by) VALUES ($1, $2, $3, $4, $5)
         RETURNING id, doc_id, data, created_at`,
        [newId('inst'), teamId, docId, JSON.stringify(values), callerId(caller)],
      );
      await ctx.quotas.checkInstances(tx, teamId);
      return inserted as InstanceRow;
    });
    return ok(c, toInstanceDto(row));
  });

  api.get(`${docPath}/instances`, async (c) => {
    const { teamId, docId } = await scope(c, 'instances.read');
    const page = readQuery(c, pageQuery);
    const [count] = await db.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM doc_instances WHERE doc_id = $1 AND team_id = $2',
      [docId, teamId],
    );
    const rows = await db.query<InstanceRow>(
      `SELECT id, doc_id, data, created_at FROM doc_instances WHERE doc_id = $1 AND team_id = $2
       ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
      [docId, teamId, page.pageSize, (page.pageNo - 1) * page.pageSize],
    );
    return ok(c, { total: Number(count?.n ?? 0), list: rows.map(toInstanceDto) });
  });

  // An instance and its render jobs (their files too) go at once (#33: everything stored has a lifetime).
  api.delete(`${docPath}/instances/:instanceId`, async (c) => {
    const { teamId, docId } = await scope(c, 'instances.delete');
    const rows = await db.query(
      'DELETE FROM doc_instances WHERE id = $1 AND doc_id = $2 AND team_id = $3 RETURNING id',
      [param(c, 'instanceId'), docId, teamId],
    );
    if (rows.length === 0) throw notFound('instance');
    return ok(c, null);
  });

  for (const prefix of [docPath, `${docPath}/snapshot/:env`]) {
    api.get(`${prefix}/instances/:instanceId`, async (c) => {
      const { teamId, docId } = await scope(c, 'instances.read');
      return ok(c, toInstanceDto(await findInstance(teamId, docId, param(c, 'instanceId'))));
    });

    api.post(`${prefix}/instances/:instanceId/render`, async (c) => {
      const { caller, teamId, docId } = await scope(c, 'render');
      await limitSessionRenders(c, caller);
      const instance = await findInstance(teamId, docId, param(c, 'instanceId'));
      const query = readQuery(c, renderQuery);
      const body = await readBody(c, renderBody);
      const spec: RenderJobSpec = {
        teamId,
        docId,
        instanceId: instance.id,
        templateId: query.templateId,
        releaseNo: await releaseOf(c, teamId, docId, query.templateId),
        targetType: body.targetType,
        runtime: body.runtime,
      };
      const request = await loadRenderRequest(db, spec);
      // A target the template cannot make is refused now, not when a job runs.
      const prepared = prepareOutputTemplate(request.content);
      if (spec.targetType === 'pdf' && isOfficeKind(prepared.kind) && !libreOfficeInstalled())
        throw new QuireError('OfficePdfUnavailable', {
          detail: 'this server has no LibreOffice to make Office templates into PDF',
          issues: [{ path: 'targetType', reason: `one of ${targetsOf(prepared).join(', ')}` }],
        });
      const targets = targetsOf(prepared);
      if (!targets.includes(spec.targetType))
        throw new ApiError(
          400,
          BODY_CODE.invalid,
          'InvalidTemplateType',
          `this template renders to ${targets.join(', ')}, not ${spec.targetType}`,
          { issues: [{ path: 'targetType', reason: `one of ${targets.join(', ')}` }] },
        );
      const large = JSON.stringify(request.values).length > ctx.config.largeJobBytes;
      const asJob = query.async || query.prerender || large;
      // A job's file is stored: a team whose stored results fill its quota gets no new one.
      if (asJob) await ctx.quotas.checkStoredFiles(teamId);
      const done = await ctx.quotas.startRender(teamId, (seconds) => c.header('Retry-After', String(seconds)), {
        synchronous: !asJob,
      });
      if (!asJob)
        try {
          return fileResponse(c, fileOf(await ctx.render.render(request)));
        } finally {
          done();
        }
      const jobId = await createJob(db, spec, { singleUse: body.singleUse });
      await (await ctx.render.queue()).enqueue(jobId);
      if (caller.kind === 'user')
        await logDoc(db, docId, caller.userId, 'instance.render', { instanceId: instance.id, jobId });
      return ok(c, { jobId, status: 'queued' } satisfies RenderJobDto);
    });

    api.get(`${prefix}/instances/:instanceId/render`, async (c) => {
      const { teamId, docId } = await scope(c, 'render');
      const query = readQuery(c, renderStatusQuery);
      const job = await getJob(db, teamId, docId, param(c, 'instanceId'), query.jobId);
      if (job.file) return fileResponse(c, job.file);
      const answer: RenderJobDto = { jobId: job.jobId, status: job.status };
      if (job.error) answer.error = job.error;
      return ok(c, answer);
    });
  }

  /**
   * Snapshot routes render a published release: `snapshot/latest` the newest, `snapshot/<n>`
   * release n. The plain routes render the draft.
   */
  async function releaseOf(c: C, teamId: string, docId: string, templateId: string): Promise<number | null> {
    const env = c.req.param('env');
    if (env === undefined) return null;
    if (env === 'latest') return latestReleaseNo(db, teamId, docId, templateId);
    const releaseNo = Number(env);
    if (!Number.isInteger(releaseNo) || releaseNo < 1)
      throw new ApiError(
        400,
        BODY_CODE.invalid,
        'DataInvalid',
        `snapshot '${env}' is not 'latest' or a release number`,
      );
    return releaseNo;
  }
}
