/**
 * The template document model: plain JSON types shared by the editor, the renderers, storage and sync.
 * The zod schemas in `schema.ts` validate exactly these shapes (with defaults filled in);
 * `CONTEXT.md` explains the model in one page.
 */

// ───────────────────────────── enums and constants ─────────────────────────────

/** Editor modes (spec 001 §3.5). Stored as numbers in the print template entity's `type`. */
export const EditorMode = {
  Unknown: 0,
  Design: 1,
  LegacyDocs: 2,
  Docs: 3,
  DocsFreeVersion: 4,
  DocxTemplate: 5,
  XlsxTemplate: 6,
  PptxTemplate: 7,
  AttachmentTemplate: 8,
} as const;
export type EditorMode = (typeof EditorMode)[keyof typeof EditorMode];

/** Print template categories; the default is record view (1). */
export const TemplateCategory = { RecordView: 1, BoardView: 2 } as const;
export type TemplateCategory = (typeof TemplateCategory)[keyof typeof TemplateCategory];

export type PageSizeType = 'A3' | 'A4' | 'A5' | 'A6' | 'Letter' | 'Custom';
type PageDirection = 'vertical' | 'horizontal';
export type HorizontalAlign = 'left' | 'center' | 'right';
export type TextAlign = 'left' | 'center' | 'right' | 'justify';
export type VerticalAlign = 'top' | 'middle' | 'bottom';
type ExportFileTypeControl = 'NO_SOURCE_FILE' | 'ALL';

// ───────────────────────────── page setting and settings ─────────────────────────────

/** Lengths are millimetres. `width`/`height` are the portrait size; `direction` turns the page. */
export interface PageSetting {
  sizeType: PageSizeType;
  width: number;
  height: number;
  direction: PageDirection;
  paddingTop: number;
  paddingBottom: number;
  paddingLeft: number;
  paddingRight: number;
}

interface PdfPageSize {
  width: number;
  height: number;
  unit: 'mm' | 'pt' | 'px' | 'in';
}

export interface PdfSettings {
  showPageNumber: boolean;
  pageNumberAlign: HorizontalAlign;
  pageNumberPosition: 'top' | 'bottom';
  pageSize?: PdfPageSize;
}

export interface Settings {
  /** Template language (one of the interface languages, e.g. 'en-US'). */
  lang: string;
  /** Base font size in pt. */
  fontSize: number;
  /** Default paragraph margin-bottom, kept as a string as the spec stores it ('0'). */
  defaultMarginBottom: string;
  defaultLineHeight: number;
  viewId?: string;
  /** IANA time zone used to print dates. */
  timeZone: string;
  pdf: PdfSettings;
  exportFileType: ExportFileTypeControl;
}

// ───────────────────────────── filters ─────────────────────────────

export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'is_empty',
  'is_not_empty',
  'n_eq',
  'n_ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'before',
  'after',
  'date_eq',
  'date_ne',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** One condition. String operators read `strValue`, n_* / gt… read `numValue`, date ones read `dateTime`. */
export interface FilterEntry {
  fieldName: string;
  operator: FilterOperator;
  strValue?: string;
  /** Epoch milliseconds, or an ISO date string. */
  dateTime?: number | string;
  numValue?: number;
}

export interface Filter {
  type: 'every' | 'some';
  filters: FilterEntry[];
}

// ───────────────────────────── QR, image, attachment, bar code configs ─────────────────────────────

export type QrValue =
  | { type: 'custom'; value: string }
  | { type: 'currentView' }
  | { type: 'view'; viewId: string }
  | { type: 'currentRecord' }
  | { type: 'fieldValue'; fieldType: 'name' | 'id'; field: string }
  | { type: 'recordShareUrl' };

export interface QrConfig {
  /** Edge length in px at 96 dpi (spec default 100). */
  size: number;
  align: HorizontalAlign;
  value: QrValue;
}

/** An uploaded file referenced by a static image. */
interface StoredFile {
  fileName: string;
  url?: string;
  token?: string;
  mime?: string;
  fileSize?: number;
}

type ImageDisplayMode = 'fitWidth' | 'oneImagePerLine';

export interface AttachmentImageConfig {
  mode: 'attachment';
  fieldName: string;
  hideWhenEmpty: boolean;
  emptyContent: string;
  imageDisplayMode: ImageDisplayMode;
}

