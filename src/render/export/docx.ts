/**
 * A resolved document as a Word file (the `docx` package): headings, rich text, lists, tables with
 * merges and repeated header rows, images and codes, column rows, page size and margins, page
 * numbers. Sections of the view model become Word sections (a new page each, numbering restarted
 * where the PDF restarts it).
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  HeightRule,
  type IBorderOptions,
  ImageRun,
  LevelFormat,
  LineRuleType,
  OverlapType,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  type ParagraphChild,
  SectionType,
  ShadingType,
  Table,
  TableAnchorType,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  VerticalAlign,
  WidthType,
} from 'docx';
import { CHECKBOX_GLYPHS } from '../../core/format/text';
import { WORD_IMAGE_LIMITS } from '../office/images';
import type { Align, VBlock, VCell, ViewDocument, VSpan, VStroke, VTable, VTextSpan } from '../view-model';
import { type ExportDocument, mmToTwip, PageSums, ptToTwip } from './document';

const ALIGN = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
} as const;

const VALIGN = { top: VerticalAlign.TOP, middle: VerticalAlign.CENTER, bottom: VerticalAlign.BOTTOM } as const;

/** Pixels at 96 dpi per pt (the `docx` package sizes pictures in such pixels). */
const PX_PER_PT = 96 / 72;

/** A text span as Word shows it: a bare boolean (a checkbox field) as its checkbox glyph. */
function wordText(span: VTextSpan): string {
  if (span.check === undefined) return span.s;
  return span.check ? CHECKBOX_GLYPHS.checked : CHECKBOX_GLYPHS.unchecked;
}

/** An image's size in Word, in px: at most 2338 on either side (spec 001 §9.1), its ratio kept. */
export function wordImageSize(widthPx: number, heightPx: number): { width: number; height: number } {
  const shrink = Math.min(1, WORD_IMAGE_LIMITS.max / Math.max(widthPx, heightPx, 1));
  return {
    width: Math.max(1, Math.round(widthPx * shrink)),
    height: Math.max(1, Math.round(heightPx * shrink)),
  };
}

const ORDERED = 'quire-ordered';
const BULLET = 'quire-bullet';
const LIST_LEVELS = 9;

