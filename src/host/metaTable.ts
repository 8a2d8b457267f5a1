/**
 * The hidden meta table of a base (spec 000 §3, §4, §8): a key text field and a value text field,
 * one record per key. Quire keeps what belongs to the base itself there (the demo info, the base
 * token's binding, the edit lock), so every device that opens the base sees the same. Reached
 * through the bridge; the four meta-table errors of the spec are catalogued.
 */
import { QuireError } from '../core/errors';
import type { HostBridge } from './bridge';
import type { HostField, HostRecord } from './protocol';

type Bridge = Pick<HostBridge, 'request'>;

const KEY_FIELD = 'key';
const VALUE_FIELD = 'value';
/** Rows the meta table may hold before Quire stops reading (it keeps a handful). */
const META_ROW_LIMIT = 500;

export interface MetaTable {
  tableId: string;
  keyFieldId: string;
  valueFieldId: string;
}

/** A key names a record: letters, digits, dots, dashes and underscores, never empty. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(key)) throw new QuireError('InvalidIdentifier', { detail: key || '(empty)' });
  return key;
}

function textField(fields: readonly HostField[], name: string): HostField | undefined {
  return fields.find((f) => f.name === name && (f.type === 'text' || f.type === 'Text' || f.type === '1'));
}

/** Finds the table and its key and value fields, or the catalogued reason it cannot be used. */
export async function openMetaTable(bridge: Bridge, baseId: string | null): Promise<MetaTable> {
  const table = await bridge.request('base.getMetaTable', { baseId });
  if (!table) throw new QuireError('MetaTableNotFound', { detail: baseId ?? '' });
  const fields = await bridge.request('base.getFieldMetaList', { baseId, tableId: table.tableId });
  const key = textField(fields, KEY_FIELD);
  const value = textField(fields, VALUE_FIELD);
  if (!key || !value) throw new QuireError('MetaMissingKeyOrValueField', { detail: table.tableId });
  if (!key.id || !value.id) throw new QuireError('MetaMissingFieldIds', { detail: table.tableId });
  return { tableId: table.tableId, keyFieldId: key.id, valueFieldId: value.id };
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  // Hosts that keep text as segments ([{ text }]) are read the same way.
  if (Array.isArray(value))
    return value.map((part) => (typeof part === 'object' && part && 'text' in part ? String(part.text) : '')).join('');
  return undefined;
}

async function rows(bridge: Bridge, baseId: string | null, meta: MetaTable): Promise<HostRecord[]> {
  const ids = await bridge.request('base.getRecordIds', { baseId, tableId: meta.tableId, limit: META_ROW_LIMIT });
  if (ids.length === 0) return [];
  return bridge.request('base.getRecords', { baseId, tableId: meta.tableId, recordIds: ids.slice(0, 200) });
}

async function findRow(bridge: Bridge, baseId: string | null, meta: MetaTable, key: string) {
  return (await rows(bridge, baseId, meta)).find((r) => asText(r.fields[meta.keyFieldId]) === key);
}

export async function readMeta(
  bridge: Bridge,
  baseId: string | null,
  meta: MetaTable,
  key: string,
): Promise<string | undefined> {
  const row = await findRow(bridge, baseId, meta, checkKey(key));
  return row ? asText(row.fields[meta.valueFieldId]) : undefined;
}

/** Updates the key's record, or adds one. */
export async function writeMeta(bridge: Bridge, baseId: string | null, meta: MetaTable, key: string, value: string) {
  const row = await findRow(bridge, baseId, meta, checkKey(key));
  const fields = { [meta.keyFieldId]: key, [meta.valueFieldId]: value };
  if (row) await bridge.request('base.setRecord', { baseId, tableId: meta.tableId, recordId: row.recordId, fields });
  else await bridge.request('base.addRecord', { baseId, tableId: meta.tableId, fields });
}

export async function deleteMeta(bridge: Bridge, baseId: string | null, meta: MetaTable, key: string) {
  const row = await findRow(bridge, baseId, meta, checkKey(key));
  if (row) await bridge.request('base.deleteRecord', { baseId, tableId: meta.tableId, recordId: row.recordId });
}
