import { describe, expect, it } from 'vitest';
import { approvalScope, mapApproval } from '../../../core/data/approval';
import { isValidVariablePath } from '../../../core/expr/names';
import en from '../../../i18n/locales/en-US/editor.json';
import { approvalFieldGroups } from '../approvalFields';
import { chipLabel } from './elements';
import { approvalItems } from './FieldPicker';

const definition = {
  approval_name: 'Purchase',
  approval_code: 'P-1',
  form: [
    { id: 'w_no', name: 'Request No.', type: 'serialNumber' },
    { id: 'w_type', name: 'Expense type', type: 'input' },
  ],
  i18n_resources: [],
};

describe('variable chips', () => {
  const mapping = mapApproval(definition, {
    content_data: [{ id: 'w_no', name: 'Request No.', type: 'serialNumber', value: 'PR-1' }],
    approval_processes_data: { data: [{ nodeName: 'Manager', userName: 'Ann', operation: 'APPROVED' }] },
  });
  const groups = approvalFieldGroups(mapping).map((g) => ({ items: approvalItems(g.items) }));

  it('show the label of the approval variable they are bound to, not its path', () => {
    expect(chipLabel('Request_No_', groups)).toBe('Request No.');
    expect(chipLabel('Expense_type', groups)).toBe('Expense type');
    expect(chipLabel('applicant', groups)).toBe('Applicant');
    expect(chipLabel('signatureByNode.Manager.image', groups)).toMatch(/^Manager · /);
    expect(approvalScope(mapping).Request_No_).toBe('PR-1');
  });

  it('name a linked field by its link and field, with or without a first-row index', () => {
    const field = (path: string, label: string) => ({ path, label, type: 'text', group: '' });
    const linked = [
      {
        items: [
          { path: 'Customer', field: field('Customer', 'Customer') },
          { path: 'Customer.Company', field: field('Company', 'Company') },
        ],
      },
    ];
    expect(chipLabel('Customer.Company', linked)).toBe('Customer · Company');
    expect(chipLabel('Customer.0.Company', linked)).toBe('Customer · Company');
    expect(chipLabel('Customer', linked)).toBe('Customer');
  });

  it('fall back to the path for unknown names, and keep # as it is', () => {
    expect(chipLabel('somethingElse', groups)).toBe('somethingElse');
    expect(chipLabel('#', groups)).toBe('#');
  });

  it('a typed name is checked with the naming rule and explained in the editor language', () => {
    expect(isValidVariablePath('lines.amount')).toBe(true);
    for (const bad of ['1abc', 'a-b', '1 bad-name!']) expect(isValidVariablePath(bad)).toBe(false);
    expect(en.fields.invalidName).toContain('{{name}}');
  });
});
