import type { ApprovalInstanceRow } from '../../storage/types';

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
