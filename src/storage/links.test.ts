import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../core/errors';
import type { StorageChange } from './changes';
import { DEMO_BASE_ID, DEMO_TABLE_IDS, demoRecordId, ensureDemoWorkspace } from './demo';
import { addLinkedRecord, searchRecords, setLinks } from './links';
import type { Storage } from './storage';
import { openTestStorage } from './testing';

const opened: Storage[] = [];
async function demo() {
  let clock = 1_000;
  const s = await openTestStorage({ now: () => ++clock });
  opened.push(s);
  await ensureDemoWorkspace(s);
  return s;
}
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

const order = (n: number) => demoRecordId('orders', n);
const customer = (n: number) => demoRecordId('customers', n);
const employee = (n: number) => demoRecordId('employees', n);

describe('searchRecords', () => {
  it('finds records by their primary field, case-insensitively, in table order', async () => {
    const s = await demo();
    const found = await searchRecords(s, DEMO_TABLE_IDS.customers, 'coFFee');
    expect(found.records.map((r) => r.values.c_name)).toEqual(['Coastal Coffee Roasters']);
    expect(found.more).toBe(false);
  });

  it('lists the first records for an empty query and says when there are more', async () => {
    const s = await demo();
    const found = await searchRecords(s, DEMO_TABLE_IDS.orders, '', 10);
    expect(found.records).toHaveLength(10);
    expect(found.records[0]!.values.o_no).toBe('SO-2025-1001');
    expect(found.more).toBe(true);
  });

  it('refuses an unknown table with MetaTableNotFound', async () => {
    const s = await demo();
    const error = await searchRecords(s, 'nope', 'x').catch((e) => e);
    expect(isQuireError(error, 'MetaTableNotFound')).toBe(true);
  });
});

describe('setLinks', () => {
  it('sets a one-way link, trimmed to one record for a single link field', async () => {
    const s = await demo();
    const updated = await setLinks(s, order(1), 'o_rep', [employee(1), employee(2)]);
    expect(updated.values.o_rep).toEqual([employee(2)]);
    expect((await s.records.get(order(1)))!.values.o_rep).toEqual([employee(2)]);
  });

  it('moves a record between two-way partners: the new customer gains the order, the old one loses it', async () => {
    const s = await demo();
    const before = (await s.records.get(order(1)))!;
    const [oldCustomer] = before.values.o_customer as string[];
    const target = oldCustomer === customer(1) ? customer(2) : customer(1);

    await setLinks(s, order(1), 'o_customer', [target], before.updatedAt);

    expect((await s.records.get(order(1)))!.values.o_customer).toEqual([target]);
    expect((await s.records.get(target))!.values.c_orders).toContain(order(1));
    expect((await s.records.get(oldCustomer!))!.values.c_orders).not.toContain(order(1));
  });

  it('takes a line from its old order when the line can belong to one order only', async () => {
    const s = await demo();
    const first = (await s.records.get(order(1)))!;
    const second = (await s.records.get(order(2)))!;
    const line = (first.values.o_lines as string[])[0]!;

    await setLinks(s, order(2), 'o_lines', [...(second.values.o_lines as string[]), line]);

    expect((await s.records.get(line))!.values.l_order).toEqual([order(2)]);
    expect((await s.records.get(order(2)))!.values.o_lines).toContain(line);
    expect((await s.records.get(order(1)))!.values.o_lines).not.toContain(line);
  });

  it('removing a link clears the partner side, and an empty list clears the cell', async () => {
    const s = await demo();
    const lines = (await s.records.get(order(3)))!.values.o_lines as string[];
    await setLinks(s, order(3), 'o_lines', []);
    expect('o_lines' in (await s.records.get(order(3)))!.values).toBe(false);
    for (const line of await s.records.getMany(lines)) expect(line.values.l_order).toBeUndefined();
  });

  it('announces every record it wrote in one change event', async () => {
    const s = await demo();
    const events: StorageChange[] = [];
    s.changes.subscribe((e) => events.push(e));
    const before = (await s.records.get(order(1)))!;
    const [oldCustomer] = before.values.o_customer as string[];
    const target = oldCustomer === customer(1) ? customer(2) : customer(1);
    await setLinks(s, order(1), 'o_customer', [target]);
    expect(events).toHaveLength(1);
    expect(new Set(events[0]!.keys)).toEqual(new Set([order(1), target, oldCustomer]));
  });

  it('refuses a stale edit of the same cell with VersionConflict and writes nothing', async () => {
    const s = await demo();
    const loaded = (await s.records.get(order(1)))!;
    await setLinks(s, order(1), 'o_rep', [employee(2)]);
    const error = await setLinks(s, order(1), 'o_rep', [employee(3)], loaded.updatedAt).catch((e) => e);
    expect(isQuireError(error, 'VersionConflict')).toBe(true);
    expect((await s.records.get(order(1)))!.values.o_rep).toEqual([employee(2)]);
  });

  it('lets a link edit through when another tab changed a different field of the record', async () => {
    const s = await demo();
    const loaded = (await s.records.get(order(1)))!;
    await s.records.update(order(1), { o_notes: 'changed in another tab' });
    await setLinks(s, order(1), 'o_rep', [employee(3)], loaded.updatedAt);
    const after = (await s.records.get(order(1)))!;
    expect(after.values.o_rep).toEqual([employee(3)]);
    expect(after.values.o_notes).toBe('changed in another tab');
  });

  it('refuses records of another table and unknown records, and fields that are not links', async () => {
    const s = await demo();
    const wrongTable = await setLinks(s, order(1), 'o_rep', [customer(1)]).catch((e) => e);
    expect(isQuireError(wrongTable, 'DataInvalid')).toBe(true);
    const missing = await setLinks(s, order(1), 'o_rep', [`${DEMO_TABLE_IDS.employees}:0:ghost`]).catch((e) => e);
    expect(isQuireError(missing, 'NoData')).toBe(true);
    const notLink = await setLinks(s, order(1), 'o_status', [employee(1)]).catch((e) => e);
    expect(isQuireError(notLink, 'DataInvalid')).toBe(true);
  });
});

describe('addLinkedRecord', () => {
  it('creates a child line linked both ways, in one action', async () => {
    const s = await demo();
    const lineCount = await s.records.count(DEMO_TABLE_IDS.orderLines);
    const parent = (await s.records.get(order(5)))!;
    const { parent: updated, child } = await addLinkedRecord(s, order(5), 'o_lines', { l_name: 'New line' });

    expect(await s.records.count(DEMO_TABLE_IDS.orderLines)).toBe(lineCount + 1);
    expect(child.tableId).toBe(DEMO_TABLE_IDS.orderLines);
    expect(child.values).toEqual({ l_name: 'New line', l_order: [order(5)] });
    expect(updated.values.o_lines).toEqual([...(parent.values.o_lines as string[]), child.id]);
    expect((await s.records.get(order(5)))!.values.o_lines).toContain(child.id);
  });

  it('refuses a stale parent and leaves no orphan child behind', async () => {
    const s = await demo();
    const lineCount = await s.records.count(DEMO_TABLE_IDS.orderLines);
    const error = await addLinkedRecord(s, order(5), 'o_lines', {}, 1).catch((e) => e);
    expect(isQuireError(error, 'VersionConflict')).toBe(true);
    expect(await s.records.count(DEMO_TABLE_IDS.orderLines)).toBe(lineCount);
    expect((await s.tables.listByBase(DEMO_BASE_ID)).length).toBe(4);
  });
});
