/**
 * Long documents in chunks. Typst lays out a whole document at once, and its cost grows faster
 * than the rows (a 30,000-row table: minutes, and nearly 4 GB of WebAssembly memory). A long
 * table is therefore typeset in chunks of rows, each compiled alone, and the PDFs joined. (The
 * WASM compiler's memo cache still grows with the rows laid out: see src/render/CONTEXT.md.)
 *
 * The join is exact: every row of a chunk reports the page it landed on, the chunk's last page is
 * dropped (it may be part-filled), and the next chunk starts with that page's first row and its
 * page number. So each printed page was laid out whole by one compile: header rows repeat as they
 * would, per-page subtotals (`pagesum`) sum that page's rows, page numbers run on, and no row is
 * lost or doubled. Rows of a chunked table never break across pages (the join falls between rows).
 */
import type { PDFDocument } from 'pdf-lib';
import type { FontGroup } from '../../wasm/fonts';
import { QuireError } from '../core/errors';
import { ChunkLanes, type LaneOptions } from './chunk-lanes';
import type { TypstEngine } from './typst/engine';
import type { VBlock, ViewDocument, VTable } from './view-model';

/** Body rows per compile: a chunk stays about 20 pages, so each compile's layout is bounded. */
const CHUNK_ROWS = 500;

export interface ChunkOptions extends LaneOptions {
  /** Rows per compile; tests pass small numbers to put many joins in a short table. */
  chunkRows?: number;
  /** Rows typeset so far of the long table, after each chunk. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

interface LongTable {
  section: number;
  /** Block indices from the section down to the table, through boxes and one-column rows. */
  path: number[];
  table: VTable;
}

/** Where a chunk is cut: the first row on its last page, that page, and its page number. */
interface CutMark {
  r: number;
  p: number;
  n: number;
}

/**
 * The table to chunk: the longest table with more than `chunkRows` body rows that is a section's
 * block or inside boxes and one-column rows of one (a join can split those, not side-by-side
 * columns), and has no body cell spanning rows (a join must be free to fall between any two rows).
 */
export function longTableOf(doc: ViewDocument, chunkRows = CHUNK_ROWS): LongTable | undefined {
  let found: LongTable | undefined;
  const visit = (blocks: readonly VBlock[], section: number, path: number[]): void => {
    blocks.forEach((block, i) => {
      const here = [...path, i];
      if (block.t === 'box') visit(block.blocks, section, here);
      else if (block.t === 'row' && block.cols.length === 1) visit(block.cols[0]!.blocks, section, here);
      else if (block.t === 'table' && block.body.length > chunkRows) {
        if (block.body.some((row) => row.some((cell) => (cell.rowspan ?? 1) > 1))) return;
        if (!found || block.body.length > found.table.body.length) found = { section, path: here, table: block };
      }
    });
  };
  for (const [s, section] of doc.sections.entries()) visit(section.blocks, s, []);
  return found;
}

/** The table with body rows `from…to-1`, its header only where it repeats, its footer where it prints. */
function tableSlice(table: VTable, from: number, to: number): VTable {
  const first = from === 0;
  const last = to === table.body.length;
  const header = first || table.headerRepeat !== false ? table.header : [];
  // A footer that does not repeat prints once, after the last row.
  const footer = last || table.footerRepeat ? table.footer : [];
  const slice: VTable = { ...table, header, body: table.body.slice(from, to), footer, marks: from };
  if (table.rowHeights) {
    const h = table.header.length;
    const b = table.body.length;
    slice.rowHeights = [
      ...(header.length > 0 ? table.rowHeights.slice(0, h) : []),
      ...table.rowHeights.slice(h + from, h + to),
      ...(footer.length > 0 ? table.rowHeights.slice(h + b) : []),
    ];
  }
  return slice;
}

