import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA_VERSION,
  createBlock,
  createDocument,
  createPage,
  createPageSetting,
  createRow,
  createTable,
  createTemplateContent,
  DEFAULT_BARCODE_CONFIG,
  PAGE_SIZES,
  pageDimensions,
  UNDO_LIMIT,
} from './defaults';
import { loadTemplateContent, parseBlock, parseTemplateContent } from './parse';
import { PrintTemplateSchema, RichTextNodeSchema, TableSchema } from './schema';
import { type BlockType, EditorMode, TemplateCategory } from './types';

const ALL_BLOCK_TYPES: BlockType[] = [
  'richText',
  'editItem',
  'row',
  'table',
  'qrcode',
  'image',
  'horizontalRule',
  'staticImage',
  'floatContainer',
  'article',
  'barcode',
];

/** Minimal content with one block, relying on every default. */
function withBlock(block: Record<string, unknown>) {
  return parseTemplateContent({
    document: { pages: [{ id: 'p', rows: [{ id: 'r', columns: [{ id: 'c', blocks: [{ id: 'b', ...block }] }] }] }] },
  });
}

function onlyBlock(block: Record<string, unknown>) {
  return withBlock(block).document.pages[0]!.rows[0]!.columns[0]!.blocks[0]!;
}

describe('schema defaults (spec 001 §3.4–3.5, §9.1)', () => {
  it('fills the page setting: A4 210×297, vertical, paddings 17.3 / 13.5', () => {
    const { pageSetting } = parseTemplateContent({ document: { pages: [{ id: 'p' }] } });
    expect(pageSetting).toEqual({
      sizeType: 'A4',
      width: 210,
      height: 297,
      direction: 'vertical',
      paddingTop: 17.3,
      paddingBottom: 17.3,
      paddingLeft: 13.5,
      paddingRight: 13.5,
    });
  });

  it('fills settings: fontSize 9, defaultMarginBottom "0", line height 1.5, Asia/Shanghai, PDF page numbers off/centre/top', () => {
    const { settings } = parseTemplateContent({ document: { pages: [{ id: 'p' }] } });
    expect(settings).toEqual({
      lang: 'en-US',
      fontSize: 9,
      defaultMarginBottom: '0',
      defaultLineHeight: 1.5,
      timeZone: 'Asia/Shanghai',
      pdf: { showPageNumber: false, pageNumberAlign: 'center', pageNumberPosition: 'top' },
      exportFileType: 'ALL',
    });
  });

  it('keeps the tag-mode page setting null unless given, and defaults it when given partially', () => {
    expect(parseTemplateContent({ document: { pages: [{ id: 'p' }] } }).tagModePageSetting).toBeNull();
    const parsed = parseTemplateContent({ document: { pages: [{ id: 'p' }] }, tagModePageSetting: { sizeType: 'A3' } });
    expect(parsed.tagModePageSetting).toMatchObject({ sizeType: 'A3', paddingTop: 17.3 });
  });

  it('gives the document empty sections and signature list, a page no rows, a column width 100', () => {
    const { document } = parseTemplateContent({
      document: { pages: [{ id: 'p', rows: [{ id: 'r', columns: [{ id: 'c' }] }] }] },
    });
    expect(document.sections).toEqual([]);
    expect(document.signatureList).toEqual([]);
    expect(document.pages[0]!.rows[0]!.columns[0]).toEqual({ id: 'c', width: 100, blocks: [] });
  });

  it('gives every block zero margins, width 100 and an empty style', () => {
    expect(onlyBlock({ type: 'horizontalRule' })).toEqual({
      id: 'b',
      type: 'horizontalRule',
      margins: { top: 0, right: 0, bottom: 0, left: 0 },
      width: 100,
      style: {},
      rule: { width: 1, color: '#000000', style: 'solid' },
    });
  });

  it('QR code: size 100, centred, custom value', () => {
    expect(onlyBlock({ type: 'qrcode' })).toMatchObject({
      qrcode: { size: 100, align: 'center', value: { type: 'custom', value: '' } },
    });
  });

  it('bar code: width 2, height 30, centred, CODE128, font 9, white background, black lines, custom value', () => {
    const block = onlyBlock({ type: 'barcode' });
    expect(block).toMatchObject({
      barcode: {
        width: 2,
        height: 30,
        align: 'center',
        format: 'CODE128',
        fontSize: 9,
        background: '#FFFFFF',
        lineColor: '#000000',
        valueType: 'custom',
        value: '',
      },
    });
    expect(block.type === 'barcode' && block.barcode).toEqual(DEFAULT_BARCODE_CONFIG);
  });

  it('float container: width 180 at (0, 0)', () => {
    expect(onlyBlock({ type: 'floatContainer' })).toMatchObject({ float: { x: 0, y: 0, width: 180 } });
  });

  it('image in attachment mode: not hidden, no empty content, fit width', () => {
    expect(onlyBlock({ type: 'image', image: { mode: 'attachment', fieldName: 'photos' } })).toMatchObject({
      image: {
        mode: 'attachment',
        fieldName: 'photos',
        hideWhenEmpty: false,
        emptyContent: '',
        imageDisplayMode: 'fitWidth',
      },
    });
  });

  it('static image: centred, empty url', () => {
    expect(onlyBlock({ type: 'staticImage', image: { mode: 'static' } })).toMatchObject({
      image: { mode: 'static', url: '', align: 'center' },
    });
  });

  it('edit item: label width 30, empty label, Slate-minimal content', () => {
    expect(onlyBlock({ type: 'editItem' })).toMatchObject({
      label: '',
      labelWidth: 30,
      content: [{ type: 'paragraph', children: [{ text: '' }] }],
    });
  });

  it('empty or missing rich text becomes one empty paragraph', () => {
    expect(onlyBlock({ type: 'richText', content: [] })).toMatchObject({
      content: [{ type: 'paragraph', children: [{ text: '' }] }],
    });
    expect(onlyBlock({ type: 'article' })).toMatchObject({
      content: [{ type: 'paragraph', children: [{ text: '' }] }],
    });
  });

  it('table: no header/footer rows, repeated header, 1 pt black border, no merges; cell top-aligned with empty content', () => {
    const table = TableSchema.parse({ columns: [{ id: 'a', width: 1 }], rows: [{ id: 'r', cells: [{ id: 'x' }] }] });
    expect(table).toEqual({
      headerRowCount: 0,
      footerRowCount: 0,
      repeatHeader: true,
      border: { width: 1, color: '#000000', style: 'solid' },
      columns: [{ id: 'a', width: 1 }],
      rows: [
        {
          id: 'r',
          cells: [
            { id: 'x', verticalAlign: 'top', borders: {}, content: [{ type: 'paragraph', children: [{ text: '' }] }] },
          ],
        },
      ],
      merges: [],
    });
  });

  it('filters default to every with no entries', () => {
    const table = TableSchema.parse({
      columns: [{ id: 'a', width: 1 }],
      rows: [{ id: 'r', cells: [{ id: 'x' }] }],
      dynamicRows: { rootPath: 'lines', filter: {} },
    });
    expect(table.dynamicRows).toEqual({ rootPath: 'lines', filter: { type: 'every', filters: [] } });
  });

  it('variables, loops and computed values get their defaults and an empty void child', () => {
    expect(RichTextNodeSchema.parse({ type: 'variable', name: 'customer.name' })).toEqual({
      type: 'variable',
      name: 'customer.name',
      children: [{ text: '' }],
    });
    expect(RichTextNodeSchema.parse({ type: 'loop', rootPath: 'lines', itemContent: [] })).toEqual({
      type: 'loop',
      rootPath: 'lines',
      mode: 'paragraph',
      listType: 'ul',
      inlineJoiner: ', ',
      hideWhenEmpty: false,
      customEmptyContent: '',
      itemContent: [],
      children: [{ text: '' }],
    });
    expect(RichTextNodeSchema.parse({ type: 'computeVariable', name: 'lines.amount' })).toEqual({
      type: 'computeVariable',
      name: 'lines.amount',
      cmd: 'sum',
      range: 'all',
      format: { thousandSeparator: false, fixedDecimalScale: false, decimalScale: 2, prefix: '', suffix: '' },
      children: [{ text: '' }],
    });
    expect(RichTextNodeSchema.parse({ type: 'variable', name: 'x', filters: [{ name: 'upper' }] })).toMatchObject({
      filters: [{ name: 'upper', args: [] }],
    });
    expect(RichTextNodeSchema.parse({ type: 'attachment', fieldName: 'files' })).toMatchObject({
      renderConfig: { mode: 'files' },
    });
  });

  it('keeps marks on text leaves and strips unknown keys', () => {
    expect(
      RichTextNodeSchema.parse({
        text: 'Hi',
        bold: true,
        color: '#f00',
        fontSize: 12,
        junk: 1,
        backgroundColor: '#ff0',
      }),
    ).toEqual({ text: 'Hi', bold: true, color: '#f00', fontSize: 12, backgroundColor: '#ff0' });
  });

  it('print template entity: category 1 (record view) and Docs mode by default', () => {
    expect(PrintTemplateSchema.parse({ id: 't', name: 'Invoice', content: '{}' })).toMatchObject({
      category: TemplateCategory.RecordView,
      type: EditorMode.Docs,
    });
  });
});

