import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnTsWorker, withoutTsx } from './node-endpoint';

const ROOT = new URL('../', import.meta.url).pathname;
// The entries import only node: modules and each other, so the bundles may sit outside the project.
const dir = mkdtempSync(join(tmpdir(), 'quire-worker-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeEntry(name: string, answer: string): string {
  const src = join(dir, name);
  mkdirSync(src, { recursive: true });
  writeFileSync(
    join(src, 'part.ts'),
    `export const where: string = import.meta.url;\nexport const answer = (): string => ${JSON.stringify(answer)};\n`,
  );
  writeFileSync(
    join(src, 'entry.ts'),
    [
      "import { parentPort } from 'node:worker_threads';",
      "import { where } from './part';",
      'const late = async (): Promise<string> => (await import("./part")).answer();',
      'late().then((answer) => parentPort?.postMessage({ where, answer, execArgv: process.execArgv }));',
    ].join('\n'),
  );
  return join(src, 'entry.ts');
}

describe('pre-bundled worker entries', () => {
  it('starts a worker from a bundle whose modules keep their own import.meta.url, without tsx', async () => {
    const entry = writeEntry('a', 'forty-two');
    const previous = process.env.QUIRE_WORKER_CACHE;
    process.env.QUIRE_WORKER_CACHE = join(dir, 'cache');
    try {
      const worker = spawnTsWorker(pathToFileURL(entry));
      const message = await new Promise<{ where: string; answer: string; execArgv: string[] }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await worker.terminate();
      expect(message.answer).toBe('forty-two');
      expect(message.where).toBe(pathToFileURL(join(dir, 'a', 'part.ts')).href);
      expect(message.execArgv.join(' ')).not.toMatch(/tsx/);
      const name = readdirSync(join(dir, 'cache')).find((f) => f.endsWith('.json'))!;
      const manifest = JSON.parse(readFileSync(join(dir, 'cache', name), 'utf8'));
      expect(Object.keys(manifest.inputs)).toEqual(expect.arrayContaining([entry, join(dir, 'a', 'part.ts')]));
    } finally {
      if (previous === undefined) delete process.env.QUIRE_WORKER_CACHE;
      else process.env.QUIRE_WORKER_CACHE = previous;
    }
  }, 60_000);

  it('builds a new bundle when a source it was built from changes', () => {
    const entry = writeEntry('b', 'one');
    const cache = join(dir, 'cache-b');
    const bundle = () => {
      execFileSync(process.execPath, [join(ROOT, 'scripts', 'bundle-worker.mjs'), entry, cache, 'b']);
      return JSON.parse(readFileSync(join(cache, 'b.json'), 'utf8')) as { folder: string };
    };
    const first = bundle();
    writeFileSync(join(dir, 'b', 'part.ts'), 'export const where = "x";\nexport const answer = (): string => "two";\n');
    const second = bundle();
    expect(second.folder).not.toBe(first.folder);
    const chunks = execFileSync('grep', ['-rl', '"two"', join(cache, second.folder)]).toString();
    expect(chunks).toContain(second.folder);
  }, 60_000);

  it('drops only tsx from the options a worker inherits', () => {
    expect(
      withoutTsx([
        '--require',
        '/p/node_modules/tsx/dist/preflight.cjs',
        '--import',
        'file:///p/node_modules/tsx/dist/loader.mjs',
        '--import=tsx',
        '--max-old-space-size=4096',
        '--require',
        './other.cjs',
      ]),
    ).toEqual(['--max-old-space-size=4096', '--require', './other.cjs']);
  });
});