/** The blocks along `path` with the table slice at its end: earlier siblings with the first chunk, later with the last. */
function sliceBlocks(
  blocks: readonly VBlock[],
  path: readonly number[],
  slice: VTable,
  first: boolean,
  last: boolean,
): VBlock[] {
  const [i, ...rest] = path as [number, ...number[]];
  const block = blocks[i]!;
  let inner: VBlock = slice;
  if (block.t === 'box') inner = { ...block, blocks: sliceBlocks(block.blocks, rest, slice, first, last) };
  else if (block.t === 'row') {
    const col = block.cols[0]!;
    inner = { ...block, cols: [{ ...col, blocks: sliceBlocks(col.blocks, rest, slice, first, last) }] };
  }
  return [...(first ? blocks.slice(0, i) : []), inner, ...(last ? blocks.slice(i + 1) : [])];
}

/** The document of one chunk: what precedes the table with the first, what follows with the last. */
function chunkDocument(doc: ViewDocument, at: LongTable, from: number, to: number, pageStart?: number): ViewDocument {
  const first = from === 0;
  const last = to === at.table.body.length;
  const section = doc.sections[at.section]!;
  const blocks = sliceBlocks(section.blocks, at.path, tableSlice(at.table, from, to), first, last);
  const sections = [
    ...(first ? doc.sections.slice(0, at.section) : []),
    // A continuation goes on with the numbering the previous chunk reached.
    { ...section, blocks, reset: first ? section.reset : false },
    ...(last ? doc.sections.slice(at.section + 1) : []),
  ];
  return { ...doc, sections, ...(pageStart === undefined ? {} : { pageStart }) };
}

const encoder = new TextEncoder();

function checkCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw new QuireError('DocGenerationError', { detail: 'cancelled' });
}

/** Where a chunk starts: its first row, the page number it starts on, and how many rows it takes. */
interface ChunkStart {
  from: number;
  pageStart: number | undefined;
  size: number;
}

/** A chunk's compile: its PDF and, unless it is the last, where it is cut. */
interface ChunkResult {
  pdf: Uint8Array;
  cut?: CutMark;
  last: boolean;
}

const sameStart = (a: ChunkStart, b: ChunkStart) =>
  a.from === b.from && a.pageStart === b.pageStart && a.size === b.size;

/**
 * Where the chunk after `start` will start, when each page holds `rowsPerPage` rows (rows of one
 * height, as most long tables have): its last page begins `rowsPerPage` rows from a page boundary.
 */
function predictNext(start: ChunkStart, rowsPerPage: number, rows: number, chunkRows: number): ChunkStart | undefined {
  const to = Math.min(rows, start.from + start.size);
  if (to === rows || start.pageStart === undefined) return undefined;
  const pages = Math.ceil((to - start.from) / rowsPerPage);
  if (pages < 2) return undefined;
  return { from: start.from + rowsPerPage * (pages - 1), pageStart: start.pageStart + pages - 1, size: chunkRows };
}

/**
 * Compiles the document chunk by chunk and joins the pages each chunk keeps. With two lanes, the
 * chunk after next is compiled on the second while the next is on the first, starting where it is
 * predicted to; a prediction the real cut disproves is compiled again from the real cut, so the
 * pages are those of the one-lane run whatever the prediction.
 */
