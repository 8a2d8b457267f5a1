/**
 * One PDF of an attachment template's parts, with pdf-lib: PDFs appended page for page, PNG and
 * JPEG images one per page, fitted (aspect kept, centred) inside the template's page and margins.
 */
import type { PDFDocument } from 'pdf-lib';
import type { AttachmentFile } from '../../core/attachments/files';
import { QuireError } from '../../core/errors';
import { pageDimensions } from '../../core/model/defaults';
import type { PageSetting } from '../../core/model/types';

const POINTS_PER_MM = 72 / 25.4;

/** Appends every page of a PDF; one that pdf-lib cannot read (broken, password-protected) names the file. */
export async function appendPdf(out: PDFDocument, bytes: Uint8Array, file: AttachmentFile): Promise<void> {
  let source: PDFDocument;
  try {
    // The class of the document being assembled: pdf-lib stays a chunk loaded on first use.
    source = await (out.constructor as typeof PDFDocument).load(bytes);
  } catch (cause) {
    throw new QuireError('AttachmentTypeMismatch', {
      detail: `${file.fileName} is not a PDF that can be read (broken or password-protected)`,
      params: { file: file.fileName },
      issues: [{ path: file.field, reason: `${file.fileName}: unreadable PDF` }],
      cause,
    });
  }
  const pages = await out.copyPages(source, source.getPageIndices());
  for (const page of pages) out.addPage(page);
}

/** Adds one page of the template's size holding the image as large as the margins allow. */
export async function appendImage(
  out: PDFDocument,
  bytes: Uint8Array,
  kind: 'png' | 'jpeg',
  file: AttachmentFile,
  setting: PageSetting,
): Promise<void> {
  let image: Awaited<ReturnType<PDFDocument['embedPng']>>;
  try {
    image = kind === 'png' ? await out.embedPng(bytes) : await out.embedJpg(bytes);
  } catch (cause) {
    throw new QuireError('AttachmentTypeMismatch', {
      detail: `${file.fileName} is not an image that can be read`,
      params: { file: file.fileName },
      issues: [{ path: file.field, reason: `${file.fileName}: unreadable ${kind.toUpperCase()}` }],
      cause,
    });
  }
  const { width, height } = pageDimensions(setting);
  const pageWidth = width * POINTS_PER_MM;
  const pageHeight = height * POINTS_PER_MM;
  // Margins larger than the page leave a point-sized box rather than a negative one.
  const boxLeft = setting.paddingLeft * POINTS_PER_MM;
  const boxBottom = setting.paddingBottom * POINTS_PER_MM;
  const boxWidth = Math.max(1, pageWidth - boxLeft - setting.paddingRight * POINTS_PER_MM);
  const boxHeight = Math.max(1, pageHeight - boxBottom - setting.paddingTop * POINTS_PER_MM);
  const scale = Math.min(boxWidth / image.width, boxHeight / image.height);
  const drawWidth = image.width * scale;
  const drawHeight = image.height * scale;
  const page = out.addPage([pageWidth, pageHeight]);
  page.drawImage(image, {
    x: boxLeft + (boxWidth - drawWidth) / 2,
    y: boxBottom + (boxHeight - drawHeight) / 2,
    width: drawWidth,
    height: drawHeight,
  });
}
