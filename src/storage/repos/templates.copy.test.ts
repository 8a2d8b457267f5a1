import { afterEach, describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { openTestStorage } from '../testing';

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const s of opened.splice(0)) s.close();
});

describe('templates after a conflict', () => {
  it('keeps mine on top of theirs (their revision as base) or as a separate copy', async () => {
    const s = await openTestStorage();
    opened.push(s);
    const tpl = await s.templates.create({
      name: 'Invoice',
      baseId: 'b',
      tableId: 't',
      category: 2,
      type: 3,
      content: 'v1',
    });
    await s.templates.save(tpl.id, { content: 'theirs' }, 1);
    const stale = await s.templates.save(tpl.id, { content: 'mine' }, 1).catch((e: unknown) => e);
    expect(isQuireError(stale, 'VersionConflict')).toBe(true);

    const copy = await s.templates.copy(tpl.id, { name: 'Invoice (copy)', content: 'mine' });
    expect(copy).toMatchObject({
      name: 'Invoice (copy)',
      baseId: 'b',
      tableId: 't',
      category: 2,
      type: 3,
      content: 'mine',
      revision: 1,
    });
    expect(copy.id).not.toBe(tpl.id);
    expect((await s.templates.get(tpl.id))?.content).toBe('theirs');

    const over = await s.templates.save(tpl.id, { content: 'mine' }, 2);
    expect(over).toMatchObject({ content: 'mine', revision: 3 });
  });
});
