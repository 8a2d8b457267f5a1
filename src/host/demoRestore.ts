/**
 * "Restore templates from the saved demo" (spec 000 §4): a base made from Quire's demo (its meta
 * table holds demo info) gets the demo's print templates back, each bound to the base's table of
 * the same name as the demo table it was made for. Restoring twice adds nothing: a restored
 * template's id is the demo template's id and the table's, so one already there is skipped.
 */

/** A template Quire ships with its demo, bound to a demo table by key. */
export interface DemoTemplateSpec {
  id: string;
  name: string;
  table: string;
  type: number;
  content: string;
}

/** The names a base's tables have when made from the demo (as the demo names them, any case). */
const DEMO_TABLE_NAMES: Readonly<Record<string, readonly string[]>> = {
  orders: ['orders'],
  orderLines: ['order lines'],
  customers: ['customers'],
  employees: ['employees'],
};

interface DemoRestoreItem {
  id: string;
  tableId: string;
  template: DemoTemplateSpec;
}

export const restoredId = (demoId: string, tableId: string) => `${demoId}.${tableId}`;

/** Which demo templates to restore into which tables, leaving out those already restored. */
export function planDemoRestore(
  demo: readonly DemoTemplateSpec[],
  tables: ReadonlyArray<{ id: string; name: string }>,
  existing: ReadonlySet<string>,
): DemoRestoreItem[] {
  const byName = new Map(tables.map((t) => [t.name.trim().toLowerCase(), t.id]));
  return demo.flatMap((template) => {
    const names = DEMO_TABLE_NAMES[template.table] ?? [template.table.toLowerCase()];
    const tableId = names.map((name) => byName.get(name)).find((id) => id !== undefined);
    if (!tableId) return [];
    const id = restoredId(template.id, tableId);
    return existing.has(id) ? [] : [{ id, tableId, template }];
  });
}
