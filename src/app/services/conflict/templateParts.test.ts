import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { templateParts } from './templateParts';

describe('templateParts', () => {
  it('reads each block of a template as text, variables included', () => {
    const content = readFileSync('tests/fixtures/invoice/template.json', 'utf8');
    const parts = templateParts(content);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.some((part) => part.kind === 'richText' && part.text.length > 0)).toBe(true);
    expect(parts.some((part) => /\{[^}]+\}/.test(part.text))).toBe(true);
    expect(new Set(parts.map((part) => part.id)).size).toBe(parts.length);
  });

  it('shows content that does not parse as one raw part', () => {
    expect(templateParts('{oops')).toEqual([{ id: 'raw', kind: 'raw', text: '{oops' }]);
  });
});
