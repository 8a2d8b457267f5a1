import Papa from 'papaparse';
import { type ErrorIssue, QuireError } from '../core/errors';
import {
  convertSheet,
  type ImportCell,
  type ImportColumn,
  type ImportFieldKind,
  type ImportOptions,
  inferColumns,
  isZip,
  looksLikeText,
  type RawSheet,
  type RetypeResult,
  retypeValues,
  sheetFromRows,
} from '../core/import';
import { newId, write } from './context';
import { RECORD_STORES } from './db';
import { clearRunningImport } from './importRuns';
import { allRecords, appendValues, mutateTable } from './recordBlocks';
import type { Storage } from './storage';
import type { CellValue, RecordRow, StoredAttachment, TableField, TableRow } from './types';

/**
 * File readers (CSV via papaparse, XLSX via exceljs) and the one-transaction writers of an import.
 * The pure part — type inference and cell conversion — is core/import; papaparse's types pull in
 * Node's, which would weaken core's no-Node typecheck, so CSV parsing lives here.
 */

function importError(issues: ErrorIssue[]): QuireError {
  return new QuireError('ImportError', {
    detail: issues[0] ? `${issues[0].path}: ${issues[0].reason}`.replace(/^: /, '') : undefined,
    issues,
  });
}

const DELIMITERS = [',', '\t', ';', '|'] as const;

/** The delimiter used most in the header line (outside quotes); comma when there is none. */
export function guessDelimiter(text: string): string {
  // Line by line, not text.split: a 100,000-line file would be cut into 100,000 strings for one line.
  let firstLine = '';
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end < 0 ? text.length : end).replace(/\r$/, '');
    if (line.trim() !== '') {
      firstLine = line;
      break;
    }
    if (end < 0) break;
    start = end + 1;
  }
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  let best: string = ',';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const count = unquoted.split(d).length - 1;
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/** Parse CSV (or TSV, semicolon-separated…: the delimiter is detected) into a sheet. */
export function readCsv(text: string): RawSheet {
  const clean = text.replace(/^\uFEFF/, '');
  // Empty lines are kept so that row numbers in errors match the file; sheetFromRows drops them.
  const result = Papa.parse<string[]>(clean, { skipEmptyLines: false, delimiter: guessDelimiter(clean) });
  const errors = result.errors.filter((e) => e.code !== 'UndetectableDelimiter');
  if (errors.length > 0) {
    throw importError(
      errors.slice(0, 20).map((e) => ({ path: e.row === undefined ? '' : `row ${e.row + 1}`, reason: e.message })),
    );
  }
  return sheetFromRows(result.data);
}

function startsWithBom(bytes: Uint8Array, a: number, b: number): boolean {
  return bytes.length >= 2 && bytes[0] === a && bytes[1] === b;
}

/**
 * A CSV file's bytes → sheet. Binary files (a PDF or an image renamed .csv) are refused with
 * ImportNotText before parsing. UTF-8, or UTF-16 with a byte-order mark.
 */
export function readCsvBytes(data: ArrayBuffer | Uint8Array, fileName = ''): RawSheet {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (!looksLikeText(bytes)) {
    throw new QuireError('ImportNotText', {
      detail: fileName || undefined,
      issues: [{ path: fileName, reason: 'binary content' }],
    });
  }
  let text: string;
  if (startsWithBom(bytes, 0xff, 0xfe)) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (startsWithBom(bytes, 0xfe, 0xff)) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else text = new TextDecoder('utf-8').decode(bytes);
  return readCsv(text);
}

type ExcelModule = typeof import('exceljs');
type Workbook = InstanceType<ExcelModule['Workbook']>;

async function loadWorkbook(data: ArrayBuffer | Uint8Array | Blob): Promise<Workbook> {
  // exceljs is large; load it only when someone imports a spreadsheet.
  const mod = (await import('exceljs')) as ExcelModule & { default?: ExcelModule };
  const ExcelJS = mod.default ?? mod;
  const workbook = new ExcelJS.Workbook();
  const bytes = data instanceof Blob ? await data.arrayBuffer() : data;
  // Not a zip: no workbook at all. The library's own message (and its URL) never reaches the user.
  if (!isZip(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))) throw new QuireError('ImportNotXlsx');
  try {
    await workbook.xlsx.load(bytes as unknown as Parameters<Workbook['xlsx']['load']>[0]);
  } catch (error) {
    throw new QuireError('ImportNotXlsx', { cause: error });
  }
  return workbook;
}

