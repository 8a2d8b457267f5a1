/**
 * A document's screens beyond its CRUD (issue 15, docs): whether its instances have public
 * previews, what such a preview shows, and the enabled templates as one release snapshot.
 * Every query names team, document and instance together: one team never reaches another's data.
 */
import type { PreviewSettingsDto, PreviewTemplateDto, PublicPreviewDto, TemplateDto } from '../api/contract';
import { BODY_CODE } from '../api/contract';
import type { Sql } from './db';
import { ApiError, notFound } from './envelope';
import { logDoc } from './teams';

export async function previewSettings(sql: Sql, teamId: string, docId: string): Promise<PreviewSettingsDto> {
  const [row] = await sql.query<{ public_preview: boolean }>(
    'SELECT public_preview FROM docs WHERE team_id = $1 AND id = $2 AND NOT deleted',
    [teamId, docId],
  );
  if (!row) throw notFound('document');
  return { publicPreview: row.public_preview };
}

export async function setPublicPreview(
  sql: Sql,
  teamId: string,
  docId: string,
  userId: string,
  publicPreview: boolean,
): Promise<PreviewSettingsDto> {
  const rows = await sql.query(
    'UPDATE docs SET public_preview = $3, updated_at = now() WHERE team_id = $1 AND id = $2 AND NOT deleted RETURNING id',
    [teamId, docId, publicPreview],
  );
  if (rows.length === 0) throw notFound('document');
  await logDoc(sql, docId, userId, 'doc.publicPreview', { publicPreview });
  return { publicPreview };
}

/** The answer of every refused public preview: the same whether the doc is private or absent. */
export const publicPreviewOff = () =>
  new ApiError(404, BODY_CODE.notFound, 'PublicPreviewOff', 'no public preview at this address');

interface PreviewTemplateRow {
  id: string;
  name: string;
  release_no: number;
  content: string;
}

/**
 * What the public preview of an instance shows: the document's enabled templates as published
 * (their latest release; a draft is work in progress and never public). Refused alike when any of
 * team, document or instance does not match, or the document turned public previews off.
 */
export async function publicPreview(
  sql: Sql,
  ids: { teamId: string; docId: string; instanceId: string },
  targetsOf: (content: string) => PreviewTemplateDto['targets'],
): Promise<PublicPreviewDto> {
  const [row] = await sql.query<{ name: string; created_at: Date }>(
    `SELECT d.name, i.created_at FROM doc_instances i JOIN docs d ON d.id = i.doc_id AND d.team_id = i.team_id
     WHERE i.id = $1 AND i.doc_id = $2 AND i.team_id = $3 AND NOT d.deleted AND d.public_preview`,
    [ids.instanceId, ids.docId, ids.teamId],
  );
  if (!row) throw publicPreviewOff();
  const templates = await sql.query<PreviewTemplateRow>(
    `SELECT t.id, r.name, t.release_no, r.content FROM templates t
     JOIN template_releases r ON r.team_id = t.team_id AND r.template_id = t.id AND r.release_no = t.release_no
     WHERE t.team_id = $1 AND t.doc_id = $2 AND t.family = 'open' AND t.enabled AND NOT t.deleted
     ORDER BY t.created_at, t.id`,
    [ids.teamId, ids.docId],
  );
  return {
    docName: row.name,
    instanceId: ids.instanceId,
    createdAt: row.created_at.getTime(),
    templates: templates.map((t) => ({
      id: t.id,
      name: t.name,
      releaseNo: t.release_no,
      targets: targetsOf(t.content),
    })),
  };
}

interface SnapshotRow {
  id: string;
  team_id: string;
  doc_id: string;
  name: string;
  content: string;
  deps: string[];
  type: number;
  category: number;
  base_id: string | null;
  table_id: string | null;
  version: number;
  enabled: boolean;
  status: string;
  outdated: boolean;
  release_no: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * `enabled-templates/snapshot/{env}`: each enabled template as the release `env` names — its
 * newest (`latest`) or release n (templates without that release are left out).
 */
export async function enabledSnapshot(
  sql: Sql,
  teamId: string,
  docId: string,
  env: 'latest' | number,
): Promise<TemplateDto[]> {
  const rows = await sql.query<SnapshotRow>(
    `SELECT t.id, t.team_id, t.doc_id, r.name, r.content, r.deps, t.type, t.category, t.base_id, t.table_id,
            r.version, t.enabled, t.status, t.outdated, r.release_no, t.created_at, r.created_at AS updated_at
     FROM templates t JOIN template_releases r ON r.team_id = t.team_id AND r.template_id = t.id
     WHERE t.team_id = $1 AND t.doc_id = $2 AND t.family = 'open' AND t.enabled AND NOT t.deleted
       AND r.release_no = CASE WHEN $3::integer IS NULL THEN t.release_no ELSE $3::integer END
     ORDER BY t.created_at, t.id`,
    [teamId, docId, env === 'latest' ? null : env],
  );
  // Nothing published (or no such release): there is no snapshot to answer, not an empty one.
  if (rows.length === 0)
    throw new ApiError(404, BODY_CODE.notFound, 'NoTempalte', `no published release (${String(env)}) of this document`);
  return rows.map((r) => ({
    id: r.id,
    family: 'open',
    teamId: r.team_id,
    docId: r.doc_id,
    approvalCode: null,
    name: r.name,
    content: r.content,
    deps: r.deps,
    type: r.type,
    category: r.category,
    baseId: r.base_id,
    tableId: r.table_id,
    version: r.version,
    lastVersionLock: r.version,
    enabled: r.enabled,
    status: r.status,
    outdated: r.outdated,
    deleted: false,
    releaseNo: r.release_no,
    createdAt: r.created_at.getTime(),
    updatedAt: r.updated_at.getTime(),
  }));
}
