/**
 * Every Word, Excel and PowerPoint template on this device, with what it prints from: the
 * `/docx` and `/print-docx` screens list them across tables and approvals.
 */
import { approvalCodeOf, isApprovalBinding } from '../../core/binding';
import type { OfficeKind } from '../../core/outputs/catalogue';
import type { Storage } from '../../storage';
import type { TemplateRow } from '../../storage/types';
import { officeKindOf } from '../services/officeFile';

export interface OfficeTemplateEntry {
  row: TemplateRow;
  kind: OfficeKind;
  /** The bound table's or approval's name; the raw binding when neither is on this device. */
  boundTo: string;
}

export async function listOfficeTemplates(storage: Storage): Promise<OfficeTemplateEntry[]> {
  const rows = await storage.templates.list();
  const names = new Map<string, string>();
  const out: OfficeTemplateEntry[] = [];
  for (const row of rows) {
    const kind = officeKindOf(row.content);
    if (!kind) continue;
    if (!names.has(row.tableId)) {
      const approval = isApprovalBinding(row.tableId);
      const name = approval
        ? (await storage.approvals.getDefinition(approvalCodeOf(row.tableId)))?.name
        : (await storage.tables.get(row.tableId))?.name;
      names.set(row.tableId, name ?? row.tableId);
    }
    out.push({ row, kind, boundTo: names.get(row.tableId) ?? row.tableId });
  }
  return out.sort((a, b) => b.row.updatedAt - a.row.updatedAt);
}
