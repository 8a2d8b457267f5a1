/**
 * The demo templates Quire ships (the local workspace's demo), restored into a base made from the
 * demo: bound to the base's tables of the demo tables' names, stored on this device like every
 * template of the base (and on the server with the table's next sync).
 */
import type { HostBridge } from '../../host/bridge';
import { planDemoRestore } from '../../host/demoRestore';
import { demoTemplates } from '../services/demoTemplates';
import { getStorage } from '../services/storage';

export async function restoreDemoTemplates(bridge: Pick<HostBridge, 'request'>, baseId: string): Promise<number> {
  const tables = await bridge.request('base.getTables', { baseId });
  const storage = await getStorage();
  const existing = new Set((await storage.templates.list({ baseId })).map((row) => row.id));
  const plan = planDemoRestore(demoTemplates(), tables, existing);
  for (const item of plan) {
    await storage.templates.create({
      id: item.id,
      name: item.template.name,
      baseId,
      tableId: item.tableId,
      type: item.template.type,
      content: item.template.content,
    });
  }
  return plan.length;
}
