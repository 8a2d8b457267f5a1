import { describe, expect, it } from 'vitest';
import { instanceLabel } from './approvalInstances';

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
