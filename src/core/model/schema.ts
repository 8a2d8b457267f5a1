/**
 * zod schemas for the current (latest) model version. Parsing fills in the spec defaults, strips
 * unknown keys, and yields exactly the types of `types.ts`. Cross-field rules (table shape, merges,
 * unique ids) live in `rules.ts`; `parse.ts` ties migration, schema and rules together.
 */
import { z } from 'zod';
import {
  CURRENT_SCHEMA_VERSION,
  DEFAULT_BARCODE_CONFIG,
  DEFAULT_BORDER,
  DEFAULT_COLUMN_WIDTH,
  DEFAULT_FLOAT_WIDTH,
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_PAGE_SETTING,
  DEFAULT_PDF_SETTINGS,
  DEFAULT_QR_SIZE,
  DEFAULT_SETTINGS,
} from './defaults';
import {
  BARCODE_FORMATS,
  type Block,
  type Column,
  EditorMode,
  FILTER_OPERATORS,
  type RichTextNode,
  TemplateCategory,
  type TextLeaf,
} from './types';

const id = z.string().min(1, 'id must not be empty').max(200);
const color = z.string().max(100);
const nonNegative = z.number().nonnegative();
const horizontalAlign = z.enum(['left', 'center', 'right']);

/** Readable reasons for a discriminated union whose discriminator matched no option. */
function unknownKind(kind: string, key: string, hint = '') {
  return {
    error: (issue: { code?: string; input?: unknown; options?: unknown }) => {
      if (issue.code !== 'invalid_union') return undefined;
      const value = (issue.input as Record<string, unknown> | undefined)?.[key];
      const options = Array.isArray(issue.options) ? issue.options.filter((o) => o !== undefined).join(', ') : '';
      const found =
        value === undefined ? `${kind} has no ${key}${hint}` : `unknown ${kind} ${key} ${JSON.stringify(value)}`;
      return `${found}; expected one of: ${options}`;
    },
  };
}

// ───────────────────────────── settings ─────────────────────────────

export const PageSizeTypeSchema = z.enum(['A3', 'A4', 'A5', 'A6', 'Letter', 'Custom']);

export const PageSettingSchema = z.object({
  sizeType: PageSizeTypeSchema.default(DEFAULT_PAGE_SETTING.sizeType),
  width: z.number().positive().max(10_000).default(DEFAULT_PAGE_SETTING.width),
  height: z.number().positive().max(10_000).default(DEFAULT_PAGE_SETTING.height),
  direction: z.enum(['vertical', 'horizontal']).default(DEFAULT_PAGE_SETTING.direction),
  paddingTop: nonNegative.default(DEFAULT_PAGE_SETTING.paddingTop),
  paddingBottom: nonNegative.default(DEFAULT_PAGE_SETTING.paddingBottom),
  paddingLeft: nonNegative.default(DEFAULT_PAGE_SETTING.paddingLeft),
  paddingRight: nonNegative.default(DEFAULT_PAGE_SETTING.paddingRight),
});

export const PdfSettingsSchema = z.object({
  showPageNumber: z.boolean().default(DEFAULT_PDF_SETTINGS.showPageNumber),
  pageNumberAlign: horizontalAlign.default(DEFAULT_PDF_SETTINGS.pageNumberAlign),
  pageNumberPosition: z.enum(['top', 'bottom']).default(DEFAULT_PDF_SETTINGS.pageNumberPosition),
  pageSize: z
    .object({ width: z.number().positive(), height: z.number().positive(), unit: z.enum(['mm', 'pt', 'px', 'in']) })
    .optional(),
});

export const ExportFileTypeControlSchema = z.enum(['NO_SOURCE_FILE', 'ALL']);

export const SettingsSchema = z.object({
  lang: z.string().max(20).default(DEFAULT_SETTINGS.lang),
  fontSize: nonNegative.max(1000).default(DEFAULT_SETTINGS.fontSize),
  defaultMarginBottom: z.string().max(20).default(DEFAULT_SETTINGS.defaultMarginBottom),
  defaultLineHeight: z.number().positive().max(100).default(DEFAULT_SETTINGS.defaultLineHeight),
  viewId: z.string().optional(),
  timeZone: z.string().min(1).max(64).default(DEFAULT_SETTINGS.timeZone),
  pdf: PdfSettingsSchema.prefault({}),
  exportFileType: ExportFileTypeControlSchema.default(DEFAULT_SETTINGS.exportFileType),
});

