/**
 * Limits Quire enforces on a host's answers itself (docs/HOST-PROTOCOL.md, "Limits"): a host that
 * answers 100,000 ids to a `limit: 50` request, or a 20 MB cell, is refused with a catalogued error
 * before anything is parsed or drawn, so a broken host cannot freeze Quire. Checked on the raw
 * answer, in time proportional to what is allowed, not to what was sent.
 */
import { QuireError } from '../core/errors';
import { FIELD_LIMIT, type HostMethod, RECORDS_PER_REQUEST } from './protocol';

/** One cell's value, as text: far more than any printed field, far less than a frozen page. */
export const CELL_VALUE_LIMIT = 1_000_000;
/** All of one answer's text together. */
const ANSWER_TEXT_LIMIT = 8_000_000;
/** Nesting of one value (a cell holding a list of objects is 3 deep). */
const DEPTH_LIMIT = 12;

function overLimit(method: HostMethod, what: string, limit: number, actual: number): QuireError {
  return new QuireError('HostLimitExceeded', {
    detail: `${method}: ${what} ${actual} > ${limit}`,
    params: { method, what, limit, actual },
  });
}

/** How many items a method may answer, given what was asked. */
function itemLimit(method: HostMethod, params: unknown): number | undefined {
  const asked = (params ?? {}) as { limit?: unknown; recordIds?: unknown };
  switch (method) {
    case 'base.getRecordIds':
      return typeof asked.limit === 'number' ? asked.limit : undefined;
    case 'base.getRecords':
      return Array.isArray(asked.recordIds)
        ? Math.min(asked.recordIds.length, RECORDS_PER_REQUEST)
        : RECORDS_PER_REQUEST;
    // Quire shows the first FIELD_LIMIT columns of a wider table (spec §9); only an absurd list is refused.
    case 'base.getFieldMetaList':
      return FIELD_LIMIT * 10;
    case 'base.getTables':
      return 1000;
    default:
      return undefined;
  }
}

/**
 * Text held by `value`, stopping as soon as it passes `budget` (an array of 100,000 items stops
 * after the budget's worth). Throws with `cell` when one string alone passes the cell limit.
 */
function measure(method: HostMethod, value: unknown, budget: number, depth = 0): number {
  if (typeof value === 'string') {
    if (value.length > CELL_VALUE_LIMIT)
      throw overLimit(method, 'characters in one value', CELL_VALUE_LIMIT, value.length);
    return value.length;
  }
  if (typeof value !== 'object' || value === null) return 8;
  if (depth > DEPTH_LIMIT) throw overLimit(method, 'levels of nesting', DEPTH_LIMIT, depth);
  let total = 0;
  if (Array.isArray(value)) {
    for (const item of value) {
      total += measure(method, item, budget - total, depth + 1) + 1;
      if (total > budget) return total;
    }
    return total;
  }
  // Keys are walked one at a time (no entries array), so a huge record stops at the budget too.
  for (const key in value) {
    total += key.length + measure(method, (value as Record<string, unknown>)[key], budget - total, depth + 1) + 1;
    if (total > budget) return total;
  }
  return total;
}

/** Throws HostLimitExceeded when `result` (as the host sent it) passes a limit of `method`. */
export function checkAnswerLimits(method: HostMethod, params: unknown, result: unknown): void {
  const limit = itemLimit(method, params);
  if (limit !== undefined && Array.isArray(result) && result.length > limit)
    throw overLimit(method, 'items', limit, result.length);
  const size = measure(method, result, ANSWER_TEXT_LIMIT);
  if (size > ANSWER_TEXT_LIMIT) throw overLimit(method, 'characters in the answer', ANSWER_TEXT_LIMIT, size);
}
