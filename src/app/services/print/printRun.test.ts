import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { makeDocx, p } from '../../../render/office/test-helpers';
import { prepareOutputTemplate, renderOutput } from '../../../render/outputs/render';
import { DEMO_APPROVAL_CODE, DEMO_TABLE_IDS, ensureDemoWorkspace, type Storage } from '../../../storage';
import { openTestStorage } from '../../../storage/testing';
import { bytesToBase64 } from '../officeFile';
import { approvalBinding } from '../templates';
import { type RenderSource, runPrintJob } from './printRun';

async function demo(): Promise<Storage> {
  const storage = await openTestStorage();
  await ensureDemoWorkspace(storage, { templates: async () => [] });
  return storage;
}

function wordTemplate(storage: Storage, tableId: string, body: string) {
  const file = makeDocx({ body });
  const content = { kind: 'docx', version: 1, fileName: 'Letter.docx', file: bytesToBase64(file) };
  return storage.templates.create({
    name: 'Letter',
    baseId: 'demo-base',
    tableId,
    type: 1,
    content: JSON.stringify(content),
  });
}

/** The render worker's own path, in process: the worker maps the source, fills and names the file. */
const renderInProcess: RenderSource = (ref, source, naming) =>
  renderOutput(
    prepareOutputTemplate(ref.content),
    source,
    { typst: () => Promise.reject(new Error('no Typst for Word templates')) },
    { naming },
  );

/** The render worker's export path: a document template's record written as Word, Excel or PowerPoint. */
const exportInProcess =
  (format: 'docx' | 'xlsx' | 'pptx'): RenderSource =>
  (ref, source, naming) =>
    renderOutput(
      prepareOutputTemplate(ref.content),
      source,
      { typst: () => Promise.reject(new Error('an export typesets nothing')) },
      { format, naming },
    );

describe('runPrintJob', () => {
  it('prints a document template as Word (one merged document or a ZIP), Excel and PowerPoint', async () => {
    const storage = await demo();
    const template = await storage.templates.create({
      name: 'Invoice',
      baseId: 'demo-base',
      tableId: DEMO_TABLE_IDS.orders,
      type: 1,
      content: readFileSync('tests/fixtures/invoice/template.json', 'utf8'),
    });
    const ids = (await storage.records.orderedIds(DEMO_TABLE_IDS.orders)).slice(0, 3);
    const print = (format: 'docx' | 'xlsx' | 'pptx', output: 'merged' | 'zip') =>
      runPrintJob({
        storage,
        tableId: DEMO_TABLE_IDS.orders,
        recordIds: ids,
        template,
        rule: '',
        output,
        signal: new AbortController().signal,
        render: exportInProcess(format),
      });
    const merged = await print('docx', 'merged');
    expect(merged.fileName).toBe('Invoice_3.docx');
    const parts = unzipSync(new Uint8Array(await merged.blob.arrayBuffer()));
    // A section per record: each starts on its own page.
    expect(strFromU8(parts['word/document.xml']!).match(/<w:sectPr\b/g)).toHaveLength(3);
    for (const format of ['xlsx', 'pptx'] as const) {
      const zip = await print(format, 'zip');
      const names = Object.keys(unzipSync(new Uint8Array(await zip.blob.arrayBuffer())));
      expect(names).toHaveLength(3);
      for (const name of names) expect(name.endsWith(`.${format}`)).toBe(true);
    }
  });

  it('passes on no progress once the run has settled (a late report from the batch worker)', async () => {
    const storage = await demo();
    const template = await wordTemplate(storage, DEMO_TABLE_IDS.orders, p('Order'));
    const ids = await storage.records.orderedIds(DEMO_TABLE_IDS.orders);
    const seen: number[] = [];
    const result = await runPrintJob({
      storage,
      tableId: DEMO_TABLE_IDS.orders,
      recordIds: ids.slice(0, 2),
      template,
      rule: '',
      output: 'zip',
      signal: new AbortController().signal,
      render: renderInProcess,
      // The worker's progress travels on its own channel: here the last report lands after the result.
      assemble: async (_options, _render, onProgress) => {
        onProgress?.(1, 2);
        setTimeout(() => onProgress?.(2, 2), 0);
        return { blob: new Blob(['zip'], { type: 'application/zip' }), fileName: 'Letter_2.zip', names: [] };
      },
      onProgress: (done) => seen.push(done),
    });
    expect(result.fileName).toBe('Letter_2.zip');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([1]);
  });

  it('prints approval instances of an approval-bound Word template as one document, a section each', async () => {
    const storage = await demo();
    const template = await wordTemplate(storage, approvalBinding(DEMO_APPROVAL_CODE), p('Approval {approvalNumber}'));
    const instances = (await storage.approvals.listInstances(DEMO_APPROVAL_CODE)).slice(0, 3);
    expect(instances).toHaveLength(3);
    const progress: number[] = [];
    const printInstances = (output: 'merged' | 'zip') =>
      runPrintJob({
        storage,
        tableId: template.tableId,
        approvalCode: DEMO_APPROVAL_CODE,
        recordIds: instances.map((i) => i.code),
        template,
        rule: '',
        output,
        signal: new AbortController().signal,
        render: renderInProcess,
        onProgress: (done) => progress.push(done),
      });
    const result = await printInstances('merged');
    expect(result.fileName).toBe('Letter_3.docx');
    expect(result.count).toBe(3);
    const xml = strFromU8(unzipSync(new Uint8Array(await result.blob.arrayBuffer()))['word/document.xml']!);
    expect(xml.match(/<w:sectPr\b/g)).toHaveLength(3);
    const text = xml.replace(/<[^>]+>/g, ' ');
    const serials = instances.map((i) => String(i.instance.serial_id));
    const at = serials.map((serial) => text.indexOf(`Approval ${serial}`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(progress.at(-1)).toBe(3);

    // As a ZIP: one Word file per instance.
    const zip = await printInstances('zip');
    const names = Object.keys(unzipSync(new Uint8Array(await zip.blob.arrayBuffer())));
    expect(names).toHaveLength(3);
    for (const name of names) expect(name).toMatch(/\.docx$/);
  });

  it('refuses an approval that is not on this device', async () => {
    const storage = await demo();
    const template = await wordTemplate(storage, approvalBinding('NOPE'), p('x'));
    await expect(
      runPrintJob({
        storage,
        tableId: template.tableId,
        approvalCode: 'NOPE',
        recordIds: ['a'],
        template,
        rule: '',
        output: 'zip',
        signal: new AbortController().signal,
        render: renderInProcess,
      }),
    ).rejects.toMatchObject({ errorName: 'DocGenerationError' });
  });
});
