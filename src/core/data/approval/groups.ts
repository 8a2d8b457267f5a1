/**
 * Attendance and HR group widgets (trip, leave, out, offboarding, job adjust, onboarding,
 * regularization, remedy, work/overtime, sign, shift). Each becomes one map variable whose
 * fields are printable text ('-' when empty); a trip's schedule is a list of maps.
 */
import { formatNumber } from '../../format';
import { list, map, num, type OpenValue } from '../openValue';
import type { ApprovalLanguage, FieldLabelName } from './labels';
import {
  approvalDate,
  approvalNumber,
  formatApprovalTime,
  isBlank,
  isRecord,
  namesOf,
  stringOf,
  textOrDash,
} from './values';

type FieldKind = 'text' | 'date' | 'datetime' | 'when' | 'number' | 'names';

interface GroupField {
  key: FieldLabelName;
  /** Keys the host may use for this field, first found wins. */
  from: readonly string[];
  kind: FieldKind;
}

const f = (key: FieldLabelName, kind: FieldKind, ...from: string[]): GroupField => ({
  key,
  kind,
  from: from.length > 0 ? from : [key],
});

const TIMED = [
  f('start', 'when'),
  f('end', 'when'),
  f('interval', 'number', 'interval', 'duration'),
  f('unit', 'text'),
];

export type GroupKind =
  | 'leave'
  | 'trip'
  | 'out'
  | 'work'
  | 'shift'
  | 'remedy'
  | 'offboarding'
  | 'jobAdjust'
  | 'onboarding'
  | 'regularization'
  | 'sign';

export const GROUP_FIELDS: Record<GroupKind, readonly GroupField[]> = {
  leave: [f('type', 'text', 'name', 'leaveType', 'type'), ...TIMED, f('reason', 'text')],
  trip: [f('interval', 'number', 'interval', 'duration'), f('reason', 'text'), f('peer', 'names', 'peer', 'peers')],
  out: [f('type', 'text', 'name', 'type'), ...TIMED, f('reason', 'text')],
  work: [f('type', 'text', 'name', 'type'), ...TIMED, f('reason', 'text')],
  shift: [f('shiftTime', 'date'), f('returnTime', 'date'), f('reason', 'text')],
  remedy: [f('date', 'datetime', 'date', 'remedyTime'), f('reason', 'text')],
  offboarding: [
    f('lastWorkDay', 'date', 'lastWorkDay', 'lastDay'),
    f('handover', 'names', 'handover', 'handoverUser'),
    f('reason', 'text'),
    f('remark', 'text'),
  ],
  jobAdjust: [
    f('effectiveDate', 'date'),
    f('fromDepartment', 'names'),
    f('toDepartment', 'names'),
    f('fromPosition', 'text'),
    f('toPosition', 'text'),
    f('reason', 'text'),
  ],
  onboarding: [
    f('name', 'text'),
    f('department', 'names'),
    f('position', 'text'),
    f('onboardDate', 'date', 'onboardDate', 'startDate'),
    f('employeeType', 'text'),
  ],
  regularization: [
    f('probationStart', 'date'),
    f('probationEnd', 'date'),
    f('regularizationDate', 'date'),
    f('comment', 'text'),
  ],
  sign: [f('time', 'datetime', 'time', 'signTime'), f('location', 'text'), f('reason', 'text')],
};

const TRIP_SCHEDULE: readonly GroupField[] = [
  f('start', 'when'),
  f('end', 'when'),
  f('interval', 'number', 'interval', 'duration'),
  f('departure', 'text'),
  f('destination', 'text'),
  f('transportation', 'text'),
  f('oneRound', 'text'),
  f('remark', 'text'),
];

const GROUP_TYPES: Record<string, GroupKind> = {
  leaveGroup: 'leave',
  leaveGroupV2: 'leave',
  tripGroup: 'trip',
  outGroup: 'out',
  workGroup: 'work',
  overtimeGroup: 'work',
  shiftGroup: 'shift',
  shiftGroupV2: 'shift',
  remedyGroup: 'remedy',
  remedyGroupV2: 'remedy',
  offboardingGroup: 'offboarding',
  jobAdjustGroup: 'jobAdjust',
  onboardingGroup: 'onboarding',
  regularizationGroup: 'regularization',
  signGroup: 'sign',
};

export function groupKindOf(type: string): GroupKind | undefined {
  return GROUP_TYPES[type];
}

function pick(value: Record<string, unknown>, keys: readonly string[]): unknown {
  for (const key of keys) if (!isBlank(value[key])) return value[key];
  return undefined;
}

/** Day units print dates; hour and half-day units need the time of day. */
function whenPattern(unit: string): string {
  return unit === '' || unit.toUpperCase() === 'DAY' ? 'YYYY/MM/DD' : 'YYYY/MM/DD HH:mm';
}

function fieldValue(
  field: GroupField,
  source: Record<string, unknown>,
  timeZone: string,
  lang: ApprovalLanguage,
): OpenValue {
  const raw = pick(source, field.from);
  if (isBlank(raw)) return textOrDash('');
  switch (field.kind) {
    case 'text':
      return textOrDash(stringOf(raw));
    case 'names':
      return textOrDash(namesOf(raw).join(', '));
    case 'date':
      return textOrDash(approvalDate(raw, timeZone));
    case 'datetime':
      return textOrDash(formatApprovalTime(raw, 'YYYY/MM/DD HH:mm', timeZone));
    case 'when':
      return textOrDash(formatApprovalTime(raw, whenPattern(stringOf(source.unit)), timeZone));
    case 'number': {
      const n = approvalNumber(raw);
      return num(n, formatNumber(n, { locale: lang }));
    }
  }
}

function fieldsOf(
  spec: readonly GroupField[],
  source: Record<string, unknown>,
  timeZone: string,
  lang: ApprovalLanguage,
): Record<string, OpenValue> {
  const fields: Record<string, OpenValue> = {};
  for (const field of spec) fields[field.key] = fieldValue(field, source, timeZone, lang);
  return fields;
}

/** A group widget's value → a map of its fields; an empty group gives every field '-'. */
export function groupValue(kind: GroupKind, raw: unknown, timeZone: string, lang: ApprovalLanguage): OpenValue {
  const source = isRecord(raw) ? raw : {};
  const fields = fieldsOf(GROUP_FIELDS[kind], source, timeZone, lang);
  if (kind === 'trip') {
    const schedule = Array.isArray(source.schedule) ? source.schedule : [];
    fields.schedule = list(schedule.filter(isRecord).map((leg) => map(fieldsOf(TRIP_SCHEDULE, leg, timeZone, lang))));
  }
  return map(fields);
}

/** The field names of a group's map, for its data-source spec. */
export function groupFieldNames(kind: GroupKind): string[] {
  const names: string[] = GROUP_FIELDS[kind].map((field) => field.key);
  return kind === 'trip' ? [...names, 'schedule'] : names;
}

export const TRIP_SCHEDULE_FIELDS: string[] = TRIP_SCHEDULE.map((field) => field.key);
