/**
 * The Word, Excel and PowerPoint formats of document-mode templates: the resolved document (the
 * same view model the PDF is typeset from) written by each format's writer. The document renderer
 * (outputs/document.ts) lists them beside its PDF; each writer loads its library only when asked,
 * so a worker that only prints PDFs never fetches them.
 */
import type { ParsedTemplateContent } from '../../core/model/types';
import type { FormatWriter } from '../outputs/types';
import { resolveForExport } from './document';

export const writeDocx: FormatWriter<ParsedTemplateContent> = async (template, input, env) =>
  (await import('./docx')).exportDocx(await resolveForExport(template, input, env));

export const writeXlsx: FormatWriter<ParsedTemplateContent> = async (template, input, env) =>
  (await import('./xlsx')).exportXlsx(await resolveForExport(template, input, env), template.settings.lang || 'en-US');

export const writePptx: FormatWriter<ParsedTemplateContent> = async (template, input, env) =>
  (await import('./pptx')).exportPptx(await resolveForExport(template, input, env));

export { type ExportDocument, resolveForExport } from './document';
