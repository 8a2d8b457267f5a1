/**
 * Where the preview gets its inputs: the bundled sample templates (the shared fixtures, loaded through
 * the template list's lazy sample chunks, precached for offline use) and the local workspace's stored
 * templates, grouped by what they print. A stored template's records or instances come from the one
 * binding service (`services/binding`).
 */
import { approvalCodeOf, storedBinding } from '../../core/binding';
import { QuireError } from '../../core/errors';
import type { Storage } from '../../storage';
import type { TemplateRow } from '../../storage/types';
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

/** The templates one picker group offers: those bound to one table, one approval, or to nothing. */
export interface TemplateGroup {
  /** The table id, `approval:CODE`, or '' for templates bound to nothing. */
  key: string;
  kind: 'table' | 'approval' | 'unbound';
  /** The table's or approval's name (its id when it is not on this device). */
  name: string;
  rows: TemplateRow[];
}

/**
 * Stored templates grouped by what they print: a picker never mixes one table's templates with
 * another's. The group of `first` (the chosen template's binding) comes first; the rest by name.
 */
export async function groupTemplates(
  storage: Storage,
  rows: readonly TemplateRow[],
  first?: string,
): Promise<TemplateGroup[]> {
  const groups = new Map<string, TemplateGroup>();
  const resolved = new Map<string, Omit<TemplateGroup, 'rows'>>();
  const resolve = async (binding: string): Promise<Omit<TemplateGroup, 'rows'>> => {
    const known = resolved.get(binding);
    if (known) return known;
    let group: Omit<TemplateGroup, 'rows'> = { key: '', kind: 'unbound', name: '' };
    if (binding) {
      const table = await storage.tables.get(binding);
      if (table) group = { key: table.id, kind: 'table', name: table.name };
      else {
        const code = approvalCodeOf(binding);
        const definition = await storage.approvals.getDefinition(code);
        group = { key: storedBinding({ kind: 'approval', code }), kind: 'approval', name: definition?.name || code };
      }
    }
    resolved.set(binding, group);
    return group;
  };
  for (const row of rows) {
    const group = await resolve(row.tableId ?? '');
    const entry = groups.get(group.key) ?? { ...group, rows: [] };
    entry.rows.push(row);
    groups.set(group.key, entry);
  }
  const firstKey = first === undefined ? undefined : (await resolve(first)).key;
  const rank = (g: TemplateGroup) => (g.key === firstKey ? 0 : g.kind === 'unbound' ? 2 : 1);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
