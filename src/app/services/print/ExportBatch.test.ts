import { describe, expect, it } from 'vitest';
import { DEMO_APPROVAL_CODE, DEMO_TABLE_IDS, ensureDemoWorkspace } from '../../../storage';
import { openTestStorage } from '../../../storage/testing';
import { approvalBinding } from '../templates';
import { loadPrintScope } from './ExportBatch';

describe('loadPrintScope (the preview screen\'s "Several records…")', () => {
  it('offers every record of the bound table in its order, beyond the picker’s first page', async () => {
    const storage = await openTestStorage();
    await ensureDemoWorkspace(storage, { templates: async () => [] });
    for (let i = 0; i < 200; i++) await storage.records.add(DEMO_TABLE_IDS.orders, {});
    const template = await storage.templates.create({
      name: 'Invoice',
      baseId: 'demo-base',
      tableId: DEMO_TABLE_IDS.orders,
      type: 1,
      content: '{}',
    });
    const scope = await loadPrintScope(storage, template.id);
    expect(scope?.target).toEqual({ kind: 'table', tableId: DEMO_TABLE_IDS.orders });
    expect(scope?.ids).toEqual(await storage.records.orderedIds(DEMO_TABLE_IDS.orders));
    expect(scope?.ids.length).toBeGreaterThan(200);
  });

  it('offers every instance of a bound approval, and nothing for a template bound to nothing', async () => {
    const storage = await openTestStorage();
    await ensureDemoWorkspace(storage, { templates: async () => [] });
    const approval = await storage.templates.create({
      name: 'Claim',
      baseId: 'demo-base',
      tableId: approvalBinding(DEMO_APPROVAL_CODE),
      type: 1,
      content: '{}',
    });
    const scope = await loadPrintScope(storage, approval.id);
    expect(scope?.target).toEqual({ kind: 'approval', code: DEMO_APPROVAL_CODE });
    expect(scope?.ids).toEqual((await storage.approvals.listInstances(DEMO_APPROVAL_CODE)).map((i) => i.code));
    expect(scope?.ids.length).toBeGreaterThan(0);
    expect(await loadPrintScope(storage, 'no-such-template')).toBeNull();
  });
});
