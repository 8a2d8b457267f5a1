import { describe, expect, it } from 'vitest';
import { approvalTarget } from './ApprovalEntry';

describe('the approval entry', () => {
  it('opens the instance when there is one, else the approval, else nothing', () => {
    expect(approvalTarget('PURCHASE 1', 'INS/1')).toBe('/approval/preview/INS%2F1');
    expect(approvalTarget('PURCHASE 1', null)).toBe('/approval/PURCHASE%201');
    expect(approvalTarget(undefined, undefined)).toBeUndefined();
  });
});
