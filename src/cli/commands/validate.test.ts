import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../command';
import { validateCommand } from './validate';

const root = join(__dirname, '..', '..', '..');
const fixture = (name: string) => join(root, 'tests', 'fixtures', name, 'template.json');
const invalid = (name: string) => join(root, 'src', 'core', 'model', '__fixtures__', 'invalid', `${name}.json`);

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

describe('quire validate', () => {
  it.each(['invoice', 'packing-slip', 'approval-form', 'contract'])(
    'accepts the %s fixture with a summary',
    async (name) => {
      const io = capture();
      expect(await validateCommand.run([fixture(name)], io)).toBe(0);
      expect(io.stdout).toHaveLength(1);
      expect(io.stdout[0]).toMatch(/^ok \d+ pages?, \d+ blocks \(.+\)$/);
    },
  );

  it('summarises pages and blocks by type', async () => {
    const io = capture();
    await validateCommand.run([fixture('contract')], io);
    expect(io.stdout[0]).toContain('4 pages');
    expect(io.stdout[0]).toContain('table 1');
  });

  it('rejects broken content: exit 1, E100001 TemplateParseError and each failing path', async () => {
    const io = capture();
    expect(await validateCommand.run([invalid('wrong-types')], io)).toBe(1);
    expect(io.stderr[0]).toBe('E100001 TemplateParseError: template parse error');
    expect(io.stderr).toContain(
      '  pageSetting.sizeType: Invalid option: expected one of "A3"|"A4"|"A5"|"A6"|"Letter"|"Custom"',
    );
    expect(io.stderr.some((line) => line.startsWith('  pages[0].rows[0].columns[0].blocks[0].qrcode.size: '))).toBe(
      true,
    );
  });

  it('rejects a file that is not JSON and a missing file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-validate-'));
    writeFileSync(join(dir, 'broken.json'), '{"document": [');
    const io = capture();
    expect(await validateCommand.run([join(dir, 'broken.json'), join(dir, 'absent.json')], io)).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/E100001 TemplateParseError[\s\S]*\(root\): content is not valid JSON/);
    expect(io.stderr.join('\n')).toMatch(/absent\.json: no such file/);
  });

  it('reads a print-template entity whose content is a JSON string', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-validate-'));
    const file = join(dir, 'entity.json');
    writeFileSync(
      file,
      JSON.stringify({
        id: 't1',
        name: 'Slip',
        type: 3,
        category: 1,
        content: JSON.stringify({ document: { pages: [{}] } }),
      }),
    );
    const io = capture();
    expect(await validateCommand.run([file], io)).toBe(0);
    expect(io.stdout[0]).toBe('ok 1 page, 0 blocks');
  });

  it("rejects illegal variable names with 'invalid variable name' and each path (spec 001 §5.1)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-validate-'));
    const file = join(dir, 'names.json');
    const variable = (name: string) => ({ type: 'variable', name, children: [{ text: '' }] });
    const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children: [{ text: 'x' }, ...children] });
    const blocks = [
      { type: 'richText', content: [paragraph(variable('1abc'), variable('Order no'), variable('a-b'))] },
      {
        type: 'barcode',
        barcode: { valueType: 'custom', value: 'No. {1 bad-name!}' },
      },
      { type: 'qrcode', qrcode: { value: { type: 'fieldValue', fieldType: 'name', field: 'Customer.0.Company' } } },
    ];
    writeFileSync(file, JSON.stringify({ document: { pages: [{ rows: [{ columns: [{ blocks }] }] }] } }));
    const io = capture();
    expect(await validateCommand.run([file], io)).toBe(1);
    expect(io.stdout).toEqual([]);
    expect(io.stderr[0]).toMatch(/^E:INVALID_VARIABLE_NAME InvalidVariableName: invalid variable name/);
    const at = 'pages[0].rows[0].columns[0].blocks';
    expect(io.stderr.slice(1)).toEqual([
      `  ${at}[0].content[0].children[1].name: invalid variable name '1abc'`,
      `  ${at}[0].content[0].children[3].name: invalid variable name 'a-b'`,
      `  ${at}[1].barcode.value: invalid variable name '1 bad-name!' at offset 4`,
    ]);
  });

  it('needs at least one file', async () => {
    const io = capture();
    expect(await validateCommand.run([], io)).toBe(2);
  });

  it('works through the CLI entry point: ok lines on stdout, issues on stderr, exit 1 if any file fails', () => {
    const result = spawnSync(
      'npx',
      ['tsx', 'src/cli/main.ts', 'validate', fixture('invoice'), invalid('overlapping-merges')],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^ok .*invoice.*: 1 page, 12 blocks/m);
    expect(result.stderr).toContain('E100001 TemplateParseError');
    expect(result.stderr).toContain('pages[0].rows[0].columns[0].blocks[0].table.merges[1]: overlaps merges[0]');
  });
});
