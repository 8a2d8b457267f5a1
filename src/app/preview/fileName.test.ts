import { describe, expect, it } from 'vitest';
import { previewFileName } from './fileName';

const printTime = Date.UTC(2026, 10, 22, 8, 30, 0);

describe('previewFileName', () => {
  it('renders the rule with the record fields and the print variables', () => {
    expect(
      previewFileName({
        rule: '{NAME}_{invoiceNumber}',
        templateName: 'Invoice',
        scope: { invoiceNumber: 'INV-2026-00042' },
        printTime,
      }),
    ).toBe('Invoice_INV-2026-00042.pdf');
    expect(
      previewFileName({
        rule: '{TABLE_NAME}-{FIRST_FIELD}',
        templateName: 'Order',
        tableName: 'Orders',
        firstField: 'SO-7',
        scope: {},
        printTime,
      }),
    ).toBe('Orders-SO-7.pdf');
  });

  it('reads nested values and cleans characters a file system refuses', () => {
    expect(
      previewFileName({
        rule: '{NAME} {customer.name}',
        templateName: 'Quote/Draft',
        scope: { customer: { name: 'A: B*C' } },
        printTime,
      }),
    ).toBe('Quote_Draft_A_B_C.pdf');
  });

  it('falls back to the template name when the rule prints nothing', () => {
    expect(previewFileName({ rule: '{missing}', templateName: 'Slip', scope: {}, printTime })).toBe('Slip.pdf');
  });
});
