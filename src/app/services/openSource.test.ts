import { describe, expect, it } from 'vitest';
import type { OpenDataSource } from '../../core/data/dataSource';
import { isQuireError } from '../../core/errors';
import { buildPrintInput } from '../../core/print/build';
import { openDocContext, openFieldGroups, openFieldNodes, openPrintSource, previewValues } from './openSource';

const INVOICE: OpenDataSource = {
  groups: [
    {
      name: 'Invoice',
      variables: [
        { fieldName: 'invoiceNumber', label: 'Invoice number', fieldType: 'string' },
        { fieldName: 'customer', label: 'Customer', fieldType: 'map', specId: 'party' },
        { fieldName: 'lines', label: 'Lines', fieldType: 'list', specId: 'line' },
        { fieldName: 'total', fieldType: 'number' },
      ],
    },
    { name: 'Shipping', specId: 'party' },
  ],
  dataSpecs: [
    {
      id: 'party',
      variables: [
        { fieldName: 'name', label: 'Name', fieldType: 'string' },
        { fieldName: 'address', label: 'Address', fieldType: 'map', specId: 'address' },
      ],
    },
    { id: 'address', variables: [{ fieldName: 'city', label: 'City', fieldType: 'string' }] },
    {
      id: 'line',
      variables: [
        { fieldName: 'description', label: 'Description', fieldType: 'string' },
        { fieldName: 'quantity', label: 'Quantity', fieldType: 'number' },
        { fieldName: 'product', label: 'Product', fieldType: 'map', specId: 'product' },
        { fieldName: 'tags', fieldType: 'list', specId: 'tag' },
      ],
    },
    { id: 'product', variables: [{ fieldName: 'sku', label: 'SKU', fieldType: 'string' }] },
    { id: 'tag', variables: [{ fieldName: 'text', fieldType: 'string' }] },
  ],
};

describe('a data source as the editor’s fields', () => {
  const groups = openFieldGroups(INVOICE);

  it('offers one group per data-source group, a spec group with the spec’s variables', () => {
    expect(groups.map((g) => g.title)).toEqual(['Invoice', 'Shipping']);
    expect(groups[1]?.items.map((f) => f.path)).toEqual(['name', 'address.city']);
  });

  it('types each variable and names it by its label (the field name without one)', () => {
    const invoice = groups[0]?.items ?? [];
    expect(invoice.find((f) => f.path === 'invoiceNumber')).toMatchObject({ label: 'Invoice number', type: 'string' });
    expect(invoice.find((f) => f.path === 'total')).toMatchObject({ label: 'total', type: 'number' });
  });

  it('prints a map field by field, nested maps dotted', () => {
    const paths = (groups[0]?.items ?? []).map((f) => f.path);
    expect(paths).toEqual(['invoiceNumber', 'customer.name', 'customer.address.city', 'lines', 'total']);
    expect(groups[0]?.items[2]).toMatchObject({ label: 'Customer · Address · City', type: 'string' });
  });

  it('makes a list a loop root whose children are its items’ fields, relative', () => {
    const lines = groups[0]?.items.find((f) => f.path === 'lines');
    expect(lines?.type).toBe('list');
    expect(lines?.children?.map((c) => [c.path, c.type])).toEqual([
      ['description', 'string'],
      ['quantity', 'number'],
      ['product.sku', 'string'],
      ['tags', 'list'],
    ]);
    // Loops do not nest in the field list: a list inside an item is offered whole.
    expect(lines?.children?.find((c) => c.path === 'tags')?.children).toBeUndefined();
  });

  it('stops at a spec that refers to itself', () => {
    const cyclic: OpenDataSource = {
      groups: [{ name: 'Tree', variables: [{ fieldName: 'node', fieldType: 'map', specId: 'node' }] }],
      dataSpecs: [
        {
          id: 'node',
          variables: [
            { fieldName: 'name', fieldType: 'string' },
            { fieldName: 'child', fieldType: 'map', specId: 'node' },
          ],
        },
      ],
    };
    const paths = openFieldGroups(cyclic)[0]?.items.map((f) => f.path) ?? [];
    expect(paths).toContain('node.name');
    expect(paths).toContain('node.child.child.name');
    expect(paths.every((p) => p.split('.').length <= 5)).toBe(true);
  });
});

