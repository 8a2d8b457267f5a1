/**
 * The host protocol (docs/HOST-PROTOCOL.md): versioned messages over `postMessage` between Quire
 * (in an iframe) and the page that frames it. Quire asks, the host answers; the host may also
 * announce a selection change. Both sides validate every message with these schemas, so this
 * module is pure (zod and src/core only) and is bundled into the host SDK as it is.
 */
import { z } from 'zod';
import type { ErrorIssue } from '../core/errors';
import { isValidTimeZone } from '../core/format/date';
import { zodIssues } from '../core/issues';

/** Marks our messages among whatever else a page posts. */
export const PROTOCOL = 'quire-host';
export const PROTOCOL_VERSION = 1;
/** Versions this build speaks, newest first. */
export const SUPPORTED_VERSIONS = [1] as const;

/** Caps of spec 000 §5/§9: field list 100 columns; records per request keep messages small. */
export const FIELD_LIMIT = 100;
export const RECORDS_PER_REQUEST = 200;

/** Timeouts in ms per method; others wait `DEFAULT_TIMEOUT_MS`. getFieldMetaList: 6 s (spec §5). */
export const DEFAULT_TIMEOUT_MS = 10_000;
export const METHOD_TIMEOUT_MS: Partial<Record<HostMethod, number>> = {
  hello: 5_000,
  'base.getFieldMetaList': 6_000,
  // Writes may wait on the host's own storage; the base token is written under a 30 s lock.
  'base.addRecord': 30_000,
  'base.setRecord': 30_000,
  'base.deleteRecord': 30_000,
};

/** Error codes a host answers with; any other string is passed on as a host error. */
export const HOST_ERROR_CODES = ['NOT_FOUND', 'WRONG_BASE', 'FORBIDDEN', 'UNSUPPORTED', 'INTERNAL'] as const;

const id = z.string().min(1).max(200);
const envelope = { protocol: z.literal(PROTOCOL), version: z.number().int().positive() };

const selectionSchema = z.object({
  baseId: id.nullable(),
  tableId: id.nullable(),
  viewId: id.nullable().default(null),
  recordId: id.nullable().default(null),
});
export type Selection = z.output<typeof selectionSchema>;

const fieldSchema = z.object({
  id,
  name: z.string().max(500),
  type: z.string().max(64),
  property: z.record(z.string(), z.unknown()).optional(),
  isPrimary: z.boolean().optional(),
});
export type HostField = z.output<typeof fieldSchema>;

const recordSchema = z.object({ recordId: id, fields: z.record(z.string(), z.unknown()) });
export type HostRecord = z.output<typeof recordSchema>;

/** A BCP 47 tag the runtime can format with (`en-US`, `zh-Hans-CN`), not just any string. */
export function isLocaleTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

const helloResult = z.object({
  protocolVersion: z.number().int().positive(),
  host: z.object({
    kind: z.enum(['base', 'approval', 'extension']),
    /** The two base-host brands of spec 000 §1. */
    brand: z.enum(['first', 'second']).default('first'),
    name: z.string().max(200).default(''),
  }),
  user: z.object({
    userId: id,
    tenantKey: z.string().max(200).optional(),
    name: z.string().max(200).optional(),
    /** Quire's interface language (15 languages; others fall back). */
    lang: z.string().max(20).optional(),
    /** The user's IANA zone: dates print in it unless a template fixed its own (default Asia/Shanghai). */
    timeZone: z.string().max(64).refine(isValidTimeZone, 'an IANA time zone such as Europe/Berlin').optional(),
    /** BCP 47 locale for dates, numbers and currency in print (default: `lang`, else en-US). */
    locale: z.string().max(35).refine(isLocaleTag, 'a BCP 47 locale such as en-GB').optional(),
  }),
});
export type HelloResult = z.output<typeof helloResult>;

const baseParams = z.object({ baseId: id.nullable().optional() });

