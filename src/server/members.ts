/**
 * A team's members and invitation links (#15). Owners and admins manage; only owners make or
 * unmake owners; a team always keeps one owner. Every change locks the team's row first, so two
 * owners demoting each other at the same moment cannot leave the team with none.
 */
import { randomBytes } from 'node:crypto';
import {
  BODY_CODE,
  type InvitationCreatedDto,
  type InvitationDto,
  type InvitationPreviewDto,
  type MemberDto,
  type TeamDto,
  type TeamRole,
} from '../api/contract';
import { newId } from './auth';
import type { Sql } from './db';
import { digest } from './digest';
import { ApiError, forbidden, notFound } from './envelope';
import { managesTeam, memberTeam, onlyManagers } from './teams';

const DAY_MS = 24 * 3600_000;

const lastOwner = () =>
  new ApiError(400, BODY_CODE.invalid, 'LastOwner', 'the last owner can be neither removed nor demoted');
export const invitationInvalid = () => new ApiError(404, BODY_CODE.notFound, 'InvitationInvalid');

/** The caller's membership, with the team's row locked until the transaction ends. */
async function lockedTeam(tx: Sql, userId: string, teamId: string): Promise<TeamDto> {
  const team = await memberTeam(tx, userId, teamId);
  await tx.query('SELECT id FROM teams WHERE id = $1 FOR UPDATE', [team.id]);
  // Read again under the lock: the caller's own role may just have changed.
  return memberTeam(tx, userId, team.id);
}

async function roleOf(tx: Sql, teamId: string, userId: string): Promise<TeamRole> {
  const rows = await tx.query<{ role: TeamRole }>('SELECT role FROM team_members WHERE team_id = $1 AND user_id = $2', [
    teamId,
    userId,
  ]);
  const row = rows[0];
  if (!row) throw notFound('member');
  return row.role;
}

async function ownerCount(tx: Sql, teamId: string): Promise<number> {
  const [row] = await tx.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM team_members WHERE team_id = $1 AND role = 'owner'`,
    [teamId],
  );
  return Number(row?.n ?? 0);
}

export async function listMembers(sql: Sql, userId: string, teamId: string): Promise<MemberDto[]> {
  const team = await memberTeam(sql, userId, teamId);
  const rows = await sql.query<{ user_id: string; name: string; email: string; role: TeamRole; joined_at: Date }>(
    `SELECT m.user_id, u.name, u.email, m.role, m.joined_at FROM team_members m JOIN users u ON u.id = m.user_id
     WHERE m.team_id = $1
     ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, m.joined_at, u.name`,
    [team.id],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    name: r.name,
    email: r.email,
    role: r.role,
    joinedAt: r.joined_at.getTime(),
  }));
}

export async function changeRole(tx: Sql, actorId: string, teamId: string, targetId: string, role: TeamRole) {
  const team = await lockedTeam(tx, actorId, teamId);
  if (!managesTeam(team)) throw onlyManagers('change roles');
  const current = await roleOf(tx, team.id, targetId);
  if (team.role !== 'owner' && (current === 'owner' || role === 'owner'))
    throw forbidden('only an owner may make or unmake owners');
  if (current === 'owner' && role !== 'owner' && (await ownerCount(tx, team.id)) <= 1) throw lastOwner();
  await tx.query('UPDATE team_members SET role = $3 WHERE team_id = $1 AND user_id = $2', [team.id, targetId, role]);
}

/** Removes a member, or the caller themself (leaving the team: anyone may, except the last owner). */
export async function removeMember(tx: Sql, actorId: string, teamId: string, targetId: string) {
  const team = await lockedTeam(tx, actorId, teamId);
  const current = await roleOf(tx, team.id, targetId);
  if (targetId !== actorId) {
    if (!managesTeam(team)) throw onlyManagers('remove members');
    if (team.role !== 'owner' && current === 'owner') throw forbidden('only an owner may remove an owner');
  }
  if (current === 'owner' && (await ownerCount(tx, team.id)) <= 1) throw lastOwner();
  await tx.query('DELETE FROM team_members WHERE team_id = $1 AND user_id = $2', [team.id, targetId]);
  // The main API's calls fall back to the default team: point it at a team they still belong to.
  await tx.query(
    `UPDATE users SET default_team_id = (
       SELECT m.team_id FROM team_members m JOIN teams t ON t.id = m.team_id
       WHERE m.user_id = $1 ORDER BY t.created_at, t.id LIMIT 1)
     WHERE id = $1 AND default_team_id = $2`,
    [targetId, team.id],
  );
}

// ---- invitation links -------------------------------------------------------------------------

interface InvitationRow {
  id: string;
  role: TeamRole;
  prefix: string;
  created_at: Date;
  expires_at: Date;
  accepted_count: number;
}

const toInvitationDto = (r: InvitationRow): InvitationDto => ({
  id: r.id,
  role: r.role,
  prefix: r.prefix,
  createdAt: r.created_at.getTime(),
  expiresAt: r.expires_at.getTime(),
  acceptedCount: Number(r.accepted_count),
});

export async function createInvitation(
  sql: Sql,
  actorId: string,
  teamId: string,
  input: { role: 'admin' | 'member'; expiresInDays: number },
): Promise<InvitationCreatedDto> {
  const team = await memberTeam(sql, actorId, teamId);
  if (!managesTeam(team)) throw onlyManagers('invite');
  const code = randomBytes(24).toString('base64url');
  const [row] = await sql.query<InvitationRow>(
    `INSERT INTO team_invitations (id, team_id, code_hash, prefix, role, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [
      newId('inv'),
      team.id,
      digest(code),
      code.slice(0, 6),
      input.role,
      actorId,
      new Date(Date.now() + input.expiresInDays * DAY_MS),
    ],
  );
  return { ...toInvitationDto(row as InvitationRow), code };
}

