/** Addresses of the screens an Office template moves between (spec 000 §2 route tables). */
import { approvalCodeOf, isApprovalBinding } from '../../core/binding';

/** The template list the template shows in: its table's, or its approval's. */
export function templateListHref(tableId: string): string {
  if (isApprovalBinding(tableId)) return `/approval/${encodeURIComponent(approvalCodeOf(tableId))}`;
  return `/baseplugin/t/${encodeURIComponent(tableId || 'local')}/preview`;
}

/** The preview and print screen of a table-bound template; approvals print from the editor. */
export function previewHref(tableId: string, templateId: string): string | undefined {
  if (!tableId || isApprovalBinding(tableId)) return undefined;
  return `/baseplugin/t/${encodeURIComponent(tableId)}/preview/${encodeURIComponent(templateId)}`;
}

export function officeEditorHref(templateId: string): string {
  return `/baseplugin/t/editor/${encodeURIComponent(templateId)}`;
}
