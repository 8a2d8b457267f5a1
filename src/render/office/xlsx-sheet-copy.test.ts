/**
 * A sheet repeated per record keeps, in every copy, its Excel table (own id and name, range grown
 * with the copy's rows), its note and its chart. The template is written by exceljs (table and
 * note) with a chart added by hand; the fill is read back as XML, by exceljs, and by LibreOffice
 * headless (PDF text, and the flat ODF it saves: comments and database ranges per sheet).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveTarget } from './package';
import { content, env, input, makeXlsx, row, sheetCells, unzipText, zip } from './test-helpers';
import { xlsxRenderer } from './xlsx';
import { guidFrom, renameStructured } from './xlsx-sheet-copy';

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const SHEET = '{#orders}Order {id}';

const ORDERS = [
  { id: 'A-1', lines: [{ name: 'Pen', qty: 2, price: 1.5 }] },
  {
    id: 'B-2',
    lines: [
      { name: 'Ink', qty: 3, price: 4 },
      { name: 'Paper', qty: 10, price: 0.25 },
    ],
  },
  {
    id: 'C-3',
    lines: [
      { name: 'Stapler', qty: 1, price: 9 },
      { name: 'Clips', qty: 5, price: 0.5 },
      { name: 'Tape', qty: 7, price: 2 },
    ],
  },
];

/** exceljs writes the table and the note; the chart (over the table's Qty column) is added by hand. */
async function template(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const cover = workbook.addWorksheet('Cover');
  cover.getCell('A1').value = 'Orders';
  const sheet = workbook.addWorksheet(SHEET);
  sheet.getCell('A1').value = 'Order {id}';
  sheet.getCell('A1').note = 'Checked by the warehouse';
  sheet.addTable({
    name: 'Lines',
    ref: 'A3',
    headerRow: true,
    columns: [{ name: 'Item' }, { name: 'Qty' }, { name: 'Price' }],
    rows: [['{#lines}{name}', '{qty}', '{price}{/lines}']],
  });
  sheet.getCell('A6').value = 'Total qty';
  sheet.getCell('B6').value = { formula: 'SUM(Lines[Qty])', date1904: false };
  // Formulas naming the repeated sheet: on the copy, its own; elsewhere, the first copy.
  sheet.getCell('C6').value = { formula: `'${SHEET}'!B6*2`, date1904: false };
  cover.getCell('B1').value = { formula: `'${SHEET}'!B6`, date1904: false };
  sheet.pageSetup.printArea = 'A1:C6';
  workbook.definedNames.add(`'${SHEET}'!$B$4`, 'FirstQty');
  const parts = unzipText(new Uint8Array(await workbook.xlsx.writeBuffer()));
  const sheetPart = 'xl/worksheets/sheet2.xml';
  const relsPart = 'xl/worksheets/_rels/sheet2.xml.rels';
  const quoted = `'${SHEET}'`;
  parts['xl/charts/chart1.xml'] =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:plotArea><c:layout/><c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:ser><c:idx val="0"/><c:order val="0"/><c:cat><c:strRef><c:f>${quoted}!$A$4:$A$4</c:f></c:strRef></c:cat><c:val><c:numRef><c:f>${quoted}!$B$4:$B$4</c:f></c:numRef></c:val></c:ser><c:axId val="1"/><c:axId val="2"/></c:barChart><c:catAx><c:axId val="1"/><c:scaling/><c:axPos val="b"/><c:crossAx val="2"/></c:catAx><c:valAx><c:axId val="2"/><c:scaling/><c:axPos val="l"/><c:crossAx val="1"/></c:valAx></c:plotArea></c:chart></c:chartSpace>`;
  parts['xl/drawings/drawing1.xml'] =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:r="${REL}"><xdr:twoCellAnchor><xdr:from><xdr:col>5</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>10</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>12</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to><xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="Chart 1"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart r:id="rId1"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>`;
  parts['xl/drawings/_rels/drawing1.xml.rels'] =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/chart" Target="../charts/chart1.xml"/></Relationships>`;
  parts[relsPart] = parts[relsPart]!.replace(
    '</Relationships>',
    `<Relationship Id="rIdChart" Type="${REL}/drawing" Target="../drawings/drawing1.xml"/></Relationships>`,
  );
  // <drawing> comes before <legacyDrawing> and <tableParts> in the schema.
  parts[sheetPart] = parts[sheetPart]!.replace(/<legacyDrawing\b/, '<drawing r:id="rIdChart"/>$&');
  parts['[Content_Types].xml'] = parts['[Content_Types].xml']!.replace(
    '</Types>',
    '<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/><Override PartName="/xl/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/></Types>',
  );
  return zip(parts);
}

