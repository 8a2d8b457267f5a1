import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { cell, content, env, input, makeXlsx, row, sheetCells, unzipBytes, unzipText, zip } from './test-helpers';
import { xlsxRenderer } from './xlsx';

async function fill(bytes: Uint8Array, scope: Record<string, unknown>) {
  const template = xlsxRenderer.parse(content('xlsx', bytes, { timeZone: 'UTC' }));
  return unzipText(await xlsxRenderer.render(template, input(scope), env));
}

const invoice = () =>
  makeXlsx(
    [
      {
        name: 'Invoice',
        rows:
          row(1, cell('A1', 'Invoice {number}'), cell('B1', '{customer.name}')) +
          row(3, cell('A3', 'Item', 1), cell('B3', 'Qty', 1), cell('C3', 'Price', 1), cell('D3', 'Total', 1)) +
          row(
            4,
            cell('A4', '{#lines}{name}'),
            cell('B4', '{qty}'),
            cell('C4', '{price}'),
            cell('D4', '=B4*C4'),
            cell('E4', '{/lines}'),
          ) +
          row(5, cell('C5', 'Sum'), cell('D5', '=SUM(D4:D4)')) +
          row(7, cell('A7', 'Paid'), cell('B7', '{paid}'), cell('C7', '{date}'), cell('D7', '{amount | currency}')),
        after:
          '<mergeCells count="2"><mergeCell ref="A1:A2"/><mergeCell ref="E4:F4"/></mergeCells>' +
          '<conditionalFormatting sqref="D4"><cfRule type="cellIs" dxfId="0" priority="1" operator="greaterThan"><formula>D4&gt;100</formula></cfRule></conditionalFormatting>',
      },
      { name: 'Summary', rows: row(1, cell('A1', '=Invoice!D5'), cell('B1', '=SUM(Invoice!D4:D4)')) },
    ],
    { definedNames: '<definedName name="Lines">Invoice!$A$4:$D$4</definedName>' },
  );

