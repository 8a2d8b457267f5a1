import { describe, expect, it, vi } from 'vitest';
import { isQuireError } from '../core/errors';
import { parsePrintSource } from '../core/print/sources';
import {
  BOARD_VIEW,
  categoryOf,
  followSelection,
  hostRecordSource,
  loadHostTable,
  loadLinkedTables,
  RECORD_VIEW,
  SELECTION_POLL_MS,
  type VisibilitySource,
} from './base';
import { createHostBridge } from './bridge';
import type { Selection } from './protocol';
import { createQuireHost, HostAnswerError } from './sdk/quireHost';
import { fakeClock, fakeWindow, flush } from './testing';

const fields = Array.from({ length: 120 }, (_, i) => ({ id: `f${i}`, name: `Field ${i}`, type: 'text' }));
const ORDERS = {
  id: 'tblOrders',
  name: 'Orders',
  fields: [
    { id: 'fNo', name: 'Order no', type: 'text', isPrimary: true },
    { id: 'fCust', name: 'Customer', type: 'singleLink', property: { tableId: 'tblCustomers' } },
  ],
};
const CUSTOMERS = { id: 'tblCustomers', name: 'Customers', fields: [{ id: 'cName', name: 'Company', type: 'text' }] };
const RECORDS: Record<string, Record<string, { recordId: string; fields: Record<string, unknown> }>> = {
  tblOrders: { r1: { recordId: 'r1', fields: { fNo: 'SO-1', fCust: { recordIds: ['c1'] } } } },
  tblCustomers: { c1: { recordId: 'c1', fields: { cName: 'Contoso' } } },
};

function connected() {
  const quire = fakeWindow('https://quire.test');
  const host = fakeWindow('https://host.test');
  const tables = [ORDERS, CUSTOMERS, { id: 'wide', name: 'Wide', fields }];
  createQuireHost({
    frame: { contentWindow: quire.handle(host) },
    quireOrigin: 'https://quire.test',
    host: { kind: 'base' },
    user: { userId: 'u' },
    window: host,
    handlers: {
      'base.getTables': () => tables.map(({ id, name }) => ({ id, name })),
      // A careless host that ignores the limit.
      'base.getFieldMetaList': ({ tableId }) => tables.find((t) => t.id === tableId)?.fields ?? [],
      'base.getRecords': ({ tableId, recordIds }) => {
        if (tableId === 'gone') throw new HostAnswerError('NOT_FOUND');
        return recordIds.map((id) => RECORDS[tableId]?.[id]).filter(Boolean);
      },
    },
  });
  const bridge = createHostBridge({ self: quire, parent: host.handle(quire), origins: ['https://host.test'] });
  return bridge;
}

const settle = async <T>(p: Promise<T>) => {
  await flush(40);
  return p;
};

describe('base through the bridge', () => {
  it('caps the field list at 100 columns even when the host sends more', async () => {
    const bridge = connected();
    const table = await settle(loadHostTable(bridge, 'b1', 'wide'));
    expect(table.fields).toHaveLength(100);
  });

  it('a table the host does not list is an invalid selection', async () => {
    const bridge = connected();
    const error = await settle(loadHostTable(bridge, 'b1', 'nope')).catch((e: unknown) => e);
    expect(isQuireError(error, 'InvalidBaseTableSelection')).toBe(true);
  });

  it('a host record becomes a table print source with its linked records, like a local one', async () => {
    const bridge = connected();
    const table = await settle(loadHostTable(bridge, 'b1', 'tblOrders'));
    const source = await settle(hostRecordSource(bridge, 'b1', table, 'r1'));
    const parsed = parsePrintSource(source);
    expect(parsed).toMatchObject({
      kind: 'table',
      table: { id: 'tblOrders', name: 'Orders' },
      record: { recordId: 'r1', fields: { fNo: 'SO-1' } },
      linkedTables: [{ id: 'tblCustomers', records: [{ recordId: 'c1', fields: { cName: 'Contoso' } }] }],
    });
  });

  it('reads the tables a table links to, once each, so the editor can offer their fields', async () => {
    const bridge = connected();
    const table = await settle(loadHostTable(bridge, 'b1', 'tblOrders'));
    const twice = { ...table, fields: [...table.fields, { ...table.fields[1]!, id: 'fCust2', name: 'Other' }] };
    const linked = await settle(loadLinkedTables(bridge, 'b1', twice));
    expect(linked).toEqual([{ id: 'tblCustomers', name: 'Customers', fields: CUSTOMERS.fields }]);
  });

  it('leaves out a linked table the host cannot list', async () => {
    const bridge = connected();
    const table = await settle(loadHostTable(bridge, 'b1', 'tblOrders'));
    const broken = {
      ...table,
      fields: [...table.fields, { id: 'fGone', name: 'Gone', type: 'singleLink', property: { tableId: 'nowhere' } }],
    };
    const linked = await settle(loadLinkedTables(bridge, 'b1', broken));
    expect(linked.map((t) => t.id)).toEqual(['tblCustomers']);
  });

  it('a record the host no longer has is NoData', async () => {
    const bridge = connected();
    const table = await settle(loadHostTable(bridge, 'b1', 'tblOrders'));
    const error = await settle(hostRecordSource(bridge, 'b1', table, 'missing')).catch((e: unknown) => e);
    expect(isQuireError(error, 'NoData')).toBe(true);
  });
});

