import { describe, expect, it } from 'vitest';
import { renderTemplate, rootScope, withItem } from '../../core/expr/evaluate';
import { buildPrintInput } from '../../core/print/build';
import { openBinding } from '../services/binding';
import type { CanvasField } from '../services/canvasContent';
import { openPrintSource } from '../services/openSource';
import { applyBinding, type BindableField, bindOptions } from './bindings';

const fields: BindableField[] = [
  { name: 'Order no', label: 'Order no', type: 'text' },
  { name: 'Photo', label: 'Photo', type: 'attachment' },
  {
    name: 'Lines',
    label: 'Lines',
    type: 'list',
    children: [
      { name: 'item', label: 'Item', type: 'text' },
      { name: 'qty', label: 'Qty', type: 'number' },
    ],
  },
  { name: 'signatureByNode', label: 'signatureByNode', type: 'signature', open: true },
];
const field = (type: CanvasField['type'], extra: Partial<CanvasField> = {}): CanvasField => ({
  name: 'f',
  type,
  position: { x: 0, y: 0 },
  width: 10,
  height: 10,
  ...extra,
});

describe('canvas bindings', () => {
  it('offers plain fields to text, images to image fields, lists to tables', () => {
    expect(bindOptions('text', fields).map((o) => o.tag)).toEqual([
      '{Order no}',
      '{Photo}',
      '{Lines.0.item}',
      '{Lines.0.qty}',
      '{Lines}',
    ]);
    expect(bindOptions('image', fields).map((o) => o.tag)).toEqual(['{Photo}']);
    const [lines] = bindOptions('table', fields);
    expect(lines?.columns).toEqual([
      { head: 'Item', cell: '{item}' },
      { head: 'Qty', cell: '{qty}' },
    ]);
  });

  it('offers an approval instance’s signatures by node and person to signature fields', () => {
    const options = bindOptions('signature', fields, { byNode: ['Manager'], byPerson: ['Alice'] });
    expect(options.map((o) => o.tag)).toEqual([
      '{signatureByNode.Manager.image}',
      '{signatureByPerson.Alice.image}',
      '{Photo}',
    ]);
  });

  it('appends to text, replaces other content, and sets table columns from the list', () => {
    const [order] = bindOptions('text', fields);
    expect(applyBinding(field('text', { content: 'No. ' }), order!).content).toBe('No. {Order no}');
    expect(applyBinding(field('qrcode', { content: 'x' }), order!).content).toBe('{Order no}');
    expect(applyBinding(field('multiVariableText', { text: 'Hi ' }), order!).text).toBe('Hi {Order no}');
    const [lines] = bindOptions('table', fields);
    const table = applyBinding(field('table'), lines!);
    expect(table.content).toBe('{Lines}');
    expect(table.head).toEqual(['Item', 'Qty']);
    expect(table.columns).toEqual(['{item}', '{qty}']);
  });

  it('escapes dots in field names', () => {
    expect(bindOptions('text', [{ name: 'v1.2', label: 'v1.2', type: 'text' }])[0]?.tag).toBe('{v1\\.2}');
  });
});

describe('canvas bindings of a team document', () => {
  const doc = {
    docName: 'Bills',
    dataSource: {
      groups: [
        {
          name: 'Main',
          variables: [
            { fieldName: 'customer', label: 'Customer', fieldType: 'map', specId: 'party' },
            { fieldName: 'lines', label: 'Lines', fieldType: 'list', specId: 'line' },
            { fieldName: 'logo', fieldType: 'inline-image' },
          ],
        },
      ],
      dataSpecs: [
        { id: 'party', variables: [{ fieldName: 'name', label: 'Name', fieldType: 'string' }] },
        {
          id: 'line',
          variables: [
            { fieldName: 'description', label: 'Description', fieldType: 'string' },
            { fieldName: 'product', label: 'Product', fieldType: 'map', specId: 'party' },
          ],
        },
      ],
    },
    sampleData: { customer: { name: 'ACME' }, lines: [{ description: 'Gear', product: { name: 'Cog' } }] },
  };
  const binding = openBinding(doc);
  if (binding.kind !== 'open') throw new Error('expected a document binding');

  it('offers a map’s fields dotted, a list’s items’ fields, and its images', () => {
    expect(bindOptions('text', binding.fields).map((o) => [o.label, o.tag])).toEqual([
      ['Customer › Name', '{customer.name}'],
      ['Lines › Description', '{lines.0.description}'],
      ['Lines › Product › Name', '{lines.0.product.name}'],
      ['Lines', '{lines}'],
      ['logo', '{logo}'],
    ]);
    expect(bindOptions('image', binding.fields).map((o) => o.tag)).toEqual(['{logo}']);
    const [lines, ...others] = bindOptions('table', binding.fields);
    expect(others).toEqual([]);
    expect(lines?.tag).toBe('{lines}');
    expect(lines?.columns).toEqual([
      { head: 'Description', cell: '{description}' },
      { head: 'Product › Name', cell: '{product.name}' },
    ]);
  });

  it('prints the sample data through every tag it offers, as the preview’s source reads it', () => {
    const input = buildPrintInput(openPrintSource(binding.context));
    const printed = bindOptions('text', binding.fields)
      .filter((o) => o.id !== 'lines')
      .map((o) => renderTemplate(o.tag, input.scope));
    expect(printed.slice(0, 3)).toEqual(['ACME', 'Gear', 'Cog']);
    // A table column reads its row.
    const [lines] = bindOptions('table', binding.fields);
    const scope = rootScope(input.scope);
    const rows = input.scope.lines as { type: 'list'; items: unknown[] };
    const item = withItem(scope, rows.items[0], 0);
    expect(lines?.columns?.map((c) => renderTemplate(c.cell, undefined, {}, item))).toEqual(['Gear', 'Cog']);
  });
});