describe('xlsx', () => {
  it('repeats styled rows, shifts formulas, merges and ranges, keeps types', async () => {
    const out = await fill(invoice(), {
      number: 'A-7',
      customer: { name: 'Ada & Co' },
      lines: [
        { name: 'Pen', qty: 2, price: 1.5 },
        { name: 'Ink', qty: { type: 'number', numberValue: 3, displayText: '3 pcs' }, price: 4 },
        { name: 'Pad', qty: 1, price: 10 },
      ],
      paid: true,
      date: { type: 'datetime', timestamp: Date.UTC(2024, 2, 5), displayText: '2024/03/05' },
      amount: 1234.5,
    });
    const sheet = out['xl/worksheets/sheet1.xml']!;
    const cells = sheetCells(sheet);
    expect(cells.A1).toBe('Invoice A-7');
    expect(cells.B1).toBe('Ada & Co');
    expect([cells.A4, cells.A5, cells.A6]).toEqual(['Pen', 'Ink', 'Pad']);
    // Numbers stay numbers (no t attribute), even when the open value has a display text.
    expect(sheet).toMatch(/<c r="B5"><v>3<\/v><\/c>/);
    expect([cells.D4, cells.D5, cells.D6]).toEqual(['=B4*C4', '=B5*C5', '=B6*C6']);
    expect(cells.D7).toBe('=SUM(D4:D6)');
    expect(cells.C7).toBe('Sum');
    expect(sheet).toMatch(/<c r="B9" t="b"><v>1<\/v><\/c>/);
    expect(cells.C9).toBe(String(Date.UTC(2024, 2, 5) / 86400000 + 25569));
    expect(cells.D9).toBe('$1,234.50');
    // The header row keeps its bold style; the date got a date style.
    expect(sheet).toContain('<c r="A3" s="1"');
    expect(out['xl/styles.xml']).toContain('numFmtId="14"');
    expect(sheet).toContain(
      '<mergeCell ref="A1:A2"/><mergeCell ref="E4:F4"/><mergeCell ref="E5:F5"/><mergeCell ref="E6:F6"/>',
    );
    expect(sheet).toContain('<mergeCells count="4">');
    expect(sheet).toContain('sqref="D4:D6"');
    expect(sheetCells(out['xl/worksheets/sheet2.xml']!)).toEqual({ A1: '=Invoice!D7', B1: '=SUM(Invoice!D4:D6)' });
    expect(out['xl/workbook.xml']).toContain('Invoice!$A$4:$D$6');
    expect(out['xl/workbook.xml']).toContain('fullCalcOnLoad="1"');
  });

  it('moves data validations below a loop, grows the pivot cache source, keeps an unrelated pivot table', async () => {
    const pivotCache =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><pivotCacheDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cacheSource type="worksheet"><worksheetSource ref="A3:D4" sheet="Invoice"/></cacheSource></pivotCacheDefinition>';
    const pivotTable =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><pivotTableDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" name="Pivot1" cacheId="1"><location ref="A1:B3" firstHeaderRow="1" firstDataRow="1" firstDataCol="1"/></pivotTableDefinition>';
    const bytes = makeXlsx(
      [
        {
          name: 'Invoice',
          rows:
            row(4, cell('A4', '{#lines}{name}'), cell('B4', '{qty}{/lines}')) +
            row(6, cell('A6', 'Approved'), cell('B6', 'yes')),
          after:
            '<dataValidations count="1"><dataValidation type="list" sqref="B6"><formula1>"yes,no"</formula1></dataValidation></dataValidations>',
        },
      ],
      {
        extra: { 'xl/pivotCache/pivotCacheDefinition1.xml': pivotCache, 'xl/pivotTables/pivotTable1.xml': pivotTable },
      },
    );
    const out = await fill(bytes, {
      lines: [
        { name: 'a', qty: 1 },
        { name: 'b', qty: 2 },
        { name: 'c', qty: 3 },
      ],
    });
    const sheet = out['xl/worksheets/sheet1.xml']!;
    expect(sheetCells(sheet).A8).toBe('Approved');
    expect(sheet).toContain('<dataValidation type="list" sqref="B8">');
    // The cache reads rows 3–4 of Invoice, the loop's row among them: it now reads 3–6.
    expect(out['xl/pivotCache/pivotCacheDefinition1.xml']).toBe(
      pivotCache
        .replace('ref="A3:D4"', 'ref="A3:D6"')
        .replace(
          '<pivotCacheDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"',
          '$& refreshOnLoad="1"',
        ),
    );
    // Not related to any sheet here: left as it was.
    expect(out['xl/pivotTables/pivotTable1.xml']).toBe(pivotTable);
  });

  it('removes the rows of an empty loop and moves what follows up', async () => {
    const out = await fill(invoice(), { lines: [] });
    const cells = sheetCells(out['xl/worksheets/sheet1.xml']!);
    expect(cells.C4).toBe('Sum');
    expect(cells.A4).toBeUndefined();
    expect(cells.A6).toBe('Paid');
    // The total reads no rows: not the header (row 3), not itself (row 4).
    expect(cells.D4).toBe('=SUM({""})');
    expect(sheetCells(out['xl/worksheets/sheet2.xml']!)).toEqual({ A1: '=Invoice!D4', B1: '=SUM({""})' });
    // The loop row's conditional format went with it.
    expect(out['xl/worksheets/sheet1.xml']).not.toContain('conditionalFormatting');
  });

  it('leaves conditional formats and validations of an empty loop off the header, Excel 2010 ones too', async () => {
    const x14 =
      '<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:dataValidations count="2" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:dataValidation type="list"><x14:formula1><xm:f>Lists!$A$1:$A$3</xm:f></x14:formula1><xm:sqref>B2</xm:sqref></x14:dataValidation><x14:dataValidation type="list"><x14:formula1><xm:f>Lists!$A$1:$A$3</xm:f></x14:formula1><xm:sqref>B4</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst>';
    const bytes = makeXlsx([
      {
        name: 'S',
        rows:
          row(1, cell('A1', 'Item'), cell('B1', 'Qty')) +
          row(2, cell('A2', '{#lines}{name}'), cell('B2', '{qty}{/lines}')) +
          row(4, cell('A4', 'Note'), cell('B4', 'x')),
        after:
          '<conditionalFormatting sqref="B2 B4"><cfRule type="cellIs" dxfId="0" priority="1" operator="greaterThan"><formula>5</formula></cfRule></conditionalFormatting>' +
          '<dataValidations count="2"><dataValidation type="whole" sqref="B2"><formula1>0</formula1></dataValidation><dataValidation type="list" sqref="B4"><formula1>"a,b"</formula1></dataValidation></dataValidations>' +
          x14,
      },
    ]);
    const sheet = (await fill(bytes, { lines: [] }))['xl/worksheets/sheet1.xml']!;
    expect(sheet).toContain('<conditionalFormatting sqref="B3">');
    expect(sheet).toContain(
      '<dataValidations count="1"><dataValidation type="list" sqref="B3"><formula1>&quot;a,b&quot;</formula1></dataValidation></dataValidations>',
    );
    expect(sheet).toContain('<x14:dataValidations count="1"');
    expect(sheet.match(/<xm:sqref>[^<]*<\/xm:sqref>/g)).toEqual(['<xm:sqref>B3</xm:sqref>']);
    expect(sheet).not.toMatch(/sqref="B1"|<xm:sqref>B1</);
  });

  it('repeats a block of rows with a nested loop', async () => {
    const bytes = makeXlsx([
      {
        name: 'S',
        rows:
          row(1, cell('A1', '{#groups}Group {title}')) +
          row(2, cell('A2', '{#items}{.}'), cell('B2', '{$number}{/items}')) +
          row(3, cell('A3', 'end {title}{/groups}')) +
          row(4, cell('A4', 'after')),
      },
    ]);
    const out = await fill(bytes, {
      groups: [
        { title: 'G1', items: ['a', 'b'] },
        { title: 'G2', items: ['c'] },
      ],
    });
    const cells = sheetCells(out['xl/worksheets/sheet1.xml']!);
    expect(cells).toEqual({
      A1: 'Group G1',
      A2: 'a',
      B2: '1',
      A3: 'b',
      B3: '2',
      A4: 'end G1',
      A5: 'Group G2',
      A6: 'c',
      B6: '1',
      A7: 'end G2',
      A8: 'after',
    });
  });

  it('reads tags from shared strings and leaves other shared strings alone', async () => {
    const bytes = makeXlsx(
      [{ name: 'S', rows: row(1, '<c r="A1" t="s"><v>0</v></c>', '<c r="B1" t="s"><v>1</v></c>') }],
      { sharedStrings: ['Hello {name}', 'plain'] },
    );
    const out = await fill(bytes, { name: '<Ada>' });
    const sheet = out['xl/worksheets/sheet1.xml']!;
    expect(sheetCells(sheet).A1).toBe('Hello <Ada>');
    expect(sheet).toContain('<c r="B1" t="s"><v>1</v></c>');
  });

  it('repeats a sheet per record, named by its tags', async () => {
    const bytes = makeXlsx([
      { name: 'Cover', rows: row(1, cell('A1', 'Orders: {orders.length}')) },
      { name: '{#orders}Order {id}', rows: row(1, cell('A1', 'Order'), cell('B1', '{id}')) },
    ]);
    const out = await fill(bytes, { orders: [{ id: 7 }, { id: 8 }] });
    const workbook = out['xl/workbook.xml']!;
    expect(workbook.match(/<sheet\b[^>]*name="([^"]*)"/g)!.map((t) => /name="([^"]*)"/.exec(t)![1])).toEqual([
      'Cover',
      'Order 7',
      'Order 8',
    ]);
    // The copy is numbered after the template's sheets, as Excel numbers them.
    const copy = 'xl/worksheets/sheet3.xml';
    expect(out['xl/_rels/workbook.xml.rels']).toContain('Target="worksheets/sheet3.xml"');
    expect(sheetCells(out[copy]!)).toEqual({ A1: 'Order', B1: '8' });
    expect(sheetCells(out['xl/worksheets/sheet2.xml']!)).toEqual({ A1: 'Order', B1: '7' });
    expect(out['[Content_Types].xml']).toContain('/xl/worksheets/sheet3.xml');
  });

  it('gives each repeated sheet its own copy of its charts, their ranges on that copy', async () => {
    const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const chart =
      "<c:chartSpace xmlns:c=\"http://schemas.openxmlformats.org/drawingml/2006/chart\"><c:ser><c:cat><c:strRef><c:f>'{#orders}Order {id}'!$A$3:$A$3</c:f></c:strRef></c:cat><c:val><c:numRef><c:f>'{#orders}Order {id}'!$B$3:$B$3</c:f></c:numRef></c:val></c:ser></c:chartSpace>";
    const drawing = `<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:r="${REL}"><xdr:twoCellAnchor><xdr:from><xdr:col>3</xdr:col><xdr:row>4</xdr:row></xdr:from><xdr:to><xdr:col>8</xdr:col><xdr:row>14</xdr:row></xdr:to><xdr:graphicFrame><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData><c:chart r:id="rIdC"/></a:graphicData></a:graphic></xdr:graphicFrame></xdr:twoCellAnchor></xdr:wsDr>`;
    const parts = unzipText(
      makeXlsx(
        [
          {
            name: '{#orders}Order {id}',
            rows:
              row(1, cell('A1', 'Order'), cell('B1', '{id}')) +
              row(3, cell('A3', '{#lines}{name}'), cell('B3', '{qty}{/lines}')) +
              row(4, cell('A4', 'Total'), cell('B4', '=SUM(B3:B3)')),
            after: '<drawing r:id="rIdD"/>',
          },
        ],
        { sheetRels: { 1: `<Relationship Id="rIdD" Type="${REL}/drawing" Target="../drawings/drawing1.xml"/>` } },
      ),
    );
    parts['xl/drawings/drawing1.xml'] = drawing;
    parts['xl/drawings/_rels/drawing1.xml.rels'] =
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdC" Type="${REL}/chart" Target="../charts/chart1.xml"/></Relationships>`;
    parts['xl/charts/chart1.xml'] = chart;
    parts['[Content_Types].xml'] = parts['[Content_Types].xml']!.replace(
      '</Types>',
      '<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/><Override PartName="/xl/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/></Types>',
    );
    const out = await fill(zip(parts), {
      orders: [
        {
          id: 'A',
          lines: [
            { name: 'Pen', qty: 2 },
            { name: 'Ink', qty: 3 },
          ],
        },
        {
          id: 'B',
          lines: [
            { name: 'Pen', qty: 1 },
            { name: 'Ink', qty: 4 },
            { name: 'Paper', qty: 9 },
          ],
        },
      ],
    });
    // The first copy keeps the template's drawing and chart, renamed and grown with its two lines.
    expect(out['xl/charts/chart1.xml']).toContain("<c:f>'Order A'!$A$3:$A$4</c:f>");
    expect(out['xl/charts/chart1.xml']).toContain("<c:f>'Order A'!$B$3:$B$4</c:f>");
    // The second its own drawing and chart, on its own name and its three lines.
    const copy = 'xl/worksheets/sheet2.xml';
    const drawingRef = /<drawing r:id="([^"]+)"\/>/.exec(out[copy]!)![1];
    const copyRels = out[copy.replace('worksheets/', 'worksheets/_rels/').replace(/$/, '.rels')]!;
    expect(copyRels).toMatch(new RegExp(`Id="${drawingRef}"[^>]*Target="../drawings/drawing2.xml"`));
    expect(out['xl/drawings/_rels/drawing2.xml.rels']).toContain('Target="../charts/chart2.xml"');
    expect(out['xl/charts/chart2.xml']).toContain("<c:f>'Order B'!$A$3:$A$5</c:f>");
    expect(out['xl/charts/chart2.xml']).toContain("<c:f>'Order B'!$B$3:$B$5</c:f>");
    // Its anchor sits below its own, longer, list.
    expect(out['xl/drawings/drawing2.xml']).toContain('<xdr:to><xdr:col>8</xdr:col><xdr:row>16</xdr:row>');
    expect(out['xl/drawings/drawing1.xml']).toContain('<xdr:to><xdr:col>8</xdr:col><xdr:row>15</xdr:row>');
    expect(out['[Content_Types].xml']).toContain('PartName="/xl/charts/chart2.xml"');
    expect(out['[Content_Types].xml']).toContain('PartName="/xl/drawings/drawing2.xml"');
  });

  it('grows a pivot cache source over the loop rows and refreshes it on open', async () => {
    const parts = unzipText(
      makeXlsx([
        {
          name: 'Data',
          rows:
            row(1, cell('A1', 'Item'), cell('B1', 'Qty')) +
            row(2, cell('A2', '{#lines}{name}'), cell('B2', '{qty}{/lines}')),
        },
      ]),
    );
    parts['xl/pivotCache/pivotCacheDefinition1.xml'] =
      '<pivotCacheDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" recordCount="1"><cacheSource type="worksheet"><worksheetSource ref="A1:B2" sheet="Data"/></cacheSource></pivotCacheDefinition>';
    const out = await fill(zip(parts), {
      lines: [
        { name: 'Pen', qty: 2 },
        { name: 'Ink', qty: 3 },
        { name: 'Paper', qty: 9 },
      ],
    });
    const pivot = out['xl/pivotCache/pivotCacheDefinition1.xml']!;
    expect(pivot).toContain('<worksheetSource ref="A1:B4" sheet="Data"/>');
    expect(pivot).toMatch(/<pivotCacheDefinition\b[^>]*refreshOnLoad="1"/);
  });

  it('keeps charts and drawings byte for byte, but moves chart ranges and anchors', async () => {
    const chart =
      '<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:ser><c:val><c:numRef><c:f>Invoice!$D$4:$D$4</c:f></c:numRef></c:val></c:ser></c:chartSpace>';
    const drawing =
      '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"><xdr:twoCellAnchor><xdr:from><xdr:col>0</xdr:col><xdr:row>9</xdr:row></xdr:from><xdr:to><xdr:col>5</xdr:col><xdr:row>20</xdr:row></xdr:to></xdr:twoCellAnchor></xdr:wsDr>';
    const image = new Uint8Array([137, 80, 78, 71, 0, 1, 2]);
    const bytes = makeXlsx(
      [
        {
          name: 'Invoice',
          rows: row(4, cell('A4', '{#lines}{name}'), cell('B4', '{/lines}')) + row(5, cell('A5', 'x')),
          after: '<drawing r:id="rIdD"/>',
        },
      ],
      {
        extra: { 'xl/charts/chart1.xml': chart, 'xl/drawings/drawing1.xml': drawing, 'xl/media/image1.png': image },
        sheetRels: {
          1: '<Relationship Id="rIdD" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing" Target="../drawings/drawing1.xml"/>',
        },
      },
    );
    const template = xlsxRenderer.parse(content('xlsx', bytes));
    const result = await xlsxRenderer.render(template, input({ lines: [{ name: 'a' }, { name: 'b' }] }), env);
    const files = unzipBytes(result);
    expect(files['xl/media/image1.png']).toEqual(image);
    const text = unzipText(result);
    expect(text['xl/charts/chart1.xml']).toContain('<c:f>Invoice!$D$4:$D$5</c:f>');
    expect(text['xl/drawings/drawing1.xml']).toContain('<xdr:row>10</xdr:row>');
    expect(text['xl/drawings/drawing1.xml']).toContain('<xdr:row>21</xdr:row>');
  });

  it('grows one-cell chart series, any prefix, and drops the caches of the ranges that moved', async () => {
    const C = 'http://schemas.openxmlformats.org/drawingml/2006/chart';
    const cache = (v: string) =>
      `<c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="1"/><c:pt idx="0"><c:v>${v}</c:v></c:pt></c:numCache>`;
    const chart =
      `<c:chartSpace xmlns:c="${C}"><c:ser><c:tx><c:strRef><c:f>Invoice!$B$3</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>Qty</c:v></c:pt></c:strCache></c:strRef></c:tx>` +
      `<c:cat><c:strRef><c:f>Invoice!$A$4</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>{name}</c:v></c:pt></c:strCache></c:strRef></c:cat>` +
      `<c:val><c:numRef><c:f>Invoice!$B$4</c:f>${cache('0')}</c:numRef></c:val></c:ser>` +
      `<c:ser><c:val><c:numRef><c:f>Invoice!$B$6</c:f>${cache('9')}</c:numRef></c:val></c:ser></c:chartSpace>`;
    const unprefixed = `<chartSpace xmlns="${C}"><ser><val><numRef><f>'Invoice'!$B$4:$B$4</f><numCache><ptCount val="0"/></numCache></numRef></val></ser></chartSpace>`;
    const drawing = `<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"/>`;
    const bytes = makeXlsx(
      [
        {
          name: 'Invoice',
          rows:
            row(3, cell('A3', 'Item'), cell('B3', 'Qty')) +
            row(4, cell('A4', '{#lines}{name}'), cell('B4', '{qty}{/lines}')) +
            row(6, cell('B6', '9')),
          after: '<drawing r:id="rIdD"/>',
        },
      ],
      {
        extra: {
          'xl/charts/chart1.xml': chart,
          'xl/charts/chart2.xml': unprefixed,
          'xl/drawings/drawing1.xml': drawing,
        },
        sheetRels: {
          1: '<Relationship Id="rIdD" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing" Target="../drawings/drawing1.xml"/>',
        },
      },
    );
    const out = await fill(bytes, {
      lines: [
        { name: 'a', qty: 1 },
        { name: 'b', qty: 2 },
        { name: 'c', qty: 3 },
      ],
    });
    const one = out['xl/charts/chart1.xml']!;
    // The title above the loop keeps its reference and cache.
    expect(one).toContain('<c:f>Invoice!$B$3</c:f><c:strCache>');
    expect(one).toContain('<c:cat><c:strRef><c:f>Invoice!$A$4:$A$6</c:f></c:strRef></c:cat>');
    expect(one).toContain('<c:val><c:numRef><c:f>Invoice!$B$4:$B$6</c:f></c:numRef></c:val>');
    // A series below the loop moves down as one cell; its cache is dropped too (the cell moved).
    expect(one).toContain('<c:numRef><c:f>Invoice!$B$8</c:f></c:numRef>');
    expect(out['xl/charts/chart2.xml']).toBe(
      `<chartSpace xmlns="${C}"><ser><val><numRef><f>'Invoice'!$B$4:$B$6</f></numRef></val></ser></chartSpace>`,
    );
  });

  it('says plainly that image tags are not supported in Excel yet', () => {
    const bytes = makeXlsx([{ name: 'S', rows: row(1, cell('A1', '{%logo}')) + row(2, cell('A2', '{name}')) }]);
    try {
      xlsxRenderer.parse(content('xlsx', bytes));
      expect.unreachable();
    } catch (error) {
      expect(isQuireError(error, 'TemplateError')).toBe(true);
      const issues = (error as { issues: Array<{ path: string; reason: string }> }).issues;
      expect(issues).toHaveLength(1);
      expect(issues[0]!.path).toBe("sheet 'S'!A1 {%logo}");
      expect(issues[0]!.reason).toMatch(/^images, QR codes and bar codes .* not supported in Excel templates yet/);
    }
  });

  it('names the sheet and cell of template errors', () => {
    const bytes = makeXlsx([
      { name: 'S', rows: row(2, cell('B2', '{#items}{name}')) + row(3, cell('A3', '{x | nope}')) },
    ]);
    try {
      xlsxRenderer.parse(content('xlsx', bytes));
      expect.unreachable();
    } catch (error) {
      expect(isQuireError(error, 'TemplateError')).toBe(true);
      const paths = (error as { issues: Array<{ path: string }> }).issues.map((i) => i.path);
      expect(paths).toContain("sheet 'S'!B2 {#items}");
      expect(paths.some((p) => p.startsWith("sheet 'S'!A3"))).toBe(true);
    }
  });
});

