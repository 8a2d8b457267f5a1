import { describe, expect, it } from 'vitest';
import { isQuireError } from '../errors';
import {
  acceptOf,
  defaultFormatOf,
  FILE_FORMAT_LIST,
  FILE_FORMATS,
  formatsOf,
  isMacroFileName,
  makesFormat,
  OFFICE_KINDS,
  officeKindOfFileName,
  printOutputsOf,
  TEMPLATE_KIND_LIST,
} from './catalogue';
import { outputKindOf, readOutputKind } from './kind';

describe('the output catalogue', () => {
  it('lists what each kind makes, its default first', () => {
    expect(formatsOf('document')).toEqual(['pdf', 'docx', 'xlsx', 'pptx', 'png', 'jpeg']);
    expect(formatsOf('canvas')).toEqual(['pdf', 'png', 'jpeg']);
    for (const kind of OFFICE_KINDS) expect(formatsOf(kind)).toEqual([kind]);
    expect(defaultFormatOf('document')).toBe('pdf');
    expect(makesFormat('canvas', 'docx')).toBe(false);
    expect(makesFormat('document', 'xlsx')).toBe(true);
    // Every format a kind makes is catalogued with its MIME type.
    for (const kind of TEMPLATE_KIND_LIST)
      for (const format of formatsOf(kind)) expect(FILE_FORMATS[format].mime).toMatch(/^(application|image)\//);
    expect(FILE_FORMAT_LIST).toEqual(['pdf', 'docx', 'xlsx', 'pptx', 'png', 'jpeg']);
  });

  it('knows uploads by name: kinds, macro-enabled files, accept lists', () => {
    expect(OFFICE_KINDS).toEqual(['docx', 'xlsx', 'pptx']);
    expect(officeKindOfFileName('Offer.DOCX')).toBe('docx');
    expect(officeKindOfFileName('a.odt')).toBeUndefined();
    for (const name of ['a.docm', 'b.XLSM', 'c.pptm', 'd.dotm', 'e.xltm', 'f.potm', 'g.ppsm'])
      expect(isMacroFileName(name)).toBe(true);
    expect(isMacroFileName('a.docx')).toBe(false);
    expect(acceptOf('xlsx')).toBe('.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('offers outputs by format and count: PDFs and Word merge, workbooks and decks do not', () => {
    expect(printOutputsOf('pdf', 1)).toEqual(['merged', 'zip']);
    expect(printOutputsOf('pdf', 5)).toEqual(['merged', 'zip']);
    expect(printOutputsOf('docx', 1)).toEqual(['file', 'zip']);
    expect(printOutputsOf('docx', 5)).toEqual(['merged', 'zip']);
    expect(printOutputsOf('xlsx', 5)).toEqual(['zip']);
    expect(printOutputsOf('pptx', 1)).toEqual(['file', 'zip']);
    // One record's images: the image (or a ZIP of its pages); several records: a ZIP of every page.
    expect(printOutputsOf('png', 1)).toEqual(['file', 'zip']);
    expect(printOutputsOf('jpeg', 3)).toEqual(['zip']);
  });
});

describe('outputKindOf', () => {
  it('reads the kind of text and values alike', () => {
    expect(outputKindOf(JSON.stringify({ kind: 'docx', version: 1, fileName: 'a.docx', file: 'UEs=' }))).toBe('docx');
    expect(outputKindOf({ kind: 'pptx' })).toBe('pptx');
    expect(outputKindOf(JSON.stringify({ schemaVersion: 3, pages: [] }))).toBe('document');
    expect(outputKindOf('not json')).toBe('document');
    expect(outputKindOf(null)).toBe('document');
    expect(outputKindOf(JSON.stringify({ kind: 'canvas', basePdf: {}, schemas: [[]] }))).toBe('canvas');
    // A canvas by its kind alone, and pdfme's own export without one.
    expect(outputKindOf('{"kind":"canvas"}')).toBe('canvas');
    expect(outputKindOf({ basePdf: 'BLANK_PDF', schemas: [] })).toBe('canvas');
    expect(outputKindOf(JSON.stringify({ kind: 'docx', basePdf: 'x', schemas: [] }))).toBe('docx');
    // A kind spelled with escapes is still read.
    expect(outputKindOf('{"\\u006bind":"xlsx"}')).toBe('xlsx');
  });

  it('refuses a kind the catalogue does not know, thrown or as a value', () => {
    for (const content of [{ kind: 'odt' }, '{"kind":"odt"}', { kind: 5 }]) {
      const error = (() => {
        try {
          outputKindOf(content);
        } catch (e) {
          return e;
        }
      })();
      expect(isQuireError(error, 'TemplateParseError')).toBe(true);
      const read = readOutputKind(content);
      expect(isQuireError(read, 'TemplateParseError')).toBe(true);
    }
    expect(readOutputKind({ kind: 'xlsx' })).toBe('xlsx');
  });
});
