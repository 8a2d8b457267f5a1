import { describe, expect, it } from 'vitest';
import { applyBinding, type BindableField, bindOptions } from './bindings';
import type { CanvasField } from './content';

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
