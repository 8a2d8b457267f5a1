/**
 * One function per data source turns its raw data into the print input (see input.ts). Values
 * keep the display text their source gives them (the table field's own format, the approval's
 * print-ready text), so a tag without filters prints what the user sees in the grid or the form.
 */
import { mapApproval } from '../data/approval/mapApproval';
import { parseDataSource, parseOpenValues } from '../data/dataSource';
import { displayText, type OpenValue } from '../data/openValue';
import { recordToOpenValues } from '../data/table/scope';
import type { TableData, TableField } from '../data/table/types';
import type { PrintInput } from './input';
import { type ParsedPrintSource, type PrintSourceKind, parsePrintSource } from './sources';

/** The template's language and time zone: display texts of dates and numbers follow them. */
export interface PrintSettings {
  lang?: string;
  timeZone?: string;
}

type SourceOf<K extends PrintSourceKind> = Extract<ParsedPrintSource, { kind: K }>;
type Builder<K extends PrintSourceKind> = (source: SourceOf<K>, settings: PrintSettings) => PrintInput;

function fromTable(source: SourceOf<'table'>, settings: PrintSettings): PrintInput {
  // Field types arrive as strings; an unknown one converts to null (prints nothing), never throws.
  const fields = source.table.fields as TableField[];
  const table = { fields };
  const scope = recordToOpenValues(table, source.record, source.linkedTables as TableData[], {
    ...(settings.timeZone ? { timeZone: settings.timeZone } : {}),
    ...(settings.lang ? { locale: settings.lang } : {}),
  });
  const primary = fields.find((field) => field.isPrimary) ?? fields[0];
  return {
    scope,
    fieldIds: Object.fromEntries(fields.map((field) => [field.id, field.name])),
    links: source.links ?? {},
    assets: source.assets ?? {},
    names: {
      TABLE_NAME: source.table.name,
      FIRST_FIELD: primary ? displayText(scope[primary.name]) : '',
    },
  };
}

function fromApproval(source: SourceOf<'approval'>, settings: PrintSettings): PrintInput {
  const instance = source.instance ?? undefined;
  const mapping = mapApproval(source.definition, instance, {
    ...(settings.timeZone ? { timeZone: settings.timeZone } : {}),
    mode: instance === undefined ? 'preview' : 'instance',
  });
  const scope: Record<string, OpenValue> = Object.create(null);
  const fieldIds: Record<string, string> = {};
  for (const variable of [...mapping.form, ...mapping.system]) {
    scope[variable.fieldName] = variable.value;
    if (variable.itemId) fieldIds[variable.itemId] = variable.fieldName;
  }
  const text = (name: string) => {
    const value = displayText(scope[name]);
    return value === '-' ? '' : value;
  };
  const shareUrl = text('shareUrl');
  return {
    scope,
    fieldIds,
    links: { ...(shareUrl ? { recordShareUrl: shareUrl, currentRecord: shareUrl } : {}), ...source.links },
    assets: source.assets ?? {},
    names: { TABLE_NAME: text('approvalName'), FIRST_FIELD: text('approvalNumber') },
  };
}

function fromOpenDocument(source: SourceOf<'open'>): PrintInput {
  const dataSource = parseDataSource(source.dataSource);
  return {
    scope: parseOpenValues(dataSource, source.values),
    fieldIds: {},
    links: source.links ?? {},
    assets: source.assets ?? {},
    names: source.docName ? { DOC_NAME: source.docName } : {},
  };
}

function fromData(source: SourceOf<'data'>): PrintInput {
  return { scope: source.data, fieldIds: {}, links: source.links ?? {}, assets: source.assets ?? {}, names: {} };
}

/** Every source kind has its builder: a new kind fails the typecheck here until it has one. */
const BUILDERS: { [K in PrintSourceKind]: Builder<K> } = {
  table: fromTable,
  approval: fromApproval,
  open: fromOpenDocument,
  data: fromData,
};

/** Validates a source and maps it to the print input (throws DataInvalid naming the path). */
export function buildPrintInput(source: unknown, settings: PrintSettings = {}): PrintInput {
  const parsed = parsePrintSource(source);
  const build = BUILDERS[parsed.kind] as Builder<typeof parsed.kind>;
  return build(parsed as never, settings);
}
