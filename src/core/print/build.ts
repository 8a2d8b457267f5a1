/**
 * One function per data source turns its raw data into the print input (see input.ts). Values
 * keep the display text their source gives them (the table field's own format, the approval's
 * print-ready text), so a tag without filters prints what the user sees in the grid or the form.
 */
import { mapApproval } from '../data/approval/mapApproval';
import { parseApprovalInstance } from '../data/approval/types';
import { parseDataSource, parseOpenValues } from '../data/dataSource';
import { displayText, type OpenValue } from '../data/openValue';
import { recordToOpenValues } from '../data/table/scope';
import type { TableData, TableField } from '../data/table/types';
import { DEFAULT_TIME_ZONE, formatDate, resolveTimeZone } from '../format/date';
import type { PrintInput } from './input';
import { type ParsedPrintSource, type PrintSourceKind, parsePrintSource } from './sources';

/** The template's language and time zone: display texts of dates and numbers follow them. */
export interface PrintSettings {
  lang?: string;
  timeZone?: string;
}

/** Table field types whose values are files (an attachment template may name them). */
const ATTACHMENT_FIELD_TYPES = new Set<string>(['attachment', 'attachmentImage']);

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
    attachmentFields: fields.filter((field) => ATTACHMENT_FIELD_TYPES.has(field.type)).map((field) => field.name),
  };
}

function fromApproval(source: SourceOf<'approval'>, settings: PrintSettings): PrintInput {
  const instance = source.instance ?? undefined;
  const mapping = mapApproval(source.definition, instance, {
    ...(settings.timeZone ? { timeZone: settings.timeZone } : {}),
    mode: instance === undefined ? 'preview' : 'instance',
    ...(source.signatures ? { knownSignatures: source.signatures } : {}),
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
    approvalFlow: {
      process: instance === undefined ? null : parseApprovalInstance(instance).approval_processes_data.data,
      lang: mapping.lang,
      timeZone: resolveTimeZone(settings.timeZone ?? DEFAULT_TIME_ZONE),
    },
  };
}

/** The app's date patterns (a table's date field, its created time): the time only when there is one. */
const DATE_ONLY = 'yyyy/MM/dd';
const DATE_TIME = 'yyyy/MM/dd HH:mm';

/**
 * Datetimes an open document's caller sent as instants (epoch ms, ISO date-times) get the text the
 * app would show: the date in the template's time zone, with the time unless it is midnight there.
 * A value that came with its own display text keeps it; filters still see the instant.
 */
function withDateTexts(value: OpenValue | null, settings: PrintSettings, depth = 0): OpenValue | null {
  if (!value || depth > 64) return value;
  switch (value.type) {
    case 'datetime': {
      if (value.displayText !== undefined || !Number.isFinite(value.timestamp)) return value;
      const zone = resolveTimeZone(settings.timeZone);
      const midnight = formatDate(value.timestamp, 'HH:mm:ss.SSS', zone) === '00:00:00.000';
      const text = formatDate(value.timestamp, midnight ? DATE_ONLY : DATE_TIME, zone, settings.lang);
      return { ...value, displayText: text };
    }
    case 'map': {
      const fields: Record<string, OpenValue | null> = Object.create(null);
      for (const [key, field] of Object.entries(value.fields)) fields[key] = withDateTexts(field, settings, depth + 1);
      return { type: 'map', fields };
    }
    case 'list':
      return { type: 'list', items: value.items.map((item) => withDateTexts(item, settings, depth + 1) as OpenValue) };
    default:
      return value;
  }
}

function fromOpenDocument(source: SourceOf<'open'>, settings: PrintSettings): PrintInput {
  const dataSource = parseDataSource(source.dataSource);
  const values = Object.entries(parseOpenValues(dataSource, source.values));
  const scope = Object.fromEntries(values.map(([key, value]) => [key, withDateTexts(value, settings)]));
  return {
    scope,
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
