/**
 * Image export as an output format: a kind's PDF, drawn page by page by the environment's
 * rasteriser under the spec's rules. One image is the file itself; several (pages, or bands of a
 * tall page) are a ZIP of them, named in page order.
 */
import { zipSync } from 'fflate';
import { QuireError } from '../../core/errors';
import { type ImageFormat, imageFileName, imageRulesOf } from '../../core/outputs/images';
import type { FormatWriter, OutputEnvironment } from '../outputs/types';

/** What a document of several images is zipped as: `page-1.png`, `page-2.png`… */
export const PAGE_STEM = 'page';

/** The writer of `format` for a kind whose PDF `pdf` writes; `word` takes the spec's finer Word setting. */
export function imageWriter<Template>(
  pdf: FormatWriter<Template>,
  format: ImageFormat,
  word = false,
): FormatWriter<Template> {
  return async (template, input, env) => pdfToImages(await pdf(template, input, env), format, env, word);
}

/** A PDF's pages as one image or a ZIP of them. */
export async function pdfToImages(
  pdf: Uint8Array,
  format: ImageFormat,
  env: OutputEnvironment,
  word = false,
): Promise<Uint8Array> {
  if (!env.rasterize)
    throw new QuireError('DocGenerationError', { detail: `this environment cannot draw pages as ${format} images` });
  const rules = imageRulesOf({ format, word, noCompress: env.imageExport?.noCompress === true });
  const images = await env.rasterize(pdf, rules);
  if (images.length === 1) return images[0]!.bytes;
  const entries: Record<string, Uint8Array> = {};
  images.forEach((image, i) => {
    entries[imageFileName(PAGE_STEM, i, images.length, image.format)] = image.bytes;
  });
  // Images are compressed already: stored, not deflated again.
  return zipSync(entries, { level: 0 });
}