/** The links still usable (neither revoked nor expired), newest first. */
export async function listInvitations(sql: Sql, actorId: string, teamId: string): Promise<InvitationDto[]> {
  const team = await memberTeam(sql, actorId, teamId);
  if (!managesTeam(team)) throw onlyManagers('see invitations');
  const rows = await sql.query<InvitationRow>(
    `SELECT * FROM team_invitations WHERE team_id = $1 AND revoked_at IS NULL AND expires_at > now()
     ORDER BY created_at DESC, id`,
    [team.id],
  );
  return rows.map(toInvitationDto);
}

export async function revokeInvitation(sql: Sql, actorId: string, teamId: string, invitationId: string) {
  const team = await memberTeam(sql, actorId, teamId);
  if (!managesTeam(team)) throw onlyManagers('revoke invitations');
  const rows = await sql.query(
    'UPDATE team_invitations SET revoked_at = now() WHERE team_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id',
    [team.id, invitationId],
  );
  if (rows.length === 0) throw notFound('invitation');
}

async function usableInvitation(sql: Sql, code: string, lock: boolean) {
  const rows = await sql.query<InvitationRow & { team_id: string; team_name: string; inviter: string }>(
    `SELECT i.*, t.name AS team_name, u.name AS inviter FROM team_invitations i
     JOIN teams t ON t.id = i.team_id JOIN users u ON u.id = i.created_by
     WHERE i.code_hash = $1 AND i.revoked_at IS NULL AND i.expires_at > now()${lock ? ' FOR UPDATE OF i' : ''}`,
    [digest(code)],
  );
  const row = rows[0];
  if (!row) throw invitationInvalid();
  return row;
}

/** What the link's page shows before the visitor signs in: the team, who invited, the role. */
export async function previewInvitation(sql: Sql, code: string): Promise<InvitationPreviewDto> {
  const row = await usableInvitation(sql, code, false);
  return { teamName: row.team_name, invitedBy: row.inviter, role: row.role, expiresAt: row.expires_at.getTime() };
}

/** Joins the team of a usable link. A member already in the team keeps their role. */
export async function acceptInvitation(tx: Sql, userId: string, code: string): Promise<TeamDto> {
  const invitation = await usableInvitation(tx, code, true);
  const inserted = await tx.query(
    `INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id`,
    [invitation.team_id, userId, invitation.role],
  );
  if (inserted.length > 0) {
    await tx.query('UPDATE team_invitations SET accepted_count = accepted_count + 1 WHERE id = $1', [invitation.id]);
    await tx.query('UPDATE users SET default_team_id = $2 WHERE id = $1 AND default_team_id IS NULL', [
      userId,
      invitation.team_id,
    ]);
  }
  return memberTeam(tx, userId, invitation.team_id);
}