// ───────────────────────────── filters ─────────────────────────────

export const FilterOperatorSchema = z.enum(FILTER_OPERATORS);

export const FilterEntrySchema = z.object({
  fieldName: z.string(),
  operator: FilterOperatorSchema,
  strValue: z.string().optional(),
  dateTime: z.union([z.number(), z.string()]).optional(),
  numValue: z.number().optional(),
});

export const FilterSchema = z.object({
  type: z.enum(['every', 'some']).default('every'),
  filters: z.array(FilterEntrySchema).default([]),
});

// ───────────────────────────── configs ─────────────────────────────

export const QrValueSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('custom'), value: z.string().default('') }),
    z.object({ type: z.literal('currentView') }),
    z.object({ type: z.literal('view'), viewId: z.string() }),
    z.object({ type: z.literal('currentRecord') }),
    z.object({ type: z.literal('fieldValue'), fieldType: z.enum(['name', 'id']).default('name'), field: z.string() }),
    z.object({ type: z.literal('recordShareUrl') }),
  ],
  unknownKind('QR value', 'type'),
);

export const QrConfigSchema = z.object({
  size: z.number().positive().max(5000).default(DEFAULT_QR_SIZE),
  align: horizontalAlign.default('center'),
  value: QrValueSchema.default({ type: 'custom', value: '' }),
});

export const StoredFileSchema = z.object({
  fileName: z.string(),
  url: z.string().optional(),
  token: z.string().optional(),
  mime: z.string().optional(),
  fileSize: nonNegative.optional(),
});

export const AttachmentImageConfigSchema = z.object({
  mode: z.literal('attachment'),
  fieldName: z.string().default(''),
  hideWhenEmpty: z.boolean().default(false),
  emptyContent: z.string().default(''),
  imageDisplayMode: z.enum(['fitWidth', 'oneImagePerLine']).default('fitWidth'),
});

export const StaticImageConfigSchema = z.object({
  mode: z.literal('static'),
  url: z.string().default(''),
  width: z.number().positive().optional(),
  align: horizontalAlign.default('center'),
  file: StoredFileSchema.optional(),
});

export const ImageConfigSchema = z.discriminatedUnion(
  'mode',
  [AttachmentImageConfigSchema, StaticImageConfigSchema],
  unknownKind('image config', 'mode'),
);

export const AttachmentRenderConfigSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('files') }),
    z.object({ mode: z.literal('auto'), enableDocPreview: z.boolean().default(false) }),
  ],
  unknownKind('render config', 'mode'),
);

export const BarcodeConfigSchema = z.object({
  width: z.number().positive().max(100).default(DEFAULT_BARCODE_CONFIG.width),
  height: z.number().positive().max(5000).default(DEFAULT_BARCODE_CONFIG.height),
  align: horizontalAlign.default(DEFAULT_BARCODE_CONFIG.align),
  format: z.enum(BARCODE_FORMATS).default(DEFAULT_BARCODE_CONFIG.format),
  fontSize: nonNegative.max(1000).default(DEFAULT_BARCODE_CONFIG.fontSize),
  displayValue: z.boolean().default(DEFAULT_BARCODE_CONFIG.displayValue),
  background: color.default(DEFAULT_BARCODE_CONFIG.background),
  lineColor: color.default(DEFAULT_BARCODE_CONFIG.lineColor),
  valueType: z.enum(['custom', 'field']).default(DEFAULT_BARCODE_CONFIG.valueType),
  value: z.string().default(DEFAULT_BARCODE_CONFIG.value),
  fieldName: z.string().optional(),
});

export const NumberFormatSchema = z.object({
  thousandSeparator: z.boolean().default(DEFAULT_NUMBER_FORMAT.thousandSeparator),
  fixedDecimalScale: z.boolean().default(DEFAULT_NUMBER_FORMAT.fixedDecimalScale),
  decimalScale: z.number().int().min(0).max(20).default(DEFAULT_NUMBER_FORMAT.decimalScale),
  prefix: z.string().default(DEFAULT_NUMBER_FORMAT.prefix),
  suffix: z.string().default(DEFAULT_NUMBER_FORMAT.suffix),
});

// ───────────────────────────── rich text ─────────────────────────────

