import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIO } from '../command';
import { runCli } from '../run';
import { evalCommand } from './eval';
import { filenameCommand } from './filename';
import { varsCommand } from './vars';

const commands = [evalCommand, filenameCommand, varsCommand];

async function run(...argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CliIO = { out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
  const code = await runCli(argv, commands, io);
  return { code, out: stdout.join('\n'), err: stderr.join('\n') };
}

describe('quire eval', () => {
  it.each([
    ['{amount | currency}', '{"amount":1234.5}', '$1,234.50'],
    ['{n | cnUpper}', '{"n":1234}', '壹仟贰佰叁拾肆'],
    ['{#items}{name};{/items}', '{"items":[{"name":"Tea"},{"name":"Milk"}]}', 'Tea;Milk;'],
    ['{amount | cnFinancial}', '{"amount":1234}', '壹仟贰佰叁拾肆元整'],
  ])('%s with %s → %s', async (text, data, expected) => {
    expect(await run('eval', text, '--data', data)).toEqual({ code: 0, out: expected, err: '' });
  });

  it('takes --lang, --tz, --double and @file data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-eval-'));
    const file = join(dir, 'data.json');
    writeFileSync(file, JSON.stringify({ t: Date.UTC(2024, 2, 5, 6, 30), a: 1234.5 }));
    expect((await run('eval', '{a | number}', '--data', `@${file}`, '--lang', 'de-DE')).out).toBe('1.234,5');
    expect((await run('eval', '{t | customDate:"yyyy-MM-dd HH:mm"}', '--data', `@${file}`)).out).toBe(
      '2024-03-05 14:30',
    );
    expect((await run('eval', '{t | customDate:"HH:mm"}', '--data', `@${file}`, '--tz', 'Europe/London')).out).toBe(
      '06:30',
    );
    expect((await run('eval', '{a} {{a}}', '--data', `@${file}`, '--double')).out).toBe('{a} 1234.5');
  });

  it('reports catalogued errors with exit code 1', async () => {
    const bad = await run('eval', '{a | ../../}', '--data', '{}');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('E100001 TemplateParseError');
    expect((await run('eval', '{a}', '--data', '{nope')).err).toContain('DATA_INVALID');
    expect((await run('eval', '{a}', '--data', '@/no/such/file.json')).code).toBe(1);
    expect((await run('eval', '{a}', '--tz', 'Mars/Base')).code).toBe(1);
    expect((await run('eval')).code).toBe(2);
  });
});

describe('quire filename', () => {
  it('renders a name template over a record', async () => {
    const result = await run(
      'filename',
      '{NAME} - {客户}/{PRINT_TIME | customDate:"yyyyMMdd"}',
      '--data',
      '{"客户":"ACME: Ltd?"}',
      '--name',
      'Invoice',
      '--time',
      '2024-03-05 10:00',
    );
    expect(result).toEqual({ code: 0, out: 'Invoice_-_ACME_Ltd_20240305', err: '' });
  });

  it('falls back and reports errors as names, as the spec says', async () => {
    expect((await run('filename', '{missing}', '--data', '{}', '--time', '0')).out).toBe('NULL');
    expect(
      (await run('filename', '{missing}', '--data', '{}', '--table', 'Orders', '--default', '{TABLE_NAME}')).out,
    ).toBe('Orders');
    expect((await run('filename', '{#x}', '--data', '{}')).out).toBe('error-render-filename');
    expect((await run('filename', '{x}', '--data', '[1]')).code).toBe(1);
  });
});

describe('quire vars', () => {
  it('lists the fields a template reads', async () => {
    const result = await run('vars', 'src/core/expr/__fixtures__/invoice-template.json');
    expect(result.code).toBe(0);
    expect(result.out.split('\n')).toEqual([
      'Unit\\.price',
      'customer.name',
      'invoice.no',
      'lines',
      'lines.amount',
      'lines.product',
      'lines.qty',
      'tags',
      'tags.active',
      'tags.label',
      'title',
      '~id:fld123',
    ]);
    const json = JSON.parse((await run('vars', 'src/core/expr/__fixtures__/invoice-template.json', '--json')).out);
    expect(json.ids).toEqual(['~id:fld123']);
  });

  it('fails with a catalogued error on a broken file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-vars-'));
    const file = join(dir, 't.json');
    writeFileSync(file, '{ not json');
    const result = await run('vars', file);
    expect(result.code).toBe(1);
    expect(result.err).toContain('TemplateParseError');
  });
});
