import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildPrintInput } from '../../core/print/build';
import { bindingSource, defaultChoice, OPEN_SAMPLE, openBinding } from '../services/binding';
import { mapTags } from './mapping';
import { officeTemplateTags } from './tags';

/** A document describing what tests/fixtures/office-lo/letter.docx prints, but for its `issued` date. */
const LETTER_DOC = {
  docName: 'Letters',
  dataSource: {
    groups: [
      {
        name: 'Letter',
        variables: [
          { fieldName: 'customer', label: 'Customer', fieldType: 'map', specId: 'party' },
          { fieldName: 'lines', label: 'Lines', fieldType: 'list', specId: 'line' },
          { fieldName: 'total', label: 'Total', fieldType: 'number' },
        ],
      },
    ],
    dataSpecs: [
      {
        id: 'party',
        variables: [
          { fieldName: 'name', label: 'Name', fieldType: 'string' },
          { fieldName: 'city', label: 'City', fieldType: 'string' },
        ],
      },
      {
        id: 'line',
        variables: [
          { fieldName: 'name', label: 'Item', fieldType: 'string' },
          { fieldName: 'qty', label: 'Qty', fieldType: 'number' },
        ],
      },
    ],
  },
  sampleData: { customer: { name: 'ACME', city: 'Oslo' }, lines: [{ name: 'Gear', qty: 3 }], total: 9 },
};

describe('an Office template of a team document', () => {
  const binding = openBinding(LETTER_DOC);

  it('checks the file’s tags against the document’s variables: maps and loops walked, the rest unknown', () => {
    const tags = officeTemplateTags('docx', new Uint8Array(readFileSync('tests/fixtures/office-lo/letter.docx')));
    const mapped = mapTags(tags, binding.fields);
    const byPath = new Map(mapped.map((m) => [m.path, m]));
    expect(byPath.get('customer.name')).toMatchObject({
      status: 'mapped',
      fields: ['Customer', 'Name'],
      type: 'string',
    });
    expect(byPath.get('lines.qty')).toMatchObject({ status: 'mapped', fields: ['Lines', 'Qty'], type: 'number' });
    expect(byPath.get('total')?.status).toBe('mapped');
    expect(byPath.get('issued')?.status).toBe('unknown');
    // Unknown tags first, so the designer sees what needs fixing.
    expect(mapped[0]?.status).toBe('unknown');
  });

  it('picks the sample instance first; nothing bound picks nothing', () => {
    expect(defaultChoice(binding)).toBe(OPEN_SAMPLE);
    expect(defaultChoice({ kind: 'none', fields: [] })).toBeUndefined();
  });

  it('fills with the document’s sample instance, or empty fields when none is chosen', async () => {
    const storage = {} as Parameters<typeof bindingSource>[0];
    const source = await bindingSource(storage, binding, OPEN_SAMPLE);
    expect(source.kind).toBe('open');
    const input = buildPrintInput(source);
    expect(JSON.stringify(input.scope.customer)).toContain('Oslo');
    expect(input.names.DOC_NAME).toBe('Letters');
    expect(await bindingSource(storage, binding, undefined)).toEqual({ kind: 'data', data: {} });
  });
});
