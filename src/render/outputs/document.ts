/** Document mode (the rich-text editor's templates) → PDF through the fixed Typst program. */
import type { ParsedTemplateContent } from '../../core/model/types';
import type { PrintInput } from '../../core/print/input';
import { prepareTemplate, renderPdfDetailed } from '../render-pdf';
import { renderPdfGroup } from '../render-pdf-group';
import type { ImageLoader, ResolveOptions } from '../resolve/context';
import type { ViewDocument } from '../view-model';
import type { OutputEnvironment, OutputRenderer } from './types';

/** Images come from the print input's bytes first; only what it lacks goes to the environment. */
export function assetsFirst(assets: Readonly<Record<string, Uint8Array>>, fallback?: ImageLoader): ImageLoader {
  return async (url) => {
    if (Object.hasOwn(assets, url)) return assets[url];
    return fallback ? fallback(url) : undefined;
  };
}

/** How one print input resolves: its links, field ids, and its own image bytes before the environment's. */
function resolveOptionsOf(input: PrintInput, env: OutputEnvironment): ResolveOptions {
  return { links: input.links, fieldIds: input.fieldIds, loadImage: assetsFirst(input.assets, env.loadImage) };
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

export const documentRenderer: OutputRenderer<ParsedTemplateContent> = {
  mime: 'application/pdf',
  extension: 'pdf',
  parse: prepareTemplate,
  settings: (template) => ({ lang: template.settings.lang, timeZone: template.settings.timeZone }),
  async render(template, input, env) {
    return (await renderDocumentDetailed(template, input, env)).pdf;
  },
  async renderGroup(template, inputs, env) {
    const records = inputs.map((input) => ({ record: input.scope, options: resolveOptionsOf(input, env) }));
    return renderPdfGroup(template, records, await env.typst());
  },
};