export const TextLeafSchema = z.object({
  // Leaves have no `type`; declaring it lets the node union dispatch on `type` alone.
  type: z.undefined().optional(),
  text: z.string(),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
  code: z.boolean().optional(),
  color: color.optional(),
  backgroundColor: color.optional(),
  fontSize: nonNegative.max(1000).optional(),
});

/** Void elements carry Slate's single empty leaf; a missing one is restored. */
const voidChildren = z
  .array(TextLeafSchema)
  .min(1)
  .default([{ text: '' }]);

const blockTextProps = {
  align: z.enum(['left', 'center', 'right', 'justify']).optional(),
  lineHeight: z.number().positive().max(100).optional(),
  marginBottom: z.union([z.number(), z.string().max(20)]).optional(),
};

export const VariableFilterCallSchema = z.object({
  name: z.string().min(1),
  args: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).default([]),
});

// Recursive schemas need the explicit `z.ZodType` annotation to type-check.
export const RichTextNodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z.discriminatedUnion(
    'type',
    [
      TextLeafSchema,
      z.object({ type: z.literal('paragraph'), ...blockTextProps, children: elementChildren }),
      z.object({ type: z.literal('heading-one'), ...blockTextProps, children: elementChildren }),
      z.object({ type: z.literal('heading-two'), ...blockTextProps, children: elementChildren }),
      z.object({ type: z.literal('bulleted-list'), children: elementChildren }),
      z.object({ type: z.literal('numbered-list'), children: elementChildren }),
      z.object({ type: z.literal('list-item'), ...blockTextProps, children: elementChildren }),
      z.object({ type: z.literal('image'), image: AttachmentImageConfigSchema, children: voidChildren }),
      z.object({ type: z.literal('static-image'), image: StaticImageConfigSchema, children: voidChildren }),
      z.object({ type: z.literal('qrcode'), qrcode: QrConfigSchema.prefault({}), children: voidChildren }),
      z.object({
        type: z.literal('attachment'),
        fieldName: z.string(),
        renderConfig: AttachmentRenderConfigSchema.default({ mode: 'files' }),
        children: voidChildren,
      }),
      z.object({
        type: z.literal('inline-image'),
        name: z.string().optional(),
        url: z.string().optional(),
        width: z.number().positive().optional(),
        height: z.number().positive().optional(),
        children: voidChildren,
      }),
      z.object({
        type: z.literal('variable'),
        name: z.string().min(1, 'variable name must not be empty'),
        filters: z.array(VariableFilterCallSchema).optional(),
        children: voidChildren,
      }),
      z.object({
        type: z.literal('computeVariable'),
        name: z.string().min(1, 'computeVariable name must not be empty'),
        cmd: z.enum(['sum', 'average', 'count', 'max', 'min']).default('sum'),
        range: z.enum(['all', 'currentPage']).default('all'),
        format: NumberFormatSchema.prefault({}),
        children: voidChildren,
      }),
      z.object({
        type: z.literal('loop'),
        rootPath: z.string().min(1, 'loop rootPath must not be empty'),
        mode: z.enum(['list', 'paragraph', 'inline']).default('paragraph'),
        listType: z.enum(['ol', 'ul']).default('ul'),
        inlineJoiner: z.string().default(', '),
        hideWhenEmpty: z.boolean().default(false),
        customEmptyContent: z.string().default(''),
        itemContent: RichTextSchema,
        filter: FilterSchema.optional(),
        children: voidChildren,
      }),
      z.object({
        type: z.literal('loopItemInline'),
        name: z.string().default(''),
        filters: z.array(VariableFilterCallSchema).optional(),
        children: voidChildren,
      }),
    ],
    unknownKind('node', 'type', ' (a text leaf needs "text")'),
  ),
) as unknown as z.ZodType<RichTextNode>;

export const RichTextSchema: z.ZodType<RichTextNode[]> = z.lazy(() => z.array(RichTextNodeSchema));

/** Element children; Slate needs at least one, so an empty list becomes one empty leaf (as Slate's normaliser does). */
const elementChildren = z.lazy(() =>
  RichTextSchema.transform((nodes): RichTextNode[] => (nodes.length > 0 ? nodes : [{ text: '' }])),
);

