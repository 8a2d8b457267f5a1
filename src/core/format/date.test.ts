import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  formatDate,
  formatDateStyle,
  guessDate,
  isValidTimeZone,
  resolveTimeZone,
  toEpochMs,
  zoneOffsetMs,
} from './date';

// 2024-03-05 14:30:45.123 in Asia/Shanghai (UTC+8) = 06:30:45.123 UTC.
const T = Date.UTC(2024, 2, 5, 6, 30, 45, 123);

describe('guessDate (spec 001 §5.1)', () => {
  it.each([
    ['2024-03-05', Date.UTC(2024, 2, 4, 16)],
    ['2024-3-5', Date.UTC(2024, 2, 4, 16)],
    ['2024/03/05', Date.UTC(2024, 2, 4, 16)],
    ['05/03/2024', Date.UTC(2024, 2, 4, 16)],
    ['03-05-2024', Date.UTC(2024, 2, 4, 16)],
    ['2024-03-05 14:30', Date.UTC(2024, 2, 5, 6, 30)],
    ['2024-03-05 14:30:45', Date.UTC(2024, 2, 5, 6, 30, 45)],
    ['2024-03-05T14:30:45', Date.UTC(2024, 2, 5, 6, 30, 45)],
    ['2024-03-05T14:30:45Z', Date.UTC(2024, 2, 5, 14, 30, 45)],
    ['2024-03-05T14:30:45+02:00', Date.UTC(2024, 2, 5, 12, 30, 45)],
    ['29/02/2024', Date.UTC(2024, 1, 28, 16)],
  ])('%j → %s (Asia/Shanghai)', (text, expected) => {
    expect(guessDate(text)).toBe(expected);
  });

  it('reads wall-clock text in the given zone', () => {
    expect(guessDate('2024-07-01', 'UTC')).toBe(Date.UTC(2024, 6, 1));
    expect(guessDate('2024-07-01 12:00', 'America/New_York')).toBe(Date.UTC(2024, 6, 1, 16));
    expect(guessDate('2024-01-01 12:00', 'America/New_York')).toBe(Date.UTC(2024, 0, 1, 17));
  });

  it.each([
    '',
    'tomorrow',
    '2024-13-01',
    '2024-02-30',
    '2023-02-29',
    '31-12-2024', // day-first with dashes is not one of the three forms
    '12/31/2024', // month-first with slashes is not either
    '2024-03-05 24:00',
    '2024-03-05 12:60',
    '20240305',
  ])('%j is not a date', (text) => {
    expect(guessDate(text)).toBeUndefined();
  });

  it('toEpochMs accepts epoch numbers and 10/13-digit text', () => {
    expect(toEpochMs(T)).toBe(T);
    expect(toEpochMs(String(T))).toBe(T);
    expect(toEpochMs('1709620245')).toBe(1709620245000);
    expect(toEpochMs('2024-03-05')).toBe(Date.UTC(2024, 2, 4, 16));
    expect(toEpochMs(null)).toBeUndefined();
    expect(toEpochMs(Number.NaN)).toBeUndefined();
  });
});

describe('formatDate', () => {
  it.each([
    ['yyyy/MM/dd', '2024/03/05'],
    ['yyyy/MM/dd HH:mm', '2024/03/05 14:30'],
    ['yyyy-MM-dd', '2024-03-05'],
    ['yyyy-MM-dd HH:mm', '2024-03-05 14:30'],
    ['MM-dd', '03-05'],
    ['MM/dd/yyyy', '03/05/2024'],
    ['dd/MM/yyyy', '05/03/2024'],
    ['YYYY/MM/DD', '2024/03/05'],
    ['YYYY-MM-DD HH:mm:ss', '2024-03-05 14:30:45'],
    ['yy M d H:m:s.SSS', '24 3 5 14:30:45.123'],
    ['hh:mm a', '02:30 PM'],
    ["yyyy'年'M'月'd'日'", '2024年3月5日'],
    ["'at' HH'h'", 'at 14h'],
  ])('%j → %s', (pattern, expected) => {
    expect(formatDate(T, pattern)).toBe(expected);
  });

  it('formats in the template time zone (default Asia/Shanghai)', () => {
    const midnightUtc = Date.UTC(2024, 0, 1, 0, 0);
    expect(formatDate(midnightUtc, 'yyyy-MM-dd HH:mm')).toBe('2024-01-01 08:00');
    expect(formatDate(midnightUtc, 'yyyy-MM-dd HH:mm', 'UTC')).toBe('2024-01-01 00:00');
    expect(formatDate(midnightUtc, 'yyyy-MM-dd HH:mm', 'America/Los_Angeles')).toBe('2023-12-31 16:00');
    expect(formatDate(midnightUtc, 'HH:mm', 'Asia/Kolkata')).toBe('05:30');
  });

  it('falls back to the default zone for an unknown zone', () => {
    expect(isValidTimeZone('Mars/Base')).toBe(false);
    expect(resolveTimeZone('Mars/Base')).toBe('Asia/Shanghai');
    expect(formatDate(T, 'HH:mm', 'Mars/Base')).toBe('14:30');
  });

  it('computes zone offsets including daylight saving', () => {
    expect(zoneOffsetMs(T, 'Asia/Shanghai')).toBe(8 * 3600_000);
    expect(zoneOffsetMs(Date.UTC(2024, 6, 1), 'Europe/Berlin')).toBe(2 * 3600_000);
    expect(zoneOffsetMs(Date.UTC(2024, 0, 1), 'Europe/Berlin')).toBe(3600_000);
  });

  it('lists the selectable formats of §9.2', () => {
    expect(DATE_FORMATS).toEqual([
      'yyyy/MM/dd',
      'yyyy/MM/dd HH:mm',
      'yyyy-MM-dd',
      'yyyy-MM-dd HH:mm',
      'MM-dd',
      'MM/dd/yyyy',
      'dd/MM/yyyy',
    ]);
  });
});

