/**
 * The base PDF under a canvas template: its pages as images behind the fields (drawn once per PDF,
 * at the largest zoom so zooming in stays sharp) and their sizes in mm; whether it is being read or
 * could not be read.
 */
import { useEffect, useState } from 'react';
import { drawPdf } from '../services/pdf';

function dataUrlToBytes(url: string): Uint8Array {
  const binary = atob(url.slice(url.indexOf(',') + 1));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Page sizes of a PDF in mm (pdf-lib, loaded when a PDF is used). */
export async function pdfPageSizes(bytes: Uint8Array): Promise<{ width: number; height: number }[]> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true });
  const mm = (pt: number) => Math.round((pt * 25.4 * 10) / 72) / 10;
  return doc.getPages().map((p) => {
    const { width, height } = p.getSize();
    return { width: mm(width), height: mm(height) };
  });
}

type BasePdfState = 'reading' | 'bad' | undefined;

interface BasePdfPages {
  images: string[];
  sizes: { width: number; height: number }[];
}

/** `basePdf` is the template's (a data URL or bare base64; anything else is a blank page). */
export function useBasePdf(basePdf: unknown, scale: number) {
  const [pages, setPages] = useState<BasePdfPages>();
  const [state, setState] = useState<BasePdfState>();
  useEffect(() => {
    if (typeof basePdf !== 'string') {
      setPages(undefined);
      return;
    }
    let alive = true;
    setState('reading');
    void (async () => {
      try {
        const bytes = basePdf.startsWith('data:') ? dataUrlToBytes(basePdf) : dataUrlToBytes(`x,${basePdf}`);
        const sizes = await pdfPageSizes(bytes);
        // Drawn at the largest zoom, so zooming in stays sharp.
        const drawn = await drawPdf(bytes, (sizes[0]?.width ?? 210) * scale * 2);
        if (!alive) return;
        setPages({ images: drawn.pages.map((c) => c.toDataURL('image/png')), sizes });
        setState(undefined);
      } catch {
        if (alive) setState('bad');
      }
    })();
    return () => {
      alive = false;
    };
  }, [basePdf, scale]);
  return { pages, state, setState };
}
