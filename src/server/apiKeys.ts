/**
 * Team API keys (spec 000 §3 "Team API key", §7 app-keys): an outside system renders documents
 * with a key instead of a user's login. The secret is answered once; only its SHA-256 digest is
 * stored, so a leaked table cannot be replayed. Deleting a key revokes it (the row stays, so a
 * revoked key answers 401 "key not valid" rather than looking like a typo).
 */
import { randomBytes } from 'node:crypto';
import type { ApiKeyCreatedDto, ApiKeyDto } from '../api/contract';
import { newId } from './auth';
import type { Sql } from './db';
import { digest } from './digest';
import { notFound } from './envelope';

/** Every key starts with this, so a request's credential is told from a session token at a glance. */
export const API_KEY_PREFIX = 'qk_';
const KEY_PATTERN = /^qk_[A-Za-z0-9_-]{43}$/;

export const looksLikeApiKey = (value: string) => value.startsWith(API_KEY_PREFIX);

interface KeyRow {
  id: string;
  team_id: string;
  description: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
}

const toDto = (row: KeyRow): ApiKeyDto => ({
  id: row.id,
  description: row.description,
  prefix: row.prefix,
  createdAt: row.created_at.getTime(),
  lastUsedAt: row.last_used_at ? row.last_used_at.getTime() : null,
});

export async function createApiKey(
  sql: Sql,
  teamId: string,
  userId: string,
  description: string,
): Promise<ApiKeyCreatedDto> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await sql.query<KeyRow>(
    `INSERT INTO api_keys (id, team_id, description, key_hash, prefix, created_by) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, team_id, description, prefix, created_at, last_used_at`,
    [newId('apikey'), teamId, description, digest(key), key.slice(0, 7), userId],
  );
  return { ...toDto(row as KeyRow), key };
}

export async function listApiKeys(sql: Sql, teamId: string): Promise<ApiKeyDto[]> {
  const rows = await sql.query<KeyRow>(
    `SELECT id, team_id, description, prefix, created_at, last_used_at FROM api_keys
     WHERE team_id = $1 AND revoked_at IS NULL ORDER BY created_at, id`,
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
}

/** How stale `last_used_at` may get before a request refreshes it (one write per key per window, not per request). */
const LAST_USED_RESOLUTION = "interval '10 seconds'";

/** The live key a request presents, or undefined (unknown, malformed or revoked). */
export async function findApiKey(sql: Sql, key: string): Promise<KeyHolder | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
  const rows = await sql.query<{ id: string; team_id: string; stale: boolean }>(
    `SELECT id, team_id, (last_used_at IS NULL OR last_used_at < now() - ${LAST_USED_RESOLUTION}) AS stale
     FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`,
    [digest(key)],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.stale) await sql.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [row.id]);
  return { keyId: row.id, teamId: row.team_id };
}
