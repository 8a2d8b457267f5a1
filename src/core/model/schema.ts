/**
 * zod schemas for the current (latest) model version. Parsing fills in the spec defaults, strips
 * unknown keys, and yields exactly the types of `types.ts`. Each block type's schema lives in its
 * own file under `blocks/` (with the configs and rich text it uses); this module adds settings and
 * the document around them. Cross-field rules (table shape, merges, unique ids) live in `rules.ts`;
 * `parse.ts` ties migration, schema and rules together.
 */
import { z } from 'zod';
import { ApprovalFlowConfigSchema } from './blocks/approvalFlow';
import { BarcodeConfigSchema } from './blocks/barcode';
import {
  AttachmentRenderConfigSchema,
  RichTextNodeSchema,
  RichTextSchema,
  TextLeafSchema,
  VariableFilterCallSchema,
} from './blocks/content';
import {
  AttachmentImageConfigSchema,
  ImageConfigSchema,
  StaticImageConfigSchema,
  StoredFileSchema,
} from './blocks/image';
import { type BLOCKS, BlockSchema, ColumnSchema } from './blocks/index';
import {
  BorderSideSchema,
  FilterEntrySchema,
  FilterOperatorSchema,
  FilterSchema,
  horizontalAlign,
  id,
  NumberFormatSchema,
  nonNegative,
  SpacingSchema,
} from './blocks/parts';
import { QrConfigSchema, QrValueSchema } from './blocks/qrcode';
import {
  DynamicRowsSchema,
  TableCellSchema,
  TableColumnSchema,
  TableMergeSchema,
  TableRowSchema,
  TableSchema,
} from './blocks/table';
import { CURRENT_SCHEMA_VERSION, DEFAULT_PAGE_SETTING, DEFAULT_PDF_SETTINGS, DEFAULT_SETTINGS } from './defaults';
import { type BlockOfType, type BlockType, EditorMode, TemplateCategory } from './types';

export {
  ApprovalFlowConfigSchema,
  AttachmentImageConfigSchema,
  AttachmentRenderConfigSchema,
  BarcodeConfigSchema,
  BlockSchema,
  BorderSideSchema,
  ColumnSchema,
  DynamicRowsSchema,
  FilterEntrySchema,
  FilterOperatorSchema,
  FilterSchema,
  ImageConfigSchema,
  NumberFormatSchema,
  QrConfigSchema,
  QrValueSchema,
  RichTextNodeSchema,
  RichTextSchema,
  SpacingSchema,
  StaticImageConfigSchema,
  StoredFileSchema,
  TableCellSchema,
  TableColumnSchema,
  TableMergeSchema,
  TableRowSchema,
  TableSchema,
  TextLeafSchema,
  VariableFilterCallSchema,
};

// ───────────────────────────── settings ─────────────────────────────

const PageSizeTypeSchema = z.enum(['A3', 'A4', 'A5', 'A6', 'Letter', 'Custom']);

const PageSettingSchema = z.object({
  sizeType: PageSizeTypeSchema.default(DEFAULT_PAGE_SETTING.sizeType),
  width: z.number().positive().max(10_000).default(DEFAULT_PAGE_SETTING.width),
  height: z.number().positive().max(10_000).default(DEFAULT_PAGE_SETTING.height),
  direction: z.enum(['vertical', 'horizontal']).default(DEFAULT_PAGE_SETTING.direction),
  paddingTop: nonNegative.default(DEFAULT_PAGE_SETTING.paddingTop),
  paddingBottom: nonNegative.default(DEFAULT_PAGE_SETTING.paddingBottom),
  paddingLeft: nonNegative.default(DEFAULT_PAGE_SETTING.paddingLeft),
  paddingRight: nonNegative.default(DEFAULT_PAGE_SETTING.paddingRight),
});

const PdfSettingsSchema = z.object({
  showPageNumber: z.boolean().default(DEFAULT_PDF_SETTINGS.showPageNumber),
  pageNumberAlign: horizontalAlign.default(DEFAULT_PDF_SETTINGS.pageNumberAlign),
  pageNumberPosition: z.enum(['top', 'bottom']).default(DEFAULT_PDF_SETTINGS.pageNumberPosition),
  pageSize: z
    .object({ width: z.number().positive(), height: z.number().positive(), unit: z.enum(['mm', 'pt', 'px', 'in']) })
    .optional(),
});

const ExportFileTypeControlSchema = z.enum(['NO_SOURCE_FILE', 'ALL']);

const SettingsSchema = z.object({
  lang: z.string().max(20).default(DEFAULT_SETTINGS.lang),
  fontSize: nonNegative.max(1000).default(DEFAULT_SETTINGS.fontSize),
  defaultMarginBottom: z.string().max(20).default(DEFAULT_SETTINGS.defaultMarginBottom),
  defaultLineHeight: z.number().positive().max(100).default(DEFAULT_SETTINGS.defaultLineHeight),
  viewId: z.string().optional(),
  timeZone: z.string().min(1).max(64).default(DEFAULT_SETTINGS.timeZone),
  pdf: PdfSettingsSchema.prefault({}),
  exportFileType: ExportFileTypeControlSchema.default(DEFAULT_SETTINGS.exportFileType),
});

export const RowSchema = z.object({ id, columns: z.array(ColumnSchema).min(1, 'a row needs at least one column') });

const PageSchema = z.object({
  id,
  rows: z.array(RowSchema).default([]),
  autoPageRootPath: z.string().optional(),
  autoPageNumber: z.boolean().optional(),
});

const SectionSchema = z.object({ id, name: z.string().default(''), pageIds: z.array(id).default([]) });

const SignatureRefSchema = z.object({
  id,
  key: z.string(),
  grouping: z.enum(['person', 'node', 'personList', 'nodeList']).default('person'),
  label: z.string().optional(),
});

export const TemplateDocumentSchema = z.object({
  pages: z.array(PageSchema).min(1, 'a document needs at least one page'),
  sections: z.array(SectionSchema).default([]),
  signatureList: z.array(SignatureRefSchema).default([]),
  signatureLayout: z.enum(['cells', 'table']).optional(),
});

export const TemplateContentSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  document: TemplateDocumentSchema,
  pageSetting: PageSettingSchema.prefault({}),
  settings: SettingsSchema.prefault({}),
  tagModePageSetting: PageSettingSchema.nullable().default(null),
});

const EditorModeSchema = z.union(Object.values(EditorMode).map((value) => z.literal(value)));
const TemplateCategorySchema = z.union(Object.values(TemplateCategory).map((value) => z.literal(value)));

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
// The recursive schemas are annotated with their types; these checks keep every other schema's
// parsed output identical to the hand-written type (each block type's included), so the two
// cannot drift apart.
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
  Assert<Same<z.output<typeof ApprovalFlowConfigSchema>, import('./types').ApprovalFlowConfig>>,
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
  Assert<BlockSchemaChecks[BlockType]>,
];
type BlockSchemaChecks = { [K in BlockType]: Same<z.output<(typeof BLOCKS)[K]['schema']>, BlockOfType<K>> };
