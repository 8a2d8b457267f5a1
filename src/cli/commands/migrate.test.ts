import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../command';
import { migrateCommand } from './migrate';

const v0 = (name: string) => join(__dirname, '..', '..', 'core', 'model', '__fixtures__', 'v0', `${name}.json`);

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

describe('quire migrate', () => {
  it('prints v0 content upgraded to the current version, with ids and defaults', async () => {
    const io = capture();
    expect(await migrateCommand.run([v0('legacy-invoice')], io)).toBe(0);
    const printed = JSON.parse(io.stdout.join(''));
    expect(printed.schemaVersion).toBe(1);
    expect(printed.document.pages[0].id).toBe('p0');
    expect(printed.pageSetting).toMatchObject({ sizeType: 'A5', direction: 'horizontal', paddingLeft: 13.5 });
    expect(printed.settings.timeZone).toBe('Asia/Shanghai');
    expect(io.stderr).toContain('migrated from schema version 0 to 1');
  });

  it('writes to --out and keeps a print-template entity around its content', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-migrate-'));
    const input = join(dir, 'entity.json');
    const output = join(dir, 'out.json');
    writeFileSync(input, JSON.stringify({ id: 't', name: 'Old', content: readFileSync(v0('minimal'), 'utf8') }));
    const io = capture();
    expect(await migrateCommand.run([input, '--out', output], io)).toBe(0);
    const entity = JSON.parse(readFileSync(output, 'utf8'));
    expect(entity).toMatchObject({ id: 't', name: 'Old' });
    expect(JSON.parse(entity.content).schemaVersion).toBe(1);
    expect(io.stdout).toEqual([]);
  });

  it('throws TemplateParseError for content that cannot be migrated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-migrate-'));
    const input = join(dir, 'bad.json');
    writeFileSync(input, '{"schemaVersion": 7, "document": {}}');
    await expect(migrateCommand.run([input], capture())).rejects.toMatchObject({
      errorName: 'TemplateParseError',
      issues: [{ path: 'schemaVersion', reason: expect.stringMatching(/newer/) }],
    });
  });

  it('usage errors exit 2', async () => {
    expect(await migrateCommand.run([], capture())).toBe(2);
    expect(await migrateCommand.run(['a', 'b'], capture())).toBe(2);
  });
});
