/** The strokes as the PNG that is saved and printed: cropped to the drawing, transparent ground. */
import { drawnBox, drawStrokes, EXPORT_SCALE, type Stroke } from './strokes';

export interface SignaturePng {
  blob: Blob;
  width: number;
  height: number;
}

export async function exportSignaturePng(strokes: readonly Stroke[]): Promise<SignaturePng | undefined> {
  const box = drawnBox(strokes);
  if (!box || box.width <= 0 || box.height <= 0) return undefined;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(box.width * EXPORT_SCALE);
  canvas.height = Math.round(box.height * EXPORT_SCALE);
  const pen = canvas.getContext('2d');
  if (!pen) return undefined;
  // A fresh canvas is fully transparent: only the ink gets alpha.
  pen.scale(EXPORT_SCALE, EXPORT_SCALE);
  drawStrokes(pen, strokes, { x: box.x, y: box.y });
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  return blob ? { blob, width: canvas.width, height: canvas.height } : undefined;
}
