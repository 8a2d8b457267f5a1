/**
 * Team API keys (spec 000 §3 "Team API key", §7 app-keys): an outside system renders documents
 * with a key instead of a user's login. The secret is answered once; only its SHA-256 digest is
 * stored, so a leaked table cannot be replayed. Deleting a key revokes it (the row stays, so a
 * revoked key answers 401 "key not valid" rather than looking like a typo).
 */
import { randomBytes } from 'node:crypto';
import type { ApiKeyAction, ApiKeyCreatedDto, ApiKeyDto } from '../api/contract';
import { newId } from './auth';
import type { Sql } from './db';
import { digest } from './digest';
import { invalid, notFound } from './envelope';

/** Every key starts with this, so a request's credential is told from a session token at a glance. */
const API_KEY_PREFIX = 'qk_';
const KEY_PATTERN = /^qk_[A-Za-z0-9_-]{43}$/;

export const looksLikeApiKey = (value: string) => value.startsWith(API_KEY_PREFIX);

interface KeyRow {
  id: string;
  team_id: string;
  description: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  doc_ids: string[] | null;
  actions: ApiKeyAction[] | null;
  expires_at: Date | null;
  last_used_actions: Partial<Record<ApiKeyAction, number | string>>;
}

const KEY_COLUMNS =
  'id, team_id, description, prefix, created_at, last_used_at, doc_ids, actions, expires_at, last_used_actions';

const toDto = (row: KeyRow): ApiKeyDto => ({
  id: row.id,
  description: row.description,
  prefix: row.prefix,
  createdAt: row.created_at.getTime(),
  lastUsedAt: row.last_used_at ? row.last_used_at.getTime() : null,
  docIds: row.doc_ids,
  actions: row.actions,
  expiresAt: row.expires_at ? row.expires_at.getTime() : null,
  lastUsedByAction: Object.fromEntries(
    Object.entries(row.last_used_actions ?? {}).map(([action, at]) => [action, Number(at)]),
  ),
});

/** What a key may reach (#33): some documents, some actions, until a time; null parts: no limit. */
export interface KeyScope {
  docIds?: string[];
  actions?: ApiKeyAction[];
  expiresAt?: number;
}

export async function createApiKey(
  sql: Sql,
  teamId: string,
  userId: string,
  description: string,
  scope: KeyScope = {},
): Promise<ApiKeyCreatedDto> {
  const docIds = scope.docIds ? [...new Set(scope.docIds)] : null;
  if (docIds) {
    // Only the team's own live documents: a key never names another team's document.
    const found = await sql.query<{ id: string }>(
      `SELECT id FROM docs WHERE team_id = $1 AND NOT deleted AND id IN (SELECT jsonb_array_elements_text($2::jsonb))`,
      [teamId, JSON.stringify(docIds)],
    );
    const missing = docIds.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) throw notFound(`document ${missing.join(', ')}`);
  }
  if (scope.expiresAt !== undefined && scope.expiresAt <= Date.now())
    throw invalid('expiresAt is in the past', [{ path: 'expiresAt', reason: 'in the past' }]);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await sql.query<KeyRow>(
    `INSERT INTO api_keys (id, team_id, description, key_hash, prefix, created_by, doc_ids, actions, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING ${KEY_COLUMNS}`,
    [
      newId('apikey'),
      teamId,
      description,
      digest(key),
      key.slice(0, 7),
      userId,
      docIds ? JSON.stringify(docIds) : null,
      scope.actions ? JSON.stringify([...new Set(scope.actions)]) : null,
      scope.expiresAt !== undefined ? new Date(scope.expiresAt) : null,
    ],
  );
  return { ...toDto(row as KeyRow), key };
}

export async function listApiKeys(sql: Sql, teamId: string): Promise<ApiKeyDto[]> {
  const rows = await sql.query<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM api_keys WHERE team_id = $1 AND revoked_at IS NULL ORDER BY created_at, id`,
    [teamId],
  );
  return rows.map(toDto);
}

export async function revokeApiKey(sql: Sql, teamId: string, keyId: string): Promise<void> {
  const rows = await sql.query(
    'UPDATE api_keys SET revoked_at = now() WHERE team_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id',
    [teamId, keyId],
  );
  if (rows.length === 0) throw notFound('API key');
}

export interface KeyHolder {
  keyId: string;
  teamId: string;
  /** null: every document of the team / every action. */
  docIds: string[] | null;
  actions: ApiKeyAction[] | null;
}

/** How stale `last_used_at` may get before a request refreshes it (one write per key per window, not per request). */
const LAST_USED_RESOLUTION = "interval '10 seconds'";

/** The live key a request presents, or undefined (unknown, malformed, revoked or expired). */
export async function findApiKey(sql: Sql, key: string): Promise<KeyHolder | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  const rows = await sql.query<{
    id: string;
    team_id: string;
    stale: boolean;
    doc_ids: string[] | null;
    actions: ApiKeyAction[] | null;
  }>(
    `SELECT id, team_id, doc_ids, actions,
       (last_used_at IS NULL OR last_used_at < now() - ${LAST_USED_RESOLUTION}) AS stale
     FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    [digest(key)],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.stale) await sql.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [row.id]);
  return { keyId: row.id, teamId: row.team_id, docIds: row.doc_ids, actions: row.actions };
}

/** Notes a key's use of an action (within its scope), at most one write per action per 10 s. */
export async function touchKeyAction(sql: Sql, keyId: string, action: ApiKeyAction): Promise<void> {
  await sql.query(
    `UPDATE api_keys SET last_used_actions = last_used_actions || jsonb_build_object($2::text, $3::bigint)
     WHERE id = $1 AND coalesce((last_used_actions->>$2)::bigint, 0) < $3::bigint - 10000`,
    [keyId, action, Date.now()],
  );
}
