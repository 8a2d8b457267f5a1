import { describe, expect, it } from 'vitest';
import { list, map, num, str } from '../openValue';
import { GROUP_FIELDS, type GroupKind, groupKindOf, groupValue } from './groups';

const tz = 'Asia/Shanghai';

describe('group widgets', () => {
  it.each([
    ['leaveGroup', 'leave'],
    ['leaveGroupV2', 'leave'],
    ['tripGroup', 'trip'],
    ['outGroup', 'out'],
    ['workGroup', 'work'],
    ['shiftGroupV2', 'shift'],
    ['remedyGroupV2', 'remedy'],
    ['offboardingGroup', 'offboarding'],
    ['jobAdjustGroup', 'jobAdjust'],
    ['onboardingGroup', 'onboarding'],
    ['regularizationGroup', 'regularization'],
    ['signGroup', 'sign'],
  ])('%s is a %s group', (type, kind) => {
    expect(groupKindOf(type)).toBe(kind);
  });

  it('maps a leave by days with dates only', () => {
    expect(
      groupValue(
        'leave',
        {
          name: 'Annual',
          start: '2024-03-11T00:00:00+08:00',
          end: '2024-03-12T00:00:00+08:00',
          interval: 2,
          unit: 'DAY',
          reason: 'Trip',
        },
        tz,
        'en-US',
      ),
    ).toEqual(
      map({
        type: str('Annual'),
        start: str('2024/03/11'),
        end: str('2024/03/12'),
        interval: num(2, '2'),
        unit: str('DAY'),
        reason: str('Trip'),
      }),
    );
  });

  it('shows the time of day for leave by hours', () => {
    const value = groupValue(
      'leave',
      { start: 1709602200000, end: 1709613000000, interval: '3', unit: 'HOUR' },
      tz,
      'en-US',
    );
    expect(value).toMatchObject({
      fields: { start: str('2024/03/05 09:30'), end: str('2024/03/05 12:30'), interval: num(3, '3'), type: str('-') },
    });
  });

  it('maps a trip with its schedule', () => {
    const value = groupValue(
      'trip',
      {
        interval: 2,
        reason: 'Client',
        peer: [{ name: 'Ann' }, { name: 'Bo' }],
        schedule: [
          {
            start: '2024-03-05',
            end: '2024-03-06',
            interval: 2,
            departure: 'Shanghai',
            destination: 'Shenzhen',
            transportation: 'Train',
            oneRound: 'Round trip',
          },
        ],
      },
      tz,
      'en-US',
    );
    expect(value).toEqual(
      map({
        interval: num(2, '2'),
        reason: str('Client'),
        peer: str('Ann, Bo'),
        schedule: list([
          map({
            start: str('2024/03/05'),
            end: str('2024/03/06'),
            interval: num(2, '2'),
            departure: str('Shanghai'),
            destination: str('Shenzhen'),
            transportation: str('Train'),
            oneRound: str('Round trip'),
            remark: str('-'),
          }),
        ]),
      }),
    );
  });

  it.each(Object.keys(GROUP_FIELDS) as GroupKind[])('an empty %s group prints - in every field', (kind) => {
    const value = groupValue(kind, undefined, tz, 'en-US');
    expect(value.type).toBe('map');
    if (value.type !== 'map') return;
    for (const [key, field] of Object.entries(value.fields)) {
      if (key === 'schedule') expect(field).toEqual(list([]));
      else expect(field, key).toEqual(str('-'));
    }
  });

  it.each([
    [
      'out',
      { start: '2024-03-05 09:00', end: '2024-03-05 11:00', interval: 2, unit: 'HOUR', reason: 'Bank' },
      { start: '2024/03/05 09:00', reason: 'Bank' },
    ],
    [
      'work',
      { name: 'Weekend', start: '2024-03-09', end: '2024-03-09', interval: 1, unit: 'DAY' },
      { type: 'Weekend', start: '2024/03/09' },
    ],
    [
      'shift',
      { shiftTime: '2024-03-05', returnTime: '2024-03-08', reason: 'Swap' },
      { shiftTime: '2024/03/05', returnTime: '2024/03/08' },
    ],
    [
      'remedy',
      { remedyTime: '2024-03-05 09:02', reason: 'Forgot to clock in' },
      { date: '2024/03/05 09:02', reason: 'Forgot to clock in' },
    ],
    [
      'offboarding',
      { lastDay: '2024-04-30', handover: [{ name: 'Ann' }], reason: 'Relocation' },
      { lastWorkDay: '2024/04/30', handover: 'Ann' },
    ],
    [
      'jobAdjust',
      {
        effectiveDate: '2024-04-01',
        fromDepartment: [{ name: 'Sales' }],
        toDepartment: 'Marketing',
        fromPosition: 'Rep',
        toPosition: 'Lead',
      },
      { fromDepartment: 'Sales', toDepartment: 'Marketing', toPosition: 'Lead' },
    ],
    [
      'onboarding',
      {
        name: 'Eve',
        department: [{ name: 'R&D' }],
        position: 'Engineer',
        startDate: '2024-04-01',
        employeeType: 'Full-time',
      },
      { name: 'Eve', department: 'R&D', onboardDate: '2024/04/01' },
    ],
    [
      'regularization',
      { probationStart: '2024-01-01', probationEnd: '2024-03-31', regularizationDate: '2024-04-01', comment: 'Great' },
      { regularizationDate: '2024/04/01', comment: 'Great' },
    ],
    [
      'sign',
      { signTime: 1709602200000, location: 'HQ', reason: 'Visit' },
      { time: '2024/03/05 09:30', location: 'HQ' },
    ],
  ] as const)('maps a %s group', (kind, raw, expected) => {
    const value = groupValue(kind, raw, tz, 'en-US');
    const fields = value.type === 'map' ? value.fields : {};
    for (const [key, text] of Object.entries(expected)) expect(fields[key], key).toEqual(str(text));
  });
});
