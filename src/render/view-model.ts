/**
 * The view model: a resolved document as plain JSON. Resolve produces it from a template and a
 * record scope; the fixed Typst library (`typst/lib.typ`) interprets it. Every string here is
 * data — the Typst side only ever passes it to `text`, so record values never become markup.
 *
 * Units: page sizes and paddings in mm; font sizes, spacing, widths of blocks in pt;
 * column and table widths are relative weights.
 */

export type Align = 'left' | 'center' | 'right' | 'justify';
type VAlign = 'top' | 'middle' | 'bottom';

/** How a per-page aggregate is printed (computeVariable format). */
interface VNumberFormat {
  /** Fraction digits, or null to print as computed. */
  dec: number | null;
  /** Pad fraction digits with zeros up to `dec`. */
  fixed: boolean;
  /** Group thousands with commas. */
  sep: boolean;
  prefix: string;
  suffix: string;
}

export interface VTextSpan {
  t: 'text';
  s: string;
  b?: boolean;
  i?: boolean;
  u?: boolean;
  code?: boolean;
  /** `#rrggbb` */
  color?: string;
  bg?: string;
  /** pt */
  size?: number;
  /** Record data or a formatted value: printed as given, without CJK/Latin auto-spacing. */
  d?: boolean;
  /** One unbroken run (a long word or URL): broken into line-wide pieces when wider than the line. */
  w?: boolean;
  /**
   * The value was a bare boolean (a checkbox field, no filter): Word shows it as a checkbox glyph
   * (spec 001 §9.2), the PDF as its text.
   */
  check?: boolean;
}

/** An aggregate over the tagged rows laid out on the current page (computeVariable range currentPage). */
interface VPageSumSpan {
  t: 'pagesum';
  key: string;
  cmd: 'sum' | 'avg' | 'count' | 'max' | 'min';
  fmt: VNumberFormat;
  b?: boolean;
  i?: boolean;
  size?: number;
  color?: string;
}

interface VImageSpan {
  t: 'img';
  path: string;
  /** pt; the image keeps its aspect ratio. */
  height?: number;
  width?: number;
}

export type VSpan = VTextSpan | VPageSumSpan | VImageSpan;

/** Shared decoration of a block (model's common block fields). */
export interface VBox {
  /** pt: top, right, bottom, left */
  margin?: [number, number, number, number];
  bg?: string;
  border?: string;
  /** Percent of the available width; absent = full width. */
  widthPct?: number;
}

export interface VParagraph {
  t: 'par';
  spans: VSpan[];
  align?: Align;
  lineHeight?: number;
  /** pt below the paragraph */
  marginBottom?: number;
  /** 1 or 2 for headings */
  heading?: 1 | 2;
}

interface VList {
  t: 'list';
  ordered: boolean;
  items: VBlock[][];
}

/** A stroke: width in pt, `#rrggbb` colour, dash style; null = no line. */
export type VStroke = { w: number; c: string; dash?: 'dashed' | 'dotted' } | null;

export interface VCell {
  blocks: VBlock[];
  rowspan?: number;
  colspan?: number;
  valign?: VAlign;
  align?: Align;
  bg?: string;
  /** Per-side overrides of the table's stroke. */
  stroke?: { top?: VStroke; right?: VStroke; bottom?: VStroke; left?: VStroke };
  /** Values summed per page by `pagesum` spans with the same key. */
  tags?: { k: string; v: number }[];
}

export interface VTable {
  t: 'table';
  /** Relative column widths. */
  cols: number[];
  header: VCell[][];
  body: VCell[][];
  footer: VCell[][];
  /** Repeat the footer rows on every page (set when they hold a per-page aggregate). */
  footerRepeat?: boolean;
  headerRepeat?: boolean;
  stroke: VStroke;
  /** Minimum row heights in pt (null = fit), in printed row order: header, body, footer. */
  rowHeights?: (number | null)[];
  /**
   * Set on a chunk of a long table (render-pdf-chunks): the index of its first body row. Each
   * row then reports where it landed, and rows never break across pages.
   */
  marks?: number;
}

interface VRow {
  t: 'row';
  cols: { width: number; blocks: VBlock[] }[];
  gap?: number;
}

export interface VImage {
  t: 'image';
  path: string;
  /** pt; absent = natural size capped at the available width */
  width?: number;
  fit?: 'width';
  align?: Align;
  /** Text the image draws (an SVG diagram's labels): the fonts its script needs are loaded too. */
  text?: string;
}

interface VHr {
  t: 'hr';
  stroke: VStroke;
}

interface VBoxBlock {
  t: 'box';
  box: VBox;
  blocks: VBlock[];
  align?: Align;
}

/** A box placed at (x, y) pt from the top-left of its container, outside the flow. */
interface VFloat {
  t: 'float';
  x: number;
  y: number;
  width: number;
  height?: number;
  bg?: string;
  border?: string;
  blocks: VBlock[];
}

interface VPageBreak {
  t: 'pagebreak';
}

export type VBlock = VParagraph | VList | VTable | VRow | VImage | VHr | VBoxBlock | VFloat | VPageBreak;

export interface VSection {
  blocks: VBlock[];
  /** Print page numbers on this section's pages. */
  numbered: boolean;
  /** Restart page numbering at 1. */
  reset: boolean;
}

interface VPageNumber {
  align: 'left' | 'center' | 'right';
  position: 'top' | 'bottom';
}

export interface ViewDocument {
  page: {
    /** mm */
    width: number;
    height: number;
    /** mm: top, right, bottom, left */
    margin: [number, number, number, number];
  };
  text: {
    /** pt */
    size: number;
    lineHeight: number;
    /** pt below each paragraph by default */
    marginBottom: number;
    /** Typst language code, e.g. `en`, `zh`. */
    lang: string;
    region?: string;
    /** Font families in fallback order. */
    fonts: string[];
  };
  pageNumber?: VPageNumber;
  /** A later chunk of a long document: the page number its first page carries. */
  pageStart?: number;
  /** A chunk that is not the last: reports where it is cut (`<q-cut>`: row, page, page number). */
  chunked?: boolean;
  /** Each section starts on a new page; auto-page sections restart the page counter. */
  sections: VSection[];
}
