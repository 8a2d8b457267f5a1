/**
 * Ordered, pure migrations of stored template content. Each step takes content of version `from`
 * and returns content of version `from + 1`; `migrate` runs them in order up to the current version.
 * Add a step by appending to MIGRATIONS, bumping CURRENT_SCHEMA_VERSION, and freezing a fixture of
 * the old version under `__fixtures__/v<N>/`.
 */
import { QuireError } from '../../errors';
import { CURRENT_SCHEMA_VERSION } from '../defaults';
import { isObject, type JsonObject } from './json';
import { migrateV0ToV1 } from './v0-to-v1';

interface Migration {
  from: number;
  description: string;
  up(content: JsonObject): JsonObject;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    from: 0,
    description: 'unversioned content: decode nested JSON, fill ids, normalise page sizes and numbers',
    up: migrateV0ToV1,
  },
];

function parseError(path: string, reason: string): QuireError {
  return new QuireError('TemplateParseError', { issues: [{ path, reason }] });
}

/** The stored version: `schemaVersion`, or 0 when absent (the unversioned shape). */
export function detectSchemaVersion(content: unknown): number {
  if (!isObject(content)) throw parseError('', 'content must be a JSON object');
  const version = content.schemaVersion;
  if (version === undefined) return 0;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0)
    throw parseError('schemaVersion', 'schemaVersion must be a non-negative integer');
  if (version > CURRENT_SCHEMA_VERSION)
    throw parseError(
      'schemaVersion',
      `schemaVersion ${version} is newer than this version of Quire supports (${CURRENT_SCHEMA_VERSION})`,
    );
  return version;
}

/** Upgrades content of any supported version to the current one. Does not validate the result. */
export function migrate(content: unknown): { content: JsonObject; fromVersion: number } {
  const fromVersion = detectSchemaVersion(content);
  let current = content as JsonObject;
  for (let version = fromVersion; version < CURRENT_SCHEMA_VERSION; version++) {
    const step = MIGRATIONS.find((migration) => migration.from === version);
    if (!step) throw parseError('schemaVersion', `no migration from version ${version}`);
    try {
      current = step.up(current);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw parseError('', `migration from version ${version} failed: ${detail}`);
    }
  }
  return { content: current, fromVersion };
}
