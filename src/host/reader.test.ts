import { describe, expect, it } from 'vitest';
import { displayText, type OpenValue } from '../core/data/openValue';
import { createSettings } from '../core/model/defaults';
import { buildPrintInput } from '../core/print/build';
import { METHODS } from './protocol';
import { contentForReader, printSettingsFor, readerOf } from './reader';

// 2024-06-30 20:00 UTC: the evening of the 30th in London time's winter zone, already July 1st in Shanghai.
const EVENING = Date.UTC(2024, 5, 30, 20, 0);

const source = {
  kind: 'table',
  table: {
    id: 'tbl',
    name: 'Orders',
    fields: [
      { id: 'f_due', name: 'Due', type: 'dateTime' },
      { id: 'f_total', name: 'Total', type: 'currency' },
      { id: 'f_eur', name: 'Euro', type: 'currency', property: { currencyCode: 'EUR' } },
    ],
  },
  record: { recordId: 'rec1', fields: { f_due: EVENING, f_total: 1234.5, f_eur: 9 } },
};

const printed = (settings: { timeZone: string; lang: string }) => {
  const scope = buildPrintInput(source, settings).scope as Record<string, OpenValue>;
  return { due: displayText(scope.Due), total: displayText(scope.Total), euro: displayText(scope.Euro) };
};

describe('the reader a host names in hello', () => {
  it('prints dates in the host user’s zone: a UTC evening stays on its day', () => {
    expect(printed(printSettingsFor(createSettings(), { timeZone: 'UTC' })).due).toBe('2024/06/30');
    expect(printed(printSettingsFor(createSettings(), { timeZone: 'America/New_York' })).due).toBe('2024/06/30');
    // No zone named: the stated default, Asia/Shanghai.
    expect(printed(printSettingsFor(createSettings(), {})).due).toBe('2024/07/01');
  });

  it('keeps a zone or language the template fixed itself', () => {
    const fixed = { ...createSettings(), timeZone: 'Asia/Tokyo', lang: 'de-DE' };
    expect(printSettingsFor(fixed, { timeZone: 'UTC', locale: 'en-GB' })).toEqual({
      timeZone: 'Asia/Tokyo',
      lang: 'de-DE',
    });
    expect(printSettingsFor(undefined, { locale: 'en-GB' })).toEqual({ timeZone: 'Asia/Shanghai', lang: 'en-GB' });
  });

  it('formats currency by the field’s code in the reader’s locale, and guesses no symbol without one', () => {
    const us = printed(printSettingsFor(createSettings(), { locale: 'en-US' }));
    expect(us.total).toBe('1,234.50');
    expect(us.total).not.toContain('¥');
    expect(us.euro).toBe('€9.00');
    // de-DE puts a no-break space before the symbol.
    expect(printed(printSettingsFor(createSettings(), { locale: 'de-DE' })).euro).toBe('9,00\u00a0€');
  });

  it('rewrites stored content of any kind, text or object, and leaves what is not JSON alone', () => {
    const doc = JSON.stringify({ settings: createSettings(), document: { pages: [] } });
    expect(JSON.parse(contentForReader(doc, { timeZone: 'UTC' }) as string).settings.timeZone).toBe('UTC');
    const canvas = { kind: 'canvas', basePdf: 'BLANK_PDF', schemas: [[]] };
    expect(contentForReader(canvas, { locale: 'fr-FR' })).toMatchObject({
      settings: { timeZone: 'Asia/Shanghai', lang: 'fr-FR' },
    });
    expect(contentForReader('not json', { timeZone: 'UTC' })).toBe('not json');
    expect(contentForReader(doc, {})).toBe(doc);
  });

  it('takes the locale from lang when the host names none, and checks both in hello', () => {
    expect(readerOf({ lang: 'en-GB' })).toEqual({ locale: 'en-GB' });
    expect(readerOf({ lang: 'en-GB', locale: 'en-IE', timeZone: 'Europe/Dublin' })).toEqual({
      locale: 'en-IE',
      timeZone: 'Europe/Dublin',
    });
    const hello = (user: object) =>
      METHODS.hello.result.safeParse({ protocolVersion: 1, host: { kind: 'base' }, user: { userId: 'u', ...user } });
    expect(hello({ timeZone: 'Europe/Berlin', locale: 'de-DE' }).success).toBe(true);
    expect(hello({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(hello({ timeZone: '+08:00' }).success).toBe(false);
    expect(hello({ locale: 'not a locale!' }).success).toBe(false);
  });
});
