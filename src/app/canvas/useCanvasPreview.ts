/**
 * The canvas designer's live preview, apart from its layout: the chosen record or instance through
 * the render worker (the one binding service's print source) a moment after the last change, drawn
 * with pdf.js — on the shared render-run state machine, so a change made while a render runs
 * abandons it and only the latest content is shown.
 */
import { useEffect, useRef, useState } from 'react';
import { bindingSource, type LoadedBinding } from '../services/binding';
import type { CanvasTemplateContent } from '../services/canvasContent';
import { drawPdf } from '../services/pdf';
import { EMPTY_SOURCE, renderLivePreview } from '../services/printing';
import type { RenderRun, RenderRunState } from '../services/renderRun';
import { getStorage } from '../services/storage';
import { useRenderRun } from '../services/useRenderRun';

const PREVIEW_WIDTH = 360;
/** The preview renders this long after the last change (a drag is many changes). */
const SETTLE_MS = 350;

/** What a preview run shows: the pages drawn and their text. */
interface CanvasPreviewShown {
  canvases: HTMLCanvasElement[];
  text: string;
}

interface CanvasPreview {
  state: RenderRunState<CanvasPreviewShown>;
  run: RenderRun<CanvasPreviewShown>;
  /** The last failure, kept while the next run works (a success clears it). */
  error: unknown;
  /** Where the pages are drawn. */
  box: React.RefObject<HTMLDivElement | null>;
}

export function useCanvasPreview(input: {
  binding: LoadedBinding | undefined;
  choice: string;
  content: CanvasTemplateContent;
  templateId: string;
}): CanvasPreview {
  const { binding, choice, content, templateId } = input;
  const [state, run] = useRenderRun<CanvasPreviewShown>({ firstStage: 'compile' });
  const [error, setError] = useState<unknown>();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (state.status === 'error') setError(state.error);
    else if (state.status === 'ready') setError(undefined);
  }, [state]);

  useEffect(() => {
    if (!binding) return;
    const timer = setTimeout(() => {
      void run.start(async ({ stage }) => {
        const db = await getStorage();
        const source = choice ? await bindingSource(db, binding, choice) : EMPTY_SOURCE;
        const file = await renderLivePreview({ key: `canvas:${templateId}`, content }, source);
        stage('draw');
        const drawn = await drawPdf(file.bytes, PREVIEW_WIDTH);
        return { canvases: drawn.pages, text: drawn.text.join('\n') };
      });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      // A run for the old content is abandoned: only the latest content is shown.
      if (run.busy) run.reset();
    };
  }, [run, content, choice, binding, templateId]);

  const canvases = state.shown?.canvases;
  useEffect(() => {
    box.current?.replaceChildren(...(canvases ?? []));
  }, [canvases]);

  return { state, run, error, box };
}