describe('xlsx shared formulas', () => {
  it('gives each copy of a repeated row its own shared formula ids', async () => {
    const rows =
      row(
        1,
        cell('A1', '{#lines}{a}'),
        cell('B1', '{b}'),
        '<c r="C1"><f t="shared" ref="C1:D1" si="0">A1*B1</f><v>0</v></c>',
        '<c r="D1"><f t="shared" si="0"/><v>0</v></c>',
        cell('E1', '{/lines}'),
      ) + row(2, cell('A2', 'after'));
    const out = await fill(makeXlsx([{ name: 'S', rows }]), {
      lines: [
        { a: 1, b: 2 },
        { a: 3, b: 4 },
      ],
    });
    const sheet = out['xl/worksheets/sheet1.xml']!;
    expect(sheet).toContain(
      '<c r="C1"><f t="shared" ref="C1:D1" si="1">A1*B1</f></c><c r="D1"><f t="shared" si="1"/></c>',
    );
    expect(sheet).toContain(
      '<c r="C2"><f t="shared" ref="C2:D2" si="2">A2*B2</f></c><c r="D2"><f t="shared" si="2"/></c>',
    );
    expect(sheetCells(sheet).A3).toBe('after');
  });
});

describe('xlsx page headers', () => {
  it('fills tags in page headers and footers', async () => {
    const after = '<headerFooter><oddHeader>&amp;LInvoice {number}&amp;RPage &amp;P</oddHeader></headerFooter>';
    const out = await fill(makeXlsx([{ name: 'S', rows: row(1, cell('A1', 'x')), after }]), { number: 'A&7' });
    expect(out['xl/worksheets/sheet1.xml']).toContain('<oddHeader>&amp;LInvoice A&amp;7&amp;RPage &amp;P</oddHeader>');
  });
});
