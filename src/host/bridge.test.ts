import { describe, expect, it, vi } from 'vitest';
import { isQuireError, type QuireError } from '../core/errors';
import { createHostBridge } from './bridge';
import { eventMessage, okResponse, PROTOCOL, requestMessage } from './protocol';
import { createQuireHost, type Handlers, HostAnswerError } from './sdk/quireHost';
import { fakeClock, fakeWindow, flush } from './testing';

const QUIRE = 'https://quire.test';
const HOST = 'https://host.test';
const EVIL = 'https://evil.test';

const TABLES = [
  { id: 'tblOrders', name: 'Orders' },
  { id: 'tblCustomers', name: 'Customers' },
];

function setup(handlers: Handlers = {}, origins = [HOST]) {
  const quire = fakeWindow(QUIRE);
  const host = fakeWindow(HOST);
  const evil = fakeWindow(EVIL);
  const clock = fakeClock();
  const ignored: QuireError[] = [];
  const sdk = createQuireHost({
    frame: { contentWindow: quire.handle(host) },
    quireOrigin: QUIRE,
    host: { kind: 'base', brand: 'second', name: 'Reference base' },
    user: { userId: 'u-1', tenantKey: 't-1' },
    handlers,
    window: host,
    onIgnored: () => undefined,
  });
  const bridge = createHostBridge({
    self: quire,
    parent: host.handle(quire),
    origins,
    clock,
    onIgnored: (error) => ignored.push(error),
    appVersion: '1.0.0',
  });
  return { quire, host, evil, clock, ignored, sdk, bridge };
}

async function settle<T>(promise: Promise<T>): Promise<T> {
  await flush(20);
  return promise;
}

describe('host bridge ↔ host SDK', () => {
  it('says hello, agrees on version 1 and learns the host and its user', async () => {
    const { bridge, sdk } = setup();
    const hello = await settle(bridge.hello());
    expect(hello).toEqual({
      protocolVersion: 1,
      host: { kind: 'base', brand: 'second', name: 'Reference base' },
      user: { userId: 'u-1', tenantKey: 't-1' },
    });
    expect(bridge.hostOrigin).toBe(HOST);
    expect(sdk.connected).toBe(true);
  });

  it('answers requests from the host handlers, validated on both sides', async () => {
    const { bridge } = setup({
      'base.getTables': () => TABLES,
      'base.getSelection': () => ({ baseId: 'b1', tableId: 'tblOrders', viewId: 'v1', recordId: null }),
    });
    await settle(bridge.hello());
    expect(await settle(bridge.request('base.getTables', {}))).toEqual(TABLES);
    expect(await settle(bridge.request('base.getSelection', {}))).toEqual({
      baseId: 'b1',
      tableId: 'tblOrders',
      viewId: 'v1',
      recordId: null,
    });
  });

  it('names the target origin on every message it sends, never *', async () => {
    const { bridge, host, quire } = setup({ 'base.getTables': () => TABLES });
    const parent = host.handle(quire);
    const post = vi.spyOn(parent, 'postMessage');
    await settle(bridge.hello());
    await settle(bridge.request('base.getTables', {}));
    expect(post.mock.calls.map((call) => call[1])).toEqual([HOST, HOST]);
  });

  it('maps a WRONG_BASE answer to HostWrongBase and other codes to HostError', async () => {
    const { bridge } = setup({
      'base.getRecords': ({ tableId }) => {
        if (tableId === 'other') throw new HostAnswerError('WRONG_BASE', 'base b2 is open');
        throw new HostAnswerError('NOT_FOUND', 'no such table');
      },
    });
    await settle(bridge.hello());
    const wrong = await settle(bridge.request('base.getRecords', { tableId: 'other', recordIds: ['r1'] })).catch(
      (e: unknown) => e,
    );
    expect(isQuireError(wrong, 'HostWrongBase')).toBe(true);
    const missing = await settle(bridge.request('base.getRecords', { tableId: 'x', recordIds: ['r1'] })).catch(
      (e: unknown) => e,
    );
    expect(isQuireError(missing, 'HostError')).toBe(true);
    expect((missing as QuireError).params).toEqual({ method: 'base.getRecords', code: 'NOT_FOUND' });
  });

  it('rejects an answer that breaks the result schema (the SDK refuses to post it as ok)', async () => {
    const { bridge } = setup({ 'base.getTables': () => [{ id: 7 }] });
    await settle(bridge.hello());
    const error = await settle(bridge.request('base.getTables', {})).catch((e: unknown) => e);
    expect(isQuireError(error, 'HostError')).toBe(true);
    expect((error as QuireError).params.code).toBe('INTERNAL');
  });

  it('refuses to send params that break the schema', async () => {
    const { bridge } = setup();
    const error = await bridge
      .request('base.getRecords', { tableId: '', recordIds: [] } as never)
      .catch((e: unknown) => e);
    expect(isQuireError(error, 'DataInvalid')).toBe(true);
  });

  it('a method the host does not answer is a host error UNSUPPORTED', async () => {
    const { bridge } = setup();
    await settle(bridge.hello());
    const error = await settle(bridge.request('approval.getContext', {})).catch((e: unknown) => e);
    expect((error as QuireError).params.code).toBe('UNSUPPORTED');
  });
});

