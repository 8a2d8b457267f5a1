/**
 * The bundled "Approval form" sample prints the demo's approval instances: every variable it reads
 * is one `mapApproval` makes of the demo definition, with a value for each demo instance, and a label
 * for its chip.
 */
import { describe, expect, it } from 'vitest';
import sampleData from '../../../tests/fixtures/approval-form/data.json';
import sampleTemplate from '../../../tests/fixtures/approval-form/template.json';
import { approvalDataSource, approvalScope, mapApproval } from '../../core/data/approval';
import { collectDocumentDeps, splitPath } from '../../core/expr';
import { buildDemoRows } from '../../storage/demo';

const { paths, ids } = collectDocumentDeps(sampleTemplate.document);

/** Values at a path; a list on the way contributes each of its items (a loop's column). */
function valuesAt(scope: unknown, segments: string[]): unknown[] {
  if (Array.isArray(scope)) return scope.flatMap((item) => valuesAt(item, segments));
  if (segments.length === 0) return [scope];
  if (scope === null || typeof scope !== 'object') return [undefined];
  const [head, ...rest] = segments;
  return valuesAt((scope as Record<string, unknown>)[head!], rest);
}

const hasValue = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

const { definition, instances } = await buildDemoRows(Date.UTC(2026, 0, 5));

describe('the Approval form sample and the demo approval', () => {
  it('reads approval variables only (no raw instance paths)', () => {
    expect(ids).toEqual([]);
    expect(paths).toContain('Expense_type');
    expect(paths).toContain('approvalNodes.image');
    expect(paths.some((path) => path.startsWith('system.') || path.startsWith('form.'))).toBe(false);
  });

  it.each(instances.map((row) => [row.code, row] as const))(
    'prints instance %s: every variable it reads has a value',
    (_code, row) => {
      const scope = approvalScope(mapApproval(definition.design, row.instance), { mode: 'display' });
      const empty = paths.filter((path) => !valuesAt(scope, splitPath(path)).some(hasValue));
      expect(empty).toEqual([]);
    },
  );

  it('an instance still in progress prints no signature for the approver who has not decided', () => {
    const pending = instances.find((row) => row.instance.instance_status === 'PENDING')!;
    const scope = approvalScope(mapApproval(definition.design, pending.instance), { mode: 'display' });
    const nodes = scope.approvalNodes as Array<Record<string, string>>;
    expect(nodes.map((n) => [n.nodeName, n.image !== ''])).toEqual([
      ['Submit', true],
      ['Manager', false],
    ]);
  });

  it('every variable resolves to a label for its chip', () => {
    const source = approvalDataSource(mapApproval(definition.design, instances[0]!.instance));
    const variables = new Map(source.groups.flatMap((g) => g.variables ?? []).map((v) => [v.fieldName, v]));
    for (const path of paths) {
      const [head, child] = splitPath(path);
      const variable = variables.get(head!);
      expect(variable?.label, path).toBeTruthy();
      if (child === undefined) continue;
      const spec = source.dataSpecs.find((s) => s.id === variable?.specId);
      expect(spec?.variables.find((v) => v.fieldName === child)?.label, path).toBeTruthy();
    }
    expect(variables.get('Expense_type')?.label).toBe('Expense type');
    expect(variables.get('Amount_currency')?.label).toBe('Amount (currency)');
  });

  it("the sample's own preview data is that mapping too", () => {
    for (const path of paths) expect(valuesAt(sampleData, splitPath(path)).some(hasValue), path).toBe(true);
  });
});
