/**
 * A resolved document as an Excel workbook (exceljs): a "Document" sheet with the text in reading
 * order and each table in place, then every table again on a sheet of its own. Cells keep their
 * type: numbers, currency amounts, percentages and dates are written as numbers and dates with a
 * matching number format, not as text. Images (signatures, pictures, codes) are placed over the
 * cells they belong to — in the flow of the "Document" sheet, or inside their table cell, whose row
 * grows to hold them.
 */
import ExcelJS from 'exceljs';
import { parseNumber } from '../../core/format/number';
import type { VBlock, VCell, VSpan, VTable } from '../view-model';
import { blocksText, type ExportDocument, PageSums, spansText, tableRows } from './document';

type CellValue = string | number | Date;

interface TypedValue {
  value: CellValue;
  numFmt?: string;
}

const DATE = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/;

/** The value a printed text stands for, with the number format that prints it the same way. */
function typedValue(text: string): TypedValue {
  const trimmed = text.trim();
  if (trimmed === '') return { value: text };
  const date = DATE.exec(trimmed);
  if (date) {
    const [, y, sep, m, d] = date;
    const value = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    if (value.getUTCMonth() === Number(m) - 1) return { value, numFmt: `yyyy${sep}mm${sep}dd` };
  }
  const number = parseNumber(trimmed);
  if (number === undefined) return { value: text };
  // A code such as a postcode or an article number with leading zeros stays text.
  if (/^-?0\d/.test(trimmed)) return { value: text };
  const decimals = /\.(\d+)/.exec(trimmed)?.[1]?.length ?? 0;
  const fraction = decimals > 0 ? `.${'0'.repeat(decimals)}` : '';
  const digits = `${trimmed.includes(',') ? '#,##0' : '0'}${fraction}`;
  if (trimmed.endsWith('%')) return { value: number, numFmt: `${digits}%` };
  const symbol = /^-?\s*([^\d\s.,-])/.exec(trimmed)?.[1];
  if (symbol) return { value: number, numFmt: `"${symbol}"${digits}` };
  return trimmed.includes(',') || decimals > 0 ? { value: number, numFmt: digits } : { value: number };
}

function argb(color: string | undefined): string | undefined {
  return color && /^#[0-9a-fA-F]{6}$/.test(color) ? `FF${color.slice(1).toUpperCase()}` : undefined;
}

function firstSpan(cell: VCell): VSpan | undefined {
  for (const block of cell.blocks) if (block.t === 'par') return block.spans.find((s) => s.t === 'text');
  return undefined;
}

function firstAlign(cell: VCell) {
  for (const block of cell.blocks) if (block.t === 'par') return cell.align ?? block.align;
  return cell.align;
}

/** Excel's default row is 15 pt = 20 px; a flowing image takes as many rows as it is tall. */
const ROW_PX = 20;
/** Pixels per point at Excel's 96 dpi. */
const PX_PER_PT = 4 / 3;
/** The widest an image is placed in the document's flow (column A is ~60 characters ≈ 420 px). */
const FLOW_MAX_PX = 420;
/** The widest an image is placed in a table cell. */
const CELL_MAX_PX = 120;

/** English Metric Units per pixel at 96 dpi: drawing offsets inside a cell are written in EMU. */
const EMU_PER_PX = 9525;

/**
 * A cell's top-left corner moved down by `downPx`. exceljs types its anchor as fractional
 * column/row numbers (a fraction it converts with its own row-height guess), but its Anchor also
 * takes the native form, which is what the drawing part stores: cell plus an exact offset.
 */
function nativeAnchor(col: number, row: number, downPx: number): { col: number; row: number } {
  const native = { nativeCol: col, nativeColOff: 0, nativeRow: row, nativeRowOff: Math.round(downPx * EMU_PER_PX) };
  return native as unknown as { col: number; row: number };
}

/** The workbook's images, each added once however often it prints. */
class WorkbookImages {
  private readonly ids = new Map<string, number>();

  constructor(
    private readonly workbook: ExcelJS.Workbook,
    private readonly source: ExportDocument,
  ) {}

