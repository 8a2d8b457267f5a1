/**
 * Templates with version locks — one mechanism for the open-platform, approval and main-API
 * families. Every write is a compare-and-set on `version` in one UPDATE, so two writers carrying
 * the same version can never both win, on PGlite or on PostgreSQL with many connections.
 */
import type { ReleaseDto, TemplateDto, TemplateFamily } from '../api/contract';
import { BODY_CODE } from '../api/contract';
import { QuireError } from '../core/errors';
import { newId } from './auth';
import type { Sql } from './db';
import { ApiError, templateNotFound, versionConflict } from './envelope';

interface TemplateRow {
  id: string;
  family: TemplateFamily;
  team_id: string;
  doc_id: string | null;
  approval_code: string | null;
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
  deleted: boolean;
  release_no: number;
  change_seq: number | string;
  created_at: Date;
  updated_at: Date;
}

interface ReleaseRow {
  template_id: string;
  release_no: number;
  version: number;
  name: string;
  content: string;
  deps: string[];
  note: string;
  created_by: string;
  created_at: Date;
}

function toTemplateDto(row: TemplateRow): TemplateDto {
  return {
    id: row.id,
    family: row.family,
    teamId: row.team_id,
    docId: row.doc_id,
    approvalCode: row.approval_code,
    name: row.name,
    content: row.content,
    deps: row.deps,
    type: row.type,
    category: row.category,
    baseId: row.base_id,
    tableId: row.table_id,
    version: row.version,
    lastVersionLock: row.version,
    enabled: row.enabled,
    status: row.status,
    outdated: row.outdated,
    deleted: row.deleted,
    releaseNo: row.release_no,
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
  };
}

const changeSeqOf = (row: { change_seq: number | string }) => Number(row.change_seq);

function toReleaseDto(row: ReleaseRow): ReleaseDto {
  return {
    templateId: row.template_id,
    releaseNo: row.release_no,
    version: row.version,
    name: row.name,
    content: row.content,
    deps: row.deps,
    note: row.note,
    createdBy: row.created_by,
    createdAt: row.created_at.getTime(),
  };
}

/** Content is a JSON string (spec 000 §3); anything else is 'template parse error'. */
function checkContent(content: string): void {
  try {
    JSON.parse(content);
  } catch {
    throw new QuireError('TemplateParseError', { issues: [{ path: 'content', reason: 'not valid JSON' }] });
  }
}

/** Where a template lives: the caller's team, and for the open family its document. */
export interface TemplateScope {
  teamId: string;
  family: TemplateFamily;
  docId?: string;
  approvalCode?: string;
}

const SCOPE_SQL = `team_id = $1 AND family = $2 AND ($3::text IS NULL OR doc_id = $3) AND ($4::text IS NULL OR approval_code = $4)`;
const scopeParams = (s: TemplateScope) => [s.teamId, s.family, s.docId ?? null, s.approvalCode ?? null];

export async function findTemplate(sql: Sql, scope: TemplateScope, id: string): Promise<TemplateDto> {
  const rows = await sql.query<TemplateRow>(`SELECT * FROM templates WHERE ${SCOPE_SQL} AND id = $5 AND NOT deleted`, [
    ...scopeParams(scope),
    id,
  ]);
  const row = rows[0];
  if (!row) throw templateNotFound(id);
  return toTemplateDto(row);
}

interface TemplateListFilter {
  baseId?: string;
  tableId?: string;
  category?: number;
  name?: string;
  enabledOnly?: boolean;
  publishedOnly?: boolean;
  offset: number;
  limit: number;
}

export async function listTemplates(sql: Sql, scope: TemplateScope, filter: TemplateListFilter) {
  const where = `${SCOPE_SQL} AND NOT deleted
    AND ($5::text IS NULL OR base_id = $5) AND ($6::text IS NULL OR table_id = $6)
    AND ($7::int IS NULL OR category = $7) AND ($8::text IS NULL OR position(lower($8) in lower(name)) > 0)
    AND (NOT $9::boolean OR enabled) AND (NOT $10::boolean OR release_no > 0)`;
  const params = [
    ...scopeParams(scope),
    filter.baseId ?? null,
    filter.tableId ?? null,
    filter.category ?? null,
    filter.name ?? null,
    filter.enabledOnly ?? false,
    filter.publishedOnly ?? false,
  ];
  const [count] = await sql.query<{ n: number | string }>(`SELECT count(*) AS n FROM templates WHERE ${where}`, params);
  const rows = await sql.query<TemplateRow>(
    `SELECT * FROM templates WHERE ${where} ORDER BY created_at, id LIMIT $11 OFFSET $12`,
    [...params, filter.limit, filter.offset],
  );
  return { total: Number(count?.n ?? 0), list: rows.map(toTemplateDto) };
}

