/**
 * Issue 29 item 5: a Word tag naming a link field (`{Customer}`) prints what the grid shows for it —
 * the linked records' primary fields — instead of nothing. The input is built from a table record
 * the way every print builds it (core/print), so Excel and PowerPoint read the same values.
 */
import { describe, expect, it } from 'vitest';
import { buildPrintInput } from '../../core/print/build';
import { docxRenderer } from './docx';
import { content, env, makeDocx, p, unzipText, wordText } from './test-helpers';

const customers = {
  id: 'tbl-customers',
  name: 'Customers',
  fields: [
    { id: 'c-name', name: 'Company', type: 'text', isPrimary: true },
    { id: 'c-city', name: 'City', type: 'text' },
  ],
  records: [{ recordId: 'c1', fields: { 'c-name': 'Łódź Tools', 'c-city': 'Łódź' } }],
};
const orders = {
  id: 'tbl-orders',
  name: 'Orders',
  fields: [
    { id: 'o-no', name: 'Order no', type: 'text', isPrimary: true },
    { id: 'o-customer', name: 'Customer', type: 'singleLink', property: { tableId: 'tbl-customers' } },
  ],
};
const record = { recordId: 'o1', fields: { 'o-no': 'ORD-1', 'o-customer': ['c1'] } };

describe('Office: a link field prints its display value', () => {
  it('{Customer} prints the linked company; {Customer.0.City} still reads a field of it', async () => {
    const template = docxRenderer.parse(
      content('docx', makeDocx({ body: p('To: {Customer}') + p('City: {Customer.0.City}') })),
    );
    const scope = buildPrintInput({ kind: 'table', table: orders, record, linkedTables: [customers] });
    const out = unzipText(await docxRenderer.render(template, scope, env));
    const text = wordText(out['word/document.xml'] ?? '');
    expect(text).toContain('To: Łódź Tools');
    expect(text).toContain('City: Łódź');
  });
});
