import { describe, expect, it } from 'vitest';
import { insertableBlocks } from './blocks';

describe('insert menu', () => {
  it('offers the approval flow diagram only in a template bound to an approval', () => {
    expect(insertableBlocks(false)).not.toContain('approvalFlow');
    expect(insertableBlocks(true)).toContain('approvalFlow');
    // Every other insertable block is offered either way, in the same order.
    expect(insertableBlocks(true).filter((type) => type !== 'approvalFlow')).toEqual(insertableBlocks(false));
  });
});