/** Every method Quire may call, with its params and result schemas. */
export const METHODS = {
  /** First message: agree on a version, learn the host and its user. */
  hello: {
    params: z.object({
      app: z.literal('quire'),
      appVersion: z.string().max(64),
      protocolVersions: z.array(z.number().int().positive()).min(1),
    }),
    result: helloResult,
  },
  /** What the host shows now; Quire reads it every 500 ms while visible. */
  'base.getSelection': { params: z.object({}).default({}), result: selectionSchema },
  'base.getTables': {
    params: baseParams.default({}),
    result: z.array(z.object({ id, name: z.string().max(500) })).max(1000),
  },
  'base.getFieldMetaList': {
    params: baseParams.extend({ tableId: id, limit: z.number().int().positive().max(FIELD_LIMIT).optional() }),
    result: z.array(fieldSchema),
  },
  /** Record ids in view order (the first page of them is enough: `limit`). */
  'base.getRecordIds': {
    params: baseParams.extend({ tableId: id, viewId: id.nullable().optional(), limit: z.number().int().positive() }),
    result: z.array(id),
  },
  'base.getRecords': {
    params: baseParams.extend({ tableId: id, recordIds: z.array(id).max(RECORDS_PER_REQUEST) }),
    result: z.array(recordSchema),
  },
  /**
   * The base's hidden meta table (key and value text fields) where Quire keeps what belongs to
   * the base itself (its token binding, the demo info); null when the host has none.
   */
  'base.getMetaTable': {
    params: baseParams.default({}),
    result: z.object({ tableId: id }).nullable(),
  },
  'base.addRecord': {
    params: baseParams.extend({ tableId: id, fields: z.record(z.string(), z.unknown()) }),
    result: z.object({ recordId: id }),
  },
  'base.setRecord': {
    params: baseParams.extend({ tableId: id, recordId: id, fields: z.record(z.string(), z.unknown()) }),
    result: z.null().default(null),
  },
  'base.deleteRecord': {
    params: baseParams.extend({ tableId: id, recordId: id }),
    result: z.null().default(null),
  },
  /** The approval (design) and instance the approval host shows. */
  'approval.getContext': {
    params: z.object({}).default({}),
    result: z.object({ approvalCode: id, instanceCode: id.nullable().default(null), lang: z.string().optional() }),
  },
  'approval.getDefinition': { params: z.object({ approvalCode: id }), result: z.unknown() },
  'approval.getInstance': { params: z.object({ instanceCode: id }), result: z.unknown() },
} as const;

export type HostMethod = keyof typeof METHODS;
export type MethodParams<M extends HostMethod> = z.input<(typeof METHODS)[M]['params']>;
export type MethodResult<M extends HostMethod> = z.output<(typeof METHODS)[M]['result']>;

/** Events the host may post without being asked. */
export const EVENTS = {
  /** The selection changed; Quire applies it at once instead of waiting for the next read. */
  selectionChanged: selectionSchema,
} as const;
export type HostEvent = keyof typeof EVENTS;

export const requestSchema = z.object({
  ...envelope,
  type: z.literal('request'),
  id,
  method: z.string().max(100),
  params: z.unknown(),
});
export const responseSchema = z.discriminatedUnion('ok', [
  z.object({ ...envelope, type: z.literal('response'), id, ok: z.literal(true), result: z.unknown() }),
  z.object({
    ...envelope,
    type: z.literal('response'),
    id,
    ok: z.literal(false),
    error: z.object({ code: z.string().min(1).max(100), message: z.string().max(2000).default('') }),
  }),
]);
export const eventSchema = z.object({
  ...envelope,
  type: z.literal('event'),
  event: z.string().max(100),
  data: z.unknown(),
});

type RequestMessage = z.output<typeof requestSchema>;
type ResponseMessage = z.output<typeof responseSchema>;
type EventMessage = z.output<typeof eventSchema>;

/** Whether a posted value claims to be ours at all (others' traffic is not logged as forged). */
export function isProtocolMessage(data: unknown): data is { protocol: typeof PROTOCOL; type?: unknown } {
  return typeof data === 'object' && data !== null && (data as { protocol?: unknown }).protocol === PROTOCOL;
}

export function isHostMethod(name: string): name is HostMethod {
  return Object.hasOwn(METHODS, name);
}

export function requestMessage(requestId: string, method: HostMethod, params: unknown): RequestMessage {
  return { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'request', id: requestId, method, params };
}

export function okResponse(requestId: string, result: unknown): ResponseMessage {
  return { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'response', id: requestId, ok: true, result };
}

export function errorResponse(requestId: string, code: string, message: string): ResponseMessage {
  return {
    protocol: PROTOCOL,
    version: PROTOCOL_VERSION,
    type: 'response',
    id: requestId,
    ok: false,
    error: { code, message },
  };
}

export function eventMessage<E extends HostEvent>(event: E, data: z.input<(typeof EVENTS)[E]>): EventMessage {
  return { protocol: PROTOCOL, version: PROTOCOL_VERSION, type: 'event', event, data };
}

/** `a.b[0].c` paths of a zod failure (at most 20), for catalogued errors and host-side logs. */
export const issuePaths = (error: z.ZodError): ErrorIssue[] => zodIssues(error, { limit: 20 });

/**
 * A normalised origin (`scheme://host[:port]`) or undefined for anything else: no paths, no
 * wildcards, no `null` (opaque origins can never be trusted).
 */
export function normaliseOrigin(value: string): string | undefined {
  const text = value.trim();
  if (!/^https?:\/\/[^/?#*\s]+\/?$/i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** Origins from a list written with spaces or commas; CSP keywords like `'self'` are skipped. */
export function parseOrigins(text: string | undefined): string[] {
  if (!text) return [];
  const origins = text
    .split(/[\s,]+/)
    .map(normaliseOrigin)
    .filter((origin): origin is string => origin !== undefined);
  return [...new Set(origins)];
}

export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  return origin !== 'null' && allowed.includes(origin);
}