async function fill(bytes: Uint8Array, scope: Record<string, unknown>): Promise<Uint8Array> {
  return xlsxRenderer.render(xlsxRenderer.parse(content('xlsx', bytes)), input(scope), env);
}

/** Part name → content type, from overrides and defaults. */
function contentTypeOf(types: string, part: string): string | undefined {
  const override = new RegExp(
    `<Override\\b[^>]*PartName="/${part.replace(/[.[\]]/g, '\\$&')}"[^>]*ContentType="([^"]*)"`,
  );
  const found = override.exec(types)?.[1];
  if (found) return found;
  const ext = part.split('.').pop();
  return new RegExp(`<Default\\b[^>]*Extension="${ext}"[^>]*ContentType="([^"]*)"`, 'i').exec(types)?.[1];
}

/** Every internal relationship points at a part with a content type; every r:id of a part exists. */
function expectValidPackage(out: Record<string, string>) {
  const types = out['[Content_Types].xml']!;
  for (const name of Object.keys(out)) {
    if (name === '[Content_Types].xml' || name.endsWith('/')) continue;
    expect(contentTypeOf(types, name), name).toBeDefined();
    if (!name.endsWith('.rels')) continue;
    const source = name === '_rels/.rels' ? '' : name.replace(/_rels\/([^/]+)\.rels$/, '$1');
    const ids = new Set<string>();
    for (const [tag] of out[name]!.matchAll(/<Relationship\b[^>]*>/g)) {
      const id = /\sId="([^"]*)"/.exec(tag)![1]!;
      expect(ids.has(id), `${name} ${id} twice`).toBe(false);
      ids.add(id);
      if (/TargetMode="External"/.test(tag)) continue;
      const target = resolveTarget(source, /\sTarget="([^"]*)"/.exec(tag)![1]!);
      expect(out[target], `${name} → ${target}`).toBeDefined();
    }
    if (source && out[source])
      for (const [, id] of out[source]!.matchAll(/\br:(?:id|embed|link)="([^"]*)"/g))
        expect(ids.has(id!), `${source} r:id ${id}`).toBe(true);
  }
  for (const name of Object.keys(out)) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(name)) continue;
    if (/<(?:legacyDrawing|tableParts|drawing)\b/.test(out[name]!))
      expect(out[name.replace('worksheets/', 'worksheets/_rels/').concat('.rels')], name).toBeDefined();
  }
}

/** Sheet name → its part, in workbook order. */
function sheetParts(out: Record<string, string>): Array<[string, string]> {
  const rels = out['xl/_rels/workbook.xml.rels']!;
  return [...out['xl/workbook.xml']!.matchAll(/<sheet\b[^>]*name="([^"]*)"[^>]*r:id="([^"]*)"/g)].map(
    ([, name, id]) => {
      const target = new RegExp(`Id="${id}"[^>]*Target="([^"]*)"`).exec(rels)?.[1] ?? '';
      return [name!, resolveTarget('xl/workbook.xml', target)];
    },
  );
}

