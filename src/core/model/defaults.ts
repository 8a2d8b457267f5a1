/**
 * Spec defaults (001 §3.4–3.5, §9.1; 000 §3, §9) and factories for new model objects.
 * Factories return fully-defaulted, schema-valid objects with fresh ids.
 */
import { createId } from './ids';
import type {
  BarcodeConfig,
  Block,
  BlockBase,
  BlockOfType,
  BlockType,
  BorderSide,
  Column,
  NumberFormat,
  Page,
  PageSetting,
  PageSizeType,
  ParagraphElement,
  PdfSettings,
  QrConfig,
  RichText,
  Row,
  Settings,
  Table,
  TableCell,
  TableColumn,
  TableRow,
  TemplateContent,
  TemplateDocument,
  TextLeaf,
} from './types';

/** The schema version this code writes. Older content is migrated up to it. */
export const CURRENT_SCHEMA_VERSION = 1;

/** Portrait sizes in millimetres. */
export const PAGE_SIZES: Record<Exclude<PageSizeType, 'Custom'>, { width: number; height: number }> = {
  A3: { width: 297, height: 420 },
  A4: { width: 210, height: 297 },
  A5: { width: 148, height: 210 },
  A6: { width: 105, height: 148 },
  Letter: { width: 215.9, height: 279.4 },
};

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
export const DEFAULT_LANG = 'en-US';
export const UNDO_LIMIT = 100;
export const DEFAULT_COLUMN_WIDTH = 100;
export const DEFAULT_QR_SIZE = 100;
export const DEFAULT_FLOAT_WIDTH = 180;
export const NEW_TABLE_ROWS = 2;
export const NEW_TABLE_COLUMNS = 3;
export const NEW_TABLE_COLUMN_WIDTH = 30;
export const FONT_SIZE_OPTIONS = [0, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 24, 32, 36, 48, 72] as const;

export const DEFAULT_PAGE_SETTING: Readonly<PageSetting> = Object.freeze({
  sizeType: 'A4',
  width: 210,
  height: 297,
  direction: 'vertical',
  paddingTop: 17.3,
  paddingBottom: 17.3,
  paddingLeft: 13.5,
  paddingRight: 13.5,
});

export const DEFAULT_PDF_SETTINGS: Readonly<PdfSettings> = Object.freeze({
  showPageNumber: false,
  pageNumberAlign: 'center',
  pageNumberPosition: 'top',
});

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  lang: DEFAULT_LANG,
  fontSize: 9,
  defaultMarginBottom: '0',
  defaultLineHeight: 1.5,
  timeZone: DEFAULT_TIME_ZONE,
  pdf: DEFAULT_PDF_SETTINGS,
  exportFileType: 'ALL',
});

export const DEFAULT_BORDER: Readonly<BorderSide> = Object.freeze({ width: 1, color: '#000000', style: 'solid' });

export const DEFAULT_QR_CONFIG: Readonly<QrConfig> = Object.freeze({
  size: DEFAULT_QR_SIZE,
  align: 'center',
  value: Object.freeze({ type: 'custom', value: '' }),
});

export const DEFAULT_BARCODE_CONFIG: Readonly<BarcodeConfig> = Object.freeze({
  width: 2,
  height: 30,
  align: 'center',
  format: 'CODE128',
  fontSize: 9,
  displayValue: true,
  background: '#FFFFFF',
  lineColor: '#000000',
  valueType: 'custom',
  value: '',
});

export const DEFAULT_NUMBER_FORMAT: Readonly<NumberFormat> = Object.freeze({
  thousandSeparator: false,
  fixedDecimalScale: false,
  decimalScale: 2,
  prefix: '',
  suffix: '',
});

/** A page size's width × height for a direction (horizontal swaps them). */
export function pageDimensions(setting: Pick<PageSetting, 'width' | 'height' | 'direction'>): {
  width: number;
  height: number;
} {
  return setting.direction === 'horizontal'
    ? { width: setting.height, height: setting.width }
    : { width: setting.width, height: setting.height };
}

/** Plain deep copy for JSON data (the model holds nothing else). */
export function cloneJson<T>(value: T): T {
  return structuredCloneJson(value) as T;
}

function structuredCloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneJson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) if (inner !== undefined) out[key] = structuredCloneJson(inner);
    return out;
  }
  return value;
}

// ───────────────────────────── factories ─────────────────────────────