/** An exceljs cell value as a plain value core/import understands. */
function plainCell(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object' || value instanceof Date) return value;
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
  if (typeof v.hyperlink === 'string') {
    const text = plainCell(v.text);
    const link = v.hyperlink.replace(/^mailto:/i, '');
    return typeof text === 'string' && text !== '' && text !== link && /^https?:/i.test(link) ? { text, link } : link;
  }
  if ('result' in v) return plainCell(v.result);
  if ('formula' in v || 'sharedFormula' in v) return undefined;
  if (typeof v.error === 'string') return v.error;
  return undefined;
}

export async function listXlsxSheets(data: ArrayBuffer | Uint8Array | Blob): Promise<string[]> {
  return (await loadWorkbook(data)).worksheets.map((ws) => ws.name);
}

/** Read the first sheet (or the one named) of an .xlsx file. */
export async function readXlsx(data: ArrayBuffer | Uint8Array | Blob, sheetName?: string): Promise<RawSheet> {
  const workbook = await loadWorkbook(data);
  const sheet = sheetName ? workbook.getWorksheet(sheetName) : workbook.worksheets[0];
  if (!sheet)
    throw importError([{ path: sheetName ? `sheet "${sheetName}"` : '', reason: 'the workbook has no such sheet' }]);
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values = row.values as unknown[];
    // exceljs rows are 1-based: values[0] is always empty.
    rows[rowNumber - 1] = values.slice(1).map(plainCell);
  });
  for (let i = 0; i < rows.length; i++) rows[i] ??= [];
  return sheetFromRows(rows);
}

/** What the review screen starts from: the sheet and a proposed column list. */
export function previewImport(sheet: RawSheet, options: ImportOptions = {}) {
  return { sheet, columns: inferColumns(sheet, options), rowCount: sheet.rows.length };
}

function storedCell(cell: ImportCell): CellValue {
  if (Array.isArray(cell) && cell.length > 0 && typeof cell[0] === 'object') {
    return (cell as { name: string; url: string; type: string }[]).map(
      (file): StoredAttachment => ({ name: file.name, url: file.url, mime: file.type }),
    );
  }
  return cell as CellValue;
}

/** A row's file texts by field id (see RecordRow.sourceText), or undefined when it has none. */
function rowSourceText(
  fieldIds: readonly string[],
  texts: readonly (string | undefined)[] | undefined,
): Record<string, string> | undefined {
  if (!texts) return undefined;
  const out: Record<string, string> = {};
  for (let c = 0; c < fieldIds.length; c++) {
    const text = texts[c];
    if (text !== undefined) out[fieldIds[c]!] = text;
  }
  return out;
}

/** A row's stored values (field id → cell); empty cells are left out. */
function rowValues(fieldIds: readonly string[], row: readonly ImportCell[]): Record<string, CellValue> {
  const values: Record<string, CellValue> = {};
  for (let c = 0; c < fieldIds.length; c++) {
    const cell = row[c];
    if (cell !== undefined) values[fieldIds[c]!] = storedCell(cell);
  }
  return values;
}

/** Progress of the record writes of an import (called every few thousand rows, inside the transaction). */
export type ImportProgress = (written: number, total: number) => void;

export interface ImportResult {
  table: TableRow;
  imported: number;
  skippedEmptyRows: number;
  /** Fields the import added to an existing table. */
  addedFields: TableField[];
}