describe('timeouts (fake clock)', () => {
  it('a silent host times out hello after 5 s with HostTimeout', async () => {
    const { bridge, clock } = setup({}, ['https://elsewhere.test']);
    const answer = bridge.hello().catch((e: unknown) => e);
    clock.advance(4_999);
    await flush();
    clock.advance(1);
    const error = await answer;
    expect(isQuireError(error, 'HostTimeout')).toBe(true);
    expect((error as QuireError).params).toEqual({ method: 'hello', ms: 5_000 });
  });

  it('the field list times out after 6 s with the spec’s getFieldMetaList timeout', async () => {
    const { bridge, clock } = setup({ 'base.getFieldMetaList': () => new Promise(() => undefined) });
    await settle(bridge.hello());
    const answer = bridge.request('base.getFieldMetaList', { tableId: 't' }).catch((e: unknown) => e);
    await flush();
    clock.advance(5_999);
    await flush();
    let settled = false;
    void answer.then(() => {
      settled = true;
    });
    await flush();
    expect(settled).toBe(false);
    clock.advance(1);
    expect(isQuireError(await answer, 'FieldMetaTimeout')).toBe(true);
  });

  it('other methods wait 10 s; a late answer after the timeout is dropped', async () => {
    let release: (value: unknown) => void = () => undefined;
    const { bridge, clock } = setup({ 'base.getTables': () => new Promise((r) => (release = r)) });
    await settle(bridge.hello());
    const answer = bridge.request('base.getTables', {}).catch((e: unknown) => e);
    await flush();
    clock.advance(10_000);
    expect(isQuireError(await answer, 'HostTimeout')).toBe(true);
    release(TABLES);
    await flush(20);
    expect(clock.pending()).toBe(0);
  });
});

describe('origins', () => {
  it('ignores and reports messages from an origin that is not configured', async () => {
    const { bridge, quire, evil, ignored } = setup({});
    const seen = vi.fn();
    bridge.on('selectionChanged', seen);
    const answer = bridge.hello();
    // The forger answers first, guessing the request id; it must not matter.
    const id = (quire.received[0]?.data as { id?: string } | undefined)?.id ?? 'guess';
    quire.receive(okResponse(id, { protocolVersion: 1, host: { kind: 'base' }, user: { userId: 'mallory' } }), evil);
    quire.receive(eventMessage('selectionChanged', { baseId: 'b', tableId: 'tblEvil' }), evil);
    expect((await settle(answer)).user.userId).toBe('u-1');
    expect(seen).not.toHaveBeenCalled();
    expect(ignored.map((e) => e.errorName)).toEqual(['HostForgedOrigin', 'HostForgedOrigin']);
    expect(ignored[0]?.params).toEqual({ origin: EVIL });
  });

  it('ignores the right origin from the wrong window (another frame of the host)', async () => {
    const { bridge, quire, ignored } = setup({});
    await settle(bridge.hello());
    const sibling = fakeWindow(HOST);
    const seen = vi.fn();
    bridge.on('selectionChanged', seen);
    quire.receive(eventMessage('selectionChanged', { baseId: 'b', tableId: 't2' }), sibling);
    await flush();
    expect(seen).not.toHaveBeenCalled();
    expect(ignored.map((e) => e.errorName)).toEqual(['HostForgedOrigin']);
    // The log names the rule it broke: the origin is right, the window is not Quire's parent.
    expect(ignored[0]?.message).toContain(`${HOST} (another window than Quire's parent)`);
  });

  it('delivers selection events from the host, validated', async () => {
    const { bridge, sdk, ignored, quire, host } = setup({});
    await settle(bridge.hello());
    const seen = vi.fn();
    bridge.on('selectionChanged', seen);
    sdk.notifySelection({ baseId: 'b1', tableId: 'tblCustomers' });
    quire.receive(
      { protocol: PROTOCOL, version: 1, type: 'event', event: 'selectionChanged', data: { tableId: 5 } },
      host,
    );
    await flush();
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen).toHaveBeenCalledWith({ baseId: 'b1', tableId: 'tblCustomers', viewId: null, recordId: null });
    expect(ignored.map((e) => e.errorName)).toEqual(['HostProtocolError']);
  });

  it('other traffic on the page (not the protocol) is neither handled nor reported', async () => {
    const { quire, evil, ignored } = setup();
    quire.receive({ type: 'something-else' }, evil);
    quire.receive('hello', evil);
    await flush();
    expect(ignored).toEqual([]);
  });

  it('the SDK ignores requests that do not come from the embedded Quire', async () => {
    const { host, evil } = setup({ 'base.getTables': () => TABLES });
    host.receive(requestMessage('x1', 'base.getTables', {}), evil);
    await flush(20);
    expect(evil.received).toEqual([]);
  });

  it('a closed bridge rejects what is pending and hears nothing more', async () => {
    const { bridge } = setup({ 'base.getTables': () => new Promise(() => undefined) });
    await settle(bridge.hello());
    const answer = bridge.request('base.getTables', {}).catch((e: unknown) => e);
    await flush();
    bridge.close();
    expect(isQuireError(await answer, 'NotInHost')).toBe(true);
  });
});
