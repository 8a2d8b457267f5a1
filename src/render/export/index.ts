/**
 * Exports of document-mode templates: the resolved document (the same view model the PDF is
 * typeset from) written as Word, Excel or PowerPoint. `EXPORTS` must list every format of
 * `ExportFormat` (checked by the compiler); each writer loads its library only when asked, so a
 * worker that only prints PDFs never fetches them.
 */
import type { ParsedTemplateContent } from '../../core/model/types';
import type { PrintInput } from '../../core/print/input';
import { OFFICE_MIME } from '../office/schema';
import type { OutputEnvironment } from '../outputs/types';
import { type ExportDocument, resolveForExport } from './document';

export type ExportFormat = 'docx' | 'xlsx' | 'pptx';

interface Exporter {
  mime: string;
  extension: ExportFormat;
  write(source: ExportDocument, template: ParsedTemplateContent): Promise<Uint8Array>;
}

export const EXPORTS: { [F in ExportFormat]: Exporter } = {
  docx: {
    mime: OFFICE_MIME.docx,
    extension: 'docx',
    write: async (source) => (await import('./docx')).exportDocx(source),
  },
  xlsx: {
    mime: OFFICE_MIME.xlsx,
    extension: 'xlsx',
    write: async (source, template) => (await import('./xlsx')).exportXlsx(source, template.settings.lang || 'en-US'),
  },
  pptx: {
    mime: OFFICE_MIME.pptx,
    extension: 'pptx',
    write: async (source) => (await import('./pptx')).exportPptx(source),
  },
};

export const EXPORT_FORMATS = Object.keys(EXPORTS) as ExportFormat[];

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && Object.hasOwn(EXPORTS, value);
}

/** One record of a document-mode template as a Word, Excel or PowerPoint file. */
export async function exportDocument(
  template: ParsedTemplateContent,
  input: PrintInput,
  env: OutputEnvironment,
  format: ExportFormat,
): Promise<Uint8Array> {
  const source = await resolveForExport(template, input, env);
  return EXPORTS[format].write(source, template);
}

export { type ExportDocument, resolveForExport } from './document';
