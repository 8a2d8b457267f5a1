import { describe, expect, it } from 'vitest';
import { approvalInstanceSource, instanceLabel, instanceSearchText, matchesQuery } from './approvalInstances';

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

describe('searching instances by applicant, number and date (#31)', () => {
  const rows = [
    {
      code: 'i1',
      instance: {
        serial_id: '202403001',
        apply_user_name: 'Alice Chen',
        instance_name: 'Travel',
        instance_status: 'APPROVED',
        create_time: Date.UTC(2024, 2, 1, 9),
      },
    },
    {
      code: 'i2',
      instance: { serial_id: '202404002', apply_user_name: 'Bo Li', create_time: String(Date.UTC(2024, 3, 2)) },
    },
    { code: 'i3', instance: { apply_user_name: 'Cai', create_time: '2024-04-20T08:00:00Z' } },
    { code: 'i4', instance: { apply_user_name: 'Dee', create_time: 'not a time' } },
  ];
  const found = (query: string) =>
    rows.filter((row) => matchesQuery(instanceSearchText(row), query)).map((row) => row.code);

  it('reads the label, the code and the day the instance was created', () => {
    expect(instanceSearchText(rows[0]!)).toBe('#202403001 · Alice Chen · Travel · APPROVED i1 2024-03-01');
    expect(instanceSearchText(rows[3]!)).toBe('i4 · Dee i4');
  });

  it.each([
    ['chen', ['i1']],
    ['202404', ['i2']],
    ['#202403001', ['i1']],
    ['2024-04', ['i2', 'i3']],
    ['2024-04 cai', ['i3']],
    ['approved alice', ['i1']],
    ['', ['i1', 'i2', 'i3', 'i4']],
    ['nobody', []],
  ])('"%s" finds %j', (query, codes) => {
    expect(found(query)).toEqual(codes);
  });
});
