import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { followSelection } from '../../host/base';
import { createHostBridge } from '../../host/bridge';
import type { Selection } from '../../host/protocol';
import { fakeClock, fakeWindow, flush } from '../../host/testing';
import { setupI18n } from '../../i18n';
import { ErrorPage } from '../shell/ErrorPage';
import { baseGate } from './baseGate';

const QUIRE = 'https://quire.test';
const HOST = 'https://host.test';
const GOOD: Selection = { baseId: 'bse1', tableId: 'tblOrders', viewId: 'vw1', recordId: 'recO1' };

let i18n: Awaited<ReturnType<typeof setupI18n>>;
beforeAll(async () => {
  i18n = await setupI18n({ search: '?lng=en-US' });
});

const page = (error: unknown) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ErrorPage error={error} onRefresh={() => undefined} />
    </I18nextProvider>,
  );

/**
 * A host written from the document (plain postMessage over fake windows) whose selection answer is
 * chosen by `mode`, Quire's bridge, and the selection follower as `/baseplugin` runs them.
 */
function hostAndQuire() {
  const quire = fakeWindow(QUIRE);
  const host = fakeWindow(HOST);
  const clock = fakeClock();
  const state = { mode: 'silent' as 'silent' | 'badShape' | 'good' };
  host.addEventListener('message', (event) => {
    const m = event.data as { type: string; id: string; method: string };
    if (m.type !== 'request') return;
    const reply = (result: unknown) =>
      quire
        .handle(host)
        .postMessage({ protocol: 'quire-host', version: 1, type: 'response', id: m.id, ok: true, result }, QUIRE);
    if (m.method === 'hello') reply({ protocolVersion: 1, host: { kind: 'base' }, user: { userId: 'u-1' } });
    else if (state.mode === 'badShape') reply({ baseId: 42 });
    else if (state.mode === 'good') reply(GOOD);
  });
  const bridge = createHostBridge({ self: quire, parent: host.handle(quire), origins: [HOST], clock });
  const seen: { selection?: Selection; error?: unknown } = {};
  const start = () =>
    followSelection({
      read: () => bridge.request('base.getSelection', {}),
      onChange: (selection) => {
        seen.error = undefined;
        seen.selection = selection;
      },
      onError: (error) => {
        seen.error = error;
      },
      visibility: { isVisible: () => true, subscribe: () => () => undefined },
      clock,
    });
  return { bridge, clock, state, seen, start };
}

const idle = { status: 'idle' } as const;

describe('the base gate: a selection read that fails before any selection', () => {
  it('times out after 10 s into an error page with HOST_TIMEOUT, then goes on at the first good read', async () => {
    const { bridge, clock, state, seen, start } = hostAndQuire();
    const hello = bridge.hello();
    await flush(20);
    await hello;
    const follower = start();
    await flush(20);
    expect(baseGate(seen.selection, seen.error, idle)).toEqual({ show: 'connecting' });
    clock.advance(9_999);
    await flush(20);
    expect(baseGate(seen.selection, seen.error, idle)).toEqual({ show: 'connecting' });
    clock.advance(1);
    await flush(20);
    const gate = baseGate(seen.selection, seen.error, idle);
    expect(gate.show).toBe('error');
    const error = gate.show === 'error' ? gate.error : undefined;
    expect(isQuireError(error, 'HostTimeout')).toBe(true);
    const html = page(error);
    expect(html).toContain('The host app did not answer in time.');
    expect(html).toContain('[HOST_TIMEOUT]');
    expect(html).not.toContain('Connecting');
    // The host comes back: the next tick's read succeeds and the page moves on.
    state.mode = 'good';
    clock.advance(500);
    await flush(20);
    expect(seen.selection).toEqual(GOOD);
    expect(baseGate(seen.selection, seen.error, { status: 'running' })).toEqual({ show: 'preparing' });
    follower.stop();
  });

  it('a selection of the wrong shape is an error page with HOST_PROTOCOL_ERROR naming the field', async () => {
    const { bridge, state, seen, start } = hostAndQuire();
    state.mode = 'badShape';
    const hello = bridge.hello();
    await flush(20);
    await hello;
    const follower = start();
    await flush(20);
    const gate = baseGate(seen.selection, seen.error, idle);
    const error = gate.show === 'error' ? gate.error : undefined;
    expect(isQuireError(error, 'HostProtocolError')).toBe(true);
    const html = page(error);
    expect(html).toContain('[HOST_PROTOCOL_ERROR]');
    expect(html).toContain('baseId');
    follower.stop();
  });

  it('a failure after a selection arrived leaves the screens (they show it as a toast)', () => {
    const error = new Error('late');
    expect(baseGate(GOOD, error, { status: 'done', token: 'tok' })).toEqual({ show: 'base', token: 'tok' });
    expect(baseGate(GOOD, error, { status: 'waiting' })).toEqual({ show: 'waitingForTab' });
    const noBase = baseGate({ ...GOOD, baseId: null }, undefined, idle);
    expect(noBase.show === 'error' && isQuireError(noBase.error, 'NoBaseId')).toBe(true);
    const failed = new Error('init');
    expect(baseGate(GOOD, undefined, { status: 'failed', error: failed })).toEqual({ show: 'error', error: failed });
  });
});