  /** The image's id and its size in px at a print width (pt; natural size without), at most `maxPx` wide. */
  get(path: string, widthPt: number | undefined, maxPx: number) {
    const image = this.source.images.get(path);
    if (!image) return undefined;
    let id = this.ids.get(path);
    if (id === undefined) {
      const extension = image.type === 'jpg' ? 'jpeg' : image.type;
      // exceljs types the buffer as Node's Buffer; it only reads the bytes.
      id = this.workbook.addImage({ buffer: image.bytes as unknown as ExcelJS.Buffer, extension });
      this.ids.set(path, id);
    }
    const width = Math.min(maxPx, widthPt !== undefined ? widthPt * PX_PER_PT : image.width);
    return { id, width, height: (width * image.height) / image.width };
  }
}

class SheetWriter {
  row = 1;
  widestColumn = 1;

  constructor(
    private readonly sheet: ExcelJS.Worksheet,
    private readonly sums: PageSums,
    private readonly images?: WorkbookImages,
  ) {}

  /** An image in the flow of the sheet, under the text before it. */
  image(path: string, widthPt: number | undefined): void {
    const placed = this.images?.get(path, widthPt, FLOW_MAX_PX);
    if (!placed) return;
    this.sheet.addImage(placed.id, {
      tl: { col: 0, row: this.row - 1 },
      ext: { width: placed.width, height: placed.height },
    });
    this.row += Math.max(1, Math.ceil(placed.height / ROW_PX));
  }

  /** The images of a table cell, stacked inside it; the row grows to hold them. */
  private cellImages(vcell: Pick<VCell, 'blocks'>, column: number): void {
    let top = 0;
    for (const block of vcell.blocks) {
      if (block.t !== 'image') continue;
      const placed = this.images?.get(block.path, block.width, CELL_MAX_PX);
      if (!placed) continue;
      this.sheet.addImage(placed.id, {
        tl: nativeAnchor(column - 1, this.row - 1, top),
        ext: { width: placed.width, height: placed.height },
      });
      top += placed.height;
    }
    if (top === 0) return;
    const row = this.sheet.getRow(this.row);
    row.height = Math.max(row.height ?? 15, top / PX_PER_PT + 4);
  }

  text(text: string, style: { bold?: boolean; size?: number } = {}): void {
    const cell = this.sheet.getCell(this.row++, 1);
    cell.value = text;
    if (style.bold || style.size)
      cell.font = { ...(style.bold ? { bold: true } : {}), ...(style.size ? { size: style.size } : {}) };
    if (text.includes('\n')) cell.alignment = { wrapText: true, vertical: 'top' };
  }

