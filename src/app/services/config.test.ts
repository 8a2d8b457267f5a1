import { describe, expect, it } from 'vitest';
import { homePathFor, parseDefaultRoute } from './config';

describe('parseDefaultRoute', () => {
  it("is 'open' only when configured so, whatever the case", () => {
    expect(parseDefaultRoute('open')).toBe('open');
    expect(parseDefaultRoute(' OPEN ')).toBe('open');
    expect(parseDefaultRoute('standard')).toBe('standard');
    expect(parseDefaultRoute(undefined)).toBe('standard');
    expect(parseDefaultRoute('other')).toBe('standard');
  });

  it('sends each table to its own home', () => {
    expect(homePathFor('open')).toBe('/o');
    expect(homePathFor('standard')).toBe('/home');
  });
});
