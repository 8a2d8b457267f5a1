import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { content, fullRow, p, page, richText, variable } from '../../../tests/fixtures/builders';
import type { CliIO } from '../command';
import { renderCommand } from './render';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t) };
  return { cli, out, err };
}

const dir = mkdtempSync(join(tmpdir(), 'quire-cli-render-'));
const templatePath = join(dir, 'template.json');
writeFileSync(
  templatePath,
  JSON.stringify(content([page('p', [fullRow('r', richText('t', [p('Hello ', variable('name'))]))])])),
);
const dataPath = join(dir, 'records.json');
writeFileSync(dataPath, JSON.stringify([{ name: 'Ada' }, { name: 'Grace' }, { name: 'Ada' }]));

describe('quire render', () => {
  it('writes one PDF per record named by the file-name template', async () => {
    const { cli, out } = io();
    const outDir = join(dir, 'out/');
    const code = await renderCommand.run(
      [templatePath, '--data', dataPath, '--out', outDir, '--name', 'hello-{name}'],
      cli,
    );
    expect(code).toBe(0);
    expect(readdirSync(outDir).sort()).toEqual(['hello-Ada(1).pdf', 'hello-Ada.pdf', 'hello-Grace.pdf']);
    expect(out.join('')).toContain('Rendered 3 record(s) with the wasm engine');
    const text = execFileSync('pdftotext', [join(outDir, 'hello-Grace.pdf'), '-'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    expect(text.trim()).toBe('Hello Grace');
  }, 120_000);

  it('merges records into one PDF with the native engine', async () => {
    const { cli } = io();
    const target = join(dir, 'merged.pdf');
    expect(
      await renderCommand.run(
        [templatePath, '--data', dataPath, '--out', target, '--merge', '--engine', 'native'],
        cli,
      ),
    ).toBe(0);
    const info = execFileSync('pdfinfo', [target], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+3/);
    expect(readFileSync(target).subarray(0, 5).toString()).toBe('%PDF-');
  }, 120_000);

  it('fails bad data with a catalogued error', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '[1, 2');
    await expect(
      renderCommand.run([templatePath, '--data', bad, '--out', join(dir, 'x.pdf')], io().cli),
    ).rejects.toMatchObject({
      errorName: 'DataInvalid',
    });
  });

  it('prints usage on missing arguments', async () => {
    const { cli, err } = io();
    expect(await renderCommand.run([templatePath], cli)).toBe(2);
    expect(err.join('')).toContain('Usage: render');
  });
});
