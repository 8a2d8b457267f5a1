import { describe, expect, it } from 'vitest';
import { parseDataSource } from './dataSource';
import type { OpenValue } from './openValue';
import { SAMPLE_IMAGE_URL, SAMPLE_MAX_LIST_ITEMS, sampleData, valueDepth } from './sampleData';

// A self-referencing spec: only the depth limit stops it.
const source = parseDataSource({
  groups: [
    {
      name: 'Doc',
      variables: [
        { fieldName: 'title', label: 'Title', fieldType: 'string' },
        { fieldName: 'body', fieldType: 'string', stringContentFormat: 'html' },
        { fieldName: 'notes', fieldType: 'string', stringContentFormat: 'markdown' },
        { fieldName: 'total', fieldType: 'number' },
        { fieldName: 'paid', fieldType: 'bool' },
        { fieldName: 'scores', fieldType: 'numberList' },
        { fieldName: 'due', fieldType: 'datetime' },
        { fieldName: 'contract', fieldType: 'attachment' },
        { fieldName: 'files', fieldType: 'attachments' },
        { fieldName: 'logo', fieldType: 'inline-image' },
        { fieldName: 'photos', fieldType: 'inline-images' },
        { fieldName: 'tree', fieldType: 'list', specId: 'node' },
        { fieldName: 'owner', fieldType: 'map', specId: 'node' },
      ],
    },
  ],
  dataSpecs: [
    {
      id: 'node',
      variables: [
        { fieldName: 'name', fieldType: 'string' },
        { fieldName: 'children', fieldType: 'list', specId: 'node' },
        { fieldName: 'parent', fieldType: 'map', specId: 'node' },
      ],
    },
  ],
});

function maxListLength(value: OpenValue | null): number {
  if (!value) return 0;
  if (value.type === 'list') return Math.max(value.items.length, ...value.items.map(maxListLength));
  if (value.type === 'map') return Math.max(0, ...Object.values(value.fields).map(maxListLength));
  return 0;
}

describe('sampleData', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(sampleData(source, { seed: 7 })).toEqual(sampleData(source, { seed: 7 }));
    expect(sampleData(source, { seed: 7 })).not.toEqual(sampleData(source, { seed: 8 }));
  });

  it('gives every variable a value of its kind', () => {
    const data = sampleData(source, { seed: 3 });
    expect(Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.type]))).toEqual({
      title: 'string',
      body: 'string',
      notes: 'string',
      total: 'number',
      paid: 'bool',
      scores: 'numberList',
      due: 'datetime',
      contract: 'attachments',
      files: 'attachments',
      logo: 'attachments',
      photos: 'attachments',
      tree: 'list',
      owner: 'map',
    });
    expect(data.body).toMatchObject({ value: expect.stringMatching(/^<p>[^<]+ <b>[^<]+<\/b><\/p>$/) });
    expect(data.notes).toMatchObject({ value: expect.stringContaining('**') });
    expect(data.logo).toMatchObject({ attachments: [{ url: SAMPLE_IMAGE_URL, mime: 'image/png' }] });
    expect(data.contract).toMatchObject({ attachments: [{ mime: 'application/pdf' }] });
  });

  it.each([
    ['generate', 4],
    ['preview', 3],
  ] as const)('nests at most %s → %i levels', (purpose, depth) => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const data = sampleData(source, { seed, purpose });
      const deepest = Math.max(...Object.values(data).map(valueDepth));
      expect(deepest).toBe(depth);
    }
  });

  it('puts 1 to 10 items in a list', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const data = sampleData(source, { seed });
      const length = maxListLength(data.tree!);
      expect(length).toBeGreaterThanOrEqual(1);
      expect(length).toBeLessThanOrEqual(SAMPLE_MAX_LIST_ITEMS);
    }
  });

  it('does not depend on the clock', () => {
    const data = sampleData(source, { seed: 1 });
    expect(data.due).toMatchObject({ type: 'datetime' });
    const ts = (data.due as { timestamp: number }).timestamp;
    expect(ts).toBeGreaterThanOrEqual(Date.UTC(2024, 0, 1));
    expect(ts).toBeLessThan(Date.UTC(2025, 0, 2));
  });
});

// The create screen's invoice sample (app/platform/docs/samples.ts), as a user starts from it.
const invoice = parseDataSource({
  groups: [
    {
      name: 'Invoice',
      variables: [
        { fieldName: 'invoiceNumber', label: 'Invoice number', fieldType: 'string' },
        { fieldName: 'invoiceDate', label: 'Invoice date', fieldType: 'datetime' },
        { fieldName: 'customer', label: 'Customer', fieldType: 'map', specId: 'party' },
        { fieldName: 'lines', label: 'Lines', fieldType: 'list', specId: 'line' },
        { fieldName: 'total', label: 'Total', fieldType: 'number' },
        { fieldName: 'notes', label: 'Notes', fieldType: 'string', stringContentFormat: 'markdown' },
      ],
    },
  ],
  dataSpecs: [
    {
      id: 'party',
      variables: [
        { fieldName: 'name', label: 'Name', fieldType: 'string' },
        { fieldName: 'address', label: 'Address', fieldType: 'string' },
        { fieldName: 'email', label: 'Email', fieldType: 'string' },
      ],
    },
    {
      id: 'line',
      variables: [
        { fieldName: 'description', label: 'Description', fieldType: 'string' },
        { fieldName: 'quantity', label: 'Quantity', fieldType: 'number' },
        { fieldName: 'unitPrice', label: 'Unit price', fieldType: 'number' },
      ],
    },
  ],
});

const text = (value: OpenValue | null | undefined) => (value?.type === 'string' ? value.value : undefined);
const number = (value: OpenValue | null | undefined) => (value?.type === 'number' ? value.numberValue : undefined);

describe('sample data that looks like a real record (issue 29 item 12)', () => {
  it.each([1, 2, 3, 7, 42])('an invoice whose fields hold what their names say (seed %i)', (seed) => {
    const data = sampleData(invoice, { seed });
    expect(text(data.invoiceNumber)).toMatch(/^INV-\d{4}-\d{4}$/);
    const customer = data.customer?.type === 'map' ? data.customer.fields : {};
    expect(text(customer.name)).toMatch(/^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+$/u);
    expect(text(customer.email)).toMatch(/^[a-z]+\.[a-z]+@example\.com$/);
    expect(text(customer.address)).toMatch(/^\d+ .+, .+$/);
    expect(text(data.notes)).not.toContain('Notes');
    const lines = data.lines?.type === 'list' ? data.lines.items : [];
    let sum = 0;
    for (const line of lines) {
      const fields = line.type === 'map' ? line.fields : {};
      const quantity = number(fields.quantity)!;
      const price = number(fields.unitPrice)!;
      expect(Number.isInteger(quantity) && quantity >= 1 && quantity <= 20, `quantity ${quantity}`).toBe(true);
      expect(Math.round(price * 100) / 100).toBe(price);
      expect(text(fields.description)).not.toMatch(/^Description /);
      sum += quantity * price;
    }
    // The total is the lines' sum, to the cent.
    expect(number(data.total)).toBeCloseTo(sum, 2);
  });
});
