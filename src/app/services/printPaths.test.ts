/**
 * One record, four callers: the editor's live preview, the preview screen, batch print and the
 * CLI must print the same thing. Each path is driven as its screen or command drives it; the
 * render itself is the worker's own code (`createRenderWorkerApi`) on a Node engine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, fullRow, p, page, richText, text, variable } from '../../../tests/fixtures/builders';
import { flat, pdfFonts, pdfPageCount, pdfText, ROOT, sharedEngine } from '../../../tests/golden/harness';
import { runBatch } from '../../../workers/batch-api';
import { createRenderWorkerApi } from '../../../workers/render-api';
import { printSourcesOf, printSourceToJson } from '../../cli/sources';
import type { PrintSource } from '../../core/print/sources';
import { renderDocumentDetailed } from '../../render/outputs/document';
import {
  type NamingContext,
  prepareOutputTemplate,
  printInputFor,
  type RenderedOutput,
} from '../../render/outputs/render';
import { DEMO_TABLE_IDS, ensureDemoWorkspace, type Storage } from '../../storage';
import { openTestStorage } from '../../storage/testing';
import type { TemplateRow } from '../../storage/types';
import { type RenderSources, runPrintJob } from '../workspace/print/printJob';
import { DEMO_TEMPLATE_IDS, demoTemplates } from './demoTemplates';
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
