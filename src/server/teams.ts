/**
 * Teams, membership and documents. Every team-scoped query starts from `memberTeam`, which
 * answers 404 for a team the caller does not belong to: one team never sees another's data.
 */
import { BODY_CODE, type DocDto, type DocLogDto, type TeamDto, type TeamRole } from '../api/contract';
import { newId } from './auth';
import type { Sql } from './db';
import { ApiError, notFound } from './envelope';

interface TeamRow {
  id: string;
  team_key: string;
  name: string;
  role: TeamRole;
}

/** Spec 000 §6 ONLY_ADMIN_ALLOWED: a team's owners and admins only. */
export const onlyManagers = (what: string) =>
  new ApiError(403, BODY_CODE.forbidden, 'OnlyAdminAllowed', `only the team's owners and admins may ${what}`);

/** Owners and admins manage a team's name, members and invitations. */
export const managesTeam = (team: TeamDto) => team.role === 'owner' || team.role === 'admin';

/**
 * The team, when the caller is one of its owners or admins: 404 for non-members (as everywhere),
 * 403 `OnlyAdminAllowed` for members. What needs it is the role matrix in CONTEXT.md.
 */
export async function managedTeam(sql: Sql, userId: string, teamId: string, what: string): Promise<TeamDto> {
  const team = await memberTeam(sql, userId, teamId);
  if (!managesTeam(team)) throw onlyManagers(what);
  return team;
}

const toTeamDto = (row: TeamRow): TeamDto => ({ id: row.id, teamKey: row.team_key, name: row.name, role: row.role });

export async function createTeam(sql: Sql, userId: string, name: string): Promise<TeamDto> {
  const id = newId('team');
  const teamKey = newId('key');
  await sql.query('INSERT INTO teams (id, team_key, name, created_by) VALUES ($1, $2, $3, $4)', [
    id,
    teamKey,
    name,
    userId,
  ]);
  await sql.query(`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'owner')`, [id, userId]);
  return { id, teamKey, name, role: 'owner' };
}

export async function listTeams(sql: Sql, userId: string): Promise<TeamDto[]> {
  const rows = await sql.query<TeamRow>(
    `SELECT t.id, t.team_key, t.name, m.role FROM teams t JOIN team_members m ON m.team_id = t.id
     WHERE m.user_id = $1 ORDER BY t.created_at, t.id`,
    [userId],
  );
  return rows.map(toTeamDto);
}

export async function memberTeam(sql: Sql, userId: string, teamId: string): Promise<TeamDto> {
  const rows = await sql.query<TeamRow>(
    `SELECT t.id, t.team_key, t.name, m.role FROM teams t JOIN team_members m ON m.team_id = t.id
     WHERE m.user_id = $1 AND t.id = $2`,
    [userId, teamId],
  );
  const row = rows[0];
  if (!row) throw notFound('team');
  return toTeamDto(row);
}

async function memberTeamByKey(sql: Sql, userId: string, teamKey: string): Promise<TeamDto> {
  const rows = await sql.query<TeamRow>(
    `SELECT t.id, t.team_key, t.name, m.role FROM teams t JOIN team_members m ON m.team_id = t.id
     WHERE m.user_id = $1 AND t.team_key = $2`,
    [userId, teamKey],
  );
  const row = rows[0];
  if (!row) throw notFound('team');
  return toTeamDto(row);
}

/**
 * The team of a main-API or approval call: the one named by the `tenant-key` header (spec 000 §7),
 * else the caller's default team.
 */
export async function teamOfRequest(sql: Sql, userId: string, tenantKey: string | undefined): Promise<TeamDto> {
  if (tenantKey) return memberTeamByKey(sql, userId, tenantKey);
  const rows = await sql.query<{ default_team_id: string | null }>('SELECT default_team_id FROM users WHERE id = $1', [
    userId,
  ]);
  const teamId = rows[0]?.default_team_id;
  if (!teamId) throw notFound('team');
  return memberTeam(sql, userId, teamId);
}

export async function renameTeam(sql: Sql, userId: string, teamKey: string, name: string): Promise<TeamDto> {
  const team = await memberTeamByKey(sql, userId, teamKey);
  if (!managesTeam(team)) throw onlyManagers('rename the team');
  await sql.query('UPDATE teams SET name = $1 WHERE id = $2', [name, team.id]);
  return { ...team, name };
}

export async function addMember(sql: Sql, userId: string, teamId: string, email: string) {
  const team = await memberTeam(sql, userId, teamId);
  if (!managesTeam(team)) throw onlyManagers('add members');
  const users = await sql.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]);
  const member = users[0];
  if (!member) throw notFound('user');
  await sql.query(
    `INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, 'member') ON CONFLICT DO NOTHING`,
    [team.id, member.id],
  );
  return { teamId: team.id, userId: member.id };
}

// ---- documents --------------------------------------------------------------------------------

interface DocRow {
  id: string;
  team_id: string;
  name: string;
  status: 'active' | 'archived';
  data_source: unknown;
  sample_data: unknown;
  created_at: Date;
  updated_at: Date;
}

