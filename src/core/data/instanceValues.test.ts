import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors';
import { parseDataSource } from './dataSource';
import { instanceValues } from './instanceValues';

const source = parseDataSource({
  groups: [
    {
      name: 'Invoice',
      variables: [
        { fieldName: 'customer', fieldType: 'string' },
        { fieldName: 'note', fieldType: 'string', stringContentFormat: 'html' },
        { fieldName: 'total', fieldType: 'number' },
        { fieldName: 'paid', fieldType: 'bool' },
        { fieldName: 'issued', fieldType: 'datetime' },
        { fieldName: 'scores', fieldType: 'numberList' },
        { fieldName: 'logo', fieldType: 'inline-image' },
        { fieldName: 'address', fieldType: 'map', specId: 'address' },
        { fieldName: 'lines', fieldType: 'list', specId: 'line' },
      ],
    },
  ],
  dataSpecs: [
    { id: 'address', variables: [{ fieldName: 'city', fieldType: 'string' }] },
    {
      id: 'line',
      variables: [
        { fieldName: 'item', fieldType: 'string' },
        { fieldName: 'amount', fieldType: 'number' },
      ],
    },
  ],
});

function issuesOf(input: unknown) {
  try {
    instanceValues(source, input);
  } catch (error) {
    if (isQuireError(error)) return error.issues;
    throw error;
  }
  throw new Error('expected DataInvalid');
}

describe('instanceValues', () => {
  it('turns plain values into the open values of their variables', () => {
    const values = instanceValues(source, {
      customer: 'ACME',
      total: 12.5,
      paid: true,
      issued: '2024-03-05T00:00:00Z',
      scores: [1, 2],
      logo: 'https://cdn.example.com/img/logo.png?x=1',
      address: { city: 'Lyon' },
      lines: [{ item: 'Pens', amount: 3 }],
    });
    expect(values.customer).toEqual({ type: 'string', value: 'ACME' });
    expect(values.total).toEqual({ type: 'number', numberValue: 12.5 });
    expect(values.paid).toEqual({ type: 'bool', value: true });
    expect(values.issued).toEqual({ type: 'datetime', timestamp: Date.UTC(2024, 2, 5) });
    expect(values.scores).toEqual({ type: 'numberList', numberListValue: [1, 2] });
    expect(values.logo).toEqual({
      type: 'attachments',
      attachments: [{ fileName: 'logo.png', url: 'https://cdn.example.com/img/logo.png?x=1' }],
    });
    expect(values.address).toEqual({ type: 'map', fields: { city: { type: 'string', value: 'Lyon' } } });
    expect(values.lines).toEqual({
      type: 'list',
      items: [
        {
          type: 'map',
          fields: { item: { type: 'string', value: 'Pens' }, amount: { type: 'number', numberValue: 3 } },
        },
      ],
    });
    expect(values.note).toBeNull();
  });

  it('reads open values by their fields alone or with their type, and sanitises html', () => {
    const values = instanceValues(source, {
      customer: { value: 'ACME' },
      total: { numberValue: 1234.5, displayText: '¥1,234.50' },
      issued: { timestamp: 0, displayText: '1970/01/01' },
      paid: { type: 'bool', value: false, displayText: 'No' },
      note: '<b>bold</b><script>alert(1)</script>',
    });
    expect(values.total).toEqual({ type: 'number', numberValue: 1234.5, displayText: '¥1,234.50' });
    expect(values.issued).toEqual({ type: 'datetime', timestamp: 0, displayText: '1970/01/01' });
    expect(values.paid).toEqual({ type: 'bool', value: false, displayText: 'No' });
    expect(JSON.stringify(values.note)).not.toContain('script');
  });

  it('lists every mismatched field with its path, including fields the data source does not know', () => {
    const issues = issuesOf({
      customer: 42,
      total: 'twelve',
      issued: 'yesterday',
      lines: [{ item: 'Pens', amount: 'three' }],
      address: { town: 'Lyon' },
      typo: 1,
      paid: { type: 'number', numberValue: 1 },
    });
    expect(issues.map((i) => i.path).sort()).toEqual(
      ['address.town', 'customer', 'issued', 'lines[0].amount', 'paid', 'total', 'typo'].sort(),
    );
    expect(issues.find((i) => i.path === 'total')?.reason).toBe('expected number, got a string');
  });

  it('refuses a body that is not an object of values', () => {
    expect(issuesOf([1, 2])).toEqual([{ path: '(root)', reason: 'expected an object of values, got a list' }]);
  });
});
