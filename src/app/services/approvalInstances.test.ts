import { describe, expect, it } from 'vitest';
import { approvalInstanceSource, instanceLabel } from './approvalInstances';

describe('instanceLabel', () => {
  it('says who and what an instance is', () => {
    const instance = {
      serial_id: '202403001',
      apply_user_name: 'Alice Chen',
      instance_name: 'Travel',
      instance_status: 'APPROVED',
    };
    expect(instanceLabel({ code: 'x1', instance })).toBe('#202403001 · Alice Chen · Travel · APPROVED');
  });

  it('falls back to the code when the host gave no serial, and skips what is missing', () => {
    expect(instanceLabel({ code: 'x1', instance: { apply_user_name: 'Bo', serial_id: null } })).toBe('x1 · Bo');
  });
});

describe('approvalInstanceSource', () => {
  const approval = {
    definition: { code: 'EXP', name: 'Expense', design: { approval_code: 'EXP' }, updatedAt: 1 },
    instances: [{ code: 'i1', approvalCode: 'EXP', instance: { serial_id: '1' } }],
  } as unknown as Parameters<typeof approvalInstanceSource>[0];

  it('prints the chosen instance of the definition', () => {
    expect(approvalInstanceSource(approval, 'i1')).toEqual({
      kind: 'approval',
      definition: { approval_code: 'EXP' },
      instance: { serial_id: '1' },
    });
  });

  it('prints the designer placeholders for no instance or an unknown one', () => {
    for (const code of [undefined, 'gone'])
      expect(approvalInstanceSource(approval, code)).toEqual({
        kind: 'approval',
        definition: { approval_code: 'EXP' },
      });
  });
});
