/**
 * A team's plan (#32): the newest row of its append-only history (`team_plan_history`; a trigger
 * refuses UPDATE and DELETE), its seats (`team_seats`) and what the plan decides on the server —
 * `requirePlanFeature` answers 403 `PlanFeatureRequired` for a feature the plan does not include.
 * The state and features are the core rules (`core/plan/tenantPlan.ts`), computed at request time,
 * so a plan that ends needs no job to take its features away.
 */
import { BODY_CODE, type PlanDto, type PlanHistoryEntryDto, type SeatsDto, type SetPlan } from '../api/contract';
import {
  type Feature,
  FREE_TENANT_PLAN,
  seatManagementAccess,
  type TenantPlan,
  type TenantPlanPast,
  type TenantPlanStatus,
  type TenantPlanVersion,
  tenantPlanStatus,
} from '../core/plan';
import type { Sql } from './db';
import { ApiError, invalid } from './envelope';

interface HistoryRow {
  id: string | number;
  version: TenantPlanVersion;
  trial: boolean;
  expires_at: Date | string | null;
  total_seats: number;
  buyer_user_id: string | null;
  set_by: string;
  note: string;
  created_at: Date | string;
}

const msOf = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

const planOf = (row: HistoryRow | undefined): TenantPlan =>
  row
    ? {
        version: row.version,
        trial: row.trial,
        expiresAt: msOf(row.expires_at),
        totalSeats: row.total_seats,
        buyerUserId: row.buyer_user_id,
      }
    : FREE_TENANT_PLAN;

export interface TeamPlan {
  plan: TenantPlan;
  past: TenantPlanPast;
}

/** The team's current plan and what its earlier plans say (a trial taken, a paid plan had). */
export async function teamPlan(sql: Sql, teamId: string): Promise<TeamPlan> {
  const [current] = await sql.query<HistoryRow>(
    'SELECT * FROM team_plan_history WHERE team_id = $1 ORDER BY id DESC LIMIT 1',
    [teamId],
  );
  const [past] = await sql.query<{ had_trial: boolean; had_paid: boolean }>(
    `SELECT coalesce(bool_or(trial), false) AS had_trial,
            coalesce(bool_or(NOT trial AND version <> 'FREE'), false) AS had_paid
     FROM team_plan_history WHERE team_id = $1 AND id < $2`,
    [teamId, current ? Number(current.id) : 0],
  );
  return { plan: planOf(current), past: { hadTrial: past?.had_trial ?? false, hadPaid: past?.had_paid ?? false } };
}

export async function planHistory(sql: Sql, teamId: string): Promise<PlanHistoryEntryDto[]> {
  const rows = await sql.query<HistoryRow>('SELECT * FROM team_plan_history WHERE team_id = $1 ORDER BY id', [teamId]);
  return rows.map((row) => ({
    id: Number(row.id),
    version: row.version,
    trial: row.trial,
    expiresAt: msOf(row.expires_at),
    totalSeats: row.total_seats,
    buyerUserId: row.buyer_user_id,
    setBy: row.set_by,
    note: row.note,
    createdAt: new Date(row.created_at).getTime(),
  }));
}

/** Epoch ms from what an operator typed: a number, digits, or an ISO date (a bare date ends that day, UTC). */
function expiryOf(value: number | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return new Date(value);
  if (/^\d+$/.test(value)) return new Date(Number(value));
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T23:59:59.999Z` : value;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw invalid(`expiresAt: not a date: ${value}`, [{ path: 'expiresAt', reason: 'not a date' }]);
  return new Date(ms);
}

/**
 * Appends the team's new plan (the operator command and the operator API). The buyer must be a
 * member, named by id or e-mail. Seats above the new total stay assigned but no more can be added.
 */
export async function setTeamPlan(
  sql: Sql,
  teamId: string,
  body: SetPlan,
  setBy: string,
): Promise<PlanHistoryEntryDto> {
  let buyerUserId: string | null = null;
  if (body.buyer) {
    const [member] = await sql.query<{ id: string }>(
      `SELECT u.id FROM users u JOIN team_members m ON m.user_id = u.id
       WHERE m.team_id = $1 AND (u.id = $2 OR u.email = lower($2))`,
      [teamId, body.buyer],
    );
    if (!member)
      throw new ApiError(400, BODY_CODE.invalid, 'InvalidUser', `the buyer ${body.buyer} is not a member of the team`);
    buyerUserId = member.id;
  }
  const [row] = await sql.query<HistoryRow>(
    `INSERT INTO team_plan_history (team_id, version, trial, expires_at, total_seats, buyer_user_id, set_by, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
    [teamId, body.version, body.trial, expiryOf(body.expiresAt), body.totalSeats, buyerUserId, setBy, body.note],
  );
  if (!row) throw new Error('plan insert returned nothing');
  const [entry] = await planHistory(sql, teamId).then((all) => all.filter((e) => e.id === Number(row.id)));
  if (!entry) throw new Error('plan row vanished');
  return entry;
}