describe('constants', () => {
  it('page sizes in millimetres', () => {
    expect(PAGE_SIZES).toEqual({
      A3: { width: 297, height: 420 },
      A4: { width: 210, height: 297 },
      A5: { width: 148, height: 210 },
      A6: { width: 105, height: 148 },
      Letter: { width: 215.9, height: 279.4 },
    });
  });

  it('editor modes from unknown 0 to AttachmentTemplate 8; categories 1 and 2; undo limit 100', () => {
    expect(EditorMode.Unknown).toBe(0);
    expect(Object.values(EditorMode)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(TemplateCategory).toEqual({ RecordView: 1, BoardView: 2 });
    expect(UNDO_LIMIT).toBe(100);
  });

  it('horizontal pages swap width and height', () => {
    expect(pageDimensions({ width: 210, height: 297, direction: 'horizontal' })).toEqual({ width: 297, height: 210 });
    expect(pageDimensions(createPageSetting('Letter'))).toEqual({ width: 215.9, height: 279.4 });
  });
});

describe('factories', () => {
  it('a new table is 2 rows × 3 columns of width 30', () => {
    const table = createTable();
    expect(table.rows).toHaveLength(2);
    expect(table.columns.map((c) => c.width)).toEqual([30, 30, 30]);
    expect(table.rows.every((row) => row.cells.length === 3)).toBe(true);
  });

  it.each(ALL_BLOCK_TYPES)('createBlock(%s) is schema-valid and survives a parse unchanged', (type) => {
    const block = createBlock(type);
    expect(block.type).toBe(type);
    expect(parseBlock(block)).toEqual(block);
  });

  it('createBlock applies overrides and gives fresh ids', () => {
    const a = createBlock('qrcode', { width: 50 });
    const b = createBlock('qrcode');
    expect(a.width).toBe(50);
    expect(a.id).not.toBe(b.id);
  });

  it('new content is current-version and round-trips through parsing', () => {
    const content = createTemplateContent(createDocument([createPage([createRow([createBlock('table')])])]));
    expect(content.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(loadTemplateContent(JSON.stringify(content))).toEqual(content);
  });
});

describe('Slate shape', () => {
  it('an element with no children gets one empty leaf, as Slate requires', () => {
    expect(RichTextNodeSchema.parse({ type: 'paragraph', children: [] })).toEqual({
      type: 'paragraph',
      children: [{ text: '' }],
    });
    expect(RichTextNodeSchema.parse({ type: 'bulleted-list', children: [] })).toEqual({
      type: 'bulleted-list',
      children: [{ text: '' }],
    });
  });
});
