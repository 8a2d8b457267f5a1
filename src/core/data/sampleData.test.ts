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
    expect(data.body).toMatchObject({ value: expect.stringMatching(/^<p>body: <b>\w+ \w+<\/b><\/p>$/) });
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
