import { describe, expect, it } from 'vitest';
import { isQuireError, type QuireError } from '../errors';
import { assertVariableNames, loadTemplateContent } from './parse';
import { variableNameIssues } from './rules';

const fixtures: Record<string, string> = import.meta.glob('../../../tests/fixtures/*/template.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const leaf = { text: '' };
const variable = (name: string) => ({ type: 'variable', name, children: [leaf] });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children: [leaf, ...children] });

/** A loaded document holding one block per entry, each in its own row. */
function documentWith(blocks: unknown[], page: Record<string, unknown> = {}) {
  const rows = blocks.map((block) => ({ columns: [{ blocks: [block] }] }));
  return loadTemplateContent({ document: { pages: [{ rows, ...page }] } }).document;
}

describe('variable names in stored content (spec 001 §5.1)', () => {
  it.each(Object.keys(fixtures))('%s names only legal variables', (file) => {
    const { document } = loadTemplateContent(fixtures[file]);
    expect([...variableNameIssues(document)].sort(byPath)).toEqual([]);
    expect(() => assertVariableNames(document)).not.toThrow();
  });

  it('reports every place a name is bound, each with its path', () => {
    const document = documentWith(
      [
        { type: 'richText', content: [paragraph(variable('ok'), variable('1abc'), variable('#'))] },
        {
          type: 'richText',
          content: [
            paragraph({
              type: 'loop',
              rootPath: 'a-b',
              itemContent: [paragraph({ type: 'loopItemInline', name: 'x!', children: [leaf] })],
              filter: { type: 'every', filters: [{ fieldName: '9lives', operator: 'is_empty' }] },
              children: [leaf],
            }),
            paragraph({ type: 'inline-image', name: 'photo-1', children: [leaf] }),
          ],
        },
        {
          type: 'table',
          table: {
            columns: [{ width: 1 }],
            rows: [{ cells: [{ content: [paragraph(variable('#'), variable('Unit\\.price'))] }] }],
            dynamicRows: {
              rootPath: 'lines-x',
              filter: { type: 'some', filters: [{ fieldName: 'qty', operator: 'gt' }] },
            },
          },
        },
        { type: 'image', image: { mode: 'attachment', fieldName: '1 bad-name!' } },
        { type: 'qrcode', qrcode: { value: { type: 'custom', value: 'https://x/{a-b}' } } },
        { type: 'qrcode', qrcode: { value: { type: 'fieldValue', fieldType: 'id', field: 'fld-1' } } },
        { type: 'barcode', barcode: { valueType: 'field', fieldName: 'Badge-code' } },
      ],
      { autoPageRootPath: 'items.0x' },
    );
    const at = (row: number) => `pages[0].rows[${row}].columns[0].blocks[0]`;
    expect([...variableNameIssues(document)].sort(byPath)).toEqual(
      [
        { path: `${at(0)}.content[0].children[2].name`, reason: "invalid variable name '1abc'" },
        { path: `${at(1)}.content[0].children[1].rootPath`, reason: "invalid variable name 'a-b'" },
        {
          path: `${at(1)}.content[0].children[1].filter.filters[0].fieldName`,
          reason: "invalid variable name '9lives'",
        },
        {
          path: `${at(1)}.content[0].children[1].itemContent[0].children[1].name`,
          reason: "invalid variable name 'x!'",
        },
        { path: `${at(1)}.content[1].children[1].name`, reason: "invalid variable name 'photo-1'" },
        { path: `${at(2)}.table.dynamicRows.rootPath`, reason: "invalid variable name 'lines-x'" },
        { path: `${at(3)}.image.fieldName`, reason: "invalid variable name '1 bad-name!'" },
        { path: `${at(4)}.qrcode.value.value`, reason: "invalid variable name 'a-b' at offset 10" },
        { path: `${at(6)}.barcode.fieldName`, reason: "invalid variable name 'Badge-code'" },
      ]
        .concat([{ path: 'pages[0].autoPageRootPath', reason: "invalid variable name 'items.0x'" }])
        .sort(byPath),
    );
  });

  it('throws the catalogued InvalidVariableName; loading itself stays lenient', () => {
    const document = documentWith([{ type: 'richText', content: [paragraph(variable('a-b'))] }]);
    let error: QuireError | undefined;
    try {
      assertVariableNames(document);
    } catch (caught) {
      if (isQuireError(caught)) error = caught;
    }
    expect(error?.errorName).toBe('InvalidVariableName');
    expect(error?.code).toBe('INVALID_VARIABLE_NAME');
    expect(error?.message).toContain('invalid variable name');
    expect(error?.issues).toEqual([
      {
        path: 'pages[0].rows[0].columns[0].blocks[0].content[0].children[1].name',
        reason: "invalid variable name 'a-b'",
      },
    ]);
  });
});

const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
