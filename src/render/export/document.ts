/**
 * The one walk every export shares: a document-mode template and one print input resolved to the
 * view model (the same one the PDF is typeset from, without typesetting it), with its images made
 * ready for Office files — PNG, JPEG or GIF with a pixel size. QR and bar codes (SVG made of
 * rectangles) are rasterised; images Office cannot embed (WebP, other SVG) become a placeholder.
 */
import { isQuireError, QuireError } from '../../core/errors';
import type { ParsedTemplateContent } from '../../core/model/types';
import type { PrintInput } from '../../core/print/input';
import { imageSize, placeholderPng, rasterizeRectSvg } from '../office/png';
import { assetsFirst } from '../outputs/assets';
import type { OutputEnvironment } from '../outputs/types';
import { sniffImage } from '../resolve/assets';
import { resolveDocument } from '../resolve/document';
import type { VBlock, VCell, ViewDocument, VSpan, VTable } from '../view-model';

interface ExportImage {
  bytes: Uint8Array;
  type: 'png' | 'jpg' | 'gif';
  /** Pixels. */
  width: number;
  height: number;
}

export interface ExportDocument {
  doc: ViewDocument;
  /** By the view model's image path. */
  images: Map<string, ExportImage>;
}

/** Codes are drawn with at least this many pixels on their longer side (sharp in print). */
const CODE_PIXELS = 400;

function exportImage(bytes: Uint8Array): ExportImage {
  const format = sniffImage(bytes);
  if (format === 'svg') {
    const svg = new TextDecoder().decode(bytes);
    const box = /viewBox="\s*[-\d.]+\s+[-\d.]+\s+([\d.]+)\s+([\d.]+)"/.exec(svg);
    const elements = svg.match(/<[a-zA-Z]+/g) ?? [];
    if (box && elements.every((tag) => /^<(svg|rect|path|g)$/.test(tag))) {
      // Generated codes: their view boxes count modules, so scale to a few pixels per module.
      const longer = Math.max(Number(box[1]), Number(box[2]), 1);
      const raster = rasterizeRectSvg(svg, Math.max(1, Math.ceil(CODE_PIXELS / longer)));
      return { bytes: raster.png, type: 'png', width: raster.width, height: raster.height };
    }
  }
  const size = format === 'png' || format === 'jpg' || format === 'gif' ? imageSize(bytes) : undefined;
  if ((format === 'png' || format === 'jpg' || format === 'gif') && size && size.width > 0 && size.height > 0) {
    return { bytes, type: format, ...size };
  }
  return { bytes: placeholderPng(), type: 'png', width: 100, height: 100 };
}

/** Resolves the template for one record, as the PDF renderer does, minus Typst. */
export async function resolveForExport(
  template: ParsedTemplateContent,
  input: PrintInput,
  env: OutputEnvironment,
): Promise<ExportDocument> {
  let resolved: Awaited<ReturnType<typeof resolveDocument>>;
  try {
    resolved = await resolveDocument(template, input.scope, {
      links: input.links,
      fieldIds: input.fieldIds,
      loadImage: assetsFirst(input.assets, env.loadImage),
      ...(input.approvalFlow ? { approvalFlow: input.approvalFlow } : {}),
      diagrams: 'table',
    });
  } catch (error) {
    if (isQuireError(error)) throw error;
    if (error instanceof RangeError)
      throw new QuireError('DocGenerationError', { detail: error.message, cause: error });
    throw new QuireError('TemplateRendererror', {
      detail: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
  const images = new Map<string, ExportImage>();
  for (const [path, bytes] of Object.entries(resolved.assets)) images.set(path, exportImage(bytes));
  return { doc: resolved.doc, images };
}

/** The printed text of spans (page sums as computed over the whole document). */
export function spansText(spans: readonly VSpan[], sums: PageSums): string {
  return spans.map((s) => (s.t === 'text' ? s.s : s.t === 'pagesum' ? sums.text(s) : '')).join('');
}

/** Plain text of blocks, one line per paragraph. */
export function blocksText(blocks: readonly VBlock[], sums: PageSums): string {
  const lines: string[] = [];
  const visit = (list: readonly VBlock[]): void => {
    for (const b of list) {
      if (b.t === 'par') lines.push(spansText(b.spans, sums));
      else if (b.t === 'list') b.items.forEach(visit);
      else if (b.t === 'table') for (const row of tableRows(b)) for (const c of row) visit(c.blocks);
      else if (b.t === 'row') for (const c of b.cols) visit(c.blocks);
      else if (b.t === 'box' || b.t === 'float') visit(b.blocks);
    }
  };
  visit(blocks);
  return lines.join('\n');
}

export function tableRows(table: VTable): VCell[][] {
  return [...table.header, ...table.body, ...table.footer];
}

/**
 * Per-page aggregates (`pagesum` spans) have no pages to follow in a Word, Excel or PowerPoint
 * file whose paging the office suite decides; they print the aggregate over the whole document.
 */
export class PageSums {
  private readonly values = new Map<string, number[]>();

  constructor(doc: ViewDocument) {
    const visit = (blocks: readonly VBlock[]): void => {
      for (const b of blocks) {
        if (b.t === 'table') {
          for (const row of tableRows(b))
            for (const cell of row) {
              for (const tag of cell.tags ?? []) {
                const list = this.values.get(tag.k) ?? [];
                list.push(tag.v);
                this.values.set(tag.k, list);
              }
              visit(cell.blocks);
            }
        } else if (b.t === 'list') b.items.forEach(visit);
        else if (b.t === 'row') for (const c of b.cols) visit(c.blocks);
        else if (b.t === 'box' || b.t === 'float') visit(b.blocks);
      }
    };
    for (const section of doc.sections) visit(section.blocks);
  }

  text(span: Extract<VSpan, { t: 'pagesum' }>): string {
    const values = this.values.get(span.key) ?? [];
    let value: number;
    if (span.cmd === 'count') value = values.length;
    else if (values.length === 0) value = 0;
    else if (span.cmd === 'sum') value = values.reduce((a, b) => a + b, 0);
    else if (span.cmd === 'avg') value = values.reduce((a, b) => a + b, 0) / values.length;
    else if (span.cmd === 'max') value = Math.max(...values);
    else value = Math.min(...values);
    const { dec, fixed, sep, prefix, suffix } = span.fmt;
    const rounded = dec === null ? value : Number(value.toFixed(dec));
    const digits = dec === null ? {} : { maximumFractionDigits: dec, minimumFractionDigits: fixed ? dec : 0 };
    const body = rounded.toLocaleString('en-US', { useGrouping: sep, ...digits });
    return `${prefix}${body}${suffix}`;
  }
}

/** mm → twentieths of a point (Word's unit of page geometry). */
export const mmToTwip = (mm: number) => Math.round((mm * 1440) / 25.4);
export const ptToTwip = (pt: number) => Math.round(pt * 20);
/** mm → inches (PowerPoint's layout unit in pptxgenjs). */
export const mmToInch = (mm: number) => mm / 25.4;