function visibility(initial = true) {
  let visible = initial;
  const listeners = new Set<() => void>();
  const source: VisibilitySource & { set(v: boolean): void } = {
    isVisible: () => visible,
    subscribe: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    set(v) {
      visible = v;
      for (const fn of listeners) fn();
    },
  };
  return source;
}

const sel = (tableId: string, recordId: string | null = null): Selection => ({
  baseId: 'b1',
  tableId,
  viewId: null,
  recordId,
});

describe('followSelection (fake clock)', () => {
  it('reads at once, then every 500 ms, reporting only changes', async () => {
    const clock = fakeClock();
    let current = sel('t1');
    const read = vi.fn(async () => current);
    const onChange = vi.fn();
    const follower = followSelection({ read, onChange, visibility: visibility(), clock });
    await flush();
    expect(onChange).toHaveBeenLastCalledWith(sel('t1'));
    clock.advance(SELECTION_POLL_MS);
    await flush();
    expect(read).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenCalledTimes(1);
    current = sel('t1', 'r9');
    clock.advance(SELECTION_POLL_MS - 1);
    await flush();
    expect(onChange).toHaveBeenCalledTimes(1);
    clock.advance(1);
    await flush();
    expect(onChange).toHaveBeenLastCalledWith(sel('t1', 'r9'));
    follower.stop();
    clock.advance(5_000);
    await flush();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('does not read while hidden, and reads at once when shown again', async () => {
    const clock = fakeClock();
    const view = visibility();
    const read = vi.fn(async () => sel('t1'));
    followSelection({ read, onChange: () => undefined, visibility: view, clock });
    await flush();
    view.set(false);
    clock.advance(10_000);
    await flush();
    expect(read).toHaveBeenCalledTimes(1);
    view.set(true);
    await flush();
    expect(read).toHaveBeenCalledTimes(2);
    clock.advance(SELECTION_POLL_MS);
    await flush();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('keeps polling after a failed read, and applies pushed selections at once', async () => {
    const clock = fakeClock();
    const read = vi.fn().mockRejectedValueOnce(new Error('timeout')).mockResolvedValue(sel('t1'));
    const onChange = vi.fn();
    const onError = vi.fn();
    const follower = followSelection({ read, onChange, onError, visibility: visibility(), clock });
    await flush();
    expect(onError).toHaveBeenCalledTimes(1);
    follower.push(sel('t2'));
    expect(onChange).toHaveBeenLastCalledWith(sel('t2'));
    clock.advance(SELECTION_POLL_MS);
    await flush();
    expect(onChange).toHaveBeenLastCalledWith(sel('t1'));
  });
});

describe('template category', () => {
  const sel = (viewId: string | null, recordId: string | null) => ({ baseId: 'b', tableId: 't', viewId, recordId });
  it('is record view with a view and a record, else board view; always record view in the extension', () => {
    expect(categoryOf(sel('v', 'r'), 'base')).toBe(RECORD_VIEW);
    expect(categoryOf(sel('v', null), 'base')).toBe(BOARD_VIEW);
    expect(categoryOf(sel(null, 'r'), 'base')).toBe(BOARD_VIEW);
    expect(categoryOf(undefined, 'base')).toBe(BOARD_VIEW);
    expect(categoryOf(sel(null, null), 'extension')).toBe(RECORD_VIEW);
  });
});