/** Create a table from the reviewed columns and fill it: table and records land together or not at all. */
export async function importIntoNewTable(
  storage: Storage,
  input: {
    /** The base to add the table to; or `newBase`, created in the same transaction (never left empty). */
    baseId?: string;
    newBase?: { name: string };
    tableName: string;
    sheet: RawSheet;
    /** The running-import marker (`beginImport`) this import clears when it commits. */
    runId?: string;
    columns: readonly ImportColumn[];
    options?: ImportOptions;
    /** Called after each chunk of records is written (inside the one transaction). */
    onProgress?: ImportProgress;
  },
): Promise<ImportResult> {
  const converted = convertSheet(input.sheet, input.columns, input.options);
  const now = storage.ctx.now();
  const tableId = newId('tbl');
  const fields: TableField[] = converted.fields.map((spec, i) => ({
    id: newId('fld'),
    ...spec,
    ...(i === 0 ? { isPrimary: true } : {}),
  }));
  const fieldIds = fields.map((f) => f.id);
  const rows = converted.rows;
  const baseId = input.baseId ?? newId('bas');
  return write(
    storage.ctx,
    {
      action: 'import.newTable',
      stores: ['dataTables', ...RECORD_STORES, 'bases', ...(input.runId ? (['settings'] as const) : [])],
      keys: [tableId],
    },
    async () => {
      const { db } = storage;
      if (!input.baseId && input.newBase) {
        await db.bases.add({ id: baseId, name: input.newBase.name, createdAt: now, updatedAt: now });
      } else if (!(await db.bases.get(baseId))) throw new QuireError('NoBaseId', { detail: baseId });
      const existing = await db.dataTables.where('baseId').equals(baseId).toArray();
      const table: TableRow = {
        id: tableId,
        baseId,
        name: input.tableName,
        fields,
        order: existing.reduce((max, t) => Math.max(max, t.order + 1), 0),
        createdAt: now,
        updatedAt: now,
      };
      await db.dataTables.add(table);
      const imported = await appendValues(
        storage.ctx,
        tableId,
        rows.length,
        (i) => rowValues(fieldIds, rows[i]!),
        now,
        input.onProgress,
        (i) => rowSourceText(fieldIds, converted.sourceTexts[i]),
      );
      await db.bases.update(baseId, { updatedAt: now });
      if (input.runId) await clearRunningImport(storage, input.runId);
      return { table, imported, skippedEmptyRows: converted.skippedEmptyRows, addedFields: [] };
    },
  );
}

/** The import kind that reads cells for an existing field, or undefined for fields no file can fill. */
export function importKindForField(field: TableField): ImportFieldKind | undefined {
  switch (field.type) {
    case 'text':
    case 'barcode':
    case 'autoNumber':
      return 'text';
    case 'number':
    case 'progress':
    case 'rating':
      return field.property?.formatter === 'percent' ? 'percent' : 'number';
    case 'currency':
      return 'currency';
    case 'dateTime':
      return 'date';
    case 'checkbox':
    case 'singleSelect':
    case 'multiSelect':
    case 'url':
    case 'email':
    case 'phone':
      return field.type;
    case 'attachment':
    case 'attachmentImage':
      return 'attachment';
    default:
      return undefined;
  }
}

/**
 * Append rows to an existing table. Columns whose name matches a field (case-insensitively) fill it,
 * read as that field's type; other included columns become new fields. Select options met in the
 * file are added to the field. All in one transaction.
 */
