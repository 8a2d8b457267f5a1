import { describe, expect, it } from 'vitest';
import {
  approvalBindings,
  approvalCodeOf,
  bindingKey,
  isApprovalBinding,
  parseBinding,
  storedBinding,
} from './binding';

describe('binding', () => {
  it('reads the stored string: a table, an approval, nothing', () => {
    expect(parseBinding('tbl1')).toEqual({ kind: 'table', tableId: 'tbl1' });
    expect(parseBinding('approval:007')).toEqual({ kind: 'approval', code: '007' });
    expect(parseBinding('')).toEqual({ kind: 'none' });
    expect(parseBinding(undefined)).toEqual({ kind: 'none' });
  });

  it('writes what it reads', () => {
    for (const stored of ['tbl1', 'approval:007', ''])
      expect(storedBinding(parseBinding(stored) as Exclude<ReturnType<typeof parseBinding>, { kind: 'open' }>)).toBe(
        stored,
      );
    expect(storedBinding({ kind: 'host', tableId: 'h1' })).toBe('h1');
  });

  it('names an approval by either stored form', () => {
    expect(isApprovalBinding('approval:A')).toBe(true);
    expect(isApprovalBinding('A')).toBe(false);
    expect(approvalCodeOf('approval:A')).toBe('A');
    expect(approvalCodeOf('A')).toBe('A');
    expect(approvalBindings('A')).toEqual(['approval:A', 'A']);
  });

  it('keys tell kinds apart even when their ids are equal', () => {
    const keys = [
      bindingKey({ kind: 'table', tableId: 'x' }),
      bindingKey({ kind: 'host', tableId: 'x' }),
      bindingKey({ kind: 'approval', code: 'x' }),
      bindingKey({ kind: 'open', docId: 'x' }),
      bindingKey({ kind: 'none' }),
    ];
    expect(new Set(keys).size).toBe(5);
  });
});
