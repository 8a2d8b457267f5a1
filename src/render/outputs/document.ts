/**
 * Document mode (the rich-text editor's templates) → PDF through the fixed Typst program, or the
 * same resolved document as Word, Excel or PowerPoint (render/export).
 */
import type { ParsedTemplateContent } from '../../core/model/types';
import type { FormatOf } from '../../core/outputs/catalogue';
import type { PrintInput } from '../../core/print/input';
import { writeDocx, writePptx, writeXlsx } from '../export';
import { imageWriter } from '../images/writer';
import { prepareTemplate, renderPdfDetailed } from '../render-pdf';
import { renderPdfGroup } from '../render-pdf-group';
import type { ResolveOptions } from '../resolve/context';
import type { ViewDocument } from '../view-model';
import { assetsFirst } from './assets';
import type { OutputEnvironment, OutputRenderer } from './types';

/** How one print input resolves: its links, field ids, and its own image bytes before the environment's. */
function resolveOptionsOf(input: PrintInput, env: OutputEnvironment): ResolveOptions {
  return {
    links: input.links,
    fieldIds: input.fieldIds,
    loadImage: assetsFirst(input.assets, env.loadImage),
    ...(input.approvalFlow ? { approvalFlow: input.approvalFlow } : {}),
    ...(env.previewAttachments
      ? { previewAttachments: env.previewAttachments(assetsFirst(input.assets, env.loadAttachment ?? env.loadImage)) }
      : {}),
  };
}

/** The PDF and the view model it was typeset from (tests compare view models across callers). */
export async function renderDocumentDetailed(
  template: ParsedTemplateContent,
  input: PrintInput,
  env: OutputEnvironment,
): Promise<{ pdf: Uint8Array; doc: ViewDocument }> {
  return renderPdfDetailed(template, input.scope, {
    ...resolveOptionsOf(input, env),
    engine: await env.typst(),
    ...(env.freshTypst ? { freshEngine: env.freshTypst } : {}),
    ...(env.onProgress ? { onProgress: env.onProgress } : {}),
    ...(env.signal ? { signal: env.signal } : {}),
  });
}

const writePdf = async (template: ParsedTemplateContent, input: PrintInput, env: OutputEnvironment) =>
  (await renderDocumentDetailed(template, input, env)).pdf;

/**
 * Document mode makes a PDF (typeset, several records as one group), a Word, Excel or PowerPoint
 * file, or its PDF's pages as PNG or JPEG images.
 */
export const documentRenderer: OutputRenderer<ParsedTemplateContent, FormatOf<'document'>> = {
  parse: prepareTemplate,
  settings: (template) => ({ lang: template.settings.lang, timeZone: template.settings.timeZone }),
  formats: {
    pdf: writePdf,
    docx: writeDocx,
    xlsx: writeXlsx,
    pptx: writePptx,
    png: imageWriter(writePdf, 'png'),
    jpeg: imageWriter(writePdf, 'jpeg'),
  },
  groups: {
    async pdf(template, inputs, env) {
      const records = inputs.map((input) => ({ record: input.scope, options: resolveOptionsOf(input, env) }));
      return renderPdfGroup(template, records, await env.typst());
    },
  },
};
