import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { QuireError } from '../../core/errors';
import { showError } from './errors';

const t = ((key: string, options?: Record<string, unknown>) =>
  options && Object.keys(options).length > 0 && !('defaultValue' in options)
    ? `${key}${JSON.stringify(options)}`
    : key) as unknown as TFunction<'workspace'>;

describe('import issues in the user language', () => {
  it('translates the located cell and the misfit reason, keeps unknown text', () => {
    const error = new QuireError('ImportError', {
      issues: [
        { path: 'row 12, column "Amount"', reason: '"lots" is not a number' },
        { path: 'column "Qty"', reason: 'something new' },
      ],
    });
    expect(showError(error, t).details).toEqual([
      'issues.rowColumn{"row":"12","column":"Amount"}: issues.misfit{"value":"lots"}',
      'issues.column{"column":"Qty"}: something new',
    ]);
  });
});
