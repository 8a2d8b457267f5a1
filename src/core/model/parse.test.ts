import { describe, expect, it } from 'vitest';
import { isQuireError, type QuireError } from '../errors';
import {
  checkJsonShape,
  loadTemplateContent,
  parseBlock,
  parseDocument,
  parsePrintTemplate,
  parseTemplateContent,
  safeParseTemplateContent,
  serializeTemplateContent,
  validateDocument,
} from './parse';

// Vite globs instead of node:fs: src/core stays free of Node imports, tests included.
const invalidFiles: Record<string, string> = import.meta.glob('./__fixtures__/invalid/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const sharedTemplates: Record<string, string> = import.meta.glob('../../../tests/fixtures/*/template.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const sharedData: Record<string, string> = import.meta.glob('../../../tests/fixtures/*/data.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const fixtureName = (path: string) => path.split('/').at(-2)!;
const sharedTemplate = (name: string) =>
  Object.entries(sharedTemplates).find(([path]) => fixtureName(path) === name)![1];

function parseFailure(input: unknown): QuireError {
  const result = safeParseTemplateContent(input);
  if (result.ok) throw new Error('expected a parse failure');
  expect(isQuireError(result.error, 'TemplateParseError')).toBe(true);
  expect(result.error.code).toBe(100001);
  return result.error;
}

describe('parseTemplateContent', () => {
  it('accepts JSON text or an already parsed value and returns the four parts', () => {
    const value = { schemaVersion: 1, document: { pages: [{ id: 'p' }] } };
    const fromText = parseTemplateContent(JSON.stringify(value));
    expect(fromText).toEqual(parseTemplateContent(value));
    expect(Object.keys(fromText).sort()).toEqual(['document', 'pageSetting', 'settings', 'tagModePageSetting']);
  });

  it('reports text that is not JSON at the root', () => {
    const error = parseFailure('{"document": ');
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]!.path).toBe('');
    expect(error.issues[0]!.reason).toMatch(/not valid JSON/);
    expect(error.label).toBe('E100001 TemplateParseError');
  });

  it.each([['null'], ['[]'], ['42'], ['"text"'], ['true']])('rejects %s as content', (text) => {
    expect(parseFailure(text).issues[0]!.reason).toMatch(/JSON object/);
  });

  it('rejects a newer or malformed schemaVersion', () => {
    expect(parseFailure({ schemaVersion: 2, document: { pages: [{ id: 'p' }] } }).issues[0]).toMatchObject({
      path: 'schemaVersion',
      reason: expect.stringMatching(/newer/),
    });
    expect(parseFailure({ schemaVersion: '1' }).issues[0]!.path).toBe('schemaVersion');
    expect(parseFailure({ schemaVersion: -1 }).issues[0]!.path).toBe('schemaVersion');
  });

  it('names document paths from pages and other parts by their key', () => {
    const error = parseFailure({
      schemaVersion: 1,
      document: {
        pages: [
          {
            id: 'p',
            rows: [{ id: 'r', columns: [{ id: 'c', blocks: [{ id: 'b', type: 'qrcode', qrcode: { size: 'big' } }] }] }],
          },
        ],
      },
      pageSetting: { width: -1 },
      settings: { timeZone: '' },
    });
    expect(error.issues.map((issue) => issue.path)).toEqual([
      'pages[0].rows[0].columns[0].blocks[0].qrcode.size',
      'pageSetting.width',
      'settings.timeZone',
    ]);
  });

  it('reports every failing path of the frozen invalid fixtures', () => {
    const names = Object.keys(invalidFiles).filter((f) => !f.endsWith('.paths.json'));
    expect(names.length).toBeGreaterThanOrEqual(8);
    for (const name of names) {
      const expected = JSON.parse(invalidFiles[name.replace('.json', '.paths.json')]!);
      const error = parseFailure(invalidFiles[name]);
      expect(
        error.issues.map((issue) => issue.path),
        name,
      ).toEqual(expected);
      for (const issue of error.issues) expect(issue.reason.length, name).toBeGreaterThan(0);
    }
  });

  it('reports a merge past the table edge with the catalogue-style path', () => {
    const error = parseFailure({
      schemaVersion: 1,
      document: {
        pages: [
          {
            id: 'p',
            rows: [
              {
                id: 'r',
                columns: [
                  {
                    id: 'c',
                    blocks: [
                      {
                        id: 't',
                        type: 'table',
                        table: {
                          columns: [
                            { id: 'a', width: 1 },
                            { id: 'b', width: 1 },
                          ],
                          rows: [{ id: 'x', cells: [{ id: '1' }, { id: '2' }] }],
                          merges: [{ rowIndex: 0, colIndex: 0, rowSpan: 2, colSpan: 1 }],
                        },
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    });
    expect(error.issues).toEqual([
      {
        path: 'pages[0].rows[0].columns[0].blocks[0].table.merges[0]',
        reason: expect.stringMatching(/rowSpan out of range/),
      },
    ]);
  });

  it('caps the number of reported issues', () => {
    const pages = Array.from({ length: 500 }, () => ({ id: 5 }));
    const error = parseFailure({ schemaVersion: 1, document: { pages } });
    expect(error.issues.length).toBe(101);
    expect(error.issues[100]!.reason).toMatch(/400 more issues/);
  });

  it('serialises with the current schemaVersion and loads back to the same content', () => {
    const parsed = parseTemplateContent(sharedTemplate('contract'));
    const text = serializeTemplateContent(parsed);
    expect(JSON.parse(text).schemaVersion).toBe(1);
    expect(parseTemplateContent(text)).toEqual(parsed);
  });
});

describe('shared fixtures (tests/fixtures)', () => {
  const names = Object.keys(sharedTemplates).map(fixtureName);

  it('has the four realistic templates', () => {
    expect(names).toEqual(expect.arrayContaining(['invoice', 'packing-slip', 'approval-form', 'contract']));
  });

  it.each(names)(
    '%s: template is valid current content, stored with its defaults filled, data is an object',
    (name) => {
      const text = sharedTemplate(name);
      const loaded = loadTemplateContent(text);
      expect(loaded).toEqual(JSON.parse(text));
      const dataPath = Object.keys(sharedData).find((path) => fixtureName(path) === name)!;
      const data = JSON.parse(sharedData[dataPath]!);
      expect(typeof data).toBe('object');
      expect(Array.isArray(data)).toBe(false);
    },
  );
});

describe('validateDocument / parseDocument / parseBlock', () => {
  it('validateDocument lists issues from pages without throwing', () => {
    expect(validateDocument({ pages: [{ id: 'p' }] })).toEqual([]);
    expect(validateDocument({ pages: [{ id: '' }] })).toEqual([
      { path: 'pages[0].id', reason: 'id must not be empty' },
    ]);
    expect(validateDocument(null)[0]!.path).toBe('');
  });

  it('parseDocument fills defaults and throws TemplateParseError', () => {
    expect(parseDocument({ pages: [{ id: 'p' }] }).pages[0]).toEqual({ id: 'p', rows: [] });
    expect(() => parseDocument({ pages: 'no' })).toThrowError(
      expect.objectContaining({ errorName: 'TemplateParseError' }),
    );
  });

  it('parseBlock prefixes paths', () => {
    try {
      parseBlock({ id: 'b', type: 'barcode', barcode: { format: 'QR' } }, 'pages[0].rows[0].columns[0].blocks[3]');
      expect.unreachable();
    } catch (error) {
      expect((error as QuireError).issues[0]!.path).toBe('pages[0].rows[0].columns[0].blocks[3].barcode.format');
    }
  });
});

describe('checkJsonShape', () => {
  it('finds nesting past the limit without recursion', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(checkJsonShape(deep)?.reason).toMatch(/nested deeper/);
    expect(checkJsonShape({ a: [{ b: 1 }] })).toBeUndefined();
  });
});

describe('parsePrintTemplate', () => {
  it('validates the entity and parses its content', () => {
    const { template, content } = parsePrintTemplate({
      id: 'tpl-1',
      name: 'Invoice',
      tableId: 'tbl',
      content: JSON.stringify({ document: { pages: [{ id: 'p' }] } }),
      type: 1,
    });
    expect(template).toMatchObject({ id: 'tpl-1', category: 1, type: 1 });
    expect(content.document.pages[0]!.id).toBe('p');
  });

  it('reports entity fields by name and content problems under content', () => {
    expect(() => parsePrintTemplate({ id: 'x', content: '{}', type: 42 })).toThrowError(
      expect.objectContaining({
        issues: [expect.objectContaining({ path: 'name' }), expect.objectContaining({ path: 'type' })],
      }),
    );
    expect(() => parsePrintTemplate({ id: 'x', name: 'n', content: '{"document":{"pages":[]}}' })).toThrowError(
      expect.objectContaining({ issues: [expect.objectContaining({ path: 'content.pages' })] }),
    );
  });
});
