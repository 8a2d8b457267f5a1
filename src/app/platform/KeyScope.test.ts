import { describe, expect, it } from 'vitest';
import { emptyScope, scopeOf, scopeProblem } from './KeyScope';

describe('a key scope drafted on the API keys screen (#33 item 4)', () => {
  it('sends no limit when every document and action is chosen and no expiry is set', () => {
    expect(scopeOf(emptyScope())).toEqual({});
    expect(scopeProblem(emptyScope())).toBeNull();
  });

  it('sends the chosen documents, actions and the end of the expiry day', () => {
    const scope = scopeOf({ docIds: ['doc_1'], actions: ['render', 'instances.create'], expiresOn: '2031-03-09' });
    expect(scope).toEqual({
      docIds: ['doc_1'],
      actions: ['render', 'instances.create'],
      expiresAt: new Date(2031, 2, 10).getTime(),
    });
  });

  it('refuses a draft that allows nothing', () => {
    expect(scopeProblem({ ...emptyScope(), docIds: [] })).toBe('pickDocs');
    expect(scopeProblem({ ...emptyScope(), actions: [] })).toBe('pickActions');
  });
});