const toDocDto = (row: DocRow): DocDto => ({
  id: row.id,
  teamId: row.team_id,
  name: row.name,
  status: row.status,
  dataSource: row.data_source ?? null,
  sampleData: row.sample_data ?? null,
  createdAt: row.created_at.getTime(),
  updatedAt: row.updated_at.getTime(),
});

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function createDoc(
  sql: Sql,
  teamId: string,
  userId: string,
  input: { name: string; dataSource?: unknown; sampleData?: unknown },
): Promise<DocDto> {
  const [row] = await sql.query<DocRow>(
    `INSERT INTO docs (id, team_id, name, data_source, sample_data) VALUES ($1, $2, $3, $4, $5) RETURNING *`,
    [newId('doc'), teamId, input.name, json(input.dataSource), json(input.sampleData)],
  );
  const doc = toDocDto(row as DocRow);
  await logDoc(sql, doc.id, userId, 'doc.create', { name: doc.name });
  return doc;
}

export async function findDoc(sql: Sql, teamId: string, docId: string): Promise<DocDto> {
  const rows = await sql.query<DocRow>('SELECT * FROM docs WHERE team_id = $1 AND id = $2 AND NOT deleted', [
    teamId,
    docId,
  ]);
  const row = rows[0];
  if (!row) throw notFound('document');
  return toDocDto(row);
}

/**
 * A document the caller may reach through their team membership — one query for the check and
 * the read. `teamId` narrows it to the team named in the path.
 */
export async function memberDoc(sql: Sql, userId: string, docId: string, teamId?: string): Promise<DocDto> {
  const rows = await sql.query<DocRow>(
    `SELECT d.* FROM docs d JOIN team_members m ON m.team_id = d.team_id
     WHERE m.user_id = $1 AND d.id = $2 AND ($3::text IS NULL OR d.team_id = $3) AND NOT d.deleted`,
    [userId, docId, teamId ?? null],
  );
  const row = rows[0];
  if (!row) throw notFound('document');
  return toDocDto(row);
}

export async function listDocs(sql: Sql, teamId: string, offset: number, limit: number) {
  const [count] = await sql.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM docs WHERE team_id = $1 AND NOT deleted',
    [teamId],
  );
  const rows = await sql.query<DocRow>(
    'SELECT * FROM docs WHERE team_id = $1 AND NOT deleted ORDER BY created_at, id LIMIT $2 OFFSET $3',
    [teamId, limit, offset],
  );
  return { total: Number(count?.n ?? 0), list: rows.map(toDocDto) };
}

export async function updateDoc(
  sql: Sql,
  teamId: string,
  docId: string,
  userId: string,
  change: { name?: string; dataSource?: unknown; sampleData?: unknown; status?: string },
): Promise<DocDto> {
  const rows = await sql.query<DocRow>(
    `UPDATE docs SET name = coalesce($3, name), data_source = coalesce($4::jsonb, data_source),
       sample_data = coalesce($5::jsonb, sample_data), status = coalesce($6, status), updated_at = now()
     WHERE team_id = $1 AND id = $2 AND NOT deleted RETURNING *`,
    [teamId, docId, change.name ?? null, json(change.dataSource), json(change.sampleData), change.status ?? null],
  );
  const row = rows[0];
  if (!row) throw notFound('document');
  await logDoc(
    sql,
    docId,
    userId,
    change.status ? 'doc.status' : 'doc.update',
    change.status ? { status: change.status } : { name: change.name },
  );
  return toDocDto(row);
}

export async function deleteDoc(sql: Sql, teamId: string, docId: string, userId: string): Promise<void> {
  const rows = await sql.query(
    'UPDATE docs SET deleted = true WHERE team_id = $1 AND id = $2 AND NOT deleted RETURNING id',
    [teamId, docId],
  );
  if (rows.length === 0) throw notFound('document');
  await logDoc(sql, docId, userId, 'doc.delete', null);
}

export async function logDoc(sql: Sql, docId: string, userId: string, action: string, detail: unknown) {
  await sql.query('INSERT INTO doc_logs (doc_id, user_id, action, detail) VALUES ($1, $2, $3, $4)', [
    docId,
    userId,
    action,
    json(detail),
  ]);
}

export async function docLogs(sql: Sql, docId: string, offset: number, limit: number) {
  const [count] = await sql.query<{ n: number | string }>('SELECT count(*) AS n FROM doc_logs WHERE doc_id = $1', [
    docId,
  ]);
  const rows = await sql.query<{
    id: number | string;
    user_id: string;
    action: string;
    detail: unknown;
    created_at: Date;
  }>('SELECT * FROM doc_logs WHERE doc_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3', [docId, limit, offset]);
  const list: DocLogDto[] = rows.map((r) => ({
    id: Number(r.id),
    userId: r.user_id,
    action: r.action,
    detail: r.detail ?? null,
    createdAt: r.created_at.getTime(),
  }));
  return { total: Number(count?.n ?? 0), list };
}
