import { describe, expect, it } from 'vitest';
import {
  EVENTS,
  errorResponse,
  eventMessage,
  isAllowedOrigin,
  isProtocolMessage,
  METHODS,
  normaliseOrigin,
  okResponse,
  parseOrigins,
  requestMessage,
  requestSchema,
  responseSchema,
} from './protocol';

describe('origins', () => {
  it('keeps scheme, host and port; drops paths, keywords, wildcards and opaque origins', () => {
    expect(normaliseOrigin('https://Host.Example:8443/')).toBe('https://host.example:8443');
    expect(normaliseOrigin('https://host.example:443')).toBe('https://host.example');
    expect(normaliseOrigin('https://host.example/path')).toBeUndefined();
    expect(normaliseOrigin('https://*.example')).toBeUndefined();
    expect(normaliseOrigin("'self'")).toBeUndefined();
    expect(normaliseOrigin('null')).toBeUndefined();
    expect(normaliseOrigin('javascript:alert(1)')).toBeUndefined();
  });

  it('reads a CSP-style list (spaces or commas), once each', () => {
    expect(parseOrigins("'self' https://a.example, http://127.0.0.1:4173 https://a.example *")).toEqual([
      'https://a.example',
      'http://127.0.0.1:4173',
    ]);
    expect(parseOrigins(undefined)).toEqual([]);
  });

  it('allows only listed origins, never null', () => {
    expect(isAllowedOrigin('https://a.example', ['https://a.example'])).toBe(true);
    expect(isAllowedOrigin('https://b.example', ['https://a.example'])).toBe(false);
    expect(isAllowedOrigin('null', ['null'])).toBe(false);
  });
});

describe('message schemas', () => {
  it('envelopes round-trip through their schemas', () => {
    expect(requestSchema.parse(requestMessage('1', 'base.getTables', {}))).toMatchObject({ method: 'base.getTables' });
    expect(responseSchema.parse(okResponse('1', []))).toMatchObject({ ok: true, result: [] });
    expect(responseSchema.parse(errorResponse('1', 'NOT_FOUND', 'x'))).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(eventMessage('selectionChanged', { baseId: 'b', tableId: 't' }).data).toEqual({ baseId: 'b', tableId: 't' });
  });

  it('tells protocol messages from other traffic', () => {
    expect(isProtocolMessage(requestMessage('1', 'hello', {}))).toBe(true);
    expect(isProtocolMessage({ type: 'callback' })).toBe(false);
    expect(isProtocolMessage(null)).toBe(false);
  });

  it('a selection fills missing view and record with null; ids must be non-empty strings', () => {
    expect(EVENTS.selectionChanged.parse({ baseId: 'b', tableId: null })).toEqual({
      baseId: 'b',
      tableId: null,
      viewId: null,
      recordId: null,
    });
    expect(EVENTS.selectionChanged.safeParse({ baseId: '', tableId: 't' }).success).toBe(false);
  });

  it('caps the field list at 100 and records per request at 200', () => {
    expect(METHODS['base.getFieldMetaList'].params.safeParse({ tableId: 't', limit: 101 }).success).toBe(false);
    const ids = Array.from({ length: 201 }, (_, i) => `r${i}`);
    expect(METHODS['base.getRecords'].params.safeParse({ tableId: 't', recordIds: ids }).success).toBe(false);
  });

  it('hello needs a user id and a known host kind', () => {
    const result = METHODS.hello.result;
    expect(result.safeParse({ protocolVersion: 1, host: { kind: 'base' }, user: { userId: 'u' } }).success).toBe(true);
    expect(result.safeParse({ protocolVersion: 1, host: { kind: 'shop' }, user: { userId: 'u' } }).success).toBe(false);
    expect(result.safeParse({ protocolVersion: 1, host: { kind: 'base' }, user: {} }).success).toBe(false);
  });
});