export async function importIntoExistingTable(
  storage: Storage,
  input: {
    tableId: string;
    sheet: RawSheet;
    columns: readonly ImportColumn[];
    options?: ImportOptions;
    onProgress?: ImportProgress;
    /** The running-import marker (`beginImport`) this import clears when it commits. */
    runId?: string;
  },
): Promise<ImportResult> {
  const table = await storage.db.dataTables.get(input.tableId);
  if (!table) throw new QuireError('MetaTableNotFound', { detail: input.tableId });
  const byName = new Map(table.fields.map((f) => [f.name.trim().toLowerCase(), f]));
  const issues: ErrorIssue[] = [];
  const targets: (TableField | undefined)[] = [];
  const columns = input.columns.map((column) => {
    const field = column.include ? byName.get(column.name.trim().toLowerCase()) : undefined;
    if (!column.include) return column;
    targets.push(field);
    if (!field) return column;
    const kind = importKindForField(field);
    if (!kind) {
      issues.push({
        path: `column "${column.name}"`,
        reason: `the field "${field.name}" (${field.type}) cannot be filled from a file`,
      });
      return column;
    }
    return { ...column, kind, ...(field.property?.currencyCode ? { currencyCode: field.property.currencyCode } : {}) };
  });
  if (issues.length > 0) throw importError(issues);

  const converted = convertSheet(input.sheet, columns, input.options);
  const addedFields: TableField[] = [];
  const fieldIds = converted.fields.map((spec, i) => {
    const target = targets[i];
    if (target) return target.id;
    const field: TableField = { id: newId('fld'), ...spec };
    addedFields.push(field);
    return field.id;
  });
  const now = storage.ctx.now();

  return write(
    storage.ctx,
    {
      action: 'import.existingTable',
      stores: ['dataTables', ...RECORD_STORES, ...(input.runId ? (['settings'] as const) : [])],
      keys: [table.id],
    },
    async () => {
      const { db } = storage;
      const current = await db.dataTables.get(table.id);
      if (!current) throw new QuireError('MetaTableNotFound', { detail: table.id });
      const fields = current.fields.map((field) => {
        const i = fieldIds.indexOf(field.id);
        const spec = i >= 0 ? converted.fields[i] : undefined;
        if (!spec?.property?.options || (field.type !== 'singleSelect' && field.type !== 'multiSelect')) return field;
        const options = [...(field.property?.options ?? [])];
        const names = new Set(options.map((o) => o.name));
        for (const option of spec.property.options) {
          if (!names.has(option.name)) options.push({ id: newId('opt'), name: option.name });
        }
        return { ...field, property: { ...field.property, options } };
      });
      await db.dataTables.put({ ...current, fields: [...fields, ...addedFields], updatedAt: now });
      const rows = converted.rows;
      const imported = await appendValues(
        storage.ctx,
        table.id,
        rows.length,
        (i) => rowValues(fieldIds, rows[i]!),
        now,
        input.onProgress,
        (i) => rowSourceText(fieldIds, converted.sourceTexts[i]),
      );
      if (input.runId) await clearRunningImport(storage, input.runId);
      return {
        table: { ...current, fields: [...fields, ...addedFields] },
        imported,
        skippedEmptyRows: converted.skippedEmptyRows,
        addedFields,
      };
    },
  );
}

// --- Changing a field's type after import ----------------------------------------------------------

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored cell as the plain value core/import reads (dates as UTC wall-clock text). */
function plainStored(field: TableField, value: CellValue | undefined): unknown {
  if (value === null || value === undefined) return undefined;
  if (field.type === 'dateTime' && typeof value === 'number') {
    const d = new Date(value);
    const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    const time = d.getUTCHours() || d.getUTCMinutes() ? ` ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}` : '';
    return day + time;
  }
  if (field.type === 'url' && typeof value === 'object' && !Array.isArray(value)) {
    return (value as { link?: string }).link ?? '';
  }
  return value;
}

/**
 * What a record's cell converts from: for text, the file's own text when the import kept it
 * (`sourceText`), so "$1,234.50" and "ORD-7" come back exactly as the file said them.
 */
function retypeInput(field: TableField, record: RecordRow, kind: ImportFieldKind): unknown {
  const fileText = kind === 'text' ? record.sourceText?.[field.id] : undefined;
  return fileText ?? plainStored(field, record.values[field.id]);
}

/** Whether a field's values can be converted to another type (links, people, files cannot). */
export function canRetypeField(field: TableField): boolean {
  const kind = importKindForField(field);
  return kind !== undefined && kind !== 'attachment' && field.type !== 'autoNumber';
}

export interface RetypePreview {
  /** Each record's value before (as read) and the conversion result, in record order. */
  before: unknown[];
  result: RetypeResult;
}

function retypeOf(field: TableField, before: unknown[], kind: ImportFieldKind, options: ImportOptions): RetypeResult {
  return retypeValues(field.name, before, kind, {
    ...options,
    ...(field.property?.currencyCode ? { currencyCode: field.property.currencyCode } : {}),
  });
}

