/**
 * A resolved document as an Excel workbook (exceljs): a "Document" sheet with the text in reading
 * order and each table in place, then every table again on a sheet of its own. Cells keep their
 * type: numbers, currency amounts, percentages and dates are written as numbers and dates with a
 * matching number format, not as text.
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

class SheetWriter {
  row = 1;
  widestColumn = 1;

  constructor(
    private readonly sheet: ExcelJS.Worksheet,
    private readonly sums: PageSums,
  ) {}

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
        this.row++;
        for (const col of block.cols) for (const b of col.blocks) if (b.t === 'table') this.blocks([b], tables);
      } else if (block.t === 'box' || block.t === 'float') {
        this.blocks(block.blocks, tables, prefix);
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
  const writer = new SheetWriter(main, sums);
  const tables: VTable[] = [];
  for (const section of source.doc.sections) writer.blocks(section.blocks, tables);
  main.getColumn(1).width = 60;
  for (let c = 2; c <= writer.widestColumn; c++) main.getColumn(c).width = 18;
  tables.forEach((table, index) => {
    const sheet = workbook.addWorksheet(sheetName(`${names.table} ${index + 1}`, used));
    const own = new SheetWriter(sheet, sums);
    own.table(table);
    const total = table.cols.reduce((a, b) => a + b, 0) || 1;
    table.cols.forEach((w, c) => {
      sheet.getColumn(c + 1).width = Math.max(8, Math.round((w / total) * 100));
    });
    if (table.header.length > 0) sheet.views = [{ state: 'frozen', ySplit: table.header.length }];
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
