import { describe, expect, it } from 'vitest';
import { helpTexts } from '../run';
import { COMMANDS } from './index';

describe('quire help (#33 item 7)', () => {
  it('lists backup and restore, each with its usage', () => {
    const texts = helpTexts(COMMANDS);
    expect(texts['']).toMatch(/^ {2}backup +Back up a server's database/m);
    expect(texts['']).toMatch(/^ {2}restore +Restore a backup/m);
    expect(texts.backup).toContain('npm run quire -- backup --data DIR');
    expect(texts.restore).toContain('npm run quire -- restore --data DIR --file');
  });
});
