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

/** One valid and one invalid params/result per method: a method added without samples fails here. */
const SAMPLES: Record<string, { params: [unknown, unknown]; result: [unknown, unknown] }> = {
  hello: {
    params: [
      { app: 'quire', appVersion: '1', protocolVersions: [1] },
      { app: 'other', appVersion: '1', protocolVersions: [] },
    ],
    result: [{ protocolVersion: 1, host: { kind: 'approval' }, user: { userId: 'u' } }, { protocolVersion: 0 }],
  },
  'base.getSelection': {
    params: [{}, 'x'],
    result: [
      { baseId: 'b', tableId: 't', viewId: 'v', recordId: 'r' },
      { baseId: 1, tableId: 't' },
    ],
  },
  'base.getTables': {
    params: [{ baseId: 'b' }, { baseId: '' }],
    result: [[{ id: 't', name: 'Orders' }], [{ id: '', name: 'x' }]],
  },
  'base.getFieldMetaList': {
    params: [{ tableId: 't', limit: 100 }, { limit: 10 }],
    result: [[{ id: 'f', name: 'Name', type: 'text', isPrimary: true }], [{ id: 'f', name: 'Name' }]],
  },
  'base.getRecordIds': {
    params: [
      { tableId: 't', viewId: null, limit: 5 },
      { tableId: 't', limit: 0 },
    ],
    result: [['r1', 'r2'], [1]],
  },
  'base.getRecords': {
    params: [{ tableId: 't', recordIds: ['r1'] }, { tableId: 't' }],
    result: [[{ recordId: 'r1', fields: { f: 'x' } }], [{ fields: {} }]],
  },
  'base.getMetaTable': { params: [{}, { baseId: 3 }], result: [null, { tableId: '' }] },
  'base.addRecord': {
    params: [{ tableId: 't', fields: { k: 'v' } }, { tableId: 't' }],
    result: [{ recordId: 'r9' }, {}],
  },
  'base.setRecord': {
    params: [
      { tableId: 't', recordId: 'r', fields: {} },
      { tableId: 't', fields: {} },
    ],
    result: [null, { ok: true }],
  },
  'base.deleteRecord': { params: [{ tableId: 't', recordId: 'r' }, { recordId: 'r' }], result: [undefined, 'gone'] },
  'approval.getContext': {
    params: [{}, 1],
    result: [{ approvalCode: 'A1', instanceCode: 'I1', lang: 'ja-JP' }, { instanceCode: 'I1' }],
  },
  'approval.getDefinition': { params: [{ approvalCode: 'A1' }, {}], result: [{ any: 'design' }, undefined] },
  'approval.getInstance': { params: [{ instanceCode: 'I1' }, { instanceCode: '' }], result: [{ any: 1 }, undefined] },
};

describe('every method schema', () => {
  it('has samples for each method', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(METHODS).sort());
  });
  for (const [method, sample] of Object.entries(SAMPLES)) {
    it(`${method}: accepts a good message and refuses a bad one`, () => {
      const schema = METHODS[method as keyof typeof METHODS];
      expect(schema.params.safeParse(sample.params[0]).success).toBe(true);
      expect(schema.params.safeParse(sample.params[1]).success).toBe(false);
      expect(schema.result.safeParse(sample.result[0]).success).toBe(true);
      // Definitions and instances are the host's own documents, checked by the approval mapping.
      if (method !== 'approval.getDefinition' && method !== 'approval.getInstance')
        expect(schema.result.safeParse(sample.result[1]).success).toBe(false);
    });
  }
});
