import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodIssues } from './issues';
import { joinPath } from './model/paths';

const schema = z.object({ pages: z.array(z.object({ rows: z.array(z.object({ id: z.string() })) })) });
const failure = (value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error;
};

describe('zodIssues', () => {
  it('names each failing value by its a.b[0].c path, with zod’s message', () => {
    const error = failure({ pages: [{ rows: [{ id: 'a' }, { id: 2 }] }] });
    expect(zodIssues(error)).toEqual([{ path: 'pages[0].rows[1].id', reason: error.issues[0]!.message }]);
  });

  it('names the root as an empty path', () => {
    expect(zodIssues(failure('text'))[0]?.path).toBe('');
  });

  it('takes another path naming and a limit', () => {
    const error = failure({ pages: [{ rows: [{ id: 1 }, { id: 2 }, { id: 3 }] }] });
    const issues = zodIssues(error, { path: (segments) => joinPath('document', segments), limit: 2 });
    expect(issues.map((i) => i.path)).toEqual(['document.pages[0].rows[0].id', 'document.pages[0].rows[1].id']);
  });
});
