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

/** An approval definition with the instances of it on this device. */
export interface ApprovalWithInstances {
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
