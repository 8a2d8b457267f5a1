/** Canvas (Design) templates: pdfme's template format rendered with @pdfme/generator. See CONTEXT.md. */
export { CANVAS_FONTS, FALLBACK_FONT } from './fonts';
export { type CanvasTemplate, parseCanvas } from './plan';
export { canvasRenderer } from './renderer';
export {
  BARCODE_TYPES,
  blankCanvasContent,
  CANVAS_FIELD_TYPES,
  type CanvasField,
  type CanvasFieldType,
  type CanvasTemplateContent,
  canvasTemplateSchema,
  parseCanvasContent,
  toPdfmeTemplate,
} from './schema';