export interface StaticImageConfig {
  mode: 'static';
  url: string;
  /** px; omitted = natural width capped to the column. */
  width?: number;
  align: HorizontalAlign;
  file?: StoredFile;
}

export type ImageConfig = AttachmentImageConfig | StaticImageConfig;

export type AttachmentRenderConfig = { mode: 'files' } | { mode: 'auto'; enableDocPreview: boolean };

export const BARCODE_FORMATS = [
  'CODE128',
  'CODE128A',
  'CODE128B',
  'CODE128C',
  'CODE39',
  'EAN13',
  'EAN8',
  'EAN5',
  'EAN2',
  'UPC',
  'UPCE',
  'ITF',
  'ITF14',
  'MSI',
  'pharmacode',
  'codabar',
] as const;
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];

export interface BarcodeConfig {
  /** Width of one bar module in px. */
  width: number;
  /** Bar height in px. */
  height: number;
  align: HorizontalAlign;
  format: BarcodeFormat;
  fontSize: number;
  displayValue: boolean;
  background: string;
  lineColor: string;
  /** 'custom' prints `value` (which may hold `{tags}`); 'field' prints the record field `fieldName`. */
  valueType: 'custom' | 'field';
  value: string;
  fieldName?: string;
}

// ───────────────────────────── rich text (Slate-compatible) ─────────────────────────────

/** A text leaf. Marks are optional properties, as Slate stores them. */
export interface TextLeaf {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  code?: boolean;
  color?: string;
  backgroundColor?: string;
  /** pt */
  fontSize?: number;
}
export type MarkName = 'bold' | 'italic' | 'underline' | 'code' | 'color' | 'backgroundColor' | 'fontSize';

export interface BlockTextProps {
  align?: TextAlign;
  lineHeight?: number;
  /** px, or a string as the settings store it. */
  marginBottom?: number | string;
}

export interface ParagraphElement extends BlockTextProps {
  type: 'paragraph';
  children: RichTextNode[];
}
interface HeadingOneElement extends BlockTextProps {
  type: 'heading-one';
  children: RichTextNode[];
}
interface HeadingTwoElement extends BlockTextProps {
  type: 'heading-two';
  children: RichTextNode[];
}
interface BulletedListElement {
  type: 'bulleted-list';
  children: RichTextNode[];
}
interface NumberedListElement {
  type: 'numbered-list';
  children: RichTextNode[];
}
interface ListItemElement extends BlockTextProps {
  type: 'list-item';
  children: RichTextNode[];
}

/** Void elements keep Slate's single empty child: `children: [{ text: '' }]`. */
type VoidChildren = { children: TextLeaf[] };

/** An image bound to an attachment field. */
interface ImageElement extends VoidChildren {
  type: 'image';
  image: AttachmentImageConfig;
}
interface StaticImageElement extends VoidChildren {
  type: 'static-image';
  image: StaticImageConfig;
}
interface QrCodeElement extends VoidChildren {
  type: 'qrcode';
  qrcode: QrConfig;
}
interface AttachmentElement extends VoidChildren {
  type: 'attachment';
  fieldName: string;
  renderConfig: AttachmentRenderConfig;
}
/** An image inside a line of text: from a variable (`name`) or a fixed `url`. */
interface InlineImageElement extends VoidChildren {
  type: 'inline-image';
  name?: string;
  url?: string;
  width?: number;
  height?: number;
}

/** A filter applied to a variable's value, as in `{amount | currency:'EUR'}`. */
export interface VariableFilterCall {
  name: string;
  args: Array<string | number | boolean | null>;
}

/**
 * A data variable. `name` is a dotted path into the record scope ('customer.name'),
 * or '#' for the 1-based index of the current loop item / dynamic table row.
 * Its style comes from the marks on its single child leaf.
 */
interface VariableElement extends VoidChildren {
  type: 'variable';
  name: string;
  filters?: VariableFilterCall[];
}

export interface NumberFormat {
  thousandSeparator: boolean;
  fixedDecimalScale: boolean;
  decimalScale: number;
  prefix: string;
  suffix: string;
}

export type ComputeCommand = 'sum' | 'average' | 'count' | 'max' | 'min';