/** A team named by id or team key (the operator types either). */
export async function teamByIdOrKey(sql: Sql, idOrKey: string): Promise<{ id: string; name: string } | undefined> {
  const [team] = await sql.query<{ id: string; name: string }>(
    'SELECT id, name FROM teams WHERE id = $1 OR team_key = $1',
    [idOrKey],
  );
  return team;
}

async function isSeated(sql: Sql, teamId: string, userId: string): Promise<boolean> {
  const rows = await sql.query('SELECT 1 FROM team_seats WHERE team_id = $1 AND user_id = $2', [teamId, userId]);
  return rows.length > 0;
}

/** The plan's status for `userId` now (on ENTERPRISE_SEAT the features follow their seat). */
export async function planStatusFor(
  sql: Sql,
  teamId: string,
  userId: string | undefined,
  now = Date.now(),
): Promise<{ current: TeamPlan; status: TenantPlanStatus; seated: boolean }> {
  const current = await teamPlan(sql, teamId);
  const seated = userId ? await isSeated(sql, teamId, userId) : false;
  return { current, status: tenantPlanStatus(current.plan, current.past, now, userId ? seated : undefined), seated };
}

/**
 * The server's gate for a plan feature (spec 000 §6: attachment preview, signatures): 403
 * `PlanFeatureRequired` naming the feature and the plan, which the app turns into "why, and how to
 * upgrade". Attachment preview's route should call `requirePlanFeature(db, team.id, 'attachmentPreview', userId)`.
 */
export async function requirePlanFeature(sql: Sql, teamId: string, feature: Feature, userId?: string): Promise<void> {
  const { status } = await planStatusFor(sql, teamId, userId);
  if (status.features.includes(feature)) return;
  throw new ApiError(
    403,
    BODY_CODE.forbidden,
    'PlanFeatureRequired',
    `the team's plan (${status.effectiveVersion}) does not include ${feature}`,
    { params: { feature, version: status.effectiveVersion, state: status.state } },
  );
}

/** `GET /api/plan` for a member: the plan, its state for them, seats and who manages them. */
export async function planDto(
  sql: Sql,
  team: { id: string; name: string; role: string },
  userId: string,
  upgradeUrl: string | null,
): Promise<PlanDto> {
  const { current, status, seated } = await planStatusFor(sql, team.id, userId);
  const [count] = await sql.query<{ n: number | string }>('SELECT count(*) AS n FROM team_seats WHERE team_id = $1', [
    team.id,
  ]);
  const { plan } = current;
  return {
    teamId: team.id,
    teamName: team.name,
    version: plan.version,
    trial: plan.trial,
    expiresAt: plan.expiresAt,
    totalSeats: plan.totalSeats,
    assignedSeats: Number(count?.n ?? 0),
    buyerUserId: plan.buyerUserId,
    state: status.state,
    effectiveVersion: status.effectiveVersion,
    userType: status.userType,
    features: status.features,
    seated,
    seatAccess: seatAccessOf(plan, status, team.role, userId),
    upgradeUrl,
  };
}

function seatAccessOf(plan: TenantPlan, status: TenantPlanStatus, role: string, userId: string) {
  return seatManagementAccess({
    version: status.effectiveVersion,
    isAdmin: role === 'owner' || role === 'admin',
    currentTenantUserId: userId,
    ...(plan.buyerUserId ? { buyTenantUserId: plan.buyerUserId } : {}),
  });
}

