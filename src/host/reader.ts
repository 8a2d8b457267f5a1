/**
 * Who reads a document inside a host: the time zone and locale the host named in `hello`
 * (docs/HOST-PROTOCOL.md, "Time zone and locale"). Dates and numbers print in the reader's zone
 * and locale unless the template fixed its own; with neither, the stated defaults apply
 * (Asia/Shanghai, en-US — spec 000 §9), so a UTC host's 20:00Z no longer prints as the next day
 * without anyone having asked for Shanghai time.
 */
import { DEFAULT_TIME_ZONE } from '../core/format/date';
import { DEFAULT_LANG } from '../core/model/defaults';
import { isLocaleTag } from './protocol';

export interface Reader {
  /** IANA zone, e.g. `Europe/Berlin` (checked in hello). */
  timeZone?: string;
  /** BCP 47 locale for dates, numbers and currency, e.g. `de-DE`. */
  locale?: string;
}

/** The reader a hello's user names: its zone and locale (the locale falls back to its `lang`). */
export function readerOf(user: {
  timeZone?: string | undefined;
  locale?: string | undefined;
  lang?: string | undefined;
}): Reader {
  const locale = user.locale ?? (user.lang && isLocaleTag(user.lang) ? user.lang : undefined);
  return { ...(user.timeZone ? { timeZone: user.timeZone } : {}), ...(locale ? { locale } : {}) };
}

/**
 * A template's own zone or language counts as fixed when it names one other than the default:
 * a new template carries the defaults (document templates always store them), a template whose
 * author picked a zone keeps it whoever reads it.
 */
const isOwn = (value: unknown, fallback: string): value is string =>
  typeof value === 'string' && value !== '' && value !== fallback;

/** The zone and language a template prints in for `reader` (the same rule for every template kind). */
export function printSettingsFor(
  settings: { timeZone?: unknown; lang?: unknown } | undefined,
  reader: Reader,
): { timeZone: string; lang: string } {
  const timeZone = isOwn(settings?.timeZone, DEFAULT_TIME_ZONE)
    ? settings.timeZone
    : (reader.timeZone ?? DEFAULT_TIME_ZONE);
  const lang = isOwn(settings?.lang, DEFAULT_LANG) ? settings.lang : (reader.locale ?? DEFAULT_LANG);
  return { timeZone, lang };
}

/**
 * Template content (stored JSON text or object, any kind: all keep `settings.timeZone` and
 * `settings.lang` at the top) with the zone and language it prints in for `reader`. Content that
 * is not a JSON object is returned as it is (the renderer reports it).
 */
export function contentForReader(content: unknown, reader: Reader): unknown {
  if (!reader.timeZone && !reader.locale) return content;
  let value: unknown = content;
  if (typeof content === 'string') {
    try {
      value = JSON.parse(content);
    } catch {
      return content;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return content;
  const object = value as { settings?: Record<string, unknown> };
  const settings = typeof object.settings === 'object' && object.settings !== null ? object.settings : undefined;
  const next = { ...object, settings: { ...settings, ...printSettingsFor(settings, reader) } };
  return typeof content === 'string' ? JSON.stringify(next) : next;
}
