/**
 * An in-memory base answering the bridge's base methods, for unit tests of what Quire does with a
 * base (meta table, initialisation). The reference host page answers the same way in a browser.
 */
import type { HostMethod, MethodParams, MethodResult } from './protocol';

interface FakeTable {
  id: string;
  name: string;
  fields: Array<{ id: string; name: string; type: string }>;
  records: Array<{ recordId: string; fields: Record<string, unknown> }>;
}

export function fakeBase(tables: FakeTable[], metaTableId: string | null = 'tblMeta') {
  let next = 0;
  const calls: string[] = [];
  const table = (id: string) => {
    const found = tables.find((t) => t.id === id);
    if (!found) throw Object.assign(new Error(`no table ${id}`), { code: 'NOT_FOUND' });
    return found;
  };
  const answer = (method: HostMethod, params: Record<string, unknown>): unknown => {
    switch (method) {
      case 'base.getMetaTable':
        return metaTableId ? { tableId: metaTableId } : null;
      case 'base.getTables':
        return tables.map(({ id, name }) => ({ id, name }));
      case 'base.getFieldMetaList':
        return table(String(params.tableId)).fields;
      case 'base.getRecordIds':
        return table(String(params.tableId)).records.map((r) => r.recordId);
      case 'base.getRecords': {
        const ids = params.recordIds as string[];
        return table(String(params.tableId)).records.filter((r) => ids.includes(r.recordId));
      }
      case 'base.addRecord': {
        next += 1;
        const recordId = `rec${next}`;
        table(String(params.tableId)).records.push({ recordId, fields: { ...(params.fields as object) } });
        return { recordId };
      }
      case 'base.setRecord': {
        const row = table(String(params.tableId)).records.find((r) => r.recordId === params.recordId);
        if (row) row.fields = { ...row.fields, ...(params.fields as object) };
        return null;
      }
      case 'base.deleteRecord': {
        const t = table(String(params.tableId));
        t.records = t.records.filter((r) => r.recordId !== params.recordId);
        return null;
      }
      default:
        throw new Error(`unanswered ${method}`);
    }
  };
  return {
    tables,
    calls,
    async request<M extends HostMethod>(method: M, params: MethodParams<M>): Promise<MethodResult<M>> {
      calls.push(method);
      return answer(method, (params ?? {}) as Record<string, unknown>) as MethodResult<M>;
    },
  };
}

export const metaTable = (records: FakeTable['records'] = []): FakeTable => ({
  id: 'tblMeta',
  name: '__quire_meta',
  fields: [
    { id: 'fKey', name: 'key', type: 'text' },
    { id: 'fValue', name: 'value', type: 'text' },
  ],
  records,
});