/** Seat management is ENTERPRISE_SEAT's admins' or STARTUP/BUSINESS's buyer's (spec 000 §6); else 403. */
export async function requireSeatManager(
  sql: Sql,
  team: { id: string; role: string },
  userId: string,
): Promise<TeamPlan> {
  const current = await teamPlan(sql, team.id);
  const status = tenantPlanStatus(current.plan, current.past, Date.now());
  const access = seatAccessOf(current.plan, status, team.role, userId);
  if (!access.allowed) throw new ApiError(403, BODY_CODE.forbidden, access.error, 'seat management');
  return current;
}

export async function listSeats(sql: Sql, teamId: string, total: number): Promise<SeatsDto> {
  const users = await sql.query<{ id: string; name: string; email: string }>(
    `SELECT u.id, u.name, u.email FROM team_seats s JOIN users u ON u.id = s.user_id
     WHERE s.team_id = $1 ORDER BY s.assigned_at, u.name`,
    [teamId],
  );
  return { total, assigned: users.length, users: users.map((u) => ({ ...u, avatarUrl: '' })) };
}

/**
 * Seats for members, all or none, in one transaction with the team row locked: of two admins
 * adding the last seat at once, the second sees it taken and gets 409 `SeatsFull`. Already seated
 * users are skipped (spec 000 §5: the chooser excludes them); a non-member is 400 `InvalidUser`.
 */
export async function addSeats(tx: Sql, teamId: string, userIds: readonly string[], assignedBy: string): Promise<void> {
  await tx.query('SELECT id FROM teams WHERE id = $1 FOR UPDATE', [teamId]);
  const { plan } = await teamPlan(tx, teamId);
  const wanted = [...new Set(userIds)];
  const members = await tx.query<{ user_id: string; seated: boolean }>(
    `SELECT m.user_id, s.user_id IS NOT NULL AS seated FROM team_members m
     LEFT JOIN team_seats s ON s.team_id = m.team_id AND s.user_id = m.user_id
     WHERE m.team_id = $1 AND m.user_id = ANY($2::text[])`,
    [teamId, wanted],
  );
  if (members.length !== wanted.length)
    throw new ApiError(400, BODY_CODE.invalid, 'InvalidUser', 'every seated user must be a member of the team');
  const fresh = members.filter((m) => !m.seated).map((m) => m.user_id);
  const [count] = await tx.query<{ n: number | string }>('SELECT count(*) AS n FROM team_seats WHERE team_id = $1', [
    teamId,
  ]);
  const assigned = Number(count?.n ?? 0);
  if (assigned + fresh.length > plan.totalSeats)
    throw new ApiError(409, BODY_CODE.forbidden, 'SeatsFull', `${assigned} of ${plan.totalSeats} seats are assigned`, {
      params: { total: plan.totalSeats, assigned },
    });
  for (const userId of fresh)
    await tx.query('INSERT INTO team_seats (team_id, user_id, assigned_by) VALUES ($1, $2, $3)', [
      teamId,
      userId,
      assignedBy,
    ]);
}

export async function removeSeat(sql: Sql, teamId: string, userId: string): Promise<boolean> {
  const rows = await sql.query('DELETE FROM team_seats WHERE team_id = $1 AND user_id = $2 RETURNING 1', [
    teamId,
    userId,
  ]);
  return rows.length > 0;
}

/** Members without a seat whose name or e-mail contains `name` (the add-users picker), at most 50. */
export async function seatCandidates(sql: Sql, teamId: string, name: string) {
  const pattern = `%${name.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await sql.query<{ id: string; name: string; email: string }>(
    `SELECT u.id, u.name, u.email FROM team_members m JOIN users u ON u.id = m.user_id
     WHERE m.team_id = $1 AND NOT EXISTS (SELECT 1 FROM team_seats s WHERE s.team_id = m.team_id AND s.user_id = m.user_id)
       AND (u.name ILIKE $2 OR u.email ILIKE $2)
     ORDER BY u.name, u.email LIMIT 50`,
    [teamId, pattern],
  );
  return rows.map((u) => ({ ...u, avatarUrl: '' }));
}
