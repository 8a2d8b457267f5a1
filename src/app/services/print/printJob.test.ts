import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { displayText, type OpenValue } from '../../../core/data/openValue';
import { printFileName } from '../../../core/print/fileName';
import type { PrintInput } from '../../../core/print/input';
import type { PrintSource } from '../../../core/print/sources';
import { prepareOutputTemplate, printInputFor } from '../../../render/outputs/render';
import { DEMO_TABLE_IDS, ensureDemoWorkspace, type Storage } from '../../../storage';
import { openTestStorage } from '../../../storage/testing';
import { DEMO_FILE_NAME_RULES, DEMO_TEMPLATE_IDS, demoTemplates } from '../demoTemplates';
import { type RenderSource, runPrintJob } from './printRun';

async function onePagePdf(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]).drawText(text.slice(0, 20), { x: 5, y: 50, size: 8 });
  return doc.save();
}

function zipNames(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  for (let i = 0; i + 46 < bytes.length; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const n = view.getUint16(i + 28, true);
    names.push(new TextDecoder().decode(bytes.subarray(i + 46, i + 46 + n)));
    i += 45 + n + view.getUint16(i + 30, true) + view.getUint16(i + 32, true);
  }
  return names;
}

/** The real mapping and naming of the render worker, with a one-page stand-in for the PDF. */
function fakeRender(seen: PrintInput[] = [], text: (input: PrintInput) => string = () => 'x'): RenderSource {
  return async (ref, source: PrintSource, naming) => {
    const input = printInputFor(prepareOutputTemplate(ref.content), source);
    seen.push(input);
    return {
      bytes: await onePagePdf(text(input)),
      mime: 'application/pdf',
      extension: 'pdf',
      fileName: `${printFileName(input, naming)}.pdf`,
    };
  };
}

async function demo(): Promise<{ storage: Storage; ids: string[] }> {
  const storage = await openTestStorage();
  await ensureDemoWorkspace(storage, { templates: demoTemplates });
  return { storage, ids: await storage.records.orderedIds(DEMO_TABLE_IDS.orders) };
}

describe('runPrintJob', () => {
  it('zips one PDF per record, named by the rule, in grid order, with progress', async () => {
    const { storage, ids } = await demo();
    const template = (await storage.templates.get(DEMO_TEMPLATE_IDS.invoice))!;
    const inputs: PrintInput[] = [];
    const progress: number[] = [];
    const result = await runPrintJob({
      storage,
      tableId: DEMO_TABLE_IDS.orders,
      recordIds: ids.slice(0, 5),
      template,
      rule: DEMO_FILE_NAME_RULES[template.id]!,
      output: 'zip',
      signal: new AbortController().signal,
      render: fakeRender(inputs),
      onProgress: (done) => progress.push(done),
    });
    expect(result.fileName).toBe('Invoice_5.zip');
    const names = zipNames(new Uint8Array(await result.blob.arrayBuffer()));
    expect(names).toEqual(
      ['SO-2025-1001', 'SO-2025-1002', 'SO-2025-1003', 'SO-2025-1004', 'SO-2025-1005'].map((n) => `Invoice_${n}.pdf`),
    );
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    // The scope carries linked records as child tables (the invoice's line items).
    const lines = inputs[0]!.scope.Lines as OpenValue;
    expect(lines.type).toBe('list');
    const customer = inputs[0]!.scope.Customer as OpenValue;
    expect(
      customer.type === 'list' && customer.items[0]?.type === 'map' && displayText(customer.items[0].fields.Company),
    ).toBe('Baltic Amber Jewelry');
  });

  it('merges into one PDF with every page', async () => {
    const { storage, ids } = await demo();
    const template = (await storage.templates.get(DEMO_TEMPLATE_IDS.packingSlip))!;
    const result = await runPrintJob({
      storage,
      tableId: DEMO_TABLE_IDS.orders,
      recordIds: ids.slice(0, 3),
      template,
      rule: '{Order no}',
      output: 'merged',
      signal: new AbortController().signal,
      render: fakeRender([], (input) => displayText(input.scope['Order no'] as OpenValue)),
    });
    expect(result.fileName).toBe('Packing_slip_3.pdf');
    const merged = await PDFDocument.load(await result.blob.arrayBuffer());
    expect(merged.getPageCount()).toBe(3);
  });

  it('stops when cancelled and reports it', async () => {
    const { storage, ids } = await demo();
    const template = (await storage.templates.get(DEMO_TEMPLATE_IDS.invoice))!;
    const controller = new AbortController();
    let rendered = 0;
    await expect(
      runPrintJob({
        storage,
        tableId: DEMO_TABLE_IDS.orders,
        recordIds: ids,
        template,
        rule: '{Order no}',
        output: 'zip',
        signal: controller.signal,
        render: async (...args) => {
          rendered++;
          if (rendered === 3) controller.abort();
          return fakeRender()(...args);
        },
      }),
    ).rejects.toThrow(/cancelled/);
    expect(rendered).toBeLessThan(ids.length);
  });
});
