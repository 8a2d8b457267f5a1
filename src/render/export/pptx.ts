/**
 * A resolved document as a PowerPoint deck (pptxgenjs): slides the size of the document's page,
 * one per page. The view model's pages (sections and page breaks) start new slides; content that
 * does not fit continues on the next slide, as the PDF flows onto its next page — tables split
 * between rows with their header rows repeated. Heights are estimated from the text (pptxgenjs
 * does not measure), generously enough that text stays inside its slide.
 */
import PptxGenJS from 'pptxgenjs';
import { bytesToBase64 } from '../office/schema';
import type { Align, VBlock, VCell, VParagraph, VSpan, VTable } from '../view-model';
import { type ExportDocument, mmToInch, PageSums, tableRows } from './document';

type Slide = ReturnType<PptxGenJS['addSlide']>;
type TextRun = { text: string; options?: Record<string, unknown> };

const inch = (pt: number) => pt / 72;
/**
 * Average glyph width as a share of the font size (Latin text; CJK is wider, see `glyphs`). Set for
 * the widest fallback an office suite may use when Noto Sans is not installed (DejaVu Sans), so
 * that an estimate errs towards space left over rather than text running into the next box.
 */
const GLYPH = 0.6;
/** Bold glyphs are wider. */
const BOLD = 1.08;
const CELL_PAD = 4;

/** Width of text in glyph units: CJK and other wide characters count double. */
function glyphs(text: string): number {
  let n = 0;
  for (const ch of text) n += ch.codePointAt(0)! > 0x2e80 ? 1.9 : 1;
  return n;
}