export function createText(text = '', marks: Omit<TextLeaf, 'text'> = {}): TextLeaf {
  return { ...marks, text };
}

export function createParagraph(text = ''): ParagraphElement {
  return { type: 'paragraph', children: [createText(text)] };
}

/** Empty rich text as Slate needs it: one paragraph with one empty leaf. */
export function createEmptyRichText(): RichText {
  return [createParagraph()];
}

export function createPageSetting(sizeType: PageSizeType = 'A4'): PageSetting {
  const size = sizeType === 'Custom' ? PAGE_SIZES.A4 : PAGE_SIZES[sizeType];
  return { ...DEFAULT_PAGE_SETTING, sizeType, ...size };
}

export function createSettings(): Settings {
  return cloneJson(DEFAULT_SETTINGS) as Settings;
}

function blockBase(): BlockBase {
  return { id: createId('block'), margins: { top: 0, right: 0, bottom: 0, left: 0 }, width: 100, style: {} };
}

export function createTableCell(text = ''): TableCell {
  return { id: createId('cell'), verticalAlign: 'top', borders: {}, content: [createParagraph(text)] };
}

export function createTableRow(columnCount: number): TableRow {
  return { id: createId('trow'), cells: Array.from({ length: columnCount }, () => createTableCell()) };
}

export function createTableColumn(width = NEW_TABLE_COLUMN_WIDTH): TableColumn {
  return { id: createId('tcol'), width };
}

export function createTable(rowCount = NEW_TABLE_ROWS, columnCount = NEW_TABLE_COLUMNS): Table {
  return {
    headerRowCount: 0,
    footerRowCount: 0,
    repeatHeader: true,
    border: { ...DEFAULT_BORDER },
    columns: Array.from({ length: columnCount }, () => createTableColumn()),
    rows: Array.from({ length: rowCount }, () => createTableRow(columnCount)),
    merges: [],
  };
}

export function createColumn(blocks: Block[] = [], width = DEFAULT_COLUMN_WIDTH): Column {
  return { id: createId('col'), width, blocks };
}

/** A row with one full-width column holding `blocks`. */
export function createRow(blocks: Block[] = []): Row {
  return { id: createId('row'), columns: [createColumn(blocks)] };
}

export function createPage(rows: Row[] = []): Page {
  return { id: createId('page'), rows };
}

export function createDocument(pages: Page[] = [createPage()]): TemplateDocument {
  return { pages, sections: [], signatureList: [] };
}

export function createTemplateContent(document: TemplateDocument = createDocument()): TemplateContent {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    document,
    pageSetting: createPageSetting(),
    settings: createSettings(),
    tagModePageSetting: null,
  };
}

type BlockConfig<T extends BlockType> = Omit<BlockOfType<T>, keyof BlockBase | 'type'>;

const BLOCK_CONFIG_FACTORIES: { [T in BlockType]: () => BlockConfig<T> } = {
  richText: () => ({ content: createEmptyRichText() }),
  editItem: () => ({ label: '', labelWidth: 30, content: createEmptyRichText() }),
  row: () => ({ columns: [createColumn([], 50), createColumn([], 50)] }),
  table: () => ({ table: createTable() }),
  qrcode: () => ({ qrcode: cloneJson(DEFAULT_QR_CONFIG) as QrConfig }),
  image: () => ({
    image: { mode: 'attachment', fieldName: '', hideWhenEmpty: false, emptyContent: '', imageDisplayMode: 'fitWidth' },
  }),
  horizontalRule: () => ({ rule: { ...DEFAULT_BORDER } }),
  staticImage: () => ({ image: { mode: 'static', url: '', align: 'center' } }),
  floatContainer: () => ({ float: { x: 0, y: 0, width: DEFAULT_FLOAT_WIDTH }, content: createEmptyRichText() }),
  article: () => ({ content: createEmptyRichText() }),
  barcode: () => ({ barcode: { ...DEFAULT_BARCODE_CONFIG } }),
};

/** A new block of `type` with the spec's defaults; `overrides` replace top-level fields. */
export function createBlock<T extends BlockType>(type: T, overrides: Partial<BlockOfType<T>> = {}): BlockOfType<T> {
  const config = BLOCK_CONFIG_FACTORIES[type]() as BlockConfig<T>;
  return { ...blockBase(), type, ...config, ...overrides } as BlockOfType<T>;
}