describe('a data source as a tree (the canvas pickers and the Office tag check)', () => {
  const nodes = openFieldNodes(INVOICE);

  it('keeps every group’s variables in order, a map and a list holding their fields', () => {
    expect(nodes.map((n) => n.name)).toEqual(['invoiceNumber', 'customer', 'lines', 'total', 'name', 'address']);
    const customer = nodes[1];
    expect(customer).toMatchObject({ label: 'Customer', type: 'map' });
    expect(customer?.children?.map((c) => c.name)).toEqual(['name', 'address']);
    expect(customer?.children?.[1]?.children).toEqual([{ name: 'city', label: 'City', type: 'string' }]);
  });

  it('keeps a list inside a list’s items with its own item fields (an Office loop nests)', () => {
    const lines = nodes[2];
    expect(lines?.children?.map((c) => [c.name, c.type])).toEqual([
      ['description', 'string'],
      ['quantity', 'number'],
      ['product', 'map'],
      ['tags', 'list'],
    ]);
    expect(lines?.children?.[3]?.children).toEqual([{ name: 'text', label: 'text', type: 'string' }]);
  });

  it('is what the flat field list is made from', () => {
    const context = openDocContext({ docName: 'Bills', dataSource: INVOICE });
    expect(context.nodes).toEqual(nodes);
    expect(context.fields.map((f) => f.path)).toEqual([
      'invoiceNumber',
      'customer.name',
      'customer.address.city',
      'lines',
      'total',
      'name',
      'address.city',
    ]);
  });
});

describe('the preview’s instance', () => {
  it('is the data tab’s sample data, read as an API caller’s posted values', () => {
    const { values, fromSample } = previewValues(INVOICE, {
      invoiceNumber: 'INV-7',
      customer: { name: 'ACME', address: { city: 'Oslo' } },
      lines: [{ description: 'Gear', quantity: 3 }],
      total: 12.5,
    });
    expect(fromSample).toBe(true);
    expect(values.invoiceNumber).toEqual({ type: 'string', value: 'INV-7' });
    expect(values.total).toMatchObject({ type: 'number', numberValue: 12.5 });
  });

  it('is generated from the data source when there is no sample, or it no longer fits', () => {
    for (const sample of [undefined, { total: 'lots' }]) {
      const { values, fromSample } = previewValues(INVOICE, sample);
      expect(fromSample).toBe(false);
      expect(values.customer?.type).toBe('map');
      expect(values.lines?.type).toBe('list');
    }
  });

  it('prints through the render API’s source kind: values as the template reads them', () => {
    const context = openDocContext({
      docName: 'Bills',
      dataSource: INVOICE,
      sampleData: { customer: { name: 'ACME' }, lines: [{ description: 'Gear', quantity: 3 }] },
    });
    const source = openPrintSource(context);
    expect(source.kind).toBe('open');
    const input = buildPrintInput(source);
    expect(input.names.DOC_NAME).toBe('Bills');
    expect(JSON.stringify(input.scope.customer)).toContain('ACME');
    expect(context.fields.map((f) => f.path)).toContain('customer.name');
  });

  it('refuses a malformed data source with the path named', () => {
    let thrown: unknown;
    try {
      openDocContext({ docName: 'x', dataSource: { groups: [{ name: 1 }] } });
    } catch (error) {
      thrown = error;
    }
    expect(isQuireError(thrown, 'DataInvalid')).toBe(true);
    expect(JSON.stringify((thrown as { issues?: unknown }).issues)).toContain('groups[0].name');
  });
});
