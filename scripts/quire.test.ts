/**
 * The `quire` launcher (scripts/quire.mjs): builds the CLI bundle into its cache on first use,
 * answers help from the texts stored with it, runs commands from the bundle, and tells a touched
 * but unchanged tree (new mtime, same content) from a changed one without rebuilding.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../', import.meta.url).pathname;
// Inside the project: the bundle imports packages by name.
const cache = join(ROOT, 'node_modules', '.cache', `quire-cli-test-${process.pid}`);
afterAll(() => rmSync(cache, { recursive: true, force: true }));

function quire(...args: string[]): string {
  return execFileSync(process.execPath, [join(ROOT, 'scripts', 'quire.mjs'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, QUIRE_CLI_CACHE: cache },
    cwd: ROOT,
  });
}

const bundles = () => readdirSync(cache).filter((f) => /^cli-[0-9a-f]+-[0-9a-f]+$/.test(f));

describe('quire launcher', () => {
  it('bundles on first use, answers help from the stored texts and runs commands from the bundle', () => {
    const overview = quire('help');
    expect(overview).toContain('Usage: quire <command>');
    expect(overview).toMatch(/\n {2}render +Render a template/);
    expect(bundles()).toHaveLength(1);
    const folder = bundles()[0]!;
    const stored = JSON.parse(readFileSync(join(cache, folder, 'help.json'), 'utf8')) as Record<string, string>;
    expect(quire('help', 'render').trim()).toBe(stored.render);
    expect(stored.render).toContain('Usage: render <template.json');
    // A real command goes through the bundle (help never loads it).
    const said = quire('eval', 'Total {n | number:2}', '--data', '{"n": 1234.5}');
    expect(said.trim()).toBe('Total 1,234.5');
  });

  it('a touched but unchanged source keeps the bundle and refreshes its stamps', () => {
    const [name] = readdirSync(cache).filter((f) => f.endsWith('.stamps.json'));
    const path = join(cache, name!);
    type Stamps = { folder: string; stamps: Record<string, [number, number]> };
    const { stamps, ...rest } = JSON.parse(readFileSync(path, 'utf8')) as Stamps;
    // Package files are stamped through npm's lock file, not one by one.
    expect(Object.keys(stamps).some((f) => f.includes('/node_modules/') && !f.endsWith('.package-lock.json'))).toBe(
      false,
    );
    const file = Object.keys(stamps).find((f) => f.endsWith('src/cli/run.ts'))!;
    stamps[file] = [stamps[file]![0], 0];
    writeFileSync(path, JSON.stringify({ ...rest, stamps }));
    const before = bundles();
    expect(quire('help')).toContain('Usage: quire <command>');
    expect(bundles()).toEqual(before);
    const after = JSON.parse(readFileSync(path, 'utf8')) as Stamps;
    expect(after.stamps[file]![1]).toBeGreaterThan(0);
    expect(after.folder).toBe(rest.folder);
  });
});
