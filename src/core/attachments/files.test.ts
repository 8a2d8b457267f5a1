import { describe, expect, it } from 'vitest';
import { files } from '../data/openValue';
import { isQuireError, type QuireError } from '../errors';
import { createTemplateContent } from '../model';
import { emptyPrintInput, type PrintInput } from '../print/input';
import { type AttachmentFile, attachmentFilesOf, attachmentKindOf } from './files';
import { parseAttachmentTemplate } from './template';

const template = (fields: string[], cover?: unknown) =>
  parseAttachmentTemplate({ kind: 'attachment', fields, ...(cover ? { cover } : {}) });

function input(scope: Record<string, unknown>, extra: Partial<PrintInput> = {}): PrintInput {
  return { ...emptyPrintInput(), scope, ...extra };
}

function thrown(run: () => unknown): QuireError {
  try {
    run();
  } catch (error) {
    if (isQuireError(error)) return error;
    throw error;
  }
  throw new Error('nothing was thrown');
}

describe('attachmentFilesOf', () => {
  it('lists the files field by field in the template order, from paths, objects and open values', () => {
    const scope = {
      Photos: ['a/photo.png', { url: 'https://x.test/scan?id=1', fileName: 'scan.jpg', mime: 'image/jpeg' }],
      Contract: files([{ fileName: 'contract.pdf', url: 'quire-asset:abc' }]),
    };
    const list = attachmentFilesOf(template(['Contract', 'Photos']), input(scope));
    expect(list).toEqual([
      { field: 'Contract', fileName: 'contract.pdf', url: 'quire-asset:abc' },
      { field: 'Photos', fileName: 'photo.png', url: 'a/photo.png' },
      { field: 'Photos', fileName: 'scan.jpg', url: 'https://x.test/scan?id=1', mime: 'image/jpeg' },
    ]);
  });

  it('finds a field named by its id', () => {
    const list = attachmentFilesOf(template(['fld1']), input({ Files: 'x.pdf' }, { fieldIds: { fld1: 'Files' } }));
    expect(list.map((file) => file.field)).toEqual(['Files']);
  });

  it('refuses a template with no field: NoAttachmentForAttachmentTemplate (100007)', () => {
    const error = thrown(() => attachmentFilesOf(template([]), input({ Files: 'x.pdf' })));
    expect(error.errorName).toBe('NoAttachmentForAttachmentTemplate');
    expect(error.code).toBe(100007);
  });

  it('refuses a record with no file and no cover (100007), naming the fields', () => {
    const error = thrown(() => attachmentFilesOf(template(['Files', 'More']), input({ Files: [], More: null })));
    expect(error.code).toBe(100007);
    expect(error.params.fields).toBe('Files, More');
    const cover = createTemplateContent();
    expect(() => attachmentFilesOf(template(['Files'], cover), input({ Files: [] }))).not.toThrow();
  });

  it('refuses a field that is not one of the table attachment fields: NoAttachmentField (100006)', () => {
    const table = input({ Name: 'Ada', Files: [] }, { attachmentFields: ['Files'] });
    const error = thrown(() => attachmentFilesOf(template(['Name']), table));
    expect(error.errorName).toBe('NoAttachmentField');
    expect(error.code).toBe(100006);
    expect(error.params.field).toBe('Name');
    // Plain data: a field the record lacks, or a value that holds no files.
    expect(thrown(() => attachmentFilesOf(template(['Nope']), input({ Files: 'x.pdf' }))).code).toBe(100006);
    expect(thrown(() => attachmentFilesOf(template(['Total']), input({ Total: 42 }))).code).toBe(100006);
  });
});

describe('attachmentKindOf', () => {
  const file = (fileName: string, mime?: string): AttachmentFile => ({
    field: 'Files',
    fileName,
    url: fileName,
    ...(mime ? { mime } : {}),
  });
  const bytes = (...values: number[]) => new Uint8Array([...values, 0, 0, 0, 0, 0, 0, 0, 0]);
  const pdf = new TextEncoder().encode('%PDF-1.7\n');

  it('reads PDFs and images by their bytes, whatever the name says', () => {
    expect(attachmentKindOf(file('a.pdf'), pdf)).toBe('pdf');
    expect(attachmentKindOf(file('a.jpg'), bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(attachmentKindOf(file('a.png'), bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
  });

  it('takes Word, Excel and PowerPoint files by name or MIME type', () => {
    for (const name of ['a.doc', 'a.docx', 'a.rtf', 'a.xls', 'a.xlsx', 'a.ppt', 'a.pptx'])
      expect(attachmentKindOf(file(name), bytes(0x50, 0x4b, 3, 4))).toBe('office');
    expect(attachmentKindOf(file('upload', 'application/msword'), bytes(1))).toBe('office');
  });

  it('refuses anything else with AttachmentTypeMismatch (100008) naming the file', () => {
    const gif = thrown(() => attachmentKindOf(file('cat.gif'), bytes(0x47, 0x49, 0x46, 0x38)));
    expect(gif.errorName).toBe('AttachmentTypeMismatch');
    expect(gif.code).toBe(100008);
    expect(gif.params.file).toBe('cat.gif');
    expect(thrown(() => attachmentKindOf(file('fake.pdf'), bytes(1, 2, 3))).params.file).toBe('fake.pdf');
  });
});