const hex = (color: string | undefined) => color?.replace(/^#/, '').toUpperCase();

function border(stroke: VStroke | undefined): IBorderOptions {
  if (!stroke) return { style: BorderStyle.NONE, size: 0, color: 'auto' };
  const style =
    stroke.dash === 'dashed' ? BorderStyle.DASHED : stroke.dash === 'dotted' ? BorderStyle.DOTTED : BorderStyle.SINGLE;
  // Eighths of a point, at least the thinnest Word draws.
  return { style, size: Math.max(2, Math.round(stroke.w * 8)), color: hex(stroke.c) ?? 'auto' };
}

/** A box's border: the view model gives its colour; the PDF strokes it 0.6 pt wide. */
function boxBorder(color: string | undefined): VStroke | undefined {
  return color ? { w: 0.6, c: color } : undefined;
}

interface Walk {
  source: ExportDocument;
  sums: PageSums;
  /** The next list's instance, so each list counts from 1. */
  listInstance: number;
}

class DocxWriter {
  constructor(private readonly walk: Walk) {}

  private runs(spans: readonly VSpan[], availablePt: number): ParagraphChild[] {
    const out: ParagraphChild[] = [];
    for (const span of spans) {
      if (span.t === 'img') {
        const image = this.image(span.path, span.width, span.height, availablePt);
        if (image) out.push(image);
        continue;
      }
      const text = span.t === 'text' ? wordText(span) : this.walk.sums.text(span);
      const style = {
        ...(span.b ? { bold: true } : {}),
        ...(span.i ? { italics: true } : {}),
        ...(span.t === 'text' && span.u ? { underline: {} } : {}),
        ...(span.color ? { color: hex(span.color) } : {}),
        ...(span.size ? { size: Math.round(span.size * 2) } : {}),
        ...(span.t === 'text' && span.bg
          ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: hex(span.bg) } }
          : {}),
        ...(span.t === 'text' && span.code ? { font: 'Courier New' } : {}),
      };
      text.split('\n').forEach((line, index) => {
        out.push(new TextRun({ text: line, ...style, ...(index > 0 ? { break: 1 } : {}) }));
      });
    }
    return out;
  }

  /** An inline picture: the given size in pt, else its natural size, never wider than the space. */
  private image(path: string, widthPt: number | undefined, heightPt: number | undefined, availablePt: number) {
    const image = this.walk.source.images.get(path);
    if (!image) return undefined;
    const ratio = image.height / image.width;
    let width = widthPt ?? (heightPt !== undefined ? heightPt / ratio : image.width * 0.75);
    if (width > availablePt) width = availablePt;
    const height = width * ratio;
    const size = wordImageSize(width * PX_PER_PT, height * PX_PER_PT);
    return new ImageRun({ type: image.type, data: image.bytes, transformation: size });
  }

  blocks(blocks: readonly VBlock[], availablePt: number, listLevel = -1): (Paragraph | Table)[] {
    const out: (Paragraph | Table)[] = [];
    for (const block of blocks) out.push(...this.block(block, availablePt, listLevel));
    return out;
  }

  private block(block: VBlock, availablePt: number, listLevel: number): (Paragraph | Table)[] {
    switch (block.t) {
      case 'par':
        return [
          new Paragraph({
            children: this.runs(block.spans, availablePt),
            ...(block.heading
              ? { heading: block.heading === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2 }
              : {}),
            ...(block.align ? { alignment: ALIGN[block.align] } : {}),
            spacing: {
              ...(block.marginBottom !== undefined ? { after: ptToTwip(block.marginBottom) } : {}),
              ...(block.lineHeight ? { line: Math.round(240 * block.lineHeight), lineRule: LineRuleType.AUTO } : {}),
            },
          }),
        ];
      case 'list':
        return this.list(block.ordered, block.items, availablePt, listLevel + 1);
      case 'table':
        return [this.table(block, availablePt), new Paragraph({ children: [] })];
      case 'row':
        return [this.columns(block.cols, availablePt, block.gap ?? 0)];
      case 'image': {
        const fullWidth = block.fit === 'width' ? availablePt : block.width;
        const image = this.image(block.path, fullWidth, undefined, availablePt);
        if (!image) return [];
        return [new Paragraph({ children: [image], ...(block.align ? { alignment: ALIGN[block.align] } : {}) })];
      }
      case 'hr':
        return [new Paragraph({ children: [], border: { bottom: { ...border(block.stroke), space: 1 } } })];
      case 'box':
        return this.box(
          block.blocks,
          availablePt,
          block.box.widthPct,
          block.box.bg,
          boxBorder(block.box.border),
          block.align,
        );
      case 'float':
        return this.floating(block);
      case 'pagebreak':
        return [new Paragraph({ children: [new PageBreak()] })];
    }
  }

  private list(ordered: boolean, items: readonly VBlock[][], availablePt: number, level: number): Paragraph[] {
    const instance = this.walk.listInstance++;
    const out: Paragraph[] = [];
    const depth = Math.min(level, LIST_LEVELS - 1);
    for (const item of items) {
      let numbered = false;
      for (const block of item) {
        if (block.t === 'par' && !numbered) {
          numbered = true;
          out.push(
            new Paragraph({
              children: this.runs(block.spans, availablePt),
              numbering: { reference: ordered ? ORDERED : BULLET, level: depth, instance },
              ...(block.align ? { alignment: ALIGN[block.align] } : {}),
            }),
          );
        } else if (block.t === 'list') {
          out.push(...this.list(block.ordered, block.items, availablePt, level + 1));
        } else {
          const inner = this.block(block, availablePt - 36, level);
          out.push(...inner.filter((p): p is Paragraph => p instanceof Paragraph));
        }
      }
    }
    return out;
  }

  private cell(cell: VCell, widthPt: number, table: VTable): TableCell {
    const children = this.blocks(cell.blocks, Math.max(10, widthPt - 11));
    // Word calls a cell without a paragraph at its end damaged.
    if (!(children.at(-1) instanceof Paragraph)) children.push(new Paragraph({ children: [] }));
    const side = (key: 'top' | 'right' | 'bottom' | 'left') =>
      border(cell.stroke && key in cell.stroke ? cell.stroke[key] : table.stroke);
    return new TableCell({
      children,
      width: { size: ptToTwip(widthPt), type: WidthType.DXA },
      ...(cell.colspan && cell.colspan > 1 ? { columnSpan: cell.colspan } : {}),
      ...(cell.rowspan && cell.rowspan > 1 ? { rowSpan: cell.rowspan } : {}),
      ...(cell.valign ? { verticalAlign: VALIGN[cell.valign] } : {}),
      ...(cell.bg ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: hex(cell.bg) } } : {}),
      borders: { top: side('top'), right: side('right'), bottom: side('bottom'), left: side('left') },
    });
  }

  private table(table: VTable, availablePt: number): Table {
    const total = table.cols.reduce((a, b) => a + b, 0) || 1;
    const widths = table.cols.map((w) => (w / total) * availablePt);
    const heights = table.rowHeights ?? [];
    let printed = 0;
    const rows = (list: VCell[][], header: boolean) =>
      list.map((cells) => {
        const height = heights[printed++];
        let column = 0;
        return new TableRow({
          children: cells.map((cell) => {
            const span = cell.colspan ?? 1;
            const width = widths.slice(column, column + span).reduce((a, b) => a + b, 0);
            column += span;
            return this.cell(cell, width, table);
          }),
          // Header rows repeat on every page, as in the PDF.
          ...(header ? { tableHeader: true } : {}),
          ...(height ? { height: { value: ptToTwip(height), rule: HeightRule.ATLEAST } } : {}),
        });
      });
    return new Table({
      rows: [...rows(table.header, true), ...rows(table.body, false), ...rows(table.footer, false)],
      columnWidths: widths.map(ptToTwip),
      width: { size: ptToTwip(availablePt), type: WidthType.DXA },
      layout: TableLayoutType.FIXED,
    });
  }

  /** Side-by-side columns as a table without borders. */
  private columns(cols: { width: number; blocks: VBlock[] }[], availablePt: number, gapPt: number): Table {
    const total = cols.reduce((a, c) => a + c.width, 0) || 1;
    const widths = cols.map((c) => (c.width / total) * availablePt);
    const none = border(null);
    const noBorders = { top: none, right: none, bottom: none, left: none };
    return new Table({
      rows: [
        new TableRow({
          children: cols.map((col, index) => {
            const children = this.blocks(col.blocks, Math.max(10, widths[index]! - gapPt));
            if (!(children.at(-1) instanceof Paragraph)) children.push(new Paragraph({ children: [] }));
            return new TableCell({
              children,
              width: { size: ptToTwip(widths[index]!), type: WidthType.DXA },
              borders: noBorders,
              margins: { left: 0, right: ptToTwip(index < cols.length - 1 ? gapPt : 0), top: 0, bottom: 0 },
            });
          }),
        }),
      ],
      columnWidths: widths.map(ptToTwip),
      width: { size: ptToTwip(availablePt), type: WidthType.DXA },
      layout: TableLayoutType.FIXED,
      borders: { ...noBorders, insideHorizontal: none, insideVertical: none },
    });
  }

  /** A framed or shaded block: a one-cell table; unframed, its blocks as they are. */
  /**
   * A float where the PDF places it: a one-cell floating table at (x, y) pt from the top-left of
   * the page's text area (`tblpPr` anchored to the margins, as Typst's `place(top + left)` is),
   * framed and filled as in the PDF. Word and LibreOffice both honour margin-anchored offsets. The
   * anchor paragraph after it is one twip high, so the float takes no room in the flow.
   */
  private floating(block: Extract<VBlock, { t: 'float' }>): (Paragraph | Table)[] {
    const width = Math.max(10, block.width);
    const stroke = boxBorder(block.border);
    const framed = Boolean(block.bg || stroke);
    const children = this.blocks(block.blocks, framed ? width - 8 : width);
    if (!(children.at(-1) instanceof Paragraph)) children.push(new Paragraph({ children: [] }));
    const side = border(stroke ?? null);
    const inset = ptToTwip(framed ? 4 : 0);
    return [
      new Table({
        rows: [
          new TableRow({
            children: [
              new TableCell({
                children,
                width: { size: ptToTwip(width), type: WidthType.DXA },
                margins: { top: inset, bottom: inset, left: inset, right: inset },
                ...(block.bg ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: hex(block.bg) } } : {}),
                borders: { top: side, right: side, bottom: side, left: side },
              }),
            ],
            ...(block.height ? { height: { value: ptToTwip(block.height), rule: HeightRule.EXACT } } : {}),
          }),
        ],
        columnWidths: [ptToTwip(width)],
        width: { size: ptToTwip(width), type: WidthType.DXA },
        layout: TableLayoutType.FIXED,
        float: {
          horizontalAnchor: TableAnchorType.MARGIN,
          verticalAnchor: TableAnchorType.MARGIN,
          absoluteHorizontalPosition: ptToTwip(block.x),
          absoluteVerticalPosition: ptToTwip(block.y),
          overlap: OverlapType.OVERLAP,
        },
      }),
      new Paragraph({
        children: [],
        spacing: { before: 0, after: 0, line: 1, lineRule: LineRuleType.EXACT },
      }),
    ];
  }

  private box(
    blocks: readonly VBlock[],
    availablePt: number,
    widthPct: number | undefined,
    bg: string | undefined,
    stroke: VStroke | undefined,
    align?: Align,
  ): (Paragraph | Table)[] {
    const width = widthPct ? (availablePt * widthPct) / 100 : availablePt;
    if (!bg && !stroke) return this.blocks(blocks, width);
    const children = this.blocks(blocks, width - 11);
    if (!(children.at(-1) instanceof Paragraph)) children.push(new Paragraph({ children: [] }));
    const side = border(stroke ?? null);
    return [
      new Table({
        rows: [
          new TableRow({
            children: [
              new TableCell({
                children,
                width: { size: ptToTwip(width), type: WidthType.DXA },
                ...(bg ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: hex(bg) } } : {}),
                borders: { top: side, right: side, bottom: side, left: side },
              }),
            ],
          }),
        ],
        columnWidths: [ptToTwip(width)],
        width: { size: ptToTwip(width), type: WidthType.DXA },
        layout: TableLayoutType.FIXED,
        ...(align === 'center'
          ? { alignment: AlignmentType.CENTER }
          : align === 'right'
            ? { alignment: AlignmentType.RIGHT }
            : {}),
      }),
      new Paragraph({ children: [] }),
    ];
  }
}