/** An aggregate over a list field, e.g. sum of 'lines.amount' over all rows or the current page. */
interface ComputeVariableElement extends VoidChildren {
  type: 'computeVariable';
  name: string;
  cmd: ComputeCommand;
  range: 'all' | 'currentPage';
  format: NumberFormat;
}

export type LoopMode = 'list' | 'paragraph' | 'inline';

/**
 * Repeats `itemContent` for each item of the list at `rootPath`. Inside `itemContent`, variable names
 * are relative to the item; '#' is the item's 1-based index.
 */
export interface LoopElement extends VoidChildren {
  type: 'loop';
  rootPath: string;
  mode: LoopMode;
  /** Used when mode is 'list'. */
  listType: 'ol' | 'ul';
  /** Used when mode is 'inline'. */
  inlineJoiner: string;
  hideWhenEmpty: boolean;
  /** Printed instead of the loop when the list is empty and hideWhenEmpty is false. */
  customEmptyContent: string;
  itemContent: RichTextNode[];
  filter?: Filter;
}

/** The current loop item itself (or one of its fields by relative `name`), printed inline. */
interface LoopItemInlineElement extends VoidChildren {
  type: 'loopItemInline';
  name: string;
  filters?: VariableFilterCall[];
}

export type RichTextElement =
  | ParagraphElement
  | HeadingOneElement
  | HeadingTwoElement
  | BulletedListElement
  | NumberedListElement
  | ListItemElement
  | ImageElement
  | StaticImageElement
  | QrCodeElement
  | AttachmentElement
  | InlineImageElement
  | VariableElement
  | ComputeVariableElement
  | LoopElement
  | LoopItemInlineElement;

export type RichTextElementType = RichTextElement['type'];
export type RichTextNode = RichTextElement | TextLeaf;
/** Rich-text content: a list of top-level nodes (normally block elements such as paragraphs). */
export type RichText = RichTextNode[];

// ───────────────────────────── tables ─────────────────────────────

export interface BorderSide {
  /** pt */
  width: number;
  color: string;
  style: 'solid' | 'dashed' | 'dotted' | 'none';
}

interface CellBorders {
  top?: BorderSide;
  right?: BorderSide;
  bottom?: BorderSide;
  left?: BorderSide;
}

export interface TableCell {
  id: string;
  verticalAlign: VerticalAlign;
  background?: string;
  /** Per-side overrides of the table's `border`. */
  borders: CellBorders;
  content: RichText;
}

export interface TableRow {
  id: string;
  /** px; omitted = fit content. */
  height?: number;
  /** Exactly one cell per table column; cells covered by a merge stay in place but are not printed. */
  cells: TableCell[];
}

export interface TableColumn {
  id: string;
  /** Relative width; the renderer divides by the sum of all column widths. */
  width: number;
}

/** A merged region anchored at its top-left cell. Merges never overlap and stay inside the table. */
export interface TableMerge {
  rowIndex: number;
  colIndex: number;
  rowSpan: number;
  colSpan: number;
}

/**
 * The body rows (between header and footer rows) repeat once per item of the list at `rootPath`;
 * inside them variable names are relative to the item.
 */
interface DynamicRows {
  rootPath: string;
  filter?: Filter;
}

export interface Table {
  headerRowCount: number;
  footerRowCount: number;
  /** Repeat header rows on every printed page. */
  repeatHeader: boolean;
  border: BorderSide;
  columns: TableColumn[];
  rows: TableRow[];
  merges: TableMerge[];
  dynamicRows?: DynamicRows;
}

// ───────────────────────────── blocks ─────────────────────────────