function relTarget(out: Record<string, string>, part: string, type: string): string[] {
  const rels = out[part.replace(/([^/]+)$/, '_rels/$1.rels')] ?? '';
  return [...rels.matchAll(/<Relationship\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => tag.includes(`/${type}"`))
    .map((tag) => resolveTarget(part, /\sTarget="([^"]*)"/.exec(tag)![1]!));
}

let filled: Uint8Array = new Uint8Array();
let dir = '';

beforeAll(async () => {
  filled = await fill(await template(), { orders: ORDERS });
  dir = mkdtempSync(join(tmpdir(), 'quire-xlsx-copies-'));
  writeFileSync(join(dir, 'orders.xlsx'), filled);
  if (process.env.QUIRE_KEEP_XLSX) writeFileSync(process.env.QUIRE_KEEP_XLSX, filled);
  // One soffice start, two conversions: the PDF (what prints) and flat ODF (what was read).
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      join(dir, 'pdf'),
      'orders.xlsx',
    ],
    { cwd: dir, stdio: 'ignore', timeout: 240_000 },
  );
  execFileSync(
    'soffice',
    [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'fods', 'orders.xlsx'],
    { cwd: dir, stdio: 'ignore', timeout: 240_000 },
  );
}, 600_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a repeated sheet keeps its tables, notes and charts in every copy', () => {
  it('gives each copy its own table (unique id and name, range over its rows) and formulas on it', () => {
    const out = unzipText(filled);
    const sheets = sheetParts(out);
    expect(sheets.map(([name]) => name)).toEqual(['Cover', 'Order A-1', 'Order B-2', 'Order C-3']);
    const tables = sheets.slice(1).map(([name, part]) => {
      const [table] = relTarget(out, part, 'table');
      expect(table, name).toBeDefined();
      expect(out[part]).toMatch(/<tableParts count="1"><tablePart r:id="[^"]+"\/><\/tableParts>/);
      const open = /<table\b[^>]*>/.exec(out[table!]!)![0];
      return {
        part: table,
        id: /\sid="(\d+)"/.exec(open)![1],
        name: /\sname="([^"]*)"/.exec(open)![1],
        displayName: /\sdisplayName="([^"]*)"/.exec(open)![1],
        ref: /\sref="([^"]*)"/.exec(open)![1],
        filter: /<autoFilter\b[^>]*ref="([^"]*)"/.exec(out[table!]!)?.[1],
      };
    });
    expect(new Set(tables.map((t) => t.part)).size).toBe(3);
    expect(new Set(tables.map((t) => t.id)).size).toBe(3);
    expect(tables.map((t) => t.displayName)).toEqual(['Lines', 'Lines_2', 'Lines_3']);
    expect(tables.map((t) => t.name)).toEqual(['Lines', 'Lines_2', 'Lines_3']);
    expect(tables.map((t) => t.ref)).toEqual(['A3:C4', 'A3:C5', 'A3:C6']);
    for (const t of tables) expect(t.filter ?? t.ref).toBe(t.ref);
    for (const t of tables) expect(contentTypeOf(out['[Content_Types].xml']!, t.part!)).toMatch(/table\+xml/);
    // Each copy's total sums its own table, three rows below its header.
    const totals = sheets.slice(1).map(([, part], i) => {
      const cells = sheetCells(out[part]!, out['xl/sharedStrings.xml']);
      const at = ORDERS[i]!.lines.length + 5;
      return [cells[`A${at}`], cells[`B${at}`]];
    });
    expect(sheets.slice(1).map(([, part], i) => sheetCells(out[part]!)[`C${ORDERS[i]!.lines.length + 5}`])).toEqual([
      "='Order A-1'!B6*2",
      "='Order B-2'!B7*2",
      "='Order C-3'!B8*2",
    ]);
    expect(sheetCells(out[sheets[0]![1]]!).B1).toBe("='Order A-1'!B6");
    expect(totals).toEqual([
      ['Total qty', '=SUM(Lines[Qty])'],
      ['Total qty', '=SUM(Lines_2[Qty])'],
      ['Total qty', '=SUM(Lines_3[Qty])'],
    ]);
    expectValidPackage(out);
  });

  it('gives each copy its print area, on its own rows; workbook names point at the first copy', () => {
    const workbook = unzipText(filled)['xl/workbook.xml']!;
    const names = [...workbook.matchAll(/<definedName\b([^>]*)>([^<]*)<\/definedName>/g)].map(([, attrs, text]) => ({
      name: /\sname="([^"]*)"/.exec(attrs!)![1],
      local: /localSheetId="(\d+)"/.exec(attrs!)?.[1],
      text: text!.replace(/&apos;/g, "'"),
    }));
    // (exceljs writes the print area with relative rows.)
    expect(names.filter((n) => n.name === '_xlnm.Print_Area')).toEqual([
      { name: '_xlnm.Print_Area', local: '1', text: "'Order A-1'!$A1:$C6" },
      { name: '_xlnm.Print_Area', local: '2', text: "'Order B-2'!$A1:$C7" },
      { name: '_xlnm.Print_Area', local: '3', text: "'Order C-3'!$A1:$C8" },
    ]);
    expect(names.find((n) => n.name === 'FirstQty')?.text).toBe("'Order A-1'!$B$4");
  });

  it('gives each copy its own note (comments part, VML with its own shape ids) and chart on the copy', () => {
    const out = unzipText(filled);
    const sheets = sheetParts(out).slice(1);
    const vmlBlocks = new Set<string>();
    const comments = new Set<string>();
    sheets.forEach(([name, part], i) => {
      const [comment] = relTarget(out, part, 'comments');
      const [vml] = relTarget(out, part, 'vmlDrawing');
      expect(comment && vml, name).toBeTruthy();
      comments.add(comment!);
      expect(out[comment!]).toContain('<comment ref="A1"');
      expect(out[comment!]).toContain('Checked by the warehouse');
      expect(out[part]).toMatch(/<legacyDrawing r:id="[^"]+"\/>/);
      vmlBlocks.add(/<o:idmap\b[^>]*data="([^"]*)"/.exec(out[vml!]!)![1]!);
      const [drawing] = relTarget(out, part, 'drawing');
      const [chart] = relTarget(out, drawing!, 'chart');
      const rows = ORDERS[i]!.lines.length + 3;
      expect(out[chart!]).toContain(`<c:f>'${name}'!$B$4:$B$${rows}</c:f>`);
    });
    expect(comments.size).toBe(3);
    expect(vmlBlocks.size).toBe(3);
  });

  it('reads back with exceljs: names, cells, notes, tables', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(filled) as unknown as ArrayBuffer);
    const names = workbook.worksheets.map((w) => w.name);
    expect(names).toEqual(['Cover', 'Order A-1', 'Order B-2', 'Order C-3']);
    ORDERS.forEach((order, i) => {
      const sheet = workbook.getWorksheet(`Order ${order.id}`)!;
      expect(sheet.getCell('A1').value).toBe(`Order ${order.id}`);
      const note = sheet.getCell('A1').note;
      const text = typeof note === 'string' ? note : (note?.texts ?? []).map((t) => t.text).join('');
      expect(text).toBe('Checked by the warehouse');
      order.lines.forEach((line, j) => {
        expect(sheet.getCell(`A${4 + j}`).value).toBe(line.name);
        expect(sheet.getCell(`B${4 + j}`).value).toBe(line.qty);
      });
      const tables = Object.values(
        (sheet as unknown as { tables: Record<string, { table: { name: string } }> }).tables,
      );
      expect(tables.map((t) => t.table.name)).toEqual([i === 0 ? 'Lines' : `Lines_${i + 1}`]);
    });
  });

  it('opens in LibreOffice: every copy printed with its rows and total, its note and table read', () => {
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'pdf', 'orders.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Orders\s+2\b/);
    for (const order of ORDERS) {
      expect(text).toContain(`Order ${order.id}`);
      for (const line of order.lines) expect(text).toMatch(new RegExp(`${line.name}\\s+${line.qty}\\b`));
      const total = order.lines.reduce((sum, l) => sum + l.qty, 0);
      expect(text).toMatch(new RegExp(`Total qty\\s+${total}\\s+${total * 2}\\b`));
    }
    const flat = readFileSync(join(dir, 'orders.fods'), 'utf8');
    const tables = [...flat.matchAll(/<table:table table:name="([^"]*)"[\s\S]*?<\/table:table>/g)];
    for (const order of ORDERS) {
      const sheet = tables.find((t) => t[1] === `Order ${order.id}`);
      expect(sheet, order.id).toBeDefined();
      expect(sheet![0]).toMatch(/<office:annotation\b[\s\S]*Checked by the warehouse/);
    }
    // Excel tables become database ranges, one per copy, over the copy's rows.
    const ranges = [...flat.matchAll(/<table:database-range\b[^>]*>/g)].map(([tag]) => ({
      name: /table:name="([^"]*)"/.exec(tag)?.[1],
      area: /table:target-range-address="([^"]*)"/.exec(tag)?.[1]?.replace(/&apos;/g, "'"),
    }));
    expect(ranges).toEqual(
      expect.arrayContaining([
        { name: 'Lines', area: "'Order A-1'.A3:'Order A-1'.C4" },
        { name: 'Lines_2', area: "'Order B-2'.A3:'Order B-2'.C5" },
        { name: 'Lines_3', area: "'Order C-3'.A3:'Order C-3'.C6" },
      ]),
    );
  });
});

