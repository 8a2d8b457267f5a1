/**
 * One record, four callers: the editor's live preview, the preview screen, batch print and the
 * CLI must print the same thing. Each path is driven as its screen or command drives it; the
 * render itself is the worker's own code (`createRenderWorkerApi`) on a Node engine. Every output
 * kind of the catalogue prints in every format it makes through the screen, the print dialog's run
 * and the CLI; an approval's instance, a host's record and a team document's instance, read through
 * the binding service as the screens read them, print in every kind and format the same from the
 * screens' worker and the CLI; and the server renders an open instance as the worker does.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, fullRow, p, page, richText, text, variable } from '../../../tests/fixtures/builders';
import { imageInfo } from '../../../tests/fixtures/imageInfo';
import { invoiceDataSource, invoiceTemplateContent, invoiceValues } from '../../../tests/fixtures/platform';
import { flat, pdfFonts, pdfPageCount, pdfText, ROOT, sharedEngine } from '../../../tests/golden/harness';
import { loadFontGroupFromNodeModules } from '../../../wasm/fonts-node';
import { runBatch } from '../../../workers/batch-api';
import { rasterizeInNode } from '../../../workers/node-raster';
import { createRenderWorkerApi } from '../../../workers/render-api';
import { renderCommand } from '../../cli/commands/render';
import { printSourcesOf, printSourceToJson } from '../../cli/sources';
import type { OpenDataSource } from '../../core/data/dataSource';
import { instanceValues } from '../../core/data/instanceValues';
import {
  FILE_FORMATS,
  type FileFormat,
  formatsOf,
  type OfficeKind,
  printOutputsOf,
  TEMPLATE_KIND_LIST,
  type TemplateKind,
} from '../../core/outputs/catalogue';
import { isImageFormat, sniffImageExport } from '../../core/outputs/images';
import type { PrintSource } from '../../core/print/sources';
import { loadHostTable } from '../../host/base';
import { fakeBase } from '../../host/fakeBase';
import { cell, makeDocx, makePptx, makeXlsx, row, shape, p as wordParagraph } from '../../render/office/test-helpers';
import { renderDocumentDetailed } from '../../render/outputs/document';
import {
  type NamingContext,
  prepareOutputTemplate,
  printInputFor,
  type RenderedOutput,
} from '../../render/outputs/render';
import { DEFAULT_FETCH_POLICY } from '../../server/render/fetchPolicy';
import { RenderEnvironment, renderFile } from '../../server/render/renderFile';
import { DEMO_APPROVAL_CODE, DEMO_TABLE_IDS, ensureDemoWorkspace, type Storage } from '../../storage';
import { openTestStorage } from '../../storage/testing';
import type { TemplateRow } from '../../storage/types';
import { bindingSource, defaultChoice, loadBinding, OPEN_SAMPLE, openBinding } from './binding';
import { hostPrintSource } from './bindingHost';
import { DEMO_TEMPLATE_IDS, demoTemplates } from './demoTemplates';
import { type RenderSources, runPrintJob } from './print/printRun';
import { tableRecordSource } from './printing';

/** Every Orders field without a filter: each prints in the format the grid shows. */
const ORDER_FIELDS = ['Order no', 'Order date', 'Due date', 'Status', 'Paid', 'Subtotal', 'Tax rate', 'Total'];
const everyField = content([
  page('p1', [
    fullRow(
      'r1',
      richText('t1', [
        ...ORDER_FIELDS.map((name) => p(text(`${name}: `), variable(name))),
        p(text('Customer: '), variable('Customer.0.Company')),
        p(text('Sales rep: '), variable('Sales rep.0.Name')),
      ]),
    ),
  ]),
]);

