import { describe, expect, it } from 'vitest';
import { approvalCodeOf } from '../../core/binding';
import { mapApproval } from '../../core/data/approval';
import { approvalFieldGroups, SIGNATURE_GROUPINGS, signatureGroupingOptions } from './approvalFields';
import { approvalItems, matchesQuery } from './richtext/FieldPicker';

const definition = {
  approval_name: 'Expense',
  approval_code: 'EXP',
  locale: 'en-US',
  form: JSON.stringify([
    { id: 'w1', name: 'Reason', type: 'textarea', printable: true },
    { id: 'w2', name: 'Amount', type: 'amount', printable: true },
  ]),
  i18n_resources: [{ locale: 'en-US', is_default: true, texts: {} }],
};

const instance = {
  content_data: JSON.stringify([
    { id: 'w1', name: 'Reason', type: 'textarea', value: 'Trip' },
    { id: 'w2', name: 'Amount', type: 'amount', value: 12.5 },
  ]),
  apply_user_name: 'Ann',
  serial_id: '42',
  approval_processes_data: JSON.stringify({
    title: 'Process',
    data: [
      { nodeName: 'Submit', userName: 'Ann', operation: 'submitted', time: 1_700_000_000_000 },
      {
        nodeName: 'Manager',
        userName: 'Bob',
        operation: 'approved',
        time: 1_700_000_100_000,
        signature: { img: 'data:image/png;base64,AA', label: 'B.' },
      },
    ],
  }),
};

describe('approval field groups', () => {
  const groups = approvalFieldGroups(mapApproval(definition, instance));
  const byId = (id: string) => groups.find((g) => g.id === id);

  it('offers the form items with their companions, and the system variables without the signature maps', () => {
    const form = byId('form')!.items.map((i) => i.path);
    expect(form).toEqual(expect.arrayContaining(['Reason', 'Amount', 'Amount_currency']));
    const system = byId('system')!.items.map((i) => i.path);
    expect(system).toEqual(expect.arrayContaining(['applicant', 'approvalNumber', 'approvalNodes', 'comments']));
    for (const grouping of SIGNATURE_GROUPINGS) expect(system).not.toContain(grouping);
    expect(byId('system')!.items.find((i) => i.path === 'applicant')?.label).toBe('Applicant');
  });

  it('keys the four signature groupings by the instance’s people and nodes, with the eight signature variables', () => {
    expect(groups.map((g) => g.id)).toEqual(['form', 'system', ...SIGNATURE_GROUPINGS]);
    const byNode = byId('signatureByNode')!;
    expect(byNode.title).toBe('Signature by node');
    expect(byNode.items.map((i) => i.path)).toEqual(['signatureByNode.Submit', 'signatureByNode.Manager']);
    expect(byNode.items[1]!.children!.map((c) => c.path)).toEqual([
      'image',
      'label',
      'timeStr',
      'comment',
      'nodeName',
      'name',
      'approveStatus',
      'signatureImage',
    ]);
    expect(byId('signatureListByPerson')!.items.map((i) => [i.path, i.type])).toEqual([
      ['signatureListByPerson.Ann', 'list'],
      ['signatureListByPerson.Bob', 'list'],
    ]);
  });

  it('offers the grouping itself when no instance names signers yet', () => {
    const options = signatureGroupingOptions(mapApproval(definition), 'signatureByPerson');
    expect(options).toEqual([
      { path: 'signatureByPerson', label: 'Signature by person', type: 'map', group: expect.any(String) },
    ]);
  });

  it('lists nested entries with their full path and searches paths and labels', () => {
    const items = approvalItems(byId('signatureByNode')!.items);
    const image = items.find((i) => i.path === 'signatureByNode.Manager.signatureImage');
    expect(image?.name).toBe('Manager · Signature image');
    expect(items.filter((i) => matchesQuery(i, 'manager · signature image')).map((i) => i.path)).toEqual([
      'signatureByNode.Manager.image',
      'signatureByNode.Manager.signatureImage',
    ]);
    expect(items.filter((i) => matchesQuery(i, 'manager.timestr')).map((i) => i.path)).toEqual([
      'signatureByNode.Manager.timeStr',
    ]);
    // A list is offered whole: its rows' fields only exist inside a loop.
    const lists = approvalItems(byId('signatureListByNode')!.items).map((i) => i.path);
    expect(lists).toEqual(['signatureListByNode.Submit', 'signatureListByNode.Manager']);
    const system = approvalItems(byId('system')!.items);
    expect(system.filter((i) => matchesQuery(i, 'applicant')).map((i) => i.path)).toContain('applicant');
  });

  it('reads an approval binding with or without its prefix', () => {
    expect(approvalCodeOf('approval:EXP')).toBe('EXP');
    expect(approvalCodeOf('EXP')).toBe('EXP');
  });
});
