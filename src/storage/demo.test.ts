import { afterEach, describe, expect, it } from 'vitest';
import { parseApprovalDefinition, parseApprovalInstance } from '../core/data/approval';
import {
  buildDemoRows,
  DEMO_APPROVAL_CODE,
  DEMO_BASE_ID,
  DEMO_TABLE_IDS,
  ensureDemoWorkspace,
  registerDemoTemplates,
  resetDemoWorkspace,
} from './demo';
import type { Storage } from './storage';
import { openTestStorage } from './testing';

const opened: Storage[] = [];
async function storage() {
  const s = await openTestStorage();
  opened.push(s);
  return s;
}
afterEach(() => {
  registerDemoTemplates(undefined);
  for (const s of opened.splice(0)) s.close();
});

describe('demo workspace', () => {
  it('installs once on first start with linked orders, lines, customers and employees', async () => {
    const s = await storage();
    expect(await ensureDemoWorkspace(s)).toBe(true);
    expect(await ensureDemoWorkspace(s)).toBe(false);

    const tables = await s.tables.listByBase(DEMO_BASE_ID);
    expect(tables.map((t) => t.name)).toEqual(['Orders', 'Order lines', 'Customers', 'Employees']);
    expect(await s.records.count(DEMO_TABLE_IDS.orders)).toBe(60);
    expect(await s.records.count(DEMO_TABLE_IDS.customers)).toBe(20);
    expect(await s.records.count(DEMO_TABLE_IDS.employees)).toBe(12);

    const orders = await s.records.listAll(DEMO_TABLE_IDS.orders);
    const lines = new Map((await s.records.listAll(DEMO_TABLE_IDS.orderLines)).map((l) => [l.id, l]));
    const customers = new Map((await s.records.listAll(DEMO_TABLE_IDS.customers)).map((c) => [c.id, c]));
    for (const order of orders) {
      const lineIds = order.values.o_lines as string[];
      expect(lineIds.length).toBeGreaterThan(0);
      let sum = 0;
      for (const id of lineIds) {
        const line = lines.get(id)!;
        expect(line.values.l_order).toEqual([order.id]);
        sum += line.values.l_amount as number;
      }
      expect(order.values.o_subtotal).toBeCloseTo(sum, 2);
      const [customerId] = order.values.o_customer as string[];
      expect(customers.get(customerId!)!.values.c_orders).toContain(order.id);
    }
    expect(orders[0]!.values.o_no).toBe('SO-2025-1001');

    // Employee photos are local assets, so the demo prints offline.
    const [employee] = await s.records.listAll(DEMO_TABLE_IDS.employees);
    const [photo] = employee!.values.e_photo as { assetHash: string; mime: string }[];
    expect(photo!.mime).toBe('image/svg+xml');
    expect(await (await s.assets.getBlob(photo!.assetHash))!.text()).toContain('<svg');
  });

  it('ships an approval definition and instances the approval mapping accepts', async () => {
    const s = await storage();
    await ensureDemoWorkspace(s);
    const definition = await s.approvals.getDefinition(DEMO_APPROVAL_CODE);
    expect(parseApprovalDefinition(definition!.design).form.length).toBe(5);
    const instances = await s.approvals.listInstances(DEMO_APPROVAL_CODE);
    expect(instances.length).toBe(6);
    for (const row of instances) {
      const parsed = parseApprovalInstance(row.instance);
      expect(parsed.content_data.length).toBe(5);
      expect(parsed.approval_processes_data.data.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('is the same data every time', async () => {
    const a = await buildDemoRows(1);
    const b = await buildDemoRows(1);
    expect(a.records).toEqual(b.records);
    expect(a.assets.map((x) => x.hash)).toEqual(b.assets.map((x) => x.hash));
  });

  it('resets to new, with templates from the registered hook, leaving other bases alone', async () => {
    const s = await storage();
    const mine = await s.bases.create({ name: 'Mine' });
    registerDemoTemplates(() => [
      { id: 'demo-tpl-invoice', name: 'Invoice', table: 'orders', type: 3, content: '{"document":{"pages":[]}}' },
    ]);
    await ensureDemoWorkspace(s);
    expect((await s.templates.get('demo-tpl-invoice'))!.tableId).toBe(DEMO_TABLE_IDS.orders);

    const [first] = await s.records.listAll(DEMO_TABLE_IDS.orders);
    await s.records.update(first!.id, { o_no: 'changed' });
    await s.records.add(DEMO_TABLE_IDS.orders, { o_no: 'extra' });
    await s.templates.save('demo-tpl-invoice', { content: '{}' }, 1);

    await resetDemoWorkspace(s);
    expect((await s.records.get(first!.id))!.values.o_no).toBe('SO-2025-1001');
    expect(await s.records.count(DEMO_TABLE_IDS.orders)).toBe(60);
    expect((await s.templates.get('demo-tpl-invoice'))!.revision).toBe(1);
    expect(await s.bases.get(mine.id)).toBeDefined();
  });
});
