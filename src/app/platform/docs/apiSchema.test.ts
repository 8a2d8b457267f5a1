import { describe, expect, it } from 'vitest';
import { parseDataSource } from '../../../core/data/dataSource';
import { instanceValues } from '../../../core/data/instanceValues';
import { sampleData } from '../../../core/data/sampleData';
import { curlExamples, instanceBodySchema, plainValues, shellQuote } from './apiSchema';
import { SAMPLE_SOURCES } from './samples';

const invoice = parseDataSource(SAMPLE_SOURCES.invoice);

describe('API docs from a data source', () => {
  it('types every variable, nests shared specs, and names content formats', () => {
    const schema = instanceBodySchema(invoice) as {
      required: string[];
      properties: { data: { properties: Record<string, Record<string, unknown>>; additionalProperties: boolean } };
    };
    expect(schema.required).toEqual(['data']);
    const data = schema.properties.data;
    expect(data.additionalProperties).toBe(false);
    expect(data.properties.invoiceNumber).toEqual({ title: 'Invoice number', type: 'string' });
    expect(data.properties.total).toMatchObject({ type: 'number' });
    expect(data.properties.notes).toMatchObject({ type: 'string', contentMediaType: 'text/markdown' });
    expect(data.properties.customer).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string' }, address: { type: 'string' }, email: { type: 'string' } },
    });
    expect(data.properties.lines).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { quantity: { type: 'number' } } },
    });
    expect(data.properties.invoiceDate?.oneOf).toHaveLength(2);
  });

  it('stops at a spec that refers to itself instead of recursing forever', () => {
    const tree = parseDataSource({
      groups: [{ name: 'g', variables: [{ fieldName: 'root', fieldType: 'map', specId: 'node' }] }],
      dataSpecs: [{ id: 'node', variables: [{ fieldName: 'child', fieldType: 'map', specId: 'node' }] }],
    });
    const text = JSON.stringify(instanceBodySchema(tree));
    expect(text.match(/"child"/g)?.length).toBe(6);
  });

  it('writes sample data as plain JSON that the server accepts as the same values', () => {
    const open = sampleData(invoice, { seed: 7 });
    const plain = plainValues(open);
    expect(typeof plain.invoiceNumber).toBe('string');
    expect(typeof plain.invoiceDate).toBe('string');
    expect(Array.isArray(plain.lines)).toBe(true);
    const back = instanceValues(invoice, plain);
    expect(back.total).toMatchObject({ type: 'number' });
    expect(back.lines?.type).toBe('list');
  });

  it('quotes curl bodies for the shell, whatever the values hold', () => {
    expect(shellQuote("O'Brien; rm -rf /")).toBe(`'O'\\''Brien; rm -rf /'`);
    const curl = curlExamples({
      origin: 'https://quire.example',
      teamId: 'team_1',
      docId: 'doc_1',
      templateId: 'tpl_1',
      body: { data: { name: "O'Brien" } },
    });
    expect(curl.create).toContain(`'https://quire.example/api/teams/team_1/docs/doc_1/instances'`);
    expect(curl.create).toContain(`-d '{"data":{"name":"O'\\''Brien"}}'`);
    expect(curl.create).toContain('"Authorization: Bearer $QUIRE_API_KEY"');
    expect(curl.render).toContain('/instances/<instanceId>/render?templateId=tpl_1');
  });
});
