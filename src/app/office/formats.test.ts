import { describe, expect, it } from 'vitest';
import { keepFormat, keepOutput, printFormats, printOutputs, templateKindOf } from './formats';

describe('printFormats', () => {
  it('prints a document template to PDF or exports it to Word, Excel or PowerPoint; an Office one to its kind', () => {
    expect(printFormats('document')).toEqual(['pdf', 'docx', 'xlsx', 'pptx']);
    expect(printFormats('xlsx')).toEqual(['xlsx']);
    // A canvas (pdfme) template has no document to export: PDF only.
    expect(printFormats('canvas')).toEqual(['pdf']);
    expect(keepFormat('pptx', 'document')).toBe('pptx');
    expect(keepFormat('pptx', 'docx')).toBe('docx');
  });
});

describe('printOutputs', () => {
  it('offers PDF a merged PDF or a ZIP whatever the count', () => {
    expect(printOutputs('pdf', 1)).toEqual(['merged', 'zip']);
    expect(printOutputs('pdf', 20)).toEqual(['merged', 'zip']);
  });

  it('gives one Office record its own file, many a ZIP, and many Word ones also one merged document', () => {
    expect(printOutputs('xlsx', 1)).toEqual(['file', 'zip']);
    expect(printOutputs('docx', 1)).toEqual(['file', 'zip']);
    expect(printOutputs('pptx', 20)).toEqual(['zip']);
    expect(printOutputs('xlsx', 20)).toEqual(['zip']);
    expect(printOutputs('docx', 20)).toEqual(['merged', 'zip']);
  });

  it('keeps a choice still offered and falls back to the first otherwise', () => {
    expect(keepOutput('zip', ['file', 'zip'])).toBe('zip');
    expect(keepOutput('merged', ['file', 'zip'])).toBe('file');
  });

  it('reads the kind from stored content, document mode when it has none', () => {
    expect(templateKindOf(JSON.stringify({ kind: 'docx', version: 1, fileName: 'a.docx', file: 'UEs=' }))).toBe('docx');
    expect(templateKindOf({ kind: 'pptx' })).toBe('pptx');
    expect(templateKindOf(JSON.stringify({ schemaVersion: 3, pages: [] }))).toBe('document');
    expect(templateKindOf('not json')).toBe('document');
    expect(templateKindOf(JSON.stringify({ kind: 'canvas', basePdf: {}, schemas: [[]] }))).toBe('canvas');
    expect(templateKindOf({ basePdf: 'BLANK_PDF', schemas: [] })).toBe('canvas');
  });
});