/** Rich text where empty content becomes Slate's minimal `[paragraph [leaf '']]`. */
const richTextField = z.lazy(() =>
  RichTextSchema.optional().transform((nodes) =>
    nodes && nodes.length > 0 ? nodes : [{ type: 'paragraph' as const, children: [{ text: '' } as TextLeaf] }],
  ),
);

// ───────────────────────────── tables ─────────────────────────────

export const BorderSideSchema = z.object({
  width: nonNegative.max(100).default(DEFAULT_BORDER.width),
  color: color.default(DEFAULT_BORDER.color),
  style: z.enum(['solid', 'dashed', 'dotted', 'none']).default(DEFAULT_BORDER.style),
});

export const TableCellSchema = z.object({
  id,
  verticalAlign: z.enum(['top', 'middle', 'bottom']).default('top'),
  background: color.optional(),
  borders: z
    .object({
      top: BorderSideSchema.optional(),
      right: BorderSideSchema.optional(),
      bottom: BorderSideSchema.optional(),
      left: BorderSideSchema.optional(),
    })
    .default({}),
  content: richTextField,
});

export const TableRowSchema = z.object({
  id,
  height: z.number().positive().optional(),
  cells: z.array(TableCellSchema),
});

export const TableColumnSchema = z.object({ id, width: z.number().positive().max(100_000) });

const index = z.number().int().nonnegative();
const span = z.number().int().min(1);
export const TableMergeSchema = z.object({ rowIndex: index, colIndex: index, rowSpan: span, colSpan: span });

export const DynamicRowsSchema = z.object({
  rootPath: z.string().min(1, 'dynamicRows rootPath must not be empty'),
  filter: FilterSchema.optional(),
});

export const TableSchema = z.object({
  headerRowCount: index.default(0),
  footerRowCount: index.default(0),
  repeatHeader: z.boolean().default(true),
  border: BorderSideSchema.prefault({}),
  columns: z.array(TableColumnSchema).min(1, 'a table needs at least one column'),
  rows: z.array(TableRowSchema).min(1, 'a table needs at least one row'),
  merges: z.array(TableMergeSchema).default([]),
  dynamicRows: DynamicRowsSchema.optional(),
});

// ───────────────────────────── blocks and layout ─────────────────────────────

export const SpacingSchema = z.object({
  top: z.number().default(0),
  right: z.number().default(0),
  bottom: z.number().default(0),
  left: z.number().default(0),
});

const blockBase = {
  id,
  margins: SpacingSchema.prefault({}),
  background: color.optional(),
  borderColor: color.optional(),
  width: z.number().positive().max(100).default(100),
  style: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
};

export const BlockSchema: z.ZodType<Block> = z.lazy(() =>
  z.discriminatedUnion(
    'type',
    [
      z.object({ ...blockBase, type: z.literal('richText'), content: richTextField }),
      z.object({
        ...blockBase,
        type: z.literal('editItem'),
        label: z.string().default(''),
        labelWidth: z.number().min(0).max(100).default(30),
        content: richTextField,
      }),
      z.object({ ...blockBase, type: z.literal('row'), columns: z.array(ColumnSchema).min(1) }),
      z.object({ ...blockBase, type: z.literal('table'), table: TableSchema }),
      z.object({ ...blockBase, type: z.literal('qrcode'), qrcode: QrConfigSchema.prefault({}) }),
      z.object({ ...blockBase, type: z.literal('image'), image: ImageConfigSchema }),
      z.object({ ...blockBase, type: z.literal('horizontalRule'), rule: BorderSideSchema.prefault({}) }),
      z.object({ ...blockBase, type: z.literal('staticImage'), image: StaticImageConfigSchema }),
      z.object({
        ...blockBase,
        type: z.literal('floatContainer'),
        float: z
          .object({
            x: z.number().default(0),
            y: z.number().default(0),
            width: z.number().positive().default(DEFAULT_FLOAT_WIDTH),
            height: z.number().positive().optional(),
          })
          .prefault({}),
        content: richTextField,
      }),
      z.object({ ...blockBase, type: z.literal('article'), content: richTextField }),
      z.object({ ...blockBase, type: z.literal('barcode'), barcode: BarcodeConfigSchema.prefault({}) }),
    ],
    unknownKind('block', 'type'),
  ),
) as unknown as z.ZodType<Block>;

