import { describe, expect, it } from 'vitest';
import { braceQuery } from './braces';

describe('typing a brace', () => {
  it('searches fields with what follows the brace', () => {
    expect(braceQuery('{')).toBe('');
    expect(braceQuery('{order d')).toBe('order d');
    expect(braceQuery('{订单')).toBe('订单');
    expect(braceQuery('{_id')).toBe('_id');
    expect(braceQuery('{#')).toBe('#');
  });

  it('keeps literal text when what follows cannot start a field name', () => {
    expect(braceQuery('{{')).toBeNull();
    expect(braceQuery('{7')).toBeNull();
    expect(braceQuery('{}')).toBeNull();
    expect(braceQuery('{ ')).toBeNull();
    expect(braceQuery('{*')).toBeNull();
  });

  it('ends the search at a closing brace, a new line or an overly long query', () => {
    expect(braceQuery('{name}')).toBeNull();
    expect(braceQuery('{a\nb')).toBeNull();
    expect(braceQuery(`{${'a'.repeat(60)}`)).toBeNull();
    expect(braceQuery('no brace')).toBeNull();
  });
});
