/**
 * Quire's side of the host protocol: requests with ids, answers matched by id and validated by
 * the method's schema, timeouts, and an origin check on every message that arrives. Only the
 * parent window, from a configured origin, is heard; anything else claiming to be the protocol is
 * logged as forged and changes nothing. Messages are only ever posted to a named origin.
 */
import { QuireError } from '../core/errors';
import { checkAnswerLimits } from './answerLimits';
import {
  DEFAULT_TIMEOUT_MS,
  EVENTS,
  eventSchema,
  type HelloResult,
  type HostEvent,
  type HostMethod,
  isAllowedOrigin,
  isProtocolMessage,
  issuePaths,
  METHOD_TIMEOUT_MS,
  METHODS,
  type MethodParams,
  type MethodResult,
  PROTOCOL_VERSION,
  requestMessage,
  responseSchema,
  SUPPORTED_VERSIONS,
} from './protocol';

interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** The window Quire listens on (its own). */
interface MessageSource {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface BridgeOptions {
  self: MessageSource;
  /** The framing window. */
  parent: MessageTarget;
  /** Configured host origins; the only ones heard and posted to. */
  origins: readonly string[];
  /** Known parent origin (e.g. `location.ancestorOrigins[0]`); still has to be configured. */
  parentOrigin?: string;
  clock?: Clock;
  /** Where ignored messages are reported (never thrown: a forged message must not break the page). */
  onIgnored?: (error: QuireError) => void;
  appVersion?: string;
}

export interface HostBridge {
  /** The origin that answered `hello`; all later messages go there only. */
  readonly hostOrigin: string | undefined;
  hello(): Promise<HelloResult>;
  request<M extends HostMethod>(method: M, params: MethodParams<M>, timeoutMs?: number): Promise<MethodResult<M>>;
  /** Host events (validated); returns the unsubscribe function. */
  on<E extends HostEvent>(event: E, listener: (data: ReturnType<(typeof EVENTS)[E]['parse']>) => void): () => void;
  close(): void;
}

interface Pending {
  method: HostMethod;
  /** What was asked: the answer's limits depend on it (answerLimits.ts). */
  params: unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer: unknown;
}

/** Maps a host's error answer to the catalogue: a wrong base has its own entry, the rest are host errors. */
function hostError(method: HostMethod, code: string, message: string): QuireError {
  const name = code === 'WRONG_BASE' ? 'HostWrongBase' : 'HostError';
  return new QuireError(name, {
    detail: `${method}: ${code}${message ? ` ${message}` : ''}`,
    params: { method, code },
  });
}

function timeoutError(method: HostMethod, ms: number): QuireError {
  // The spec names the field-list timeout on its own (getFieldMetaList timeout, 6 s).
  if (method === 'base.getFieldMetaList') return new QuireError('FieldMetaTimeout', { detail: `${ms} ms` });
  return new QuireError('HostTimeout', { detail: `${method} after ${ms} ms`, params: { method, ms } });
}

export function createHostBridge(options: BridgeOptions): HostBridge {
  const clock = options.clock ?? realClock;
  const origins = [...options.origins];
  const pending = new Map<string, Pending>();
  const listeners = new Map<HostEvent, Set<(data: never) => void>>();
  const prefix = `q${Math.random().toString(36).slice(2, 10)}`;
  let sequence = 0;
  let hostOrigin: string | undefined;
  let closed = false;

  const ignore = (error: QuireError) => options.onIgnored?.(error);

  // Before hello we do not know which configured origin frames us: post to each (the browser
  // delivers only to the one that matches). A known parent origin narrows it to that one.
  function targets(): string[] {
    if (hostOrigin) return [hostOrigin];
    if (options.parentOrigin) return isAllowedOrigin(options.parentOrigin, origins) ? [options.parentOrigin] : [];
    return origins;
  }

  function onMessage(event: MessageEvent) {
    if (!isProtocolMessage(event.data)) return;
    // Only the framing window, from a configured origin (the one that answered hello, once known).
    const fromOrigin = hostOrigin ? event.origin === hostOrigin : isAllowedOrigin(event.origin, origins);
    if (!fromOrigin || event.source !== options.parent) {
      // Say which rule it broke: a host's own origin from a sibling frame or popup is no host either.
      const detail = fromOrigin ? `${event.origin} (another window than Quire's parent)` : event.origin;
      ignore(new QuireError('HostForgedOrigin', { detail, params: { origin: event.origin } }));
      return;
    }
    const type = (event.data as { type?: unknown }).type;
    if (type === 'response') handleResponse(event.data, event.origin);
    else if (type === 'event') handleEvent(event.data);
    else ignore(new QuireError('HostProtocolError', { detail: `unexpected message type ${String(type)}` }));
  }

  function handleResponse(data: unknown, origin: string) {
    const parsed = responseSchema.safeParse(data);
    if (!parsed.success) {
      ignore(new QuireError('HostProtocolError', { issues: issuePaths(parsed.error) }));
      return;
    }
    const message = parsed.data;
    const entry = pending.get(message.id);
    if (!entry) return;
    pending.delete(message.id);
    clock.clearTimeout(entry.timer);
    // A version this build does not speak is refused at once, not left to time out.
    if (!(SUPPORTED_VERSIONS as readonly number[]).includes(message.version)) {
      entry.reject(
        new QuireError('HostProtocolError', {
          detail: `${entry.method}: message version ${message.version}, Quire speaks ${SUPPORTED_VERSIONS.join(', ')}`,
        }),
      );
      return;
    }
    if (!message.ok) {
      entry.reject(hostError(entry.method, message.error.code, message.error.message));
      return;
    }
    try {
      checkAnswerLimits(entry.method, entry.params, message.result);
    } catch (error) {
      entry.reject(error);
      return;
    }
    const result = METHODS[entry.method].result.safeParse(message.result);
    if (!result.success) {
      entry.reject(new QuireError('HostProtocolError', { detail: entry.method, issues: issuePaths(result.error) }));
      return;
    }
    if (entry.method === 'hello') hostOrigin = origin;
    entry.resolve(result.data);
  }

  function handleEvent(data: unknown) {
    const parsed = eventSchema.safeParse(data);
    if (!parsed.success || !Object.hasOwn(EVENTS, parsed.data.event)) {
      ignore(new QuireError('HostProtocolError', { detail: 'unknown event' }));
      return;
    }
    if (!(SUPPORTED_VERSIONS as readonly number[]).includes(parsed.data.version)) {
      ignore(new QuireError('HostProtocolError', { detail: `event version ${parsed.data.version}` }));
      return;
    }
    const name = parsed.data.event as HostEvent;
    const payload = EVENTS[name].safeParse(parsed.data.data);
    if (!payload.success) {
      ignore(new QuireError('HostProtocolError', { detail: name, issues: issuePaths(payload.error) }));
      return;
    }
    for (const listener of listeners.get(name) ?? []) listener(payload.data as never);
  }

  options.self.addEventListener('message', onMessage);

  function request<M extends HostMethod>(method: M, params: MethodParams<M>, timeoutMs?: number) {
    return new Promise<MethodResult<M>>((resolve, reject) => {
      if (closed) return reject(new QuireError('NotInHost', { detail: 'bridge closed' }));
      const checked = METHODS[method].params.safeParse(params);
      if (!checked.success)
        return reject(new QuireError('DataInvalid', { detail: method, issues: issuePaths(checked.error) }));
      const to = targets();
      if (to.length === 0) return reject(new QuireError('NotInHost', { detail: 'no configured host origin' }));
      sequence += 1;
      const requestId = `${prefix}-${sequence}`;
      const ms = timeoutMs ?? METHOD_TIMEOUT_MS[method] ?? DEFAULT_TIMEOUT_MS;
      const timer = clock.setTimeout(() => {
        if (pending.delete(requestId)) reject(timeoutError(method, ms));
      }, ms);
      pending.set(requestId, {
        method,
        params: checked.data,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer,
      });
      const message = requestMessage(requestId, method, checked.data);
      for (const origin of to) options.parent.postMessage(message, origin);
    });
  }

  return {
    get hostOrigin() {
      return hostOrigin;
    },
    async hello() {
      const result = await request('hello', {
        app: 'quire',
        appVersion: options.appVersion ?? 'dev',
        protocolVersions: [...SUPPORTED_VERSIONS],
      });
      if (!(SUPPORTED_VERSIONS as readonly number[]).includes(result.protocolVersion))
        throw new QuireError('HostProtocolError', {
          detail: `host speaks version ${result.protocolVersion}, Quire ${PROTOCOL_VERSION}`,
        });
      return result;
    },
    request,
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as (data: never) => void);
      return () => set.delete(listener as (data: never) => void);
    },
    close() {
      closed = true;
      options.self.removeEventListener('message', onMessage);
      for (const [requestId, entry] of pending) {
        clock.clearTimeout(entry.timer);
        entry.reject(new QuireError('NotInHost', { detail: 'bridge closed' }));
        pending.delete(requestId);
      }
    },
  };
}