/** What changing `fieldId` to `kind` would do, without writing anything. */
export async function previewFieldType(
  storage: Storage,
  input: { tableId: string; fieldId: string; kind: ImportFieldKind; options?: ImportOptions },
): Promise<RetypePreview> {
  const table = await storage.db.dataTables.get(input.tableId);
  const field = table?.fields.find((f) => f.id === input.fieldId);
  if (!table || !field) throw new QuireError('MetaTableNotFound', { detail: `${input.tableId}/${input.fieldId}` });
  const records = await storage.records.listAll(table.id);
  const before = records.map((r) => retypeInput(field, r, input.kind));
  return { before, result: retypeOf(field, before, input.kind, input.options ?? {}) };
}

export interface RetypeOutcome {
  converted: number;
  /** Values that did not convert, kept as text in `keptField` (same records). */
  kept: number;
  keptField?: TableField;
}

/**
 * Change a field's type in one transaction. Values that convert are rewritten; values that do not
 * are kept, never lost: they move to a new text field (`keptFieldName`) on the same records.
 */
export async function changeFieldType(
  storage: Storage,
  input: { tableId: string; fieldId: string; kind: ImportFieldKind; keptFieldName: string; options?: ImportOptions },
): Promise<RetypeOutcome> {
  const now = storage.ctx.now();
  return write(
    storage.ctx,
    { action: 'table.changeFieldType', stores: ['dataTables', ...RECORD_STORES], keys: [input.tableId] },
    async () => {
      const { db } = storage;
      const table = await db.dataTables.get(input.tableId);
      const field = table?.fields.find((f) => f.id === input.fieldId);
      if (!table || !field) throw new QuireError('MetaTableNotFound', { detail: `${input.tableId}/${input.fieldId}` });
      const records = await allRecords(storage.ctx, table.id);
      const before = records.map((r) => retypeInput(field, r, input.kind));
      const result = retypeOf(field, before, input.kind, input.options ?? {});
      const next = new Map<string, { value: ImportCell | undefined; kept?: string }>();
      records.forEach((record, i) => {
        next.set(record.id, { value: result.cells[i] });
      });
      let keptField: TableField | undefined;
      if (result.failed.length > 0) {
        keptField = { id: newId('fld'), name: input.keptFieldName, type: 'text' };
        for (const i of result.failed) {
          const record = records[i]!;
          const raw = before[i];
          next.set(record.id, {
            value: undefined,
            kept: Array.isArray(raw) ? raw.join(', ') : String(raw),
          });
        }
      }
      const changedField: TableField = {
        ...result.field,
        id: field.id,
        name: field.name,
        ...(field.isPrimary ? { isPrimary: true } : {}),
        ...(field.description ? { description: field.description } : {}),
      };
      const fields = table.fields.map((f) => (f.id === field.id ? changedField : f));
      if (keptField) fields.splice(fields.indexOf(changedField) + 1, 0, keptField);
      await db.dataTables.update(table.id, { fields, updatedAt: now });
      await mutateTable(storage.ctx, table.id, (record) => {
        const change = next.get(record.id);
        if (!change) return record;
        const values: Record<string, CellValue> = { ...record.values };
        if (change.value === undefined) delete values[field.id];
        else values[field.id] = change.value as CellValue;
        if (keptField && change.kept !== undefined) values[keptField.id] = change.kept;
        const changed: RecordRow = { ...record, values, updatedAt: now };
        // As text the value is the file's text itself; nothing is left to restore.
        if (input.kind === 'text' && changed.sourceText?.[field.id] !== undefined) {
          const { [field.id]: _restored, ...rest } = changed.sourceText;
          if (Object.keys(rest).length > 0) changed.sourceText = rest;
          else delete changed.sourceText;
        }
        return changed;
      });
      return {
        converted: result.cells.filter((c) => c !== undefined).length,
        kept: result.failed.length,
        ...(keptField ? { keptField } : {}),
      };
    },
  );
}
