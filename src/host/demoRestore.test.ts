import { describe, expect, it } from 'vitest';
import { type DemoTemplateSpec, planDemoRestore, restoredId } from './demoRestore';

const demo: DemoTemplateSpec[] = [
  { id: 'demo-invoice', name: 'Invoice', table: 'orders', type: 1, content: '{}' },
  { id: 'demo-slip', name: 'Packing slip', table: 'orders', type: 1, content: '{}' },
  { id: 'demo-card', name: 'Employee card', table: 'employees', type: 1, content: '{}' },
];

describe('restoring the demo templates into a base', () => {
  it('binds each to the table named as its demo table (any case), skipping demo tables the base lacks', () => {
    const plan = planDemoRestore(
      demo,
      [
        { id: 'tblO', name: ' ORDERS ' },
        { id: 'tblC', name: 'Customers' },
      ],
      new Set(),
    );
    expect(plan.map((item) => [item.id, item.tableId, item.template.name])).toEqual([
      ['demo-invoice.tblO', 'tblO', 'Invoice'],
      ['demo-slip.tblO', 'tblO', 'Packing slip'],
    ]);
  });

  it('adds nothing the second time: restored templates keep ids made of the demo and the table', () => {
    const tables = [{ id: 'tblO', name: 'Orders' }];
    const first = planDemoRestore(demo, tables, new Set());
    expect(planDemoRestore(demo, tables, new Set(first.map((i) => i.id)))).toEqual([]);
    expect(planDemoRestore(demo, tables, new Set([restoredId('demo-invoice', 'tblO')])).map((i) => i.id)).toEqual([
      'demo-slip.tblO',
    ]);
  });
});
