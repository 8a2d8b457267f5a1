/**
 * The preview screen's render runs (the shared render-run state machine): whenever the template, the
 * record or "render again" changes, read the record's print source and render it in the render
 * worker, reporting each stage; Cancel aborts the job (the pool terminates the worker).
 */
import { useCallback, useEffect, useRef } from 'react';
import type { PrintSource } from '../../core/print/sources';
import { EMPTY_SOURCE, renderPreview } from '../services/printing';
import type { RenderRun } from '../services/renderRun';
import type { PreviewTemplate } from './sources';

/** What a run shows: the PDF and the name its download gets. */
export interface Shown {
  pdf: Uint8Array;
  fileName: string;
}

interface PreviewRenderInput {
  /** Undefined: nothing to render (loading, or a template this screen does not print). */
  template: PreviewTemplate | undefined;
  record: string | undefined;
  loadSource: () => Promise<PrintSource>;
  /** The template's name as the download names it (a sample's is translated). */
  nameOf: (template: PreviewTemplate) => string;
}

/**
 * Drives the screen's render run (`useRenderRun`); returns the source of the PDF once read, which
 * "Download as Word / Excel / PowerPoint" exports without waiting for the PDF to be typeset.
 */
export function usePreviewRender(
  run: RenderRun<Shown>,
  { template, record, loadSource, nameOf }: PreviewRenderInput,
): () => PrintSource {
  const shownSource = useRef<PrintSource>(EMPTY_SOURCE);
  const nameRef = useRef(nameOf);
  nameRef.current = nameOf;

  useEffect(() => {
    if (!template || !record) return;
    void run.start(async ({ signal, stage }) => {
      const source = await loadSource();
      if (signal.aborted) throw signal.reason;
      shownSource.current = source;
      stage('queued');
      const file = await renderPreview({ key: template.key, content: template.content }, source, {
        signal,
        naming: { rule: template.fileNameRule, templateName: nameRef.current(template), printTime: Date.now() },
        onStage: (next) => stage(next === 'done' ? 'draw' : next),
      });
      return { pdf: file.bytes, fileName: file.fileName ?? `${nameRef.current(template) || 'document'}.pdf` };
    });
    // A run still working for the old template or record is abandoned.
    return () => {
      if (run.busy) run.reset();
    };
  }, [run, template, record, loadSource]);

  return useCallback(() => shownSource.current, []);
}
