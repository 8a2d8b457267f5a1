import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { parseTemplateContent } from '../../core/model/parse';
import { prepareOutputTemplate } from './render';

const invoiceText = readFileSync(new URL('../../../tests/fixtures/invoice/template.json', import.meta.url), 'utf8');

function parseErrorOf(content: unknown): boolean {
  try {
    prepareOutputTemplate(content);
    return false;
  } catch (error) {
    return isQuireError(error, 'TemplateParseError');
  }
}

describe('prepareOutputTemplate', () => {
  it('prepares document text as the document parser reads it, once per text', () => {
    const edited = invoiceText.replace('"INVOICE"', '"INVOICE (edited)"');
    const prepared = prepareOutputTemplate(edited);
    expect(prepared.kind).toBe('document');
    expect(prepared.template).toEqual(parseTemplateContent(edited));
    expect(prepareOutputTemplate(edited).template).toBe(prepared.template);
    expect(prepareOutputTemplate(JSON.parse(edited)).template).toEqual(prepared.template);
  });

  it('refuses text that is not JSON or not a template with TemplateParseError', () => {
    expect(parseErrorOf('{"document": ')).toBe(true);
    expect(parseErrorOf('null')).toBe(true);
    expect(parseErrorOf('{"schemaVersion": 3, "document": 5}')).toBe(true);
  });
});
