/**
 * quire-host — the host side of Quire's iframe protocol, version 1 (docs/HOST-PROTOCOL.md in
 * Quire's repository). Written by hand from the protocol; src/host/sdk/package.typetest.ts in the
 * repository checks it against the implementation on every typecheck.
 */

export const PROTOCOL: 'quire-host';
export const PROTOCOL_VERSION: 1;
export const SUPPORTED_VERSIONS: readonly [1];
/** Quire asks for at most this many fields of a table. */
export const FIELD_LIMIT: 100;
/** Quire asks for at most this many records per `base.getRecords`. */
export const RECORDS_PER_REQUEST: 200;

export type Id = string;

export interface Selection {
  baseId: Id | null;
  tableId: Id | null;
  viewId: Id | null;
  recordId: Id | null;
}

/** A table's field; `property` keys per type are listed in docs/HOST-PROTOCOL.md ("Field properties"). */
export interface Field {
  id: Id;
  name: string;
  type: string;
  property?: Record<string, unknown>;
  isPrimary?: boolean;
}

export interface HostRecord {
  recordId: Id;
  /** Field id → the raw cell value (docs/HOST-PROTOCOL.md, "Record values"). */
  fields: Record<string, unknown>;
}

type BaseParams = { baseId?: Id | null };

/** Params each handler receives (already checked) and the result it returns (checked before posting). */
export interface MethodMap {
  'base.getSelection': { params: Record<string, never>; result: Selection };
  'base.getTables': { params: BaseParams; result: Array<{ id: Id; name: string }> };
  'base.getFieldMetaList': { params: BaseParams & { tableId: Id; limit?: number }; result: Field[] };
  'base.getRecordIds': { params: BaseParams & { tableId: Id; viewId?: Id | null; limit: number }; result: Id[] };
  'base.getRecords': { params: BaseParams & { tableId: Id; recordIds: Id[] }; result: HostRecord[] };
  'base.getMetaTable': { params: BaseParams; result: { tableId: Id } | null };
  'base.addRecord': { params: BaseParams & { tableId: Id; fields: Record<string, unknown> }; result: { recordId: Id } };
  'base.setRecord': {
    params: BaseParams & { tableId: Id; recordId: Id; fields: Record<string, unknown> };
    result: null;
  };
  'base.deleteRecord': { params: BaseParams & { tableId: Id; recordId: Id }; result: null };
  'approval.getContext': {
    params: Record<string, never>;
    result: { approvalCode: Id; instanceCode: Id | null; lang?: string };
  };
  'approval.getDefinition': { params: { approvalCode: Id }; result: unknown };
  'approval.getInstance': { params: { instanceCode: Id }; result: unknown };
}

export type Handlers = {
  [M in keyof MethodMap]?: (params: MethodMap[M]['params']) => MethodMap[M]['result'] | Promise<MethodMap[M]['result']>;
};

/** Thrown by a handler to answer with a protocol error code. */
export class HostAnswerError extends Error {
  constructor(
    code: 'NOT_FOUND' | 'WRONG_BASE' | 'FORBIDDEN' | 'UNSUPPORTED' | 'INTERNAL' | (string & {}),
    message?: string,
  );
  readonly code: string;
}

export interface HostOptions {
  /** The iframe Quire runs in. */
  frame: { contentWindow: unknown };
  /** Quire's origin, e.g. `https://quire.example`: the only origin heard and answered. */
  quireOrigin: string;
  host: { kind: 'base' | 'approval' | 'extension'; brand?: 'first' | 'second'; name?: string };
  /**
   * The signed-in user. `lang`: Quire's interface language. `timeZone` (IANA) and `locale`
   * (BCP 47): what dates, numbers and currency print in (defaults Asia/Shanghai and `lang`, else en-US).
   */
  user: { userId: string; tenantKey?: string; name?: string; lang?: string; timeZone?: string; locale?: string };
  handlers: Handlers;
  /** Where the host's own window listens (default: `window`). */
  window?: {
    addEventListener(type: 'message', fn: (event: MessageEvent) => void): void;
    removeEventListener(type: 'message', fn: (event: MessageEvent) => void): void;
  };
  /** Messages from other origins or windows, and malformed ones (default: console.warn). */
  onIgnored?: (reason: string, event: MessageEvent) => void;
  /** After each answered request (for logs and demos). */
  onRequest?: (method: string, ok: boolean) => void;
}

export interface QuireHost {
  /** Tells Quire the selection changed now (it also reads it every 500 ms). */
  notifySelection(selection: Partial<Selection>): void;
  /** Whether Quire has said hello since the SDK started listening. */
  readonly connected: boolean;
  /** Stops listening. */
  destroy(): void;
}

export function createQuireHost(options: HostOptions): QuireHost;