describe('threaded comments and notes of a repeated sheet', () => {
  const threadedXml = (id: string, reply: string) =>
    `<ThreadedComments xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"><threadedComment ref="B3" dT="2026-01-01T00:00:00.00" personId="{11111111-1111-4111-8111-111111111111}" id="${id}"><text>Check {qty}</text></threadedComment><threadedComment ref="B3" dT="2026-01-01T00:00:00.00" personId="{11111111-1111-4111-8111-111111111111}" id="${reply}" parentId="${id}"><text>Done</text></threadedComment></ThreadedComments>`;
  const ID = '{AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA}';
  const REPLY = '{BBBBBBBB-BBBB-4BBB-8BBB-BBBBBBBBBBBB}';
  const UID = '{CCCCCCCC-CCCC-4CCC-8CCC-CCCCCCCCCCCC}';
  const comments = `<comments xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><authors><author>tc=${ID}</author></authors><commentList><comment ref="B3" authorId="0"><text><t>Check</t></text></comment><comment ref="A5" authorId="0"><text><t>Below</t></text></comment></commentList></comments>`;
  const vml =
    '<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel"><o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="1"/></o:shapelayout><v:shape id="_x0000_s1025" type="#_x0000_t202"><x:ClientData ObjectType="Note"><x:Anchor>2, 15, 1, 10, 4, 15, 5, 4</x:Anchor><x:Row>4</x:Row><x:Column>0</x:Column></x:ClientData></v:shape></xml>';

  it('copies them with new comment ids and moves notes below a loop with the rows', async () => {
    const parts = unzipText(
      makeXlsx(
        [
          {
            name: '{#orders}Order {id}',
            rows:
              row(
                3,
                '<c r="A3" t="inlineStr"><is><t>{#lines}{name}</t></is></c>',
                '<c r="B3" t="inlineStr"><is><t>{qty}{/lines}</t></is></c>',
              ) + row(5, '<c r="A5" t="inlineStr"><is><t>End</t></is></c>'),
            after: '<legacyDrawing r:id="rIdV"/>',
          },
        ],
        {
          sheetRels: {
            1: `<Relationship Id="rIdC" Type="${REL}/comments" Target="../comments1.xml"/><Relationship Id="rIdV" Type="${REL}/vmlDrawing" Target="../drawings/vmlDrawing1.vml"/><Relationship Id="rIdT" Type="http://schemas.microsoft.com/office/2017/10/relationships/threadedComment" Target="../threadedComments/threadedComment1.xml"/><Relationship Id="rIdP" Type="${REL}/printerSettings" Target="../printerSettings/printerSettings1.bin"/><Relationship Id="rIdPv" Type="${REL}/pivotTable" Target="../pivotTables/pivotTable1.xml"/><Relationship Id="rIdH" Type="${REL}/hyperlink" Target="https://example.com/orders" TargetMode="External"/><Relationship Id="rIdSl" Type="http://schemas.microsoft.com/office/2007/relationships/slicer" Target="../slicers/slicer1.xml"/>`,
          },
        },
      ),
    );
    parts['xl/comments1.xml'] = comments;
    parts['xl/drawings/vmlDrawing1.vml'] = vml;
    parts['xl/threadedComments/threadedComment1.xml'] = threadedXml(ID, REPLY);
    parts['xl/printerSettings/printerSettings1.bin'] = 'x';
    parts['xl/pivotTables/pivotTable1.xml'] = '<pivotTableDefinition/>';
    parts['xl/slicers/slicer1.xml'] = '<slicers/>';
    parts['xl/worksheets/sheet1.xml'] = parts['xl/worksheets/sheet1.xml']!.replace(
      '<legacyDrawing',
      '<hyperlinks><hyperlink ref="A5" r:id="rIdH"/></hyperlinks><pageSetup paperSize="9" r:id="rIdP"/><legacyDrawing',
    )
      .replace(
        '<worksheet ',
        `<worksheet xmlns:xr="http://schemas.microsoft.com/office/spreadsheetml/2014/revision" xr:uid="${UID}" `,
      )
      .replace(
        '</worksheet>',
        '<extLst><ext uri="{3A4CF648-6AED-40f4-86FF-DC5316D8AED3}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:slicerList><x14:slicer r:id="rIdSl"/></x14:slicerList></ext></extLst></worksheet>',
      );
    parts['[Content_Types].xml'] = parts['[Content_Types].xml']!.replace(
      '</Types>',
      '<Default Extension="vml" ContentType="application/vnd.openxmlformats-officedocument.vmlDrawing"/><Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.printerSettings"/><Override PartName="/xl/comments1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml"/><Override PartName="/xl/threadedComments/threadedComment1.xml" ContentType="application/vnd.ms-excel.threadedcomments+xml"/><Override PartName="/xl/pivotTables/pivotTable1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotTable+xml"/><Override PartName="/xl/slicers/slicer1.xml" ContentType="application/vnd.ms-excel.slicer+xml"/></Types>',
    );
    const out = unzipText(
      await fill(zip(parts), {
        orders: [
          { id: 1, lines: [{ name: 'a', qty: 1 }] },
          {
            id: 2,
            lines: [
              { name: 'b', qty: 2 },
              { name: 'c', qty: 3 },
              { name: 'd', qty: 4 },
            ],
          },
        ],
      }),
    );
    // The first sheet keeps the template's parts and ids; its note below the loop stays on A5.
    expect(out['xl/comments1.xml']).toContain('<comment ref="A5"');
    expect(out['xl/threadedComments/threadedComment1.xml']).toContain(`id="${ID}"`);
    // The copy has three lines: the note below them is on A7, its shape on row 6 (0-based).
    const copy = sheetParts(out)[1]![1];
    const [copyComments] = relTarget(out, copy, 'comments');
    const [copyThreads] = relTarget(out, copy, 'threadedComment');
    const [copyVml] = relTarget(out, copy, 'vmlDrawing');
    expect(copyComments).toBe('xl/comments2.xml');
    expect(out[copyComments!]).toContain('<comment ref="A7"');
    expect(out[copyComments!]).toContain('<comment ref="B3"');
    expect(out[copyVml!]).toContain('<x:Row>6</x:Row>');
    expect(out[copyVml!]).toContain('<x:Anchor>2, 15, 3, 10, 4, 15, 7, 4</x:Anchor>');
    expect(out[copyVml!]).toContain('data="2"');
    expect(out[copyVml!]).toContain('id="_x0000_s2049"');
    const newId = guidFrom(`${ID}Q1`);
    expect(newId).toMatch(/^\{[0-9A-F]{8}-[0-9A-F]{4}-4[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}\}$/);
    expect(out[copyThreads!]).toContain(`id="${newId}"`);
    expect(out[copyThreads!]).toContain(`parentId="${newId}"`);
    expect(out[copyThreads!]).not.toContain(ID);
    expect(out[copyComments!]).toContain(`tc=${newId}`);
    expect(out[copyThreads!]).toContain('personId="{11111111-1111-4111-8111-111111111111}"');
    // The copy has a revision id of its own.
    expect(out['xl/worksheets/sheet1.xml']).toContain(`xr:uid="${UID}"`);
    expect(out[copy]).toMatch(/xr:uid="\{[0-9A-F-]{36}\}"/);
    expect(out[copy]).not.toContain(UID);
    // Printer settings are shared; the pivot table is not copied, and nothing points at it.
    expect(out[copy]).toMatch(/<pageSetup paperSize="9" r:id="rIdP"\/>/);
    const copyRels = out[copy.replace('worksheets/', 'worksheets/_rels/').concat('.rels')]!;
    expect(copyRels).toContain('Target="../printerSettings/printerSettings1.bin"');
    expect(copyRels).not.toContain('pivotTable');
    // The external link stays external; the slicer (not copied) leaves no extension behind.
    expect(out[copy]).toContain('<hyperlink ref="A7" r:id="rIdH"/>');
    expect(copyRels).toMatch(/Id="rIdH"[^>]*Target="https:\/\/example\.com\/orders" TargetMode="External"/);
    expect(out[copy]).not.toContain('x14:slicer');
    expect(out['xl/worksheets/sheet1.xml']).toContain('<x14:slicer r:id="rIdSl"/>');
    expectValidPackage(out);
  });
});