export interface NewTemplate {
  id?: string;
  name: string;
  content: string;
  deps?: string[];
  type?: number;
  category?: number;
  baseId?: string;
  tableId?: string;
}

export async function createTemplate(sql: Sql, scope: TemplateScope, input: NewTemplate, userId: string) {
  checkContent(input.content);
  const id = input.id ?? newId('tpl');
  const rows = await sql.query<TemplateRow>(
    `INSERT INTO templates (id, family, team_id, doc_id, approval_code, name, content, deps, type, category,
       base_id, table_id, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (team_id, id) DO NOTHING RETURNING *`,
    [
      id,
      scope.family,
      scope.teamId,
      scope.docId ?? null,
      scope.approvalCode ?? null,
      input.name,
      input.content,
      JSON.stringify(input.deps ?? []),
      input.type ?? 1,
      input.category ?? 1,
      input.baseId ?? null,
      input.tableId ?? null,
      userId,
    ],
  );
  const row = rows[0];
  // Ids are per team: a client-chosen id taken in this team is refused, never merged; other teams'
  // ids are never seen (the same id in another team is another template).
  if (!row) throw new ApiError(409, BODY_CODE.invalid, 'DataInvalid', `template id ${id} is taken in this team`);
  return toTemplateDto(row);
}

/** Loads the current row to explain a refused compare-and-set: conflict, or gone. */
async function refuse(sql: Sql, scope: TemplateScope, id: string, sent: number): Promise<never> {
  throw versionConflict(await findTemplate(sql, scope, id), sent);
}

interface DraftChange {
  content?: string;
  deps?: string[];
  name?: string;
}

/** Saves a draft on top of `lastVersion`; any other current version is a conflict (409). */
export async function saveDraft(
  sql: Sql,
  scope: TemplateScope,
  id: string,
  lastVersion: number,
  change: DraftChange,
): Promise<TemplateDto> {
  if (change.content !== undefined) checkContent(change.content);
  const rows = await sql.query<TemplateRow>(
    `UPDATE templates SET
       content = coalesce($7, content), deps = coalesce($8::jsonb, deps), name = coalesce($9, name),
       version = version + 1, change_seq = nextval('template_change_seq'), updated_at = now()
     WHERE ${SCOPE_SQL} AND id = $5 AND version = $6 AND NOT deleted RETURNING *`,
    [
      ...scopeParams(scope),
      id,
      lastVersion,
      change.content ?? null,
      change.deps ? JSON.stringify(change.deps) : null,
      change.name ?? null,
    ],
  );
  const row = rows[0];
  if (!row) return refuse(sql, scope, id, lastVersion);
  return toTemplateDto(row);
}

/** Settings that are not the draft (enabled, status, outdated): no lock, but they count as writes. */
export async function updateFlags(
  sql: Sql,
  scope: TemplateScope,
  id: string,
  flags: { enabled?: boolean; status?: string; outdated?: true; name?: string },
): Promise<TemplateDto> {
  const rows = await sql.query<TemplateRow>(
    `UPDATE templates SET enabled = coalesce($6, enabled), status = coalesce($7, status),
       outdated = outdated OR coalesce($8, false), name = coalesce($9, name),
       version = version + 1, change_seq = nextval('template_change_seq'), updated_at = now()
     WHERE ${SCOPE_SQL} AND id = $5 AND NOT deleted RETURNING *`,
    [
      ...scopeParams(scope),
      id,
      flags.enabled ?? null,
      flags.status ?? null,
      flags.outdated ?? null,
      flags.name ?? null,
    ],
  );
  const row = rows[0];
  if (!row) throw templateNotFound(id);
  return toTemplateDto(row);
}

/**
 * Publishes the draft as the next immutable release. Needs the current version as its lock;
 * the draft's version does not change (publishing writes no draft content).
 */