export async function compileChunked(
  doc: ViewDocument,
  at: LongTable,
  files: Record<string, Uint8Array>,
  fontGroups: readonly FontGroup[],
  engine: TypstEngine,
  options: ChunkOptions = {},
): Promise<Uint8Array> {
  const rows = at.table.body.length;
  const chunkRows = options.chunkRows ?? CHUNK_ROWS;
  const kept = new PageJoiner();
  const lanes = new ChunkLanes(engine, options, rows > 4 * chunkRows);
  let laneTurn = 0;

  const compile = (start: ChunkStart): Promise<ChunkResult> => {
    const to = Math.min(rows, start.from + start.size);
    const last = to === rows;
    const chunk = { ...chunkDocument(doc, at, start.from, to, start.pageStart), ...(last ? {} : { chunked: true }) };
    const job = {
      main: '/main.typ',
      files: { ...files, '/data.json': encoder.encode(JSON.stringify(chunk)) },
      fontGroups,
    };
    const lane = lanes.lanes[laneTurn++ % lanes.lanes.length]!;
    const result = lane.run(async (e): Promise<ChunkResult> => {
      if (last) return { pdf: await e.compilePdf(job), last };
      const { pdf, found } = await e.compileWithQuery(job, '<q-cut>');
      return { pdf, cut: found[0] as CutMark | undefined, last };
    });
    // A dropped prediction's failure is nobody's concern; a kept one's is awaited below.
    result.catch(() => undefined);
    return result;
  };

  try {
    let next: ChunkStart = { from: 0, pageStart: undefined, size: chunkRows };
    let ahead: { start: ChunkStart; result: Promise<ChunkResult> }[] = [];
    let rowsPerPage: number | undefined;
    for (;;) {
      checkCancelled(options.signal);
      if (!ahead[0] || !sameStart(ahead[0].start, next)) ahead = [{ start: next, result: compile(next) }];
      const guess =
        rowsPerPage && lanes.lanes.length > 1 && ahead.length === 1
          ? predictNext(next, rowsPerPage, rows, chunkRows)
          : undefined;
      if (guess) ahead.push({ start: guess, result: compile(guess) });
      const { start, result } = ahead.shift()!;
      const { pdf, cut, last } = await result;
      if (last) {
        kept.add(pdf, 'all');
        options.onProgress?.(rows, rows);
        break;
      }
      if (!cut || cut.r <= start.from) {
        // The whole chunk fits one page: nothing to keep yet, so typeset more rows at once.
        next = { ...start, size: start.size * 2 };
        continue;
      }
      kept.add(pdf, cut.p - 1);
      // A continuation starts on a fresh page, so its pages tell how many rows a page holds.
      const perPage = (cut.r - start.from) / (cut.p - 1);
      rowsPerPage = start.from > 0 && Number.isInteger(perPage) ? perPage : undefined;
      next = { from: cut.r, pageStart: cut.n, size: chunkRows };
      options.onProgress?.(cut.r, rows);
    }
  } catch (error) {
    kept.abandon();
    throw error;
  } finally {
    await lanes.release();
  }
  checkCancelled(options.signal);
  return kept.finish();
}

/**
 * Joins the pages each chunk keeps as the chunks arrive, while the lanes compile the next ones:
 * parsing a chunk's PDF (pdf-lib reads every object, tags included: ~50 ms for 20 pages) would
 * otherwise all happen after the last chunk (5 s of a 30,000-row table). Parts join in order.
 */
class PageJoiner {
  private first: { pdf: Uint8Array; pages: number | 'all' } | undefined;
  private out: Promise<PDFDocument> | undefined;
  private parts = 0;

  add(pdf: Uint8Array, pages: number | 'all'): void {
    this.parts++;
    if (this.parts === 1) {
      this.first = { pdf, pages };
      return;
    }
    if (!this.out) {
      const first = this.first!;
      this.first = undefined;
      // pdf-lib loads with the first join: documents that fit one compile never parse its code.
      this.out = import('pdf-lib')
        .then(({ PDFDocument }) => PDFDocument.create())
        .then((out) => appendPages(out, first.pdf, first.pages));
    }
    this.out = this.out.then((out) => appendPages(out, pdf, pages));
    // Awaited in finish(); until then a failure must not surface as an unhandled rejection.
    this.out.catch(() => undefined);
  }

  /** A failed document: the joins under way end on their own, their result unused. */
  abandon(): void {
    this.first = undefined;
  }

  async finish(): Promise<Uint8Array> {
    if (!this.out) return this.first!.pdf;
    return (await this.out).save({ useObjectStreams: true });
  }
}

async function appendPages(out: PDFDocument, pdf: Uint8Array, pages: number | 'all'): Promise<PDFDocument> {
  const { PDFDocument } = await import('pdf-lib');
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const count = pages === 'all' ? source.getPageCount() : pages;
  const copied = await out.copyPages(
    source,
    Array.from({ length: count }, (_, i) => i),
  );
  for (const page of copied) out.addPage(page);
  return out;
}