export const ColumnSchema: z.ZodType<Column> = z.lazy(() =>
  z.object({
    id,
    width: z.number().positive().max(100).default(DEFAULT_COLUMN_WIDTH),
    blocks: z.array(BlockSchema).default([]),
  }),
) as unknown as z.ZodType<Column>;

export const RowSchema = z.object({ id, columns: z.array(ColumnSchema).min(1, 'a row needs at least one column') });

export const PageSchema = z.object({
  id,
  rows: z.array(RowSchema).default([]),
  autoPageRootPath: z.string().optional(),
  autoPageNumber: z.boolean().optional(),
});

export const SectionSchema = z.object({ id, name: z.string().default(''), pageIds: z.array(id).default([]) });

export const SignatureRefSchema = z.object({
  id,
  key: z.string(),
  grouping: z.enum(['person', 'node', 'personList', 'nodeList']).default('person'),
  label: z.string().optional(),
});

export const TemplateDocumentSchema = z.object({
  pages: z.array(PageSchema).min(1, 'a document needs at least one page'),
  sections: z.array(SectionSchema).default([]),
  signatureList: z.array(SignatureRefSchema).default([]),
});

export const TemplateContentSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  document: TemplateDocumentSchema,
  pageSetting: PageSettingSchema.prefault({}),
  settings: SettingsSchema.prefault({}),
  tagModePageSetting: PageSettingSchema.nullable().default(null),
});

export const EditorModeSchema = z.union(Object.values(EditorMode).map((value) => z.literal(value)));
export const TemplateCategorySchema = z.union(Object.values(TemplateCategory).map((value) => z.literal(value)));

export const PrintTemplateSchema = z.object({
  id,
  name: z.string(),
  tableId: z.string().optional(),
  baseId: z.string().optional(),
  content: z.string(),
  type: EditorModeSchema.default(EditorMode.Docs),
  thumbImageUrl: z.string().optional(),
  thumbImageUrlUpdated: z.boolean().optional(),
  thumbImageUrlAt: z.number().optional(),
  category: TemplateCategorySchema.default(TemplateCategory.RecordView),
});

// ───────────────────────────── compile-time agreement with types.ts ─────────────────────────────
// The recursive schemas are cast to their types above; these checks keep every non-recursive
// schema's parsed output identical to the hand-written type, so the two cannot drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type _SchemaTypeChecks = [
  Assert<Same<z.output<typeof PageSettingSchema>, import('./types').PageSetting>>,
  Assert<Same<z.output<typeof SettingsSchema>, import('./types').Settings>>,
  Assert<Same<z.output<typeof PdfSettingsSchema>, import('./types').PdfSettings>>,
  Assert<Same<z.output<typeof FilterSchema>, import('./types').Filter>>,
  Assert<Same<z.output<typeof QrConfigSchema>, import('./types').QrConfig>>,
  Assert<Same<z.output<typeof ImageConfigSchema>, import('./types').ImageConfig>>,
  Assert<Same<z.output<typeof AttachmentRenderConfigSchema>, import('./types').AttachmentRenderConfig>>,
  Assert<Same<z.output<typeof BarcodeConfigSchema>, import('./types').BarcodeConfig>>,
  Assert<Same<z.output<typeof NumberFormatSchema>, import('./types').NumberFormat>>,
  Assert<Same<Omit<z.output<typeof TextLeafSchema>, 'type'>, import('./types').TextLeaf>>,
  Assert<Same<z.output<typeof VariableFilterCallSchema>, import('./types').VariableFilterCall>>,
  Assert<Same<z.output<typeof BorderSideSchema>, import('./types').BorderSide>>,
  Assert<Same<z.output<typeof TableCellSchema>, import('./types').TableCell>>,
  Assert<Same<z.output<typeof TableRowSchema>, import('./types').TableRow>>,
  Assert<Same<z.output<typeof TableSchema>, import('./types').Table>>,
  Assert<Same<z.output<typeof SpacingSchema>, import('./types').Spacing>>,
  Assert<Same<z.output<typeof RowSchema>, import('./types').Row>>,
  Assert<Same<z.output<typeof PageSchema>, import('./types').Page>>,
  Assert<Same<z.output<typeof TemplateDocumentSchema>, import('./types').TemplateDocument>>,
  Assert<Same<z.output<typeof PrintTemplateSchema>, import('./types').PrintTemplate>>,
];
