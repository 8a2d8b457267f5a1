/**
 * pdfme's table plugin draws every cell upright whatever the field's `rotate` (its designer shows
 * the table turned). This wrapper turns the page's coordinate system about the field's centre —
 * as pdfme turns text, images and shapes, clockwise in degrees — draws the table, and turns it
 * back, so a rotated table prints rotated. The operators come from the pdf-lib pdfme hands to
 * each plugin (the page belongs to it).
 */
import { table } from '@pdfme/schemas';

const MM_TO_PT = 72 / 25.4;

type PdfArg = Parameters<(typeof table)['pdf']>[0];

/** The matrix [a b c d e f] turning points by `degrees` clockwise about (cx, cy), in PDF points. */
function clockwiseAbout(degrees: number, cx: number, cy: number): number[] {
  // PDF's y axis points up, so clockwise on the page is a negative angle.
  const rad = (-degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
}

async function drawRotated(arg: PdfArg): Promise<void> {
  const { schema, page, pdfLib } = arg;
  const degrees = Number(schema.rotate ?? 0) % 360;
  if (!degrees) return table.pdf(arg);
  const cx = (schema.position.x + schema.width / 2) * MM_TO_PT;
  const cy = page.getHeight() - (schema.position.y + schema.height / 2) * MM_TO_PT;
  const [a, b, c, d, e, f] = clockwiseAbout(degrees, cx, cy) as [number, number, number, number, number, number];
  page.pushOperators(pdfLib.pushGraphicsState(), pdfLib.concatTransformationMatrix(a, b, c, d, e, f));
  try {
    await table.pdf(arg);
  } finally {
    page.pushOperators(pdfLib.popGraphicsState());
  }
}

export const rotatedTable: typeof table = { ...table, pdf: drawRotated };