function pageNumberParagraph(doc: ViewDocument): Paragraph {
  const align = doc.pageNumber?.align ?? 'center';
  return new Paragraph({ alignment: ALIGN[align], children: [new TextRun({ children: [PageNumber.CURRENT] })] });
}

function listLevels(ordered: boolean) {
  return Array.from({ length: LIST_LEVELS }, (_, level) => ({
    level,
    format: ordered ? LevelFormat.DECIMAL : LevelFormat.BULLET,
    text: ordered ? `%${level + 1}.` : ['•', '◦', '▪'][level % 3]!,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 360 } } },
  }));
}

/** The Word file of a resolved document. */
export async function exportDocx(source: ExportDocument): Promise<Uint8Array> {
  const { doc } = source;
  const walk: Walk = { source, sums: new PageSums(doc), listInstance: 1 };
  const writer = new DocxWriter(walk);
  const [top, right, bottom, left] = doc.page.margin;
  const availablePt = ((doc.page.width - left - right) * 72) / 25.4;
  const onTop = doc.pageNumber?.position === 'top';
  const empty = () => new Paragraph({ children: [] });
  const sections = doc.sections.map((section, index) => {
    const numbers = section.numbered ? [pageNumberParagraph(doc)] : [empty()];
    const children = writer.blocks(section.blocks, availablePt);
    if (children.length === 0 || !(children.at(-1) instanceof Paragraph)) children.push(empty());
    return {
      properties: {
        // The first section starts the document whatever its type; "continuous" there lets
        // LibreOffice place its floats (it leaves floating tables of a section that starts on a
        // new page and is not the last one in the flow).
        type: index > 0 ? SectionType.NEXT_PAGE : SectionType.CONTINUOUS,
        page: {
          size: { width: mmToTwip(doc.page.width), height: mmToTwip(doc.page.height) },
          margin: {
            top: mmToTwip(top),
            right: mmToTwip(right),
            bottom: mmToTwip(bottom),
            left: mmToTwip(left),
            header: mmToTwip(Math.min(8, top / 2)),
            footer: mmToTwip(Math.min(8, bottom / 2)),
          },
          ...(section.reset ? { pageNumbers: { start: 1 } } : {}),
        },
      },
      // Every section says its own header and footer: Word would carry the previous one's on.
      headers: { default: new Header({ children: onTop ? numbers : [empty()] }) },
      footers: { default: new Footer({ children: onTop ? [empty()] : numbers }) },
      children,
    };
  });
  const document = new Document({
    styles: {
      default: {
        document: {
          run: { size: Math.round(doc.text.size * 2), font: doc.text.fonts[0] ?? 'Noto Sans' },
          paragraph: {
            // LibreOffice reads a line height without its rule as exact, which crops inline images.
            spacing: {
              after: ptToTwip(doc.text.marginBottom),
              line: Math.round(240 * doc.text.lineHeight),
              lineRule: LineRuleType.AUTO,
            },
          },
        },
      },
    },
    numbering: {
      config: [
        { reference: ORDERED, levels: listLevels(true) },
        { reference: BULLET, levels: listLevels(false) },
      ],
    },
    sections,
  });
  return new Uint8Array(await Packer.toArrayBuffer(document));
}