export async function publish(
  sql: Sql,
  scope: TemplateScope,
  id: string,
  lastVersion: number,
  note: string,
  userId: string,
): Promise<{ template: TemplateDto; release: ReleaseDto }> {
  // Publishing moves the lock like a save: of two publishes sent with one version, the second
  // waits for the first's row lock, then finds the version moved and is refused (one release).
  const rows = await sql.query<TemplateRow>(
    `UPDATE templates SET release_no = release_no + 1, version = version + 1,
       change_seq = nextval('template_change_seq'), updated_at = now()
     WHERE ${SCOPE_SQL} AND id = $5 AND version = $6 AND NOT deleted RETURNING *`,
    [...scopeParams(scope), id, lastVersion],
  );
  const row = rows[0];
  if (!row) return refuse(sql, scope, id, lastVersion);
  const [release] = await sql.query<ReleaseRow>(
    `INSERT INTO template_releases (team_id, template_id, release_no, version, name, content, deps, note, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    // The release records the version that was published (the draft is one past it now).
    [row.team_id, row.id, row.release_no, lastVersion, row.name, row.content, JSON.stringify(row.deps), note, userId],
  );
  return { template: toTemplateDto(row), release: toReleaseDto(release as ReleaseRow) };
}

export async function listReleases(sql: Sql, scope: TemplateScope, id: string): Promise<ReleaseDto[]> {
  await findTemplate(sql, scope, id);
  const rows = await sql.query<ReleaseRow>(
    'SELECT * FROM template_releases WHERE team_id = $1 AND template_id = $2 ORDER BY release_no DESC',
    [scope.teamId, id],
  );
  return rows.map(toReleaseDto);
}

export async function getRelease(sql: Sql, scope: TemplateScope, id: string, releaseNo: number): Promise<ReleaseDto> {
  await findTemplate(sql, scope, id);
  const rows = await sql.query<ReleaseRow>(
    'SELECT * FROM template_releases WHERE team_id = $1 AND template_id = $2 AND release_no = $3',
    [scope.teamId, id, releaseNo],
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, BODY_CODE.notFound, 'NoTempalte', `release ${releaseNo} of ${id}`);
  return toReleaseDto(row);
}

/** Copies a release into the draft as a new version (the lock is checked like any save). */
export async function resetToRelease(
  sql: Sql,
  scope: TemplateScope,
  id: string,
  lastVersion: number,
  releaseNo: number,
): Promise<TemplateDto> {
  const release = await getRelease(sql, scope, id, releaseNo);
  return saveDraft(sql, scope, id, lastVersion, { content: release.content, deps: release.deps });
}

export async function copyTemplate(
  sql: Sql,
  scope: TemplateScope,
  id: string,
  userId: string,
  options: { id?: string; name?: string } = {},
): Promise<TemplateDto> {
  const source = await findTemplate(sql, scope, id);
  return createTemplate(
    sql,
    scope,
    {
      id: options.id,
      name: options.name ?? `${source.name} (copy)`,
      content: source.content,
      deps: source.deps,
      type: source.type,
      category: source.category,
      baseId: source.baseId ?? undefined,
      tableId: source.tableId ?? undefined,
    },
    userId,
  );
}

/** Soft delete, so other devices' pulls learn of it; the id stays taken. */
export async function deleteTemplate(sql: Sql, scope: TemplateScope, id: string): Promise<TemplateDto> {
  const rows = await sql.query<TemplateRow>(
    `UPDATE templates SET deleted = true, version = version + 1, change_seq = nextval('template_change_seq'),
       updated_at = now() WHERE ${SCOPE_SQL} AND id = $5 AND NOT deleted RETURNING *`,
    [...scopeParams(scope), id],
  );
  const row = rows[0];
  if (!row) throw templateNotFound(id);
  return toTemplateDto(row);
}

/** Templates of a document changed after `since` (deleted ones included), oldest change first. */
export async function changesSince(sql: Sql, teamId: string, docId: string, since: number, limit = 500) {
  const rows = await sql.query<TemplateRow>(
    `SELECT * FROM templates WHERE team_id = $1 AND doc_id = $2 AND family = 'open' AND change_seq > $3
     ORDER BY change_seq LIMIT $4`,
    [teamId, docId, since, limit],
  );
  const last = rows.at(-1);
  return { cursor: last ? changeSeqOf(last) : since, templates: rows.map(toTemplateDto) };
}
