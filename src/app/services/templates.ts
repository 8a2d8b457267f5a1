/**
 * Templates as every screen sees them: what a template binds to (a table, or an approval
 * definition by code) and the templates of an approval.
 */
import { approvalBindings, storedBinding } from '../../core/binding';
import { getStorage } from './storage';

/** The stored binding string of a template made for an approval definition (`core/binding` writes it). */
export const approvalBinding = (code: string) => storedBinding({ kind: 'approval', code });

/** What a template can be bound to on this device: its tables and its approval definitions. */
export interface BindingTargets {
  tables: Array<{ id: string; name: string; base: string }>;
  approvals: Array<{ code: string; name: string; instances: number }>;
}

export async function loadBindingTargets(): Promise<BindingTargets> {
  const db = await getStorage();
  const tables: BindingTargets['tables'] = [];
  for (const base of await db.bases.list())
    for (const table of await db.tables.listByBase(base.id))
      tables.push({ id: table.id, name: table.name, base: base.name });
  const approvals = await Promise.all(
    (await db.approvals.listDefinitions()).map(async (d) => ({
      code: d.code,
      name: d.name,
      instances: await db.approvals.countInstances(d.code),
    })),
  );
  return { tables, approvals };
}

/** The approval's templates, newest edit first (both binding forms). */
export async function approvalTemplates(code: string) {
  const db = await getStorage();
  const lists = await Promise.all(approvalBindings(code).map((tableId) => db.templates.list({ tableId })));
  return lists.flat().sort((a, b) => b.updatedAt - a.updatedAt);
}
