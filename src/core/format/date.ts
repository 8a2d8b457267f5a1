/**
 * Dates: guessing dates from text (spec 001 §5.1) and formatting them in a time zone (§9.1, §9.2).
 * Everything is epoch milliseconds; wall-clock fields are computed through Intl for the zone.
 */

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** The selectable custom formats of §9.2; any pattern of the same tokens also works. */
export const DATE_FORMATS = [
  'yyyy/MM/dd',
  'yyyy/MM/dd HH:mm',
  'yyyy-MM-dd',
  'yyyy-MM-dd HH:mm',
  'MM-dd',
  'MM/dd/yyyy',
  'dd/MM/yyyy',
] as const;

export const DATE_STYLES = ['short', 'medium', 'long', 'full'] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = zoneFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone when Intl knows it, else the default zone (a typo must not break printing). */
export function resolveTimeZone(timeZone: string | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    zoneFormatter(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    zoneFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

const wallClocks = new Map<string, Readonly<WallClock>>();

/**
 * The zone's wall clock at an instant. Cached: `formatToParts` is the costliest step of printing a
 * date, and a batch prints the same dates (issue date, due date) on record after record.
 */
function wallClock(epochMs: number, timeZone: string): Readonly<WallClock> {
  const key = `${timeZone}|${epochMs}`;
  const hit = wallClocks.get(key);
  if (hit) return hit;
  const clock = Object.freeze(computeWallClock(epochMs, timeZone));
  if (wallClocks.size >= 1000) wallClocks.delete(wallClocks.keys().next().value!);
  wallClocks.set(key, clock);
  return clock;
}

function computeWallClock(epochMs: number, timeZone: string): WallClock {
  const parts = zoneFormatter(resolveTimeZone(timeZone)).formatToParts(new Date(epochMs));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const era = parts.find((p) => p.type === 'era')?.value;
  const year = get('year');
  return {
    year: era === 'BC' ? 1 - year : year,
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

function utcFromFields(f: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(f.year, f.month - 1, f.day);
  date.setUTCHours(f.hour, f.minute, f.second, 0);
  return date.getTime();
}

/** Offset of the zone from UTC at an instant, in ms (Asia/Shanghai → +8 h). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const whole = Math.floor(epochMs / 1000) * 1000;
  return utcFromFields(wallClock(whole, timeZone)) - whole;
}

/** The instant at which the zone's wall clock shows the given fields. */
export function zonedTimeToEpoch(fields: WallClock, timeZone: string): number {
  const asUtc = utcFromFields(fields);
  let epoch = asUtc - zoneOffsetMs(asUtc, timeZone);
  const corrected = asUtc - zoneOffsetMs(epoch, timeZone);
  if (corrected !== epoch) epoch = corrected;
  return epoch;
}

function daysInMonth(year: number, month: number): number {
  const lengths = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return lengths[month - 1] ?? 0;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const TIME_SUFFIX = '(?:[ T](\\d{1,2}):(\\d{2})(?::(\\d{2}))?(?:\\.\\d+)?)?';
const YMD = new RegExp(`^(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})${TIME_SUFFIX}$`);
const DMY_SLASH = new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})${TIME_SUFFIX}$`);
const MDY_DASH = new RegExp(`^(\\d{1,2})-(\\d{1,2})-(\\d{4})${TIME_SUFFIX}$`);
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * Guesses a date from text: YYYY-MM-DD (also with / or .), DD/MM/YYYY, MM-DD-YYYY, each with an
 * optional ` HH:mm[:ss]`, and ISO 8601 with an explicit zone. Wall-clock text is read in
 * `timeZone`. Returns epoch ms, or undefined when the text is not a real date.
 */
export function guessDate(text: string, timeZone: string = DEFAULT_TIME_ZONE): number | undefined {
  const trimmed = text.trim();
  if (ISO_WITH_ZONE.test(trimmed)) {
    const parsed = Date.parse(trimmed);
    return Number.isNaN(parsed) ? undefined : parsed;
  }
  let year: string | undefined;
  let month: string | undefined;
  let day: string | undefined;
  let time: (string | undefined)[] = [];
  let m = YMD.exec(trimmed);
  if (m) [, year, month, day, ...time] = m;
  else if ((m = DMY_SLASH.exec(trimmed))) [, day, month, year, ...time] = m;
  else if ((m = MDY_DASH.exec(trimmed))) [, month, day, year, ...time] = m;
  else return undefined;
  const fields: WallClock = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(time[0] ?? 0),
    minute: Number(time[1] ?? 0),
    second: Number(time[2] ?? 0),
  };
  if (fields.month < 1 || fields.month > 12) return undefined;
  if (fields.day < 1 || fields.day > daysInMonth(fields.year, fields.month)) return undefined;
  if (fields.hour > 23 || fields.minute > 59 || fields.second > 59) return undefined;
  return zonedTimeToEpoch(fields, resolveTimeZone(timeZone));
}

/** Epoch ms from a number (epoch ms), a numeric string of 10 or 13 digits, or guessable date text. */
export function toEpochMs(value: unknown, timeZone: string = DEFAULT_TIME_ZONE): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (/^\d{13}$/.test(trimmed)) return Number(trimmed);
  if (/^\d{10}$/.test(trimmed)) return Number(trimmed) * 1000;
  return guessDate(trimmed, timeZone);
}

const TOKEN = /'[^']*'|yyyy|YYYY|yy|YY|MMMM|MMM|MM|M|dd|DD|d|D|EEEE|EEE|HH|H|hh|h|mm|m|ss|s|SSS|a|A/g;

const nameFormats = new Map<string, Intl.DateTimeFormat>();
/** Month or weekday name of a wall-clock date, in the locale (cached: Intl formatters are costly). */
function calendarName(locale: string, part: 'month' | 'weekday', width: 'long' | 'short', f: WallClock): string {
  const key = `${locale}|${part}|${width}`;
  let format = nameFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { [part]: width, timeZone: 'UTC' });
    nameFormats.set(key, format);
  }
  return format.format(Date.UTC(f.year, f.month - 1, f.day, 12));
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/**
 * Formats an instant with a pattern of the tokens yyyy yy MMMM MMM MM M dd d EEEE EEE HH H hh h mm m
 * ss s SSS a (YYYY and DD are read as yyyy and dd, so approval patterns like `YYYY/MM/DD` work).
 * Month and weekday names are in `locale`. Text in single quotes is literal; other characters print
 * as they are.
 */
export function formatDate(
  epochMs: number,
  pattern: string,
  timeZone: string = DEFAULT_TIME_ZONE,
  locale = 'en-US',
): string {
  const zone = resolveTimeZone(timeZone);
  const f = wallClock(epochMs, zone);
  const ms = ((epochMs % 1000) + 1000) % 1000;
  const hour12 = f.hour % 12 === 0 ? 12 : f.hour % 12;
  return pattern.replace(TOKEN, (token) => {
    switch (token) {
      case 'yyyy':
      case 'YYYY':
        return f.year < 0 ? `-${pad(f.year, 4)}` : pad(f.year, 4);
      case 'yy':
      case 'YY':
        return pad(f.year % 100);
      case 'MMMM':
        return calendarName(locale, 'month', 'long', f);
      case 'MMM':
        return calendarName(locale, 'month', 'short', f);
      case 'EEEE':
        return calendarName(locale, 'weekday', 'long', f);
      case 'EEE':
        return calendarName(locale, 'weekday', 'short', f);
      case 'MM':
        return pad(f.month);
      case 'M':
        return String(f.month);
      case 'dd':
      case 'DD':
        return pad(f.day);
      case 'd':
      case 'D':
        return String(f.day);
      case 'HH':
        return pad(f.hour);
      case 'H':
        return String(f.hour);
      case 'hh':
        return pad(hour12);
      case 'h':
        return String(hour12);
      case 'mm':
        return pad(f.minute);
      case 'm':
        return String(f.minute);
      case 'ss':
        return pad(f.second);
      case 's':
        return String(f.second);
      case 'SSS':
        return pad(ms, 3);
      case 'a':
      case 'A':
        return f.hour < 12 ? 'AM' : 'PM';
      default:
        return token.slice(1, -1);
    }
  });
}

export interface DateStyleOptions {
  locale?: string;
  timeZone?: string;
}

/** A locale-aware date in one of the styles short / medium / long / full. */
const styleFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDateStyle(epochMs: number, style: DateStyle, options: DateStyleOptions = {}): string {
  const dateStyle = DATE_STYLES.includes(style) ? style : 'medium';
  const timeZone = resolveTimeZone(options.timeZone);
  const key = `${options.locale ?? ''}|${dateStyle}|${timeZone}`;
  let format = styleFormats.get(key);
  if (!format) {
    let locale = options.locale ?? 'en-US';
    try {
      Intl.getCanonicalLocales(locale);
    } catch {
      locale = 'en-US';
    }
    if (styleFormats.size > 200) styleFormats.clear();
    format = new Intl.DateTimeFormat(locale, { dateStyle, timeZone });
    styleFormats.set(key, format);
  }
  return format.format(new Date(epochMs));
}
