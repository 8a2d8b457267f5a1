import { describe, expect, it } from 'vitest';
import { readCurrency } from './cells';

describe('readCurrency', () => {
  it('reads an ISO code beside an amount', () => {
    expect(readCurrency('USD 12.50')).toEqual({ amount: 12.5, code: 'USD' });
    expect(readCurrency('12.50 EUR')).toEqual({ amount: 12.5, code: 'EUR' });
    expect(readCurrency('EUR12')).toEqual({ amount: 12, code: 'EUR' });
    expect(readCurrency('EUR -3')).toEqual({ amount: -3, code: 'EUR' });
    expect(readCurrency('$1,234.50')).toEqual({ amount: 1234.5, code: 'USD' });
  });

  it('leaves identifiers alone: three capitals are not a currency, a glued hyphen is not a sign', () => {
    for (const id of ['ORD-2024001', 'ORD 2024001', 'INV-001', 'SKU 100', 'ABC-12.5', 'CNY-5', 'EUR 12 pcs'])
      expect(readCurrency(id), id).toBeUndefined();
  });
});
