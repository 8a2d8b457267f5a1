import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEMO_TABLE_IDS, ensureDemoWorkspace, type Storage } from '../../../storage';
import { openTestStorage } from '../../../storage/testing';
import { DEMO_FILE_NAME_RULES, DEMO_TEMPLATE_IDS, demoTemplates } from '../demo/templates';
import { fileNameFor } from './fileNames';
import { runPrintJob } from './printJob';

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

async function demo(): Promise<{ storage: Storage; ids: string[] }> {
  const storage = await openTestStorage();
  await ensureDemoWorkspace(storage, { templates: demoTemplates });
  return { storage, ids: await storage.records.orderedIds(DEMO_TABLE_IDS.orders) };
}

describe('runPrintJob', () => {
  it('zips one PDF per record, named by the rule, in grid order, with progress', async () => {
    const { storage, ids } = await demo();
    const template = (await storage.templates.get(DEMO_TEMPLATE_IDS.invoice))!;
    const scopes: Record<string, unknown>[] = [];
    const progress: number[] = [];
    const result = await runPrintJob({
      storage,
      tableId: DEMO_TABLE_IDS.orders,
      recordIds: ids.slice(0, 5),
      template,
      rule: DEMO_FILE_NAME_RULES[template.id]!,
      output: 'zip',
      signal: new AbortController().signal,
      render: async (_ref, scope) => {
        scopes.push(scope as Record<string, unknown>);
        return onePagePdf('x');
      },
      onProgress: (done) => progress.push(done),
    });
    expect(result.fileName).toBe('Invoice_5.zip');
    const names = zipNames(new Uint8Array(await result.blob.arrayBuffer()));
    expect(names).toEqual(
      ['SO-2025-1001', 'SO-2025-1002', 'SO-2025-1003', 'SO-2025-1004', 'SO-2025-1005'].map((n) => `Invoice_${n}.pdf`),
    );
    expect(progress).toEqual([1, 2, 3, 4, 5]);
    // The scope carries linked records as child tables (the invoice's line items).
    expect(Array.isArray(scopes[0]!.Lines)).toBe(true);
    expect((scopes[0]!.Customer as { Company: string }[])[0]!.Company).toBe('Baltic Amber Jewelry');
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
      render: (_ref, scope) => onePagePdf(String((scope as Record<string, unknown>)['Order no'])),
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
        render: async () => {
          rendered++;
          if (rendered === 3) controller.abort();
          return onePagePdf('x');
        },
      }),
    ).rejects.toThrow(/cancelled/);
    expect(rendered).toBeLessThan(ids.length);
  });
});

describe('fileNameFor', () => {
  it('fills record fields and the standard variables, and sanitises', () => {
    const ctx = {
      rule: '{NAME}_{Order no}_{FIRST_FIELD}',
      templateName: 'Invoice',
      tableName: 'Orders',
      printTime: Date.UTC(2026, 0, 5),
    };
    expect(fileNameFor({ 'Order no': 'SO/1' }, 'SO/1', ctx)).toBe('Invoice_SO_1_SO_1');
    expect(fileNameFor({}, undefined, { ...ctx, rule: '' })).toBe('Invoice');
  });
});