describe('one record through every print path', () => {
  let storage: Storage;
  let recordId: string;
  const worker = createRenderWorkerApi(() => sharedEngine());
  let tmp: string;

  beforeAll(async () => {
    storage = await openTestStorage();
    await ensureDemoWorkspace(storage, { templates: demoTemplates });
    recordId = (await storage.records.orderedIds(DEMO_TABLE_IDS.orders))[0]!;
    tmp = mkdtempSync(join(tmpdir(), 'quire-paths-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const renderIn = async (
    templateKey: string,
    tpl: unknown,
    source: PrintSource,
    naming?: NamingContext,
  ): Promise<RenderedOutput> => {
    const response = await worker.render({ templateKey, template: tpl, source, ...(naming ? { naming } : {}) });
    if (!response.ok) throw new Error(response.error.message);
    return response.file;
  };

  async function viaEditorAndPreviewScreen(tpl: unknown) {
    // The editor's live preview and the preview screen both read the record this way.
    const source = await tableRecordSource(storage, DEMO_TABLE_IDS.orders, recordId);
    return { source, pdf: (await renderIn('screen', tpl, source)).bytes };
  }

  async function viaBatchPrint(row: TemplateRow) {
    const sources: PrintSource[] = [];
    const result = await runPrintJob({
      storage,
      tableId: DEMO_TABLE_IDS.orders,
      recordIds: [recordId],
      template: row,
      rule: '{Order no}',
      output: 'merged',
      signal: new AbortController().signal,
      render: async (ref, source, naming) => {
        sources.push(source);
        return renderIn('batch', ref.content, source, naming);
      },
      assemble: runBatch,
    });
    return { source: sources[0]!, pdf: new Uint8Array(await result.blob.arrayBuffer()), fileName: result.fileName };
  }

  function viaCli(tpl: unknown, source: PrintSource) {
    const templateFile = join(tmp, 'template.json');
    const dataFile = join(tmp, 'sources.json');
    const out = join(tmp, 'cli.pdf');
    writeFileSync(templateFile, JSON.stringify(tpl));
    const exported = { sources: [printSourceToJson(source)] };
    writeFileSync(dataFile, JSON.stringify(exported));
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'render', templateFile, '--data', dataFile, '--out', out],
      {
        cwd: ROOT,
        stdio: 'pipe',
      },
    );
    // What the CLI read back from the file, to compare its view model too.
    const [read] = printSourcesOf(JSON.parse(JSON.stringify(exported)));
    return { source: read!, out };
  }

  const viewModel = async (tpl: unknown, source: PrintSource) => {
    const prepared = prepareOutputTemplate(tpl);
    if (prepared.kind !== 'document') throw new Error('document expected');
    const input = printInputFor(prepared, source);
    return (await renderDocumentDetailed(prepared.template, input, { typst: sharedEngine })).doc;
  };

  it('gives the same view model and the same PDF text, formatted as the grid shows', async () => {
    const row = { ...(await storage.templates.get(DEMO_TEMPLATE_IDS.invoice))!, content: JSON.stringify(everyField) };
    const screen = await viaEditorAndPreviewScreen(everyField);
    const batch = await viaBatchPrint(row as TemplateRow);
    const cli = viaCli(everyField, screen.source);
    const cliPdf = new Uint8Array(await readFile(cli.out));

    const model = await viewModel(everyField, screen.source);
    expect(await viewModel(everyField, batch.source)).toEqual(model);
    expect(await viewModel(everyField, cli.source)).toEqual(model);

    const texts = [screen.pdf, batch.pdf, cliPdf].map((pdf) => flat(pdfText(pdf)));
    expect(texts[1]).toBe(texts[0]);
    expect(texts[2]).toBe(texts[0]);
    // Currency, date, percent and links print in the field's own format, not as raw values.
    expect(texts[0]).toMatch(/Subtotal: \$\d{1,3}(,\d{3})*\.\d\d/);
    expect(texts[0]).toMatch(/Total: \$\d{1,3}(,\d{3})*\.\d\d/);
    expect(texts[0]).toMatch(/Order date: \d{4}\/\d\d\/\d\d/);
    expect(texts[0]).toMatch(/Tax rate: \d+%/);
    expect(texts[0]).toMatch(/Customer: \S+/);
    expect(texts[0]).not.toMatch(/\d{13}/);
    expect(batch.fileName).toMatch(/^SO-\d{4}-\d{4}\.pdf$/);
  }, 120_000);

  it('prints the demo invoice identically from the preview screen and from batch print', async () => {
    const row = (await storage.templates.get(DEMO_TEMPLATE_IDS.invoice))!;
    const screen = await viaEditorAndPreviewScreen(row.content);
    const batch = await viaBatchPrint(row);
    expect(flat(pdfText(batch.pdf))).toBe(flat(pdfText(screen.pdf)));
    expect(flat(pdfText(screen.pdf))).toMatch(/No\. SO-\d{4}-\d{4}/);
  }, 60_000);

  it('typesets a merged run in groups: the same pages and names as record by record, each font once', async () => {
    const row = (await storage.templates.get(DEMO_TEMPLATE_IDS.invoice))!;
    const recordIds = (await storage.records.orderedIds(DEMO_TABLE_IDS.orders)).slice(0, 5);
    const renderGroup: RenderSources = async (ref, sources, naming) => {
      const response = await worker.renderGroup({ templateKey: 'group', template: ref.content, sources, naming });
      if (!response.ok) throw new Error(response.error.message);
      return response;
    };
    const run = (grouped: boolean) =>
      runPrintJob({
        storage,
        tableId: DEMO_TABLE_IDS.orders,
        recordIds,
        template: row,
        rule: '{Order no}',
        output: 'merged',
        signal: new AbortController().signal,
        render: async (ref, source, naming) => renderIn('batch', ref.content, source, naming),
        ...(grouped ? { renderGroup } : {}),
        assemble: runBatch,
        concurrency: 2,
      });
    const oneByOne = await run(false);
    const grouped = await run(true);
    const single = new Uint8Array(await oneByOne.blob.arrayBuffer());
    const group = new Uint8Array(await grouped.blob.arrayBuffer());
    expect(grouped.names).toEqual(oneByOne.names);
    expect(pdfPageCount(group)).toBe(pdfPageCount(single));
    expect(flat(pdfText(group))).toBe(flat(pdfText(single)));
    // Two groups (one per worker): each font twice, not once per record.
    const fonts = pdfFonts(group).map((f) => f.name);
    expect(fonts.length * recordIds.length).toBe(pdfFonts(single).length * 2);
    expect(group.byteLength).toBeLessThan(single.byteLength);
  }, 120_000);
});

/** A Word, Excel or PowerPoint file's text, in part order (what a reader of the file sees). */
function officeText(bytes: Uint8Array): string {
  const parts = unzipSync(bytes);
  const shown = /^(word\/document|xl\/sharedStrings|xl\/worksheets\/sheet\d+|ppt\/slides\/slide\d+)\.xml$/;
  return Object.keys(parts)
    .filter((name) => shown.test(name))
    .sort()
    .map((name) =>
      [...strFromU8(parts[name]!).matchAll(/<(?:w:|a:)?t(?:\s[^>]*)?>([^<]*)</g)].map((m) => m[1]).join(''),
    )
    .join(' ');
}

/**
 * What a reader of the file sees: its text, or for a page image its format, size and pixels (the
 * same PDF drawn by the same pdf.js gives the same bytes on every path).
 */
function shownText(file: RenderedOutput): string {
  if (sniffImageExport(file.bytes) === 'png' || sniffImageExport(file.bytes) === 'jpeg') {
    const info = imageInfo(file.bytes);
    return `${info.format} ${info.width}x${info.height} ${createHash('sha256').update(file.bytes).digest('hex')}`;
  }
  return file.extension === 'pdf' ? flat(pdfText(file.bytes)) : flat(officeText(file.bytes));
}

const officeTemplate = (kind: OfficeKind, file: Uint8Array) => ({
  kind,
  version: 1,
  fileName: `Order.${kind}`,
  file: Buffer.from(file).toString('base64'),
});

/**
 * Attachment templates print a record's files, which these sources do not have (no attachment
 * field): they go through the same callers in src/render/attachments/paths.test.ts.
 */
type FieldKind = Exclude<TemplateKind, 'attachment'>;
const FIELD_KINDS = TEMPLATE_KIND_LIST.filter((kind): kind is FieldKind => kind !== 'attachment');

/**
 * One template of every catalogued kind, each printing one field after a word (the order number by
 * default): a kind added to the catalogue fails the typecheck here until this test prints it too.
 */
function kindTemplates(word: string, field: string): { [K in FieldKind]: unknown } {
  const tag = `${word} {${field}}`;
  return {
    document: content([page('p1', [fullRow('r1', richText('t1', [p(text(`${word} `), variable(field))]))])]),
    canvas: {
      kind: 'canvas',
      basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
      schemas: [[{ name: 'title', type: 'text', position: { x: 20, y: 20 }, width: 150, height: 10, content: tag }]],
    },
    docx: officeTemplate('docx', makeDocx({ body: wordParagraph(tag) })),
    xlsx: officeTemplate('xlsx', makeXlsx([{ name: 'Sheet', rows: row(1, cell('A1', tag)) }])),
    pptx: officeTemplate('pptx', makePptx([shape(2, tag)])),
  };
}

const KIND_TEMPLATES = kindTemplates('Order', 'Order no');

describe('every output kind and format through every caller', () => {
  let storage: Storage;
  let recordId: string;
  // As the Node render worker is set up: canvas templates draw with the shipped fonts.
  const worker = createRenderWorkerApi(
    () => sharedEngine(),
    undefined,
    loadFontGroupFromNodeModules,
    undefined,
    rasterizeInNode,
  );
  let tmp: string;

  beforeAll(async () => {
    storage = await openTestStorage();
    await ensureDemoWorkspace(storage, { templates: demoTemplates });
    recordId = (await storage.records.orderedIds(DEMO_TABLE_IDS.orders))[0]!;
    tmp = mkdtempSync(join(tmpdir(), 'quire-formats-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const viaWorker = async (tpl: unknown, source: PrintSource, format: FileFormat, naming?: NamingContext) => {
    const response = await worker.render({
      templateKey: `formats-${JSON.stringify(tpl).length}`,
      template: tpl,
      source,
      format,
      ...(naming ? { naming } : {}),
    });
    if (!response.ok) throw new Error(response.error.message);
    return response.file;
  };

  /** The print dialog's run of one record: the output it offers first for the format. */
  const viaPrintDialog = async (tpl: unknown, format: FileFormat) => {
    const stored = {
      ...(await storage.templates.get(DEMO_TEMPLATE_IDS.invoice))!,
      content: JSON.stringify(tpl),
    } as TemplateRow;
    const result = await runPrintJob({
      storage,
      tableId: DEMO_TABLE_IDS.orders,
      recordIds: [recordId],
      template: stored,
      rule: '{Order no}',
      output: printOutputsOf(format, 1)[0]!,
      signal: new AbortController().signal,
      render: (ref, source, naming) => viaWorker(ref.content, source, format, naming),
      assemble: runBatch,
    });
    const bytes = new Uint8Array(await result.blob.arrayBuffer());
    return { fileName: result.fileName, file: { bytes, mime: result.blob.type, extension: format } };
  };

  /** `quire render --format …` on the same source, exported as the app exports it. */
  const viaCli = async (kind: TemplateKind, tpl: unknown, source: PrintSource, format: FileFormat) => {
    const templateFile = join(tmp, `${kind}-${format}.json`);
    const dataFile = join(tmp, 'sources.json');
    const out = join(tmp, `${kind}-out.${FILE_FORMATS[format].extension}`);
    writeFileSync(templateFile, JSON.stringify({ name: 'Order', content: JSON.stringify(tpl) }));
    writeFileSync(dataFile, JSON.stringify({ sources: [printSourceToJson(source)] }));
    const errors: string[] = [];
    const code = await renderCommand.run([templateFile, '--data', dataFile, '--out', out, '--format', format], {
      out: () => {},
      err: (line) => errors.push(line),
    });
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    return {
      bytes: new Uint8Array(await readFile(out)),
      mime: FILE_FORMATS[format].mime,
      extension: FILE_FORMATS[format].extension,
    };
  };

  it('prints each kind in each of its formats the same from the screen, the print dialog and the CLI', async () => {
    // A table's record as the screens get it: through the binding service.
    const source = await bindingSource(storage, await loadBinding(storage, DEMO_TABLE_IDS.orders), recordId);
    const seen: string[] = [];
    for (const kind of FIELD_KINDS) {
      for (const format of formatsOf(kind)) {
        const tpl = KIND_TEMPLATES[kind];
        const screen = await viaWorker(tpl, source, format);
        const dialog = await viaPrintDialog(tpl, format);
        const cli = await viaCli(kind, tpl, source, format);
        expect(screen.mime).toBe(FILE_FORMATS[format].mime);
        expect(dialog.file.mime).toBe(FILE_FORMATS[format].mime);
        expect(dialog.fileName).toMatch(new RegExp(`^SO-\\d{4}-\\d{4}\\.${FILE_FORMATS[format].extension}$`));
        const text = shownText(screen);
        // Page images have no text: every path must give the same pixels instead.
        expect(text).toMatch(isImageFormat(format) ? /^(png|jpeg) 1587x2245 / : /Order SO-\d{4}-\d{4}/);
        expect(shownText(dialog.file)).toBe(text);
        expect(shownText(cli)).toBe(text);
        seen.push(`${kind}:${format}`);
      }
    }
    expect(seen).toEqual(FIELD_KINDS.flatMap((kind) => formatsOf(kind).map((format) => `${kind}:${format}`)));
  }, 300_000);

  it('renders an open document instance the same on the server as in the worker, in every format', async () => {
    const environment = new RenderEnvironment(DEFAULT_FETCH_POLICY);
    try {
      const values = instanceValues(invoiceDataSource as OpenDataSource, invoiceValues);
      const source: PrintSource = { kind: 'open', dataSource: invoiceDataSource, values, docName: 'Invoices' };
      const naming = { templateName: 'Invoice', printTime: 0 };
      for (const format of formatsOf('document')) {
        const server = await renderFile(
          {
            content: invoiceTemplateContent,
            templateName: 'Invoice',
            docName: 'Invoices',
            dataSource: invoiceDataSource,
            values,
            targetType: format,
            runtime: 'native',
          },
          environment,
        );
        const screen = await viaWorker(JSON.parse(invoiceTemplateContent), source, format, naming);
        expect(server.mime).toBe(FILE_FORMATS[format].mime);
        expect(server.fileName).toBe(screen.fileName);
        expect(shownText(server)).toBe(shownText(screen));
      }
    } finally {
      await environment.dispose();
    }
  }, 300_000);
  /**
   * The print source of each other binding kind as the screens get it from the binding service — an
   * approval's instance, a host's record (through the bridge), a team document's sample instance —
   * printed in every output kind and format by the screens' worker and by the CLI (a table's record:
   * the test above, also from the binding service).
   */
  it('prints approval, host and open sources from the binding service in every kind and format', async () => {
    const approval = await loadBinding(storage, `approval:${DEMO_APPROVAL_CODE}`);
    expect(approval.kind).toBe('approval');
    const bridge = fakeBase(
      [
        {
          id: 'tblHost',
          name: 'Host orders',
          fields: [{ id: 'fNo', name: 'Order no', type: 'text' }],
          records: [{ recordId: 'recH1', fields: { fNo: 'HOST-0077' } }],
        },
      ],
      null,
    );
    const open = openBinding({ docName: 'Invoices', dataSource: invoiceDataSource, sampleData: invoiceValues });
    const sources: Array<{ kind: string; source: PrintSource; field: string; value: RegExp }> = [
      {
        kind: 'approval',
        source: await bindingSource(storage, approval, defaultChoice(approval)),
        field: 'approvalNumber',
        value: /\d{6,}/,
      },
      {
        kind: 'host',
        source: await hostPrintSource(bridge, 'b1', await loadHostTable(bridge, 'b1', 'tblHost'), 'recH1', {
          readImage: async () => undefined,
        }),
        field: 'Order no',
        value: /HOST-0077/,
      },
      {
        kind: 'open',
        source: await bindingSource(storage, open, OPEN_SAMPLE),
        field: 'invoiceNumber',
        value: new RegExp(String(invoiceValues.invoiceNumber)),
      },
    ];
    expect(sources.map((s) => s.source.kind)).toEqual(['approval', 'table', 'open']);
    // A host record carries the app's record link, as a local record does.
    expect(sources[1]!.source.links?.currentRecord).toMatch(/\/baseplugin\/t\/tblHost\?record=recH1$/);
    const seen: string[] = [];
    for (const { kind: sourceKind, source, field, value } of sources) {
      const templates = kindTemplates('Value', field);
      for (const kind of FIELD_KINDS)
        for (const format of formatsOf(kind)) {
          const tpl = templates[kind];
          const screen = await viaWorker(tpl, source, format);
          const cli = await viaCli(kind, tpl, source, format);
          const text = shownText(screen);
          if (!isImageFormat(format))
            expect(text, `${sourceKind} ${kind} ${format}`).toMatch(new RegExp(`Value ${value.source}`));
          expect(shownText(cli), `${sourceKind} ${kind} ${format} (CLI)`).toBe(text);
          seen.push(`${sourceKind}:${kind}:${format}`);
        }
    }
    const every = FIELD_KINDS.flatMap((kind) => formatsOf(kind).map((format) => `${kind}:${format}`));
    expect(seen).toEqual(['approval', 'host', 'open'].flatMap((s) => every.map((k) => `${s}:${k}`)));
  }, 600_000);
});
