import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { parseTemplateContent } from '../../core/model/parse';
import { canRenderGroup, prepareOutputTemplate, renderOutput } from './render';

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

describe('renderOutput formats', () => {
  const env = { typst: () => Promise.reject(new Error('nothing typesets here')) };

  it('makes each catalogued format of a document template, named and typed by the catalogue', async () => {
    const prepared = prepareOutputTemplate(invoiceText);
    const data = JSON.parse(
      readFileSync(new URL('../../../tests/fixtures/invoice/data.json', import.meta.url), 'utf8'),
    );
    const naming = { rule: 'Invoice', templateName: 'Invoice', printTime: 0 };
    const sheet = await renderOutput(prepared, { kind: 'data', data }, env, { format: 'xlsx', naming });
    expect(sheet).toMatchObject({
      extension: 'xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: 'Invoice.xlsx',
    });
    expect(canRenderGroup(prepared)).toBe(true);
    expect(canRenderGroup(prepared, 'docx')).toBe(false);
  });

  it('refuses a format the kind does not make with InvalidTemplateType, before rendering', async () => {
    const canvas = prepareOutputTemplate({
      kind: 'canvas',
      basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
      schemas: [[]],
    });
    const error = await renderOutput(canvas, { kind: 'data', data: {} }, env, { format: 'docx' }).catch(
      (e: unknown) => e,
    );
    expect(isQuireError(error, 'InvalidTemplateType')).toBe(true);
  });
});
