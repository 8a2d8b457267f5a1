import { describe, expect, it } from 'vitest';
import purchaseDefinition from '../../../tests/fixtures/approval/purchase.definition.json';
import purchaseInstance from '../../../tests/fixtures/approval/purchase.instance.json';
import { displayText, type OpenValue } from '../data/openValue';
import { isQuireError } from '../errors';
import { toText } from '../expr/values';
import { buildPrintInput } from './build';
import { printFileName } from './fileName';

const MAR5 = Date.UTC(2024, 2, 5, 4);
const table = {
  id: 'tbl-orders',
  name: 'Orders',
  fields: [
    { id: 'f-no', name: 'Order no', type: 'text', isPrimary: true },
    { id: 'f-amount', name: 'Amount', type: 'currency', property: { currencyCode: 'USD' } },
    { id: 'f-date', name: 'Date', type: 'dateTime' },
    { id: 'f-weight', name: 'Weight', type: 'number', property: { precision: 2 } },
    { id: 'f-lines', name: 'Lines', type: 'duplexLink', property: { tableId: 'tbl-lines' } },
  ],
};
const lines = {
  id: 'tbl-lines',
  name: 'Lines',
  fields: [{ id: 'l-item', name: 'Item', type: 'text', isPrimary: true }],
  records: [
    { recordId: 'l1', fields: { 'l-item': 'Amber ring' } },
    { recordId: 'l2', fields: { 'l-item': 'Silver chain' } },
  ],
};
const record = {
  recordId: 'r1',
  fields: { 'f-no': 'SO-1', 'f-amount': 1234.5, 'f-date': MAR5, 'f-weight': 23019.111, 'f-lines': ['l1', 'l2'] },
};