const hex = (color: string | undefined) => color?.replace(/^#/, '').toUpperCase();

interface Cursor {
  slide: Slide;
  /** pt from the slide's top */
  y: number;
}

class DeckWriter {
  private readonly sums: PageSums;
  private readonly top: number;
  private readonly bottom: number;
  readonly left: number;
  readonly width: number;
  private readonly size: number;
  private readonly lineHeight: number;
  private readonly font: string;
  private cursor: Cursor;

  constructor(
    private readonly deck: PptxGenJS,
    private readonly source: ExportDocument,
  ) {
    const { doc } = source;
    const mm = (v: number) => (v * 72) / 25.4;
    const [top, right, bottom, left] = doc.page.margin;
    this.sums = new PageSums(doc);
    this.top = mm(top);
    this.bottom = mm(doc.page.height - bottom);
    this.left = mm(left);
    this.width = mm(doc.page.width - left - right);
    this.size = doc.text.size;
    this.lineHeight = Math.max(1.2, doc.text.lineHeight);
    this.font = doc.text.fonts[0] ?? 'Noto Sans';
    this.cursor = { slide: deck.addSlide(), y: this.top };
  }

  newSlide(): void {
    this.cursor = { slide: this.deck.addSlide(), y: this.top };
  }

  /** Starts a new slide unless the current one is still empty. */
  pageBreak(): void {
    if (this.cursor.y > this.top) this.newSlide();
  }

  private ensure(height: number): void {
    if (this.cursor.y + height > this.bottom && this.cursor.y > this.top) this.newSlide();
  }

  private spanSize(span: VSpan, base: number): number {
    return span.t !== 'img' && span.size ? span.size : base;
  }

  private parSize(par: VParagraph): number {
    return par.heading === 1 ? this.size * 1.6 : par.heading === 2 ? this.size * 1.3 : this.size;
  }

  /** Estimated height in pt of a paragraph set in `width` pt. */
  private parHeight(par: VParagraph, width: number): number {
    const base = this.parSize(par);
    const size = Math.max(base, ...par.spans.map((s) => this.spanSize(s, base)));
    const text = par.spans.map((s) => (s.t === 'text' ? s.s : s.t === 'pagesum' ? this.sums.text(s) : '')).join('');
    const bold = par.heading !== undefined || par.spans.some((s) => s.t !== 'img' && s.b);
    const perLine = Math.max(1, width / (size * GLYPH * (bold ? BOLD : 1)));
    const lines = text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(glyphs(line) / perLine)), 0);
    const image = Math.max(
      0,
      ...par.spans.map((s) => (s.t === 'img' ? (s.height ?? this.imageSize(s.path, s.width, width).h) : 0)),
    );
    return Math.max(lines * size * this.lineHeight, image) + (par.marginBottom ?? 0) + 2;
  }

  private imageSize(path: string, widthPt: number | undefined, available: number): { w: number; h: number } {
    const image = this.source.images.get(path);
    if (!image) return { w: 0, h: 0 };
    const w = Math.min(available, widthPt ?? image.width * 0.75);
    return { w, h: (w * image.height) / image.width };
  }

  private runs(par: VParagraph): TextRun[] {
    const base = this.parSize(par);
    const runs: TextRun[] = [];
    for (const span of par.spans) {
      if (span.t === 'img') continue;
      const text = span.t === 'text' ? span.s : this.sums.text(span);
      runs.push({
        text,
        options: {
          fontSize: this.spanSize(span, base),
          ...(span.b || par.heading ? { bold: true } : {}),
          ...(span.i ? { italic: true } : {}),
          ...(span.t === 'text' && span.u ? { underline: { style: 'sng' } } : {}),
          ...(span.color ? { color: hex(span.color) } : {}),
          ...(span.t === 'text' && span.bg ? { highlight: hex(span.bg) } : {}),
          ...(span.t === 'text' && span.code ? { fontFace: 'Courier New' } : {}),
        },
      });
    }
    return runs;
  }

  /** Estimated height of blocks in `width` pt. */
  measure(blocks: readonly VBlock[], width: number): number {
    let h = 0;
    for (const b of blocks) {
      if (b.t === 'par') h += this.parHeight(b, width);
      else if (b.t === 'list') for (const item of b.items) h += this.measure(item, width - 18);
      else if (b.t === 'table') h += tableRows(b).reduce((sum, row) => sum + this.rowHeight(b, row, width), 0) + 6;
      else if (b.t === 'row')
        h += Math.max(0, ...this.columnWidths(b.cols, width).map((w, i) => this.measure(b.cols[i]!.blocks, w)));
      else if (b.t === 'image') h += this.imageSize(b.path, b.fit === 'width' ? width : b.width, width).h + 4;
      else if (b.t === 'hr') h += 8;
      else if (b.t === 'box') h += this.measure(b.blocks, width - 2 * CELL_PAD) + 2 * CELL_PAD + 4;
    }
    return h;
  }

  private columnWidths(cols: readonly { width: number }[], width: number): number[] {
    const total = cols.reduce((a, c) => a + c.width, 0) || 1;
    return cols.map((c) => (c.width / total) * width);
  }

  private cellWidth(table: VTable, row: readonly VCell[], index: number, width: number): number {
    const total = table.cols.reduce((a, b) => a + b, 0) || 1;
    let column = 0;
    for (let i = 0; i < index; i++) column += row[i]!.colspan ?? 1;
    const span = row[index]!.colspan ?? 1;
    return (table.cols.slice(column, column + span).reduce((a, b) => a + b, 0) / total) * width;
  }

  private rowHeight(table: VTable, row: readonly VCell[], width: number): number {
    const heights = row.map((cell, i) =>
      this.measure(cell.blocks, this.cellWidth(table, row, i, width) - 2 * CELL_PAD),
    );
    return Math.max(this.size * this.lineHeight, ...heights) + 2 * CELL_PAD;
  }

  /** Places blocks from the cursor in the column [x, x + width]. */
  place(blocks: readonly VBlock[], x: number, width: number): void {
    for (const block of blocks) this.placeBlock(block, x, width);
  }

  private placeBlock(block: VBlock, x: number, width: number): void {
    const slide = () => this.cursor.slide;
    switch (block.t) {
      case 'par': {
        const h = this.parHeight(block, width);
        this.ensure(h);
        const runs = this.runs(block);
        if (runs.some((r) => r.text !== '')) {
          slide().addText(runs, {
            x: inch(x),
            y: inch(this.cursor.y),
            w: inch(width),
            h: inch(h - (block.marginBottom ?? 0)),
            margin: 0,
            valign: 'top',
            fontFace: this.font,
            align: block.align ?? 'left',
            lineSpacingMultiple: this.lineHeight / 1.2,
          });
        }
        for (const span of block.spans) {
          if (span.t !== 'img') continue;
          const natural = this.imageSize(span.path, undefined, Number.POSITIVE_INFINITY);
          let size = span.height
            ? { w: (span.height * (natural.w || 1)) / (natural.h || 1), h: span.height }
            : this.imageSize(span.path, span.width, width);
          // Never wider than the column, and scaled down whole (a squeezed code does not scan).
          if (size.w > width) size = { w: width, h: (size.h * width) / size.w };
          const offset = block.align === 'center' ? (width - size.w) / 2 : block.align === 'right' ? width - size.w : 0;
          this.image(span.path, x + offset, this.cursor.y, size.w, size.h);
        }
        this.cursor.y += h;
        return;
      }
      case 'list':
        block.items.forEach((item, index) => {
          const marker = block.ordered ? `${index + 1}.` : '•';
          const first = item[0];
          const h = first?.t === 'par' ? this.parHeight(first, width - 18) : this.size * this.lineHeight;
          this.ensure(h);
          // Set like the item's first line, so the marker sits on its baseline.
          slide().addText(marker, {
            x: inch(x),
            y: inch(this.cursor.y),
            w: inch(18),
            h: inch(this.size * this.lineHeight),
            margin: 0,
            valign: 'top',
            fontSize: first?.t === 'par' ? this.parSize(first) : this.size,
            fontFace: this.font,
            lineSpacingMultiple: this.lineHeight / 1.2,
          });
          this.place(item, x + 18, width - 18);
        });
        return;
      case 'table':
        this.table(block, x, width);
        return;
      case 'row': {
        const widths = this.columnWidths(block.cols, width);
        const h = Math.max(0, ...widths.map((w, i) => this.measure(block.cols[i]!.blocks, w)));
        this.ensure(h);
        const start = this.cursor;
        let end = start;
        let left = x;
        block.cols.forEach((col, i) => {
          this.cursor = { ...start };
          this.place(col.blocks, left, Math.max(10, widths[i]! - (block.gap ?? 0)));
          if (this.cursor.slide !== end.slide || this.cursor.y > end.y) end = this.cursor;
          left += widths[i]!;
        });
        this.cursor = end;
        return;
      }
      case 'image': {
        const size = this.imageSize(block.path, block.fit === 'width' ? width : block.width, width);
        this.ensure(size.h);
        const offset = block.align === 'center' ? (width - size.w) / 2 : block.align === 'right' ? width - size.w : 0;
        this.image(block.path, x + offset, this.cursor.y, size.w, size.h);
        this.cursor.y += size.h + 4;
        return;
      }
      case 'hr':
        this.ensure(8);
        slide().addShape('line', {
          x: inch(x),
          y: inch(this.cursor.y + 4),
          w: inch(width),
          h: 0,
          line: { color: hex(block.stroke?.c) ?? '999999', width: block.stroke?.w ?? 0.75 },
        });
        this.cursor.y += 8;
        return;
      case 'box': {
        const w = block.box.widthPct ? (width * block.box.widthPct) / 100 : width;
        const h = this.measure(block.blocks, w - 2 * CELL_PAD) + 2 * CELL_PAD;
        this.ensure(h);
        const left = block.align === 'center' ? x + (width - w) / 2 : block.align === 'right' ? x + width - w : x;
        if (block.box.bg || block.box.border) {
          slide().addShape('rect', {
            x: inch(left),
            y: inch(this.cursor.y),
            w: inch(w),
            h: inch(Math.min(h, this.bottom - this.cursor.y)),
            ...(block.box.bg ? { fill: { color: hex(block.box.bg) } } : {}),
            line: block.box.border
              ? { color: hex(/#[0-9a-fA-F]{6}/.exec(block.box.border)?.[0]) ?? '000000', width: 0.6 }
              : { type: 'none' },
          });
        }
        this.cursor.y += CELL_PAD;
        this.place(block.blocks, left + CELL_PAD, w - 2 * CELL_PAD);
        this.cursor.y += CELL_PAD + 4;
        return;
      }
      case 'float': {
        // Placed where the PDF places it, relative to the page's content area, outside the flow.
        const saved = this.cursor;
        this.cursor = { slide: saved.slide, y: this.top + block.y };
        if (block.bg || block.border) {
          const h = block.height ?? this.measure(block.blocks, block.width);
          slide().addShape('rect', {
            x: inch(this.left + block.x),
            y: inch(this.cursor.y),
            w: inch(block.width),
            h: inch(h),
            ...(block.bg ? { fill: { color: hex(block.bg) } } : {}),
            line: block.border
              ? { color: hex(/#[0-9a-fA-F]{6}/.exec(block.border)?.[0]) ?? '000000', width: 0.6 }
              : { type: 'none' },
          });
        }
        this.place(block.blocks, this.left + block.x, block.width);
        this.cursor = saved;
        return;
      }
      case 'pagebreak':
        this.pageBreak();
        return;
    }
  }

  private image(path: string, x: number, y: number, w: number, h: number): void {
    const image = this.source.images.get(path);
    if (!image || w <= 0 || h <= 0) return;
    const mime = image.type === 'jpg' ? 'jpeg' : image.type;
    this.cursor.slide.addImage({
      data: `image/${mime};base64,${bytesToBase64(image.bytes)}`,
      x: inch(x),
      y: inch(y),
      w: inch(w),
      h: inch(h),
    });
  }

  private cellText(cell: VCell): TextRun[] {
    const runs: TextRun[] = [];
    const paragraphs: VParagraph[] = [];
    const visit = (blocks: readonly VBlock[]) => {
      for (const b of blocks) {
        if (b.t === 'par') paragraphs.push(b);
        else if (b.t === 'list') b.items.forEach(visit);
        else if (b.t === 'box' || b.t === 'float') visit(b.blocks);
        else if (b.t === 'row') for (const c of b.cols) visit(c.blocks);
      }
    };
    visit(cell.blocks);
    paragraphs.forEach((par, index) => {
      const own = this.runs(par);
      if (own.length === 0) own.push({ text: '', options: { fontSize: this.size } });
      if (index < paragraphs.length - 1)
        own[own.length - 1]!.options = { ...own[own.length - 1]!.options, breakLine: true };
      runs.push(...own);
    });
    return runs.length > 0 ? runs : [{ text: '' }];
  }

  private cellAlign(cell: VCell): Align | undefined {
    if (cell.align) return cell.align;
    const first = cell.blocks.find((b) => b.t === 'par');
    return first?.t === 'par' ? first.align : undefined;
  }

  private table(table: VTable, x: number, width: number): void {
    const total = table.cols.reduce((a, b) => a + b, 0) || 1;
    const colW = table.cols.map((w) => inch((w / total) * width));
    const border = table.stroke
      ? { type: 'solid' as const, pt: table.stroke.w, color: hex(table.stroke.c) ?? '000000' }
      : { type: 'none' as const };
    const toRow = (row: readonly VCell[]) =>
      row.map((cell) => {
        const align = this.cellAlign(cell);
        return {
          text: this.cellText(cell),
          options: {
            ...(cell.colspan && cell.colspan > 1 ? { colspan: cell.colspan } : {}),
            ...(cell.rowspan && cell.rowspan > 1 ? { rowspan: cell.rowspan } : {}),
            ...(cell.bg ? { fill: { color: hex(cell.bg) } } : {}),
            ...(align ? { align: align === 'justify' ? 'justify' : align } : {}),
            valign: cell.valign ?? 'top',
            border,
          },
        };
      });
    const header = table.header;
    const headerHeight = header.reduce((sum, row) => sum + this.rowHeight(table, row, width), 0);
    const rest = [...table.body, ...table.footer];
    let pending: VCell[][] = [];
    let pendingHeight = headerHeight;
    const flush = () => {
      const rows = [...header, ...pending];
      if (rows.length === 0) return;
      // Rows as high as reserved for them: the next block goes below what the table really takes.
      const rowH = rows.map((row) => inch(this.rowHeight(table, row, width)));
      this.cursor.slide.addTable(rows.map(toRow) as never, {
        x: inch(x),
        y: inch(this.cursor.y),
        w: inch(width),
        colW,
        rowH,
        fontFace: this.font,
        fontSize: this.size,
        margin: CELL_PAD / 72,
      });
      this.cursor.y += pendingHeight + 6;
    };
    this.ensure(headerHeight + (rest[0] ? this.rowHeight(table, rest[0], width) : 0));
    for (const row of rest) {
      const h = this.rowHeight(table, row, width);
      if (pending.length > 0 && this.cursor.y + pendingHeight + h > this.bottom) {
        flush();
        this.newSlide();
        pending = [];
        pendingHeight = headerHeight;
      }
      pending.push(row);
      pendingHeight += h;
    }
    if (pending.length > 0 || rest.length === 0) flush();
  }
}

/** The deck of a resolved document: one slide per page. */
export async function exportPptx(source: ExportDocument): Promise<Uint8Array> {
  const deck = new PptxGenJS();
  const { page } = source.doc;
  deck.defineLayout({ name: 'QUIRE_PAGE', width: mmToInch(page.width), height: mmToInch(page.height) });
  deck.layout = 'QUIRE_PAGE';
  const writer = new DeckWriter(deck, source);
  source.doc.sections.forEach((section, index) => {
    if (index > 0) writer.pageBreak();
    writer.place(section.blocks, writer.left, writer.width);
  });
  return new Uint8Array((await deck.write({ outputType: 'uint8array' })) as Uint8Array);
}