describe('Excel 2010 conditional formats and validations', () => {
  it('grow with the rows of a loop, on the original and on each copy', async () => {
    const ext = `<extLst><ext uri="{78C0D931-6437-407d-A8EE-F0AAD7539E65}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:conditionalFormattings><x14:conditionalFormatting xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:cfRule type="cellIs" priority="1" operator="greaterThan" id="{00000000-0000-4000-8000-000000000001}"><xm:f>Limits!$A$1</xm:f><x14:dxf/></x14:cfRule><xm:sqref>B3</xm:sqref></x14:conditionalFormatting></x14:conditionalFormattings></ext><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:dataValidations count="1" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:dataValidation type="list"><x14:formula1><xm:f>'{#orders}Order {id}'!$A$3:$A$3</xm:f></x14:formula1><xm:sqref>A3 C5</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst>`;
    const out = unzipText(
      await fill(
        makeXlsx([
          { name: 'Limits', rows: row(1, '<c r="A1"><v>2</v></c>') },
          {
            name: '{#orders}Order {id}',
            rows:
              row(
                3,
                '<c r="A3" t="inlineStr"><is><t>{#lines}{name}</t></is></c>',
                '<c r="B3" t="inlineStr"><is><t>{qty}{/lines}</t></is></c>',
              ) + row(5, '<c r="C5" t="inlineStr"><is><t>x</t></is></c>'),
            after: ext,
          },
        ]),
        {
          orders: [
            { id: 1, lines: [{ name: 'a', qty: 1 }] },
            {
              id: 2,
              lines: [
                { name: 'b', qty: 2 },
                { name: 'c', qty: 3 },
              ],
            },
          ],
        },
      ),
    );
    const [first, second] = sheetParts(out).slice(1);
    expect(out[first![1]]).toContain('<xm:sqref>B3</xm:sqref>');
    expect(out[first![1]]).toContain("<xm:f>'Order 1'!$A$3:$A$3</xm:f>");
    expect(out[first![1]]).toContain('<xm:sqref>A3 C5</xm:sqref>');
    expect(out[second![1]]).toContain('<xm:sqref>B3:B4</xm:sqref>');
    expect(out[second![1]]).toContain("<xm:f>'Order 2'!$A$3:$A$4</xm:f>");
    expect(out[second![1]]).toContain('<xm:sqref>A3:A4 C6</xm:sqref>');
    expect(out[second![1]]).toContain('<xm:f>Limits!$A$1</xm:f>');
  });
});

describe('renameStructured', () => {
  it('renames a table in structured references, not in text or other names', () => {
    expect(renameStructured('SUM(Lines[Qty])+Lines[@Price]+"Lines[x]"+MyLines[Qty]', 'Lines', 'Lines_2')).toBe(
      'SUM(Lines_2[Qty])+Lines_2[@Price]+"Lines[x]"+MyLines[Qty]',
    );
  });
});