export interface Spacing {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Fields every block carries. */
export interface BlockBase {
  id: string;
  /** px */
  margins: Spacing;
  background?: string;
  borderColor?: string;
  /** Percent of the column width. */
  width: number;
  /** Extra presentational properties (CSS-like names), kept for the editor. */
  style: Record<string, string | number>;
}

interface RichTextBlock extends BlockBase {
  type: 'richText';
  content: RichText;
}

/** A labelled form line: `label` then the content (typically a variable). */
interface EditItemBlock extends BlockBase {
  type: 'editItem';
  label: string;
  /** Percent of the block width taken by the label. */
  labelWidth: number;
  content: RichText;
}

/** A nested row of columns inside a column. */
export interface RowBlock extends BlockBase {
  type: 'row';
  columns: Column[];
}

interface TableBlock extends BlockBase {
  type: 'table';
  table: Table;
}

interface QrCodeBlock extends BlockBase {
  type: 'qrcode';
  qrcode: QrConfig;
}

/** An image block: an attachment field's images or one static image. */
interface ImageBlock extends BlockBase {
  type: 'image';
  image: ImageConfig;
}

interface HorizontalRuleBlock extends BlockBase {
  type: 'horizontalRule';
  rule: BorderSide;
}

interface StaticImageBlock extends BlockBase {
  type: 'staticImage';
  image: StaticImageConfig;
}

/** A box positioned over the page at (x, y) px from the top-left of the content area. */
interface FloatContainerBlock extends BlockBase {
  type: 'floatContainer';
  float: { x: number; y: number; width: number; height?: number };
  content: RichText;
}

/** A free-flowing document body (the Docs modes). */
interface ArticleBlock extends BlockBase {
  type: 'article';
  content: RichText;
}

interface BarcodeBlock extends BlockBase {
  type: 'barcode';
  barcode: BarcodeConfig;
}

/** Settings of the approval flow diagram (#31): layout direction and the facts each node shows. */
export interface ApprovalFlowConfig {
  /** 'TB' top-down, 'LR' left-right (Graphviz rankdir). */
  direction: 'TB' | 'LR';
  approvers: boolean;
  outcome: boolean;
  time: boolean;
}

/** The approval instance's process drawn as a graph (beyond the spec; approval-bound templates). */
interface ApprovalFlowBlock extends BlockBase {
  type: 'approvalFlow';
  flow: ApprovalFlowConfig;
}

export type Block =
  | RichTextBlock
  | EditItemBlock
  | RowBlock
  | TableBlock
  | QrCodeBlock
  | ImageBlock
  | HorizontalRuleBlock
  | StaticImageBlock
  | FloatContainerBlock
  | ArticleBlock
  | BarcodeBlock
  | ApprovalFlowBlock;
export type BlockType = Block['type'];
export type BlockOfType<T extends BlockType> = Extract<Block, { type: T }>;

// ───────────────────────────── layout ─────────────────────────────

export interface Column {
  id: string;
  /** Percent of the row; sibling widths sum to 100. */
  width: number;
  blocks: Block[];
}

export interface Row {
  id: string;
  columns: Column[];
}

export interface Page {
  id: string;
  rows: Row[];
  /** When set, the page is printed once per item of this list (variables relative to the item). */
  autoPageRootPath?: string;
  /** Print a page number on auto pages. */
  autoPageNumber?: boolean;
}

export interface Section {
  id: string;
  name: string;
  pageIds: string[];
}

export type SignatureGrouping = 'person' | 'node' | 'personList' | 'nodeList';

/** A signature variable the template uses (spec 001 §3.10). */
export interface SignatureRef {
  id: string;
  /** Approval node name or person name the signature belongs to. */
  key: string;
  grouping: SignatureGrouping;
  label?: string;
}

/** How the signature list prints: a row of cells per three references, or one table row per signature. */
export type SignatureLayout = 'cells' | 'table';

export interface TemplateDocument {
  pages: Page[];
  sections: Section[];
  signatureList: SignatureRef[];
  /** Absent in templates saved before the choice existed: cells. */
  signatureLayout?: SignatureLayout;
}

// ───────────────────────────── stored content and entity ─────────────────────────────

/** What a print template's `content` JSON string holds (current version). */
export interface TemplateContent {
  schemaVersion: number;
  document: TemplateDocument;
  pageSetting: PageSetting;
  settings: Settings;
  /** Page setting used by tag-mode (Word/Excel/PowerPoint) templates; null when unused. */
  tagModePageSetting: PageSetting | null;
}

/** `parseTemplateContent`'s result. */
export interface ParsedTemplateContent {
  document: TemplateDocument;
  pageSetting: PageSetting;
  settings: Settings;
  tagModePageSetting: PageSetting | null;
}

export interface PrintTemplate {
  id: string;
  name: string;
  tableId?: string;
  baseId?: string;
  /** JSON string of `TemplateContent`. */
  content: string;
  type: EditorMode;
  thumbImageUrl?: string;
  thumbImageUrlUpdated?: boolean;
  thumbImageUrlAt?: number;
  category: TemplateCategory;
}
