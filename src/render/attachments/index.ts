/**
 * The attachment template renderer (issue #30): one record → one PDF of its cover (a document
 * template typeset as any other) and its attachment fields' files in order. Which files and what
 * each is are decided in core/attachments; here the bytes are had and assembled.
 */
import type { PDFDocument } from 'pdf-lib';
import {
  type AttachmentFile,
  attachmentFilesOf,
  attachmentKindOf,
  extensionOfFile,
} from '../../core/attachments/files';
import { type AttachmentTemplate, parseAttachmentTemplate } from '../../core/attachments/template';
import { isQuireError, QuireError } from '../../core/errors';
import type { PrintInput } from '../../core/print/input';
import { renderDocumentDetailed } from '../outputs/document';
import type { FileRenderer, OutputEnvironment } from '../outputs/types';
import { appendImage, appendPdf } from './assemble';

export type { AttachmentTemplate } from '../../core/attachments/template';

function unavailable(file: AttachmentFile, reason: string, cause?: unknown): QuireError {
  return new QuireError('AttachmentUnavailable', {
    detail: `${file.fileName} (${file.url}): ${reason}`,
    params: { file: file.fileName },
    issues: [{ path: file.field, reason: `${file.fileName}: ${reason}` }],
    ...(cause === undefined ? {} : { cause }),
  });
}

/** The file's bytes: the print input's own first (local attachments), then the environment's loader. */
async function bytesOf(file: AttachmentFile, input: PrintInput, env: OutputEnvironment): Promise<Uint8Array> {
  if (Object.hasOwn(input.assets, file.url)) return input.assets[file.url]!;
  const load = env.loadAttachment ?? env.loadImage;
  if (!load) throw unavailable(file, 'nothing here can fetch it');
  let bytes: Uint8Array | undefined;
  try {
    bytes = await load(file.url);
  } catch (cause) {
    if (isQuireError(cause)) throw cause;
    throw unavailable(file, cause instanceof Error ? cause.message : String(cause), cause);
  }
  if (!bytes) throw unavailable(file, 'missing or too large');
  return bytes;
}

/** An Office file's PDF, from the environment's converter (LibreOffice in Node; none in browsers). */
async function officePdf(file: AttachmentFile, bytes: Uint8Array, env: OutputEnvironment): Promise<Uint8Array> {
  if (!env.officeToPdf) {
    throw new QuireError('AttachmentNeedsLibreOffice', {
      detail: `${file.fileName}: Office attachments are converted by LibreOffice on the server or the CLI`,
      params: { file: file.fileName },
      issues: [{ path: file.field, reason: `${file.fileName}: needs LibreOffice` }],
    });
  }
  try {
    return await env.officeToPdf(bytes, extensionOfFile(file.fileName) || 'docx');
  } catch (error) {
    if (isQuireError(error, 'OfficePdfUnavailable')) {
      throw new QuireError('AttachmentNeedsLibreOffice', {
        detail: `${file.fileName}: ${error.message}`,
        params: { file: file.fileName },
        cause: error,
      });
    }
    throw error;
  }
}

function checkCancelled(env: OutputEnvironment) {
  if (env.signal?.aborted) throw new QuireError('DocGenerationError', { detail: 'cancelled' });
}

/** Appends one record: its cover, then every file of the template's fields, in order. */
async function appendRecord(
  out: PDFDocument,
  template: AttachmentTemplate,
  input: PrintInput,
  env: OutputEnvironment,
): Promise<void> {
  const files = attachmentFilesOf(template, input);
  if (template.cover) {
    const { pdf } = await renderDocumentDetailed(template.cover, input, env);
    await appendPdf(out, pdf, { field: 'cover', fileName: 'cover', url: 'cover' });
  }
  for (const file of files) {
    checkCancelled(env);
    const bytes = await bytesOf(file, input, env);
    const kind = attachmentKindOf(file, bytes);
    if (kind === 'pdf') await appendPdf(out, bytes, file);
    else if (kind === 'office') await appendPdf(out, await officePdf(file, bytes, env), file);
    else await appendImage(out, bytes, kind, file, template.pageSetting);
  }
}

/** Several records as one PDF, one after another (a merged print's group). */
async function renderAttachmentGroup(
  template: AttachmentTemplate,
  inputs: readonly PrintInput[],
  env: OutputEnvironment,
): Promise<Uint8Array> {
  // Loaded on first use, as the print run's merge does: templates of other kinds never fetch it.
  const { PDFDocument } = await import('pdf-lib');
  const out = await PDFDocument.create();
  for (const input of inputs) await appendRecord(out, template, input, env);
  return out.save();
}

/** One record's PDF: the cover, then every file of the template's fields, in order. */
export function renderAttachmentPdf(
  template: AttachmentTemplate,
  input: PrintInput,
  env: OutputEnvironment,
): Promise<Uint8Array> {
  return renderAttachmentGroup(template, [input], env);
}

export const attachmentRenderer: FileRenderer<AttachmentTemplate> = {
  parse: parseAttachmentTemplate,
  settings: (template) => ({ lang: template.settings.lang, timeZone: template.settings.timeZone }),
  render: renderAttachmentPdf,
  renderGroup: renderAttachmentGroup,
};