describe('buildPrintInput', () => {
  it('maps a table record to values as the grid shows them, with raw values for filters', () => {
    const input = buildPrintInput(
      { kind: 'table', table, record, linkedTables: [lines] },
      { lang: 'en-US', timeZone: 'Asia/Shanghai' },
    );
    // A tag without filters prints the display text; a filter reads the number or the instant.
    expect(toText(input.scope.Amount)).toBe('$1,234.50');
    expect(toText(input.scope.Date)).toBe('2024/03/05');
    expect(toText(input.scope.Weight)).toBe('23,019.11');
    expect((input.scope.Amount as Extract<OpenValue, { type: 'number' }>).numberValue).toBe(1234.5);
    const items = input.scope.Lines as Extract<OpenValue, { type: 'list' }>;
    expect(items.items.map((i) => (i.type === 'map' ? displayText(i.fields.Item) : ''))).toEqual([
      'Amber ring',
      'Silver chain',
    ]);
    expect(input.fieldIds).toMatchObject({ 'f-amount': 'Amount', 'f-no': 'Order no' });
    expect(input.names).toEqual({ TABLE_NAME: 'Orders', FIRST_FIELD: 'SO-1' });
  });

  it('a link field without a filter prints its records as the grid shows them: their primary fields', () => {
    // Issue 29 item 5: a mapped `{Customer}` link tag printed blank in Word, Excel and PowerPoint.
    const input = buildPrintInput({ kind: 'table', table, record, linkedTables: [lines] });
    expect(toText(input.scope.Lines)).toBe('Amber ring, Silver chain');
    expect(toText((input.scope.Lines as Extract<OpenValue, { type: 'list' }>).items[0])).toBe('Amber ring');
  });

  it('keeps the links and image bytes the caller supplies', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const input = buildPrintInput({
      kind: 'table',
      table,
      record,
      links: { currentRecord: 'https://app/r1' },
      assets: { 'quire-asset:abc': bytes },
    });
    expect(input.links.currentRecord).toBe('https://app/r1');
    expect(input.assets['quire-asset:abc']).toBe(bytes);
  });

  it('maps an approval instance to its form and system variables, naming the file by its number', () => {
    const input = buildPrintInput({ kind: 'approval', definition: purchaseDefinition, instance: purchaseInstance });
    expect(displayText(input.scope.approvalNumber as OpenValue)).toBe(input.names.FIRST_FIELD);
    expect(input.names.FIRST_FIELD).not.toBe('');
    expect(input.names.TABLE_NAME).not.toBe('');
    expect(Object.keys(input.fieldIds).length).toBeGreaterThan(0);
  });

  it('validates an open document instance against its data source', () => {
    const dataSource = { groups: [{ name: 'g', variables: [{ fieldName: 'total', fieldType: 'number' }] }] };
    const input = buildPrintInput({
      kind: 'open',
      dataSource,
      values: { total: { type: 'number', numberValue: 5, displayText: '¥5.00' } },
      docName: 'Quote',
    });
    expect(toText(input.scope.total)).toBe('¥5.00');
    expect(input.names.DOC_NAME).toBe('Quote');
    const bad = (() => {
      try {
        buildPrintInput({ kind: 'open', dataSource, values: { total: { type: 'string', value: 'x' } } });
      } catch (error) {
        return error;
      }
    })();
    expect(isQuireError(bad, 'DataInvalid')).toBe(true);
  });

  it("gives an open document's datetimes the text the app shows, in the template's zone", () => {
    const dataSource = {
      groups: [
        {
          name: 'g',
          variables: [
            { fieldName: 'due', fieldType: 'datetime' },
            { fieldName: 'rows', fieldType: 'list', specId: 'row' },
          ],
        },
      ],
      dataSpecs: [{ id: 'row', variables: [{ fieldName: 'at', fieldType: 'datetime' }] }],
    };
    const at = (timestamp: number, displayText?: string) => ({
      type: 'datetime',
      timestamp,
      ...(displayText ? { displayText } : {}),
    });
    const values = {
      due: at(Date.UTC(2024, 2, 5, 4)),
      rows: {
        type: 'list',
        items: [
          { type: 'map', fields: { at: at(Date.UTC(2024, 2, 4, 23)) } },
          { type: 'map', fields: { at: at(0, 'kept') } },
        ],
      },
    };
    const berlin = buildPrintInput({ kind: 'open', dataSource, values }, { timeZone: 'Europe/Berlin' });
    expect(toText(berlin.scope.due)).toBe('2024/03/05 05:00');
    // Midnight in the zone is a date alone; a value's own display text is kept.
    const rows = berlin.scope.rows as { items: { fields: { at: unknown } }[] };
    expect(rows.items.map((row) => toText(row.fields.at))).toEqual(['2024/03/05', 'kept']);
    // Filters still see the instant.
    expect((berlin.scope.due as { timestamp: number }).timestamp).toBe(Date.UTC(2024, 2, 5, 4));
    const shanghai = buildPrintInput({ kind: 'open', dataSource, values }, { timeZone: 'Asia/Shanghai' });
    expect(toText(shanghai.scope.due)).toBe('2024/03/05 12:00');
  });

  it('refuses a malformed source with DataInvalid naming the path', () => {
    try {
      buildPrintInput({ kind: 'table', table: { id: 1 }, record });
      expect.unreachable();
    } catch (error) {
      expect(isQuireError(error, 'DataInvalid')).toBe(true);
      expect((error as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain('table.id');
    }
    expect(() => buildPrintInput({ kind: 'spreadsheet' })).toThrow();
  });
});

const printTime = Date.UTC(2026, 10, 22, 8, 30, 0);

describe('printFileName', () => {
  const data = (scope: Record<string, unknown>, names = {}) => ({
    scope,
    fieldIds: {},
    links: {},
    assets: {},
    names,
  });

  it('renders the rule with the record fields and the print variables', () => {
    expect(
      printFileName(data({ invoiceNumber: 'INV-2026-00042' }), {
        rule: '{NAME}_{invoiceNumber}',
        templateName: 'Invoice',
        printTime,
      }),
    ).toBe('Invoice_INV-2026-00042');
    expect(
      printFileName(data({}, { TABLE_NAME: 'Orders', FIRST_FIELD: 'SO-7' }), {
        rule: '{TABLE_NAME}-{FIRST_FIELD}',
        templateName: 'Order',
        printTime,
      }),
    ).toBe('Orders-SO-7');
  });

  it('prints display texts, reads nested values and cleans characters a file system refuses', () => {
    const input = buildPrintInput({ kind: 'table', table, record }, { lang: 'en-US' });
    expect(printFileName(input, { rule: '{NAME} {Amount}', templateName: 'Quote/Draft', printTime })).toBe(
      'Quote_Draft_$1,234.50',
    );
    expect(
      printFileName(data({ customer: { name: 'A: B*C' } }), {
        rule: '{NAME} {customer.name}',
        templateName: 'Quote',
        printTime,
      }),
    ).toBe('Quote_A_B_C');
  });

  it('falls back to the template name when the rule prints nothing', () => {
    expect(printFileName(data({}), { rule: '{missing}', templateName: 'Slip', printTime })).toBe('Slip');
    expect(printFileName(data({}), { templateName: 'Slip', printTime })).toBe('Slip');
  });
});
