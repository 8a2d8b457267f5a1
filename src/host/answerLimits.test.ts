import { describe, expect, it } from 'vitest';
import { isQuireError } from '../core/errors';
import { CELL_VALUE_LIMIT } from './answerLimits';
import { followSelection } from './base';
import { createHostBridge } from './bridge';
import { okResponse, requestMessage } from './protocol';
import { createQuireHost, type Handlers } from './sdk/quireHost';
import { fakeClock, fakeWindow, flush } from './testing';

const QUIRE = 'https://quire.test';
const HOST = 'https://host.test';

/** A host written against the protocol whose handlers answer whatever the test makes them. */
function connect(handlers: Handlers) {
  const quire = fakeWindow(QUIRE);
  const host = fakeWindow(HOST);
  createQuireHost({
    frame: { contentWindow: quire.handle(host) },
    quireOrigin: QUIRE,
    host: { kind: 'base', brand: 'first', name: 'Broken base' },
    user: { userId: 'u-1' },
    handlers,
    window: host,
    onIgnored: () => undefined,
  });
  const bridge = createHostBridge({ self: quire, parent: host.handle(quire), origins: [HOST], clock: fakeClock() });
  return { bridge, quire, host };
}

async function outcome<T>(promise: Promise<T>): Promise<T | unknown> {
  await flush(20);
  return promise.catch((error: unknown) => error);
}

describe('a host answering past the protocol’s limits', () => {
  it('100,000 ids to a limit of 50 are refused as HostLimitExceeded, at once', async () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `rec${i}`);
    const { bridge } = connect({ 'base.getRecordIds': () => ids });
    await outcome(bridge.hello());
    const answer = await outcome(bridge.request('base.getRecordIds', { tableId: 'tbl1', limit: 50 }));
    expect(isQuireError(answer, 'HostLimitExceeded')).toBe(true);
    expect((answer as { params: Record<string, unknown> }).params).toMatchObject({ limit: 50, actual: 100_000 });
  });

  it('as many ids as asked for still read', async () => {
    const { bridge } = connect({ 'base.getRecordIds': () => ['a', 'b'] });
    await outcome(bridge.hello());
    expect(await outcome(bridge.request('base.getRecordIds', { tableId: 'tbl1', limit: 2 }))).toEqual(['a', 'b']);
  });

  it('more records than ids asked for, and a 20 MB cell, are refused', async () => {
    const big = 'x'.repeat(20_000_000);
    const { bridge } = connect({
      'base.getRecords': ({ recordIds }) =>
        recordIds[0] === 'many'
          ? [1, 2, 3].map((n) => ({ recordId: `r${n}`, fields: {} }))
          : [{ recordId: 'r1', fields: { fldNotes: big } }],
    });
    await outcome(bridge.hello());
    const many = await outcome(bridge.request('base.getRecords', { tableId: 't', recordIds: ['many'] }));
    expect(isQuireError(many, 'HostLimitExceeded')).toBe(true);
    const huge = await outcome(bridge.request('base.getRecords', { tableId: 't', recordIds: ['r1'] }));
    expect(isQuireError(huge, 'HostLimitExceeded')).toBe(true);
    expect((huge as { params: Record<string, unknown> }).params).toMatchObject({ limit: CELL_VALUE_LIMIT });
  });

  it('an answer in a protocol version Quire does not speak is refused, not left to time out', async () => {
    // A host written by hand: it answers hello properly, then a request in version 9.
    const quire = fakeWindow(QUIRE);
    const host = fakeWindow(HOST);
    const bridge = createHostBridge({ self: quire, parent: host.handle(quire), origins: [HOST], clock: fakeClock() });
    const answerLast = (result: unknown, version = 1) => {
      const asked = host.received.at(-1)?.data as { id: string };
      quire.receive({ ...okResponse(asked.id, result), version }, host);
    };
    const hello = bridge.hello();
    await flush(5);
    answerLast({ protocolVersion: 1, host: { kind: 'base' }, user: { userId: 'u-1' } });
    await outcome(hello);
    const pending = bridge.request('base.getTables', {});
    await flush(5);
    answerLast([], 9);
    const answer = await outcome(pending);
    expect(isQuireError(answer, 'HostProtocolError')).toBe(true);
  });

  it('a selection read that times out or has the wrong shape reports a catalogued error with its code', async () => {
    const quire = fakeWindow(QUIRE);
    const host = fakeWindow(HOST);
    const clock = fakeClock();
    const bridge = createHostBridge({ self: quire, parent: host.handle(quire), origins: [HOST], clock });
    const errors: unknown[] = [];
    const follower = followSelection({
      read: () => bridge.request('base.getSelection', {}),
      onChange: () => undefined,
      onError: (error) => errors.push(error),
      visibility: { isVisible: () => true, subscribe: () => () => undefined },
      clock,
    });
    // Never answered: after 10 s the read fails with HOST_TIMEOUT (the screen shows it, with the code).
    await flush(5);
    clock.advance(10_000);
    await flush(5);
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual(['HOST_TIMEOUT']);
    // The next read gets an answer of the wrong shape: HOST_PROTOCOL_ERROR, again with a code.
    clock.advance(500);
    await flush(5);
    const asked = host.received.at(-1)?.data as { id: string };
    quire.receive(okResponse(asked.id, { baseId: 42 }), host);
    await flush(5);
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual(['HOST_TIMEOUT', 'HOST_PROTOCOL_ERROR']);
    follower.stop();
  });

  it('the SDK refuses a request in a version it does not speak instead of answering it', async () => {
    const quire = fakeWindow(QUIRE);
    const host = fakeWindow(HOST);
    createQuireHost({
      frame: { contentWindow: quire.handle(host) },
      quireOrigin: QUIRE,
      host: { kind: 'base' },
      user: { userId: 'u-1' },
      handlers: { 'base.getTables': () => [] },
      window: host,
      onIgnored: () => undefined,
    });
    host.receive({ ...requestMessage('r9', 'base.getTables', {}), version: 9 }, quire);
    await flush(10);
    expect(quire.received.at(-1)?.data).toMatchObject({ id: 'r9', ok: false, error: { code: 'UNSUPPORTED' } });
  });
});
