/**
 * Spec defaults (001 §3.4–3.5, §9.1; 000 §3, §9) and factories for new model objects.
 * Factories return fully-defaulted, schema-valid objects with fresh ids.
 */
import { createColumn } from './blocks/index';
import { cloneJson } from './blocks/parts';
import { createId } from './ids';
import type {
  Block,
  Page,
  PageSetting,
  PageSizeType,
  PdfSettings,
  Row,
  Settings,
  TemplateContent,
  TemplateDocument,
} from './types';

export { DEFAULT_APPROVAL_FLOW_CONFIG } from './blocks/approvalFlow';
export { DEFAULT_BARCODE_CONFIG } from './blocks/barcode';
export { createEmptyRichText, createParagraph, createText } from './blocks/content';
export { DEFAULT_LABEL_WIDTH } from './blocks/editItem';
export { DEFAULT_FLOAT_WIDTH } from './blocks/floatContainer';
// Block types keep their defaults and factories in their own file under `blocks/`; they are
// re-exported here so `createBlock`, `createTable`, `DEFAULT_QR_CONFIG`… stay where callers look.
export {
  BLOCK_TYPES,
  BLOCKS,
  blockDependencies,
  createBlock,
  createColumn,
  DEFAULT_COLUMN_WIDTH,
} from './blocks/index';
export { cloneJson, DEFAULT_BORDER, DEFAULT_NUMBER_FORMAT } from './blocks/parts';
export { DEFAULT_QR_CONFIG, DEFAULT_QR_SIZE } from './blocks/qrcode';
export {
  createTable,
  createTableCell,
  createTableColumn,
  createTableRow,
  NEW_TABLE_COLUMN_WIDTH,
  NEW_TABLE_COLUMNS,
  NEW_TABLE_ROWS,
} from './blocks/table';

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

/** A page size's width × height for a direction (horizontal swaps them). */
export function pageDimensions(setting: Pick<PageSetting, 'width' | 'height' | 'direction'>): {
  width: number;
  height: number;
} {
  return setting.direction === 'horizontal'
    ? { width: setting.height, height: setting.width }
    : { width: setting.width, height: setting.height };
}

// ───────────────────────────── factories ─────────────────────────────

export function createPageSetting(sizeType: PageSizeType = 'A4'): PageSetting {
  const size = sizeType === 'Custom' ? PAGE_SIZES.A4 : PAGE_SIZES[sizeType];
  return { ...DEFAULT_PAGE_SETTING, sizeType, ...size };
}

export function createSettings(): Settings {
  return cloneJson(DEFAULT_SETTINGS) as Settings;
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
