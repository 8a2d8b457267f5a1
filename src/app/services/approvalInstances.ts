import type { PrintSource } from '../../core/print/sources';
import type { ApprovalDefinitionRow, ApprovalInstanceRow } from '../../storage/types';

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/**
 * Who and what an approval instance is, for every picker that lists instances:
 * `#202403001 · Alice Chen · Expense reimbursement – … · APPROVED` (a serial number alone says
 * nothing to the person choosing).
 */
export function instanceLabel(row: Pick<ApprovalInstanceRow, 'code' | 'instance'>): string {
  const i = row.instance;
  const serial = text(i.serial_id);
  const parts = [
    serial ? `#${serial}` : row.code,
    text(i.apply_user_name),
    text(i.instance_name),
    text(i.instance_status),
  ].filter(Boolean);
  return parts.join(' · ');
}

/** The day an instance was created, as `YYYY-MM-DD` (UTC), or '' when its time does not read as one. */
function createdDay(value: unknown): string {
  const time = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof time !== 'number' && typeof time !== 'string') return '';
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/**
 * What the instance pickers' search reads (#31 item 4): the label (number, applicant, name, status)
 * and the day it was created, so "Chen", "20240301" and "2024-03" each find it.
 */
export function instanceSearchText(row: Pick<ApprovalInstanceRow, 'code' | 'instance'>): string {
  return [instanceLabel(row), row.code, createdDay(row.instance.create_time)].filter(Boolean).join(' ');
}

/** Whether every word of the query appears in the text, ignoring case (an empty query matches all). */
export function matchesQuery(text: string, query: string): boolean {
  const haystack = text.toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** An approval definition with the instances of it on this device. */
interface ApprovalWithInstances {
  definition: ApprovalDefinitionRow;
  instances: ApprovalInstanceRow[];
}

/** The print source of one instance; none (or an unknown code) prints the designer's placeholders. */
export function approvalInstanceSource(approval: ApprovalWithInstances, instanceCode: string | undefined): PrintSource {
  const instance = approval.instances.find((i) => i.code === instanceCode);
  return {
    kind: 'approval',
    definition: approval.definition.design,
    ...(instance ? { instance: instance.instance } : {}),
  };
}