describe('formatDateStyle (locale-aware)', () => {
  it.each([
    ['short', 'en-US', '3/5/24'],
    ['medium', 'en-US', 'Mar 5, 2024'],
    ['long', 'en-US', 'March 5, 2024'],
    ['full', 'en-US', 'Tuesday, March 5, 2024'],
    ['long', 'zh-CN', '2024年3月5日'],
    ['full', 'ja-JP', '2024年3月5日火曜日'],
    ['medium', 'de-DE', '05.03.2024'],
    ['short', 'en-GB', '05/03/2024'],
  ] as const)('%s in %s → %s', (style, locale, expected) => {
    expect(formatDateStyle(T, style, { locale })).toBe(expected);
  });

  it('uses the time zone for the calendar day', () => {
    const lateUtc = Date.UTC(2024, 2, 5, 20, 0);
    expect(formatDateStyle(lateUtc, 'short', { timeZone: 'UTC' })).toBe('3/5/24');
    expect(formatDateStyle(lateUtc, 'short')).toBe('3/6/24');
  });

  it('survives a malformed locale', () => {
    expect(formatDateStyle(T, 'short', { locale: 'not a locale!' })).toBe('3/5/24');
  });
});

describe('round trips (property)', () => {
  const instants = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) });

  it.each(['Asia/Shanghai', 'UTC', 'Asia/Kolkata', 'Asia/Tokyo'])('guessDate reads formatDate in %s', (zone) => {
    fc.assert(
      fc.property(instants, (t) => {
        const text = formatDate(t, 'yyyy-MM-dd HH:mm:ss', zone);
        expect(guessDate(text, zone)).toBe(Math.floor(t / 1000) * 1000);
      }),
    );
  });

  it.each(['Europe/Berlin', 'America/New_York'])('format∘guess∘format is stable in %s (DST zones)', (zone) => {
    fc.assert(
      fc.property(instants, (t) => {
        const text = formatDate(t, 'yyyy-MM-dd HH:mm:ss', zone);
        const back = guessDate(text, zone);
        expect(back).toBeDefined();
        expect(formatDate(back!, 'yyyy-MM-dd HH:mm:ss', zone)).toBe(text);
      }),
    );
  });

  it('the three guessed forms agree with each other', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (y, m, d) => {
          const p = (n: number) => String(n).padStart(2, '0');
          const iso = guessDate(`${y}-${p(m)}-${p(d)}`);
          expect(iso).toBeDefined();
          expect(guessDate(`${p(d)}/${p(m)}/${y}`)).toBe(iso);
          expect(guessDate(`${p(m)}-${p(d)}-${y}`)).toBe(iso);
          expect(formatDate(iso!, 'yyyy-MM-dd')).toBe(`${y}-${p(m)}-${p(d)}`);
        },
      ),
    );
  });
});

describe('formatDate month and weekday names', () => {
  const march5 = Date.UTC(2026, 2, 5, 4, 0); // 12:00 in Asia/Shanghai, a Thursday
  it('prints long and short names in the locale', () => {
    expect(formatDate(march5, 'MMMM d, yyyy')).toBe('March 5, 2026');
    expect(formatDate(march5, 'EEE, d MMM yyyy')).toBe('Thu, 5 Mar 2026');
    expect(formatDate(march5, 'EEEE d MMMM yyyy', 'Asia/Shanghai', 'de-DE')).toBe('Donnerstag 5 März 2026');
  });
  it('uses the wall-clock day of the time zone', () => {
    const lateUtc = Date.UTC(2026, 2, 5, 20, 0); // already March 6 in Shanghai
    expect(formatDate(lateUtc, 'MMMM d', 'Asia/Shanghai')).toBe('March 6');
    expect(formatDate(lateUtc, 'MMMM d', 'UTC')).toBe('March 5');
  });
});
