/**
 * `quire validate` and `quire vars` read Word, Excel and PowerPoint templates as the app reads an
 * upload: fields listed, tag problems with their part and the text around, hostile files refused.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { makeDocx, p } from '../../render/office/test-helpers';
import type { CliIO } from '../command';
import { validateCommand } from './validate';
import { varsCommand } from './vars';

const FIXTURES = join(__dirname, '..', '..', 'render', 'office', '__fixtures__');

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}

function write(name: string, bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'quire-office-cli-')), name);
  writeFileSync(file, bytes);
  return file;
}

const letter = () =>
  makeDocx({
    body: p('Dear {customer.name},') + p('{#lines}') + p('{product}: {qty}') + p('{/lines}'),
    header: p('Invoice {number}'),
  });

describe('quire validate with Office templates', () => {
  it('accepts Word, Excel and PowerPoint templates saved by LibreOffice, listing the fields they read', async () => {
    const io = capture();
    const files = ['lo-invoice.docx', 'lo-invoice.xlsx', 'lo-invoice.pptx'].map((f) => join(FIXTURES, f));
    expect(await validateCommand.run(files, io)).toBe(0);
    expect(io.stdout).toHaveLength(3);
    expect(io.stdout[0]).toMatch(/^ok .*lo-invoice\.docx: Word template, \d+ fields: .*number/);
    expect(io.stdout[1]).toMatch(/^ok .*lo-invoice\.xlsx: Excel template, \d+ fields: /);
    expect(io.stdout[2]).toMatch(/^ok .*lo-invoice\.pptx: PowerPoint template, \d+ fields: /);
  });

  it('lists every tag problem as TemplateError 100004 with its part and the text around it', async () => {
    const file = write(
      'broken.docx',
      makeDocx({ body: p('Total: {#items} and {price | nope} left open'), header: p('Hello {name') }),
    );
    const io = capture();
    expect(await validateCommand.run([file], io)).toBe(1);
    expect(io.stdout).toEqual([]);
    expect(io.stderr[0]).toMatch(/^E100004 TemplateError: /);
    const issues = io.stderr.slice(1).join('\n');
    expect(issues).toMatch(/body \{#items\}: .*not closed.* — near "Total: \{#items\} and/);
    expect(issues).toMatch(/body \{price \| nope\}: unknown filter 'nope'/);
    expect(issues).toMatch(/header1 \{name: tag is not closed/);
    expect(io.stderr).toHaveLength(4);
  });

  it('flags tags the record given with --data has no field for', async () => {
    const file = write('letter.docx', letter());
    const data = write(
      'record.json',
      strToU8(JSON.stringify({ customer: { name: 'Ada' }, lines: [{ product: 'x' }] })),
    );
    const io = capture();
    expect(await validateCommand.run([file, '--data', data], io)).toBe(1);
    expect(io.stderr[0]).toMatch(/^E100004 TemplateError: /);
    expect(io.stderr.slice(1)).toEqual(['  {lines.qty}: unknown field', '  {number}: unknown field']);
  });

  it('knows the fields of every scope around a nested loop', async () => {
    const body =
      p('{#orders}') +
      p('{#lines}') +
      p('{product} for {customer} in {currency} {bogus}') +
      p('{/lines}') +
      p('{/orders}');
    const file = write('nested.docx', makeDocx({ body }));
    const record = { currency: 'EUR', orders: [{ customer: 'Ada', lines: [{ product: 'Pen' }] }] };
    const data = write('record.json', strToU8(JSON.stringify(record)));
    const io = capture();
    expect(await validateCommand.run([file, '--data', data], io)).toBe(1);
    expect(io.stderr.slice(1)).toEqual(['  {orders.lines.bogus}: unknown field']);
  });

  it('refuses hostile files with the reason: macros, DTDs, path traversal, not a package', async () => {
    const docm = write('Order.docm', letter());
    const parts = unzipSync(letter());
    parts['word/document.xml'] = strToU8(
      strFromU8(parts['word/document.xml']!).replace(
        '?>',
        '?><!DOCTYPE w:document [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
      ),
    );
    const dtd = write('entities.docx', zipSync(parts));
    const climbing = write('climb.docx', zipSync({ ...unzipSync(letter()), '../../evil.txt': strToU8('x') }));
    const text = write('notes.xlsx', strToU8('just text'));
    for (const [file, problem] of [
      [docm, 'macro-enabled'],
      [dtd, 'dtd'],
      [climbing, 'path-traversal'],
      [text, 'not-a-zip'],
    ] as const) {
      const io = capture();
      expect(await validateCommand.run([file], io), file).toBe(1);
      expect(io.stderr[0]).toMatch(/^E100001 TemplateParseError/);
      expect(io.stderr.join('\n')).toContain(`${problem}:`);
    }
  });
});

describe('files that are not Office Open XML, each said in one sentence', () => {
  it('an empty file, a .doc LibreOffice wrote, a password-protected file', async () => {
    const legacy = join(FIXTURES, 'third-party', 'libreoffice-hello.doc');
    // An encrypted Office file is an OLE compound file holding an `EncryptedPackage` stream; only
    // its header and directory name matter here (no tool on this machine writes one).
    const ole = new Uint8Array(1024);
    ole.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    ole.set(strToU8('\0E\0n\0c\0r\0y\0p\0t\0e\0d\0P\0a\0c\0k\0a\0g\0e\0'), 512);
    for (const [file, sentence] of [
      [write('empty.docx', new Uint8Array()), 'empty-file: the file is empty (0 bytes)'],
      [legacy, 'legacy-format: this is an old binary Office file (.doc, .xls or .ppt)'],
      [write('secret.xlsx', ole), 'password-protected: the file is protected with a password'],
    ] as const) {
      const io = capture();
      expect(await validateCommand.run([file], io), file).toBe(1);
      expect(io.stderr[0]).toMatch(/^E100001 TemplateParseError/);
      expect(io.stderr.join('\n')).toContain(sentence);
    }
  });
});

describe('quire validate --delimiters', () => {
  it('reads {{tag}} templates with --delimiters double, refuses an unknown style', async () => {
    const file = write('double.docx', makeDocx({ body: p('Dear {{customer.name}}, {{#lines}}{{qty}} {{/lines}}') }));
    const io = capture();
    expect(await validateCommand.run([file, '--delimiters', 'double'], io)).toBe(0);
    expect(io.stdout[0]).toContain('customer.name, lines, lines.qty');
    const bad = capture();
    expect(await validateCommand.run([file, '--delimiters', 'angle'], bad)).toBe(2);
    expect(bad.stderr[0]).toContain('--delimiters');
  });
});

describe('quire vars with Office templates', () => {
  it('prints the field paths a Word template reads, loop fields under their list', async () => {
    const file = write('letter.docx', letter());
    const io = capture();
    expect(await varsCommand.run([file], io)).toBe(0);
    expect(io.stdout.join('\n').split('\n')).toEqual([
      'customer.name',
      'lines',
      'lines.product',
      'lines.qty',
      'number',
    ]);
    const json = capture();
    expect(await varsCommand.run([join(FIXTURES, 'lo-invoice.xlsx'), '--json'], json)).toBe(0);
    expect(JSON.parse(json.stdout.join('\n')).paths.length).toBeGreaterThan(0);
    expect(readFileSync(file).length).toBeGreaterThan(0);
  });
});
