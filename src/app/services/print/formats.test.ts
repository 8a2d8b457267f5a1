import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../../core/errors';
import { keepFormat, keepOutput, printKindOf } from './formats';

describe('print choices', () => {
  it('keeps a format the kind makes and falls back to its default otherwise', () => {
    expect(keepFormat('pptx', 'document')).toBe('pptx');
    expect(keepFormat('pptx', 'docx')).toBe('docx');
    expect(keepFormat('xlsx', 'canvas')).toBe('pdf');
    expect(keepFormat('xlsx', undefined)).toBe('xlsx');
  });

  it('keeps an output still offered and falls back to the first otherwise', () => {
    expect(keepOutput('zip', ['file', 'zip'])).toBe('zip');
    expect(keepOutput('merged', ['file', 'zip'])).toBe('file');
  });

  it('reads the kind as the render worker does: an unknown kind is its TemplateParseError', () => {
    expect(printKindOf(JSON.stringify({ kind: 'docx', version: 1, fileName: 'a.docx', file: 'UEs=' })).kind).toBe(
      'docx',
    );
    expect(printKindOf('not json').kind).toBe('document');
    expect(printKindOf({ basePdf: 'BLANK_PDF', schemas: [] }).kind).toBe('canvas');
    const odt = printKindOf({ kind: 'odt' });
    expect(odt.kind).toBeUndefined();
    expect(isQuireError(odt.error, 'TemplateParseError')).toBe(true);
  });
});
