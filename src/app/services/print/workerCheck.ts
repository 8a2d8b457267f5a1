/** The render worker's verdict on new template content, before it is stored. */
import { isQuireError } from '../../../core/errors';
import type { OfficeContent } from '../officeFile';
import { EMPTY_SOURCE, renderPreview } from '../printing';

/** Checks new content in the render worker before it is saved: a hostile or broken file never is. */
export async function checkInWorker(content: OfficeContent): Promise<unknown> {
  try {
    await renderPreview({ key: `check:${Date.now()}:${content.fileName}`, content }, EMPTY_SOURCE);
    return undefined;
  } catch (error) {
    // Tag problems still leave a well-formed file the designer is working on: it is saved.
    if (isQuireError(error, 'TemplateError')) return undefined;
    return error;
  }
}
