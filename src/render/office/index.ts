/**
 * Office-authored templates (Word, Excel, PowerPoint) filled with Quire's tag language, offline,
 * in a worker or in Node. See CONTEXT.md.
 */
export { type DocxTemplate, docxRenderer, parseDocx, renderDocx } from './docx';
export { type CodeValue, OFFICE_FILTERS } from './filters';
export { WORD_IMAGE_LIMITS } from './images';
export { mergeDocx } from './merge';
export { type PptxTemplate, parsePptx, pptxRenderer, renderPptx } from './pptx';
export {
  base64ToBytes,
  bytesToBase64,
  MAX_TEMPLATE_FILE_BYTES,
  OFFICE_KINDS,
  OFFICE_MIME,
  type OfficeKind,
  type OfficeTemplateContent,
  officeContentFromFile,
  officeTemplateSchema,
  parseOfficeContent,
} from './schema';
export { officeTemplateVars } from './vars';
export { parseXlsx, renderXlsx, type XlsxTemplate, xlsxRenderer } from './xlsx';
export { type PackageProblem, ZIP_LIMITS } from './zip';
