/** Small value rules shared by the approval mapping (spec 001 §5.1, §5.2, §9.2). */
import { DEFAULT_TIME_ZONE, formatDate, parseNumber, toEpochMs } from '../../format';
import { type OpenValue, str } from '../openValue';
import { EMPTY } from './labels';

/** Approval system dates. */
export const APPROVAL_DATE_PATTERN = 'YYYY/MM/DD';
/** Comment, connect and signature times. */
export const APPROVAL_TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';

export interface ApprovalValueContext {
  timeZone: string;
}

/** A number from approval data; unparseable text gives 0 (§5.1, approval mapping). */
export function approvalNumber(raw: unknown): number {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : 0;
  if (typeof raw === 'string') return parseNumber(raw) ?? 0;
  return 0;
}

export function isBlank(raw: unknown): boolean {
  if (raw == null) return true;
  if (typeof raw === 'string') return raw.trim() === '';
  if (Array.isArray(raw)) return raw.length === 0 || raw.every(isBlank);
  return false;
}

/** Text or '-' when empty. */
export function textOrDash(text: string | undefined | null): OpenValue {
  return str(text == null || text.trim() === '' ? EMPTY : text);
}

/** Epoch ms from approval times: ms or seconds (as numbers or digits), or date text. */
export function approvalEpoch(raw: unknown, timeZone = DEFAULT_TIME_ZONE): number | undefined {
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw <= 0) return undefined;
    // Hosts mix seconds and milliseconds; 1e11 ms is 1973, 1e11 s is far future.
    return raw < 1e11 ? raw * 1000 : raw;
  }
  if (typeof raw === 'string' && raw.trim() !== '') {
    const trimmed = raw.trim();
    if (/^\d+$/.test(trimmed)) return approvalEpoch(Number(trimmed), timeZone);
    const guessed = toEpochMs(trimmed, timeZone);
    if (guessed !== undefined) return guessed;
    const parsed = Date.parse(trimmed);
    return Number.isNaN(parsed) ? undefined : parsed;
  }
  return undefined;
}

export function formatApprovalTime(raw: unknown, pattern: string, timeZone: string): string {
  const epoch = approvalEpoch(raw, timeZone);
  return epoch === undefined ? EMPTY : formatDate(epoch, pattern, timeZone);
}

export const approvalDate = (raw: unknown, timeZone: string) =>
  formatApprovalTime(raw, APPROVAL_DATE_PATTERN, timeZone);
export const approvalDateTime = (raw: unknown, timeZone: string) =>
  formatApprovalTime(raw, APPROVAL_TIME_PATTERN, timeZone);

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value that may arrive as a JSON string; undefined when it cannot be parsed. */
export function jsonValue(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const trimmed = raw.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

export function stringOf(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw === 'boolean') return String(raw);
  return '';
}

/** Names from [{name}], ['name'], {name} or 'a,b'. */
export function namesOf(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : raw == null || raw === '' ? [] : [raw];
  return list
    .map((entry) =>
      isRecord(entry) ? stringOf(entry.name ?? entry.title ?? entry.text ?? entry.label ?? '') : stringOf(entry),
    )
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
