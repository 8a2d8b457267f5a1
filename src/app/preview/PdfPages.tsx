/**
 * Shows a PDF with pdf.js (the editor's bundled loader): one canvas per page at the requested width,
 * and each page's text in a visually hidden element, so screen readers (and tests) can read it.
 */
import { useEffect, useRef, useState } from 'react';
import { drawPdf } from '../services/pdf';
import { usePreviewTranslation } from './i18n/usePreviewTranslation';

interface Props {
  pdf: Uint8Array;
  width: number;
  onDrawn: (pages: number) => void;
  onDrawing: (drawing: boolean) => void;
  onError: (error: unknown) => void;
}

function CanvasSlot({ canvas }: { canvas: HTMLCanvasElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.replaceChildren(canvas);
  }, [canvas]);
  return <div ref={ref} className="pv-canvas" />;
}

export function PdfPages({ pdf, width, onDrawn, onDrawing, onError }: Props) {
  const { t } = usePreviewTranslation();
  const [pages, setPages] = useState<{ canvases: HTMLCanvasElement[]; text: string[] } | null>(null);
  const callbacks = useRef({ onDrawn, onDrawing, onError });
  callbacks.current = { onDrawn, onDrawing, onError };

  useEffect(() => {
    let current = true;
    callbacks.current.onDrawing(true);
    // A short pause lets a burst of zoom clicks or resizes end in one redraw.
    const timer = setTimeout(() => {
      drawPdf(pdf, width)
        .then((drawn) => {
          if (!current) return;
          setPages({ canvases: drawn.pages, text: drawn.text });
          callbacks.current.onDrawn(drawn.pages.length);
        })
        .catch((error: unknown) => current && callbacks.current.onError(error))
        .finally(() => current && callbacks.current.onDrawing(false));
    }, 60);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [pdf, width]);

  if (!pages) return null;
  const total = pages.canvases.length;
  return (
    <ol className="pv-pages" aria-label={t('pageCount', { count: total })}>
      {pages.canvases.map((canvas, i) => {
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', t('pageImage', { n: i + 1, total }));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: pages have no identity beyond their position
          <li key={i} className="pv-page" style={{ width }} data-page={i + 1}>
            <CanvasSlot canvas={canvas} />
            <section
              className="visually-hidden"
              aria-label={t('pageText', { n: i + 1 })}
              data-testid="preview-page-text"
            >
              {pages.text[i]}
            </section>
          </li>
        );
      })}
    </ol>
  );
}