  table(table: VTable): void {
    const taken = new Set<string>();
    const headerRows = table.header.length;
    tableRows(table).forEach((cells, rowIndex) => {
      let column = 1;
      for (const vcell of cells) {
        while (taken.has(`${this.row},${column}`)) column++;
        const colspan = vcell.colspan ?? 1;
        const rowspan = vcell.rowspan ?? 1;
        const cell = this.sheet.getCell(this.row, column);
        const typed = typedValue(blocksText(vcell.blocks, this.sums));
        cell.value = typed.value;
        if (typed.numFmt) cell.numFmt = typed.numFmt;
        const span = firstSpan(vcell);
        const bold = rowIndex < headerRows || (span?.t === 'text' && span.b === true);
        if (bold) cell.font = { bold: true };
        const fill = argb(vcell.bg);
        if (fill) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: fill } };
        const align = firstAlign(vcell);
        if (align || typeof typed.value === 'string') {
          cell.alignment = {
            ...(align && align !== 'justify' ? { horizontal: align } : {}),
            vertical: 'top',
            wrapText: typeof typed.value === 'string' && typed.value.includes('\n'),
          };
        }
        if (table.stroke) {
          const side = { style: 'thin' as const, color: { argb: argb(table.stroke.c) ?? 'FF000000' } };
          cell.border = { top: side, left: side, bottom: side, right: side };
        }
        this.cellImages(vcell, column);
        for (let r = 0; r < rowspan; r++) for (let c = 0; c < colspan; c++) taken.add(`${this.row + r},${column + c}`);
        if (colspan > 1 || rowspan > 1)
          this.sheet.mergeCells(this.row, column, this.row + rowspan - 1, column + colspan - 1);
        column += colspan;
      }
      this.widestColumn = Math.max(this.widestColumn, column - 1, table.cols.length);
      this.row++;
    });
  }

  blocks(blocks: readonly VBlock[], tables: VTable[], prefix = ''): void {
    for (const block of blocks) {
      if (block.t === 'par') {
        const text = spansText(block.spans, this.sums);
        const size = block.heading === 1 ? 16 : block.heading === 2 ? 13 : undefined;
        if (text !== '' || prefix)
          this.text(`${prefix}${text}`, { ...(block.heading ? { bold: true } : {}), ...(size ? { size } : {}) });
      } else if (block.t === 'list') {
        block.items.forEach((item, index) => {
          this.blocks(item, tables, `${prefix ? '  ' : ''}${block.ordered ? `${index + 1}. ` : '• '}`);
        });
      } else if (block.t === 'table') {
        tables.push(block);
        this.table(block);
        this.row++;
      } else if (block.t === 'row') {
        // Columns side by side: each column's text in a cell of one row.
        const texts = block.cols.map((c) =>
          blocksText(
            c.blocks.filter((b) => b.t !== 'table'),
            this.sums,
          ),
        );
        texts.forEach((text, index) => {
          const cell = this.sheet.getCell(this.row, index + 1);
          cell.value = text;
          cell.alignment = { wrapText: true, vertical: 'top' };
        });
        this.widestColumn = Math.max(this.widestColumn, texts.length);
        // The columns' images (a row of signatures) sit in their column's cell, like a table's.
        block.cols.forEach((col, index) => {
          this.cellImages(col, index + 1);
        });
        this.row++;
        for (const col of block.cols) for (const b of col.blocks) if (b.t === 'table') this.blocks([b], tables);
      } else if (block.t === 'box' || block.t === 'float') {
        this.blocks(block.blocks, tables, prefix);
      } else if (block.t === 'image') {
        this.image(block.path, block.fit === 'width' ? undefined : block.width);
      }
    }
  }
}

/** Sheet names: at most 31 characters, none of `[]:*?/\`, unique. */
function sheetName(wanted: string, used: Set<string>): string {
  const base = wanted.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 27)} (${n})`;
  used.add(name.toLowerCase());
  return name;
}

const SHEET_NAMES: Record<string, { document: string; table: string }> = {
  de: { document: 'Dokument', table: 'Tabelle' },
  es: { document: 'Documento', table: 'Tabla' },
  fr: { document: 'Document', table: 'Tableau' },
  it: { document: 'Documento', table: 'Tabella' },
  ja: { document: 'ドキュメント', table: '表' },
  ko: { document: '문서', table: '표' },
  pt: { document: 'Documento', table: 'Tabela' },
  ru: { document: 'Документ', table: 'Таблица' },
  zh: { document: '文档', table: '表格' },
};

/** The workbook of a resolved document; sheet names follow the template's language. */
export async function exportXlsx(source: ExportDocument, lang: string): Promise<Uint8Array> {
  const sums = new PageSums(source.doc);
  const names = SHEET_NAMES[lang.slice(0, 2).toLowerCase()] ?? { document: 'Document', table: 'Table' };
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Quire';
  const used = new Set<string>();
  const main = workbook.addWorksheet(sheetName(names.document, used));
  const images = new WorkbookImages(workbook, source);
  const writer = new SheetWriter(main, sums, images);
  const tables: VTable[] = [];
  for (const section of source.doc.sections) writer.blocks(section.blocks, tables);
  main.getColumn(1).width = 60;
  for (let c = 2; c <= writer.widestColumn; c++) main.getColumn(c).width = 18;
  tables.forEach((table, index) => {
    const sheet = workbook.addWorksheet(sheetName(`${names.table} ${index + 1}`, used));
    const own = new SheetWriter(sheet, sums, images);
    own.table(table);
    const total = table.cols.reduce((a, b) => a + b, 0) || 1;
    table.cols.forEach((w, c) => {
      sheet.getColumn(c + 1).width = Math.max(8, Math.round((w / total) * 100));
    });
    if (table.header.length > 0) sheet.views = [{ state: 'frozen', ySplit: table.header.length }];
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
