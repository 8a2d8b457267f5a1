/**
 * A host base on the server (spec 000 §3, §4, §7): its access token bound per team, and each
 * table's edit lock. The token is a secret the base keeps (its meta table); the server stores
 * only its SHA-256, binds it on first use (`POST /api/secure/bind/{token}/baseId/{baseId}`) and
 * from then on every print-templates call naming the base must carry it (`baseAccessToken`):
 * another token answers body code 3021, which makes the client forget its copy. The edit lock
 * (`/api/print/base/{baseId}/config`) is read by every member and changed by an admin (the
 * team's owner) only; while it is on, the table's templates cannot be created, saved or deleted.
 */
import { z } from 'zod';
import { BODY_CODE, type TeamDto } from '../api/contract';
import type { Sql } from './db';
import { digest } from './digest';
import { ApiError, forbidden } from './envelope';
import { onlyManagers } from './teams';

const baseId = z.string().min(1).max(200);
const tableId = z.string().min(1).max(200);
export const baseIdParam = baseId;
/** Tokens the app makes are `bt_` + 32 hex digits; anything of a sane size is accepted. */
export const baseTokenParam = z.string().min(16).max(200);
export const baseConfigQuery = z.object({ tableId, baseAccessToken: baseTokenParam.optional() });
export const baseConfigBody = z.object({ tableId, editLock: z.boolean() });
export const baseTokenQuery = z.object({ baseAccessToken: baseTokenParam.optional() });

/** What `GET /api/print/base/{baseId}/config` answers (spec 000 §3 "Edit lock config"). */
interface BaseConfigDto {
  baseId: string;
  tableId: string;
  editLock: boolean;
  /** Whether the caller may change the lock (an admin). */
  docManage: boolean;
}

const tokenNotMatch = (detail: string) => new ApiError(409, 409, 'TokenNotMatch', detail);
const baseTokenRefused = (detail: string) => new ApiError(403, BODY_CODE.baseTokenInvalid, 'NoBaseToken', detail);

/**
 * Binds `token` to the base for the team (first call), or checks it is the one bound: the same
 * token answers 'ok' again (the call is idempotent), another answers "token not match".
 */
export async function bindBaseToken(
  sql: Sql,
  team: TeamDto,
  base: string,
  token: string,
  userId: string,
  /** Whether the caller may make a new binding (owners and admins); anyone in the team may check one. */
  mayBind = true,
): Promise<{ bound: 'new' | 'existing' }> {
  if (!mayBind && (await boundDigest(sql, team, base)) === undefined) throw onlyManagers('bind a base token');
  const inserted = await sql.query<{ base_id: string }>(
    `INSERT INTO base_bindings (team_id, base_id, token_hash, created_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (team_id, base_id) DO NOTHING RETURNING base_id`,
    [team.id, base, digest(token), userId],
  );
  if (inserted.length > 0) return { bound: 'new' };
  const rows = await sql.query<{ token_hash: string }>(
    'SELECT token_hash FROM base_bindings WHERE team_id = $1 AND base_id = $2',
    [team.id, base],
  );
  if (rows[0]?.token_hash !== digest(token)) throw tokenNotMatch(`base ${base} is bound to another token`);
  return { bound: 'existing' };
}

/** The base's bound token's digest, if any. */
async function boundDigest(sql: Sql, team: TeamDto, base: string): Promise<string | undefined> {
  const rows = await sql.query<{ token_hash: string }>(
    'SELECT token_hash FROM base_bindings WHERE team_id = $1 AND base_id = $2',
    [team.id, base],
  );
  return rows[0]?.token_hash;
}

/**
 * A call naming `base`: when the base has a bound token, the call must carry it (3021 otherwise).
 * A base never bound is the team's like any other (templates made before hosts bound tokens).
 */
export async function checkBaseToken(sql: Sql, team: TeamDto, base: string, token: string | undefined): Promise<void> {
  const bound = await boundDigest(sql, team, base);
  if (bound === undefined) return;
  if (!token) throw baseTokenRefused(`base ${base} needs its baseAccessToken`);
  if (digest(token) !== bound) throw baseTokenRefused(`the baseAccessToken of base ${base} does not match`);
}

/** The base a token is bound to in the team (a list call may name the token instead of the base). */
export async function baseOfToken(sql: Sql, team: TeamDto, token: string): Promise<string> {
  const rows = await sql.query<{ base_id: string }>(
    'SELECT base_id FROM base_bindings WHERE team_id = $1 AND token_hash = $2',
    [team.id, digest(token)],
  );
  const row = rows[0];
  if (!row) throw baseTokenRefused('no base is bound to this baseAccessToken');
  return row.base_id;
}

/** Whether the team has any base with a bound token (listing all its templates then needs a base). */
export async function hasBoundBases(sql: Sql, team: TeamDto): Promise<boolean> {
  const rows = await sql.query<{ n: number | string }>('SELECT count(*) AS n FROM base_bindings WHERE team_id = $1', [
    team.id,
  ]);
  return Number(rows[0]?.n ?? 0) > 0;
}

export const isAdmin = (team: TeamDto) => team.role === 'owner';

export async function readBaseConfig(sql: Sql, team: TeamDto, base: string, table: string): Promise<BaseConfigDto> {
  const rows = await sql.query<{ edit_lock: boolean }>(
    'SELECT edit_lock FROM base_table_configs WHERE team_id = $1 AND base_id = $2 AND table_id = $3',
    [team.id, base, table],
  );
  return { baseId: base, tableId: table, editLock: rows[0]?.edit_lock === true, docManage: isAdmin(team) };
}

/** Sets the table's edit lock; only an admin may (ONLY_ADMIN_ALLOWED, 403). */
export async function writeBaseConfig(
  sql: Sql,
  team: TeamDto,
  base: string,
  table: string,
  editLock: boolean,
  userId: string,
): Promise<BaseConfigDto> {
  if (!isAdmin(team))
    throw new ApiError(403, BODY_CODE.forbidden, 'OnlyAdminAllowed', 'only an admin may change the edit lock');
  await sql.query(
    `INSERT INTO base_table_configs (team_id, base_id, table_id, edit_lock, updated_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (team_id, base_id, table_id)
     DO UPDATE SET edit_lock = EXCLUDED.edit_lock, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [team.id, base, table, editLock, userId],
  );
  return { baseId: base, tableId: table, editLock, docManage: true };
}

/** Writes to a locked table's templates are refused (read-only until an admin unlocks it). */
export async function checkNotLocked(sql: Sql, team: TeamDto, base: string | null, table: string | null) {
  if (!base || !table) return;
  if ((await readBaseConfig(sql, team, base, table)).editLock)
    throw forbidden(`table ${table} of base ${base} is locked: its templates are read-only`);
}
