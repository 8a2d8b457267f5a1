/**
 * Every table field type prints in its own format (spec 001 §3.6): a tag without filters shows
 * what the grid shows — `$1,234.50`, `2024/03/05`, `46%`, `4/5`, option names, people's names,
 * linked records — through the same print input every caller builds (core/print), on real PDFs.
 */
import { describe, expect, it } from 'vitest';
import { prepareOutputTemplate, renderOutput } from '../../src/render/outputs/render';
import { content, fullRow, p, page, richText, text, variable } from '../fixtures/builders';
import { flat, pdfText, sharedEngine } from './harness';

const MAR5 = Date.UTC(2024, 2, 5, 1, 30); // 09:30 in Asia/Shanghai
type Case = [type: string, raw: unknown, expected: string, property?: Record<string, unknown>];

const CASES: Case[] = [
  [
    'text',
    [
      { type: 'text', text: 'Hello ' },
      { type: 'mention', text: '@Ann' },
    ],
    'Hello @Ann',
  ],
  ['number', 23019.111, '23,019.111'],
  ['singleSelect', 'o2', 'Closed', { options: [{ id: 'o2', name: 'Closed' }] }],
  [
    'multiSelect',
    [
      { id: 'a', text: 'Red' },
      { id: 'b', text: 'Blue' },
    ],
    'Red, Blue',
  ],
  ['dateTime', MAR5, '2024/03/05'],
  ['checkbox', true, 'true'],
  [
    'user',
    [
      { id: 'u1', name: 'Ann Lee' },
      { id: 'u2', enName: 'Bo' },
    ],
    'Ann Lee, Bo',
  ],
  ['phone', ' +1 555 0100 ', '+1 555 0100'],
  ['url', [{ type: 'url', text: 'Docs', link: 'https://docs.example' }], 'https://docs.example'],
  [
    'attachment',
    [{ name: 'contract.pdf', url: 'https://x.example/contract.pdf', type: 'application/pdf' }],
    'contract.pdf',
  ],
  ['singleLink', ['c1'], 'Acme Corp', { tableId: 'tbl-customers' }],
  ['lookup', [10, 20.5], '10, 20.5', { refFieldType: 'number' }],
  ['formula', 42, '42'],
  ['duplexLink', ['c1', 'c2'], 'Acme Corp, Bolt Ltd', { tableId: 'tbl-customers' }],
  ['location', { fullAddress: '1 Harbour Road, Springfield' }, '1 Harbour Road, Springfield'],
  ['group', [{ id: 'g1', name: 'Ops room' }], 'Ops room'],
  ['createdTime', MAR5, '2024/03/05 09:30'],
  ['modifiedTime', MAR5 + 60_000, '2024/03/05 09:31'],
  ['createdUser', { id: 'u1', name: 'Ann Lee' }, 'Ann Lee'],
  ['modifiedUser', [{ id: 'u3', name: 'Dee' }], 'Dee'],
  ['autoNumber', '0012', '0012'],
  ['barcode', [{ type: 'text', text: '6901234567892' }], '6901234567892'],
  ['progress', 0.456, '46%'],
  ['currency', 1234.5, '$1,234.50', { currencyCode: 'USD' }],
  ['rating', 4, '4/5'],
  ['attachmentImage', [{ name: 'logo.png', url: 'https://x.example/logo.png', type: 'image/png' }], 'logo.png'],
  ['email', 'ann@example.com', 'ann@example.com'],
  ['denied', 'secret payload', ''],
];

const customers = {
  id: 'tbl-customers',
  name: 'Customers',
  fields: [{ id: 'c-name', name: 'Company', type: 'text', isPrimary: true }],
  records: [
    { recordId: 'c1', fields: { 'c-name': 'Acme Corp' } },
    { recordId: 'c2', fields: { 'c-name': 'Bolt Ltd' } },
  ],
};

const fieldName = (type: string) => `F ${type}`;
const table = {
  id: 'tbl-all',
  name: 'All types',
  fields: CASES.map(([type, , , property], i) => ({
    id: `f${i}`,
    name: fieldName(type),
    type,
    ...(property ? { property } : {}),
    ...(i === 0 ? { isPrimary: true } : {}),
  })),
};
const record = { recordId: 'r1', fields: Object.fromEntries(CASES.map(([, raw], i) => [`f${i}`, raw])) };

// Link fields print their linked records' primary field through the child table.
const lineOf = (type: string) =>
  type === 'singleLink' || type === 'duplexLink'
    ? p(text(`${type}=`), variable(`${fieldName(type)}.0.Company`), text('|'), variable(`${fieldName(type)}.1.Company`))
    : p(text(`${type}=`), variable(fieldName(type)), text('|'));

const template = content([
  page('p1', [
    fullRow(
      'r1',
      richText(
        't1',
        CASES.map(([type]) => lineOf(type)),
      ),
    ),
  ]),
]);

describe('every table field type prints in its own format', () => {
  it('prints each field as the grid shows it', async () => {
    const prepared = prepareOutputTemplate(template);
    const file = await renderOutput(
      prepared,
      { kind: 'table', table, record, linkedTables: [customers] },
      { typst: sharedEngine },
    );
    const printed = flat(pdfText(file.bytes));
    for (const [type, , expected] of CASES) {
      if (type === 'singleLink') expect(printed).toContain(`${type}=Acme Corp`);
      else if (type === 'duplexLink') expect(printed).toContain(`${type}=Acme Corp|Bolt Ltd`);
      else expect(printed, type).toContain(`${type}=${expected}|`);
    }
    // A denied field never prints its payload.
    expect(printed).not.toContain('secret payload');
  }, 60_000);
});
