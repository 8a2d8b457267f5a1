/**
 * Where the preview gets its inputs: the bundled sample templates (the shared fixtures, loaded through
 * the template list's lazy sample chunks, precached for offline use) and the local workspace (stored
 * templates and table records).
 */
import { QuireError } from '../../core/errors';
import type { Storage } from '../../storage';
import type { RecordRow, TableRow, TemplateRow } from '../../storage/types';
import { DEFAULT_FILE_NAME_RULE, loadFileNameRule } from '../services/printing';
import { loadSampleData, loadSampleTemplate } from '../services/samples';

export const FIXTURE_NAMES = ['invoice', 'packing-slip', 'approval-form', 'contract'] as const;
export type FixtureName = (typeof FIXTURE_NAMES)[number];

const FIXTURE_PREFIX = 'fixture:';
/** Record choice meaning "the template's sample data" (fixtures) or "no record" (stored templates). */
export const SAMPLE_RECORD = 'sample';
export const NO_RECORD = 'none';

/** File-name rules of the samples: their document number, like a real print run would. */
const FIXTURE_RULES: Record<FixtureName, string> = {
  invoice: '{NAME}_{invoiceNumber}',
  'packing-slip': '{NAME}_{orderNumber}',
  'approval-form': '{NAME}_{approvalNumber}',
  contract: '{NAME}_{contractNumber}',
};

export function fixtureChoice(name: FixtureName): string {
  return `${FIXTURE_PREFIX}${name}`;
}

export function fixtureOf(choice: string | undefined): FixtureName | undefined {
  if (!choice?.startsWith(FIXTURE_PREFIX)) return undefined;
  const name = choice.slice(FIXTURE_PREFIX.length);
  return (FIXTURE_NAMES as readonly string[]).includes(name) ? (name as FixtureName) : undefined;
}

/** A template ready to render: what the worker needs, plus what naming the download needs. */
export interface PreviewTemplate {
  /** `fixture:<name>` or the stored template id. */
  choice: string;
  /** Cache key of the worker: changes whenever the content does. */
  key: string;
  content: unknown;
  name: string;
  fileNameRule: string;
  /** The table whose records it prints (stored templates only). */
  tableId?: string;
  fixture?: FixtureName;
}

/** A sample's display name is translated by the screen; `name` stays empty here. */
export async function loadFixture(name: FixtureName): Promise<PreviewTemplate> {
  const content = await loadSampleTemplate(name);
  if (content === undefined) throw new QuireError('NoData', { detail: `sample ${name}` });
  return {
    choice: fixtureChoice(name),
    key: fixtureChoice(name),
    content,
    name: '',
    fileNameRule: FIXTURE_RULES[name],
    fixture: name,
  };
}

export async function loadFixtureData(name: FixtureName): Promise<Record<string, unknown>> {
  const data = await loadSampleData(name);
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

export async function loadStoredTemplate(storage: Storage, row: TemplateRow): Promise<PreviewTemplate> {
  const rule = await loadFileNameRule(storage, row.id).catch(() => DEFAULT_FILE_NAME_RULE);
  return {
    choice: row.id,
    key: `${row.id}@${row.revision}`,
    content: row.content,
    name: row.name,
    fileNameRule: rule,
    tableId: row.tableId,
  };
}

/** Records offered in the picker: the first ones of the table, in grid order. */
export const RECORD_PICKER_LIMIT = 200;

export interface TableRecords {
  table: TableRow | undefined;
  records: RecordRow[];
}

export async function loadTableRecords(storage: Storage, tableId: string | undefined): Promise<TableRecords> {
  if (!tableId) return { table: undefined, records: [] };
  const table = await storage.tables.get(tableId);
  if (!table) return { table: undefined, records: [] };
  return { table, records: await storage.records.page(tableId, 0, RECORD_PICKER_LIMIT) };
}

function primaryField(table: TableRow | undefined) {
  return table?.fields.find((f) => f.isPrimary) ?? table?.fields[0];
}

/** A record's primary field as text, for the picker and the file name. */
export function recordLabel(table: TableRow | undefined, record: RecordRow): string {
  const field = primaryField(table);
  const value = field ? record.values[field.id] : undefined;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.length > 0 && typeof value[0] === 'string') return value.join(', ');
  return record.id;
}
