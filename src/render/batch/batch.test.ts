import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import type { RenderedOutput } from '../outputs/render';
import { mergePdfs, renderBatch, runPrintBatch, UniqueNames, zipStream } from './index';

async function pdfWithPages(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < n; i++) doc.addPage([100, 100]);
  return doc.save();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('renderBatch', () => {
  it('yields in record order with bounded concurrency and reports progress', async () => {
    let running = 0;
    let peak = 0;
    const progress: number[] = [];
    const render = async (n: number) => {
      running++;
      peak = Math.max(peak, running);
      await sleep((10 - n) * 2);
      running--;
      return new Uint8Array([n]);
    };
    const out: number[] = [];
    for await (const item of renderBatch([...Array(10).keys()], render, {
      concurrency: 3,
      onProgress: (p) => progress.push(p.done),
    })) {
      out.push(item.output[0]!);
    }
    expect(out).toEqual([...Array(10).keys()]);
    expect(peak).toBeLessThanOrEqual(3);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('stops with DocGenerationError when cancelled', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const run = async () => {
      for await (const item of renderBatch([1, 2, 3, 4], async (n) => new Uint8Array([n]), {
        signal: controller.signal,
      })) {
        seen.push(item.record);
        controller.abort();
      }
    };
    const error = await run().catch((e: unknown) => e);
    expect(isQuireError(error, 'DocGenerationError')).toBe(true);
    expect(seen).toEqual([1]);
  });
});

describe('mergePdfs and zipStream', () => {
  it('merges pages in order', async () => {
    const merged = await mergePdfs([await pdfWithPages(2), await pdfWithPages(3)]);
    expect((await PDFDocument.load(merged)).getPageCount()).toBe(5);
  });

  it('streams a zip with unique names that unzip tools accept', async () => {
    const names = new UniqueNames();
    const entries = (async function* () {
      for (const name of ['a', 'a', 'b', 'a']) yield { name: `${names.take(name)}.pdf`, bytes: await pdfWithPages(1) };
    })();
    const chunks: Uint8Array[] = [];
    for await (const chunk of zipStream(entries) as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
    const dir = mkdtempSync(join(tmpdir(), 'quire-zip-'));
    writeFileSync(join(dir, 'out.zip'), Buffer.concat(chunks));
    const listing = execFileSync(
      'python3',
      ['-c', `import zipfile;print(zipfile.ZipFile('${join(dir, 'out.zip')}').namelist())`],
      {
        encoding: 'utf8',
      },
    );
    expect(listing.trim()).toBe("['a.pdf', 'a(1).pdf', 'b.pdf', 'a(2).pdf']");
    expect(readFileSync(join(dir, 'out.zip')).subarray(0, 2).toString()).toBe('PK');
  });
});

describe('runPrintBatch outputs', () => {
  const file = (name: string, extension: string, mime: string) => async (): Promise<RenderedOutput> => ({
    bytes: new TextEncoder().encode(name),
    mime,
    extension,
    fileName: `${name}.${extension}`,
  });
  const options = <T>(items: T[], render: (item: T) => Promise<RenderedOutput>) => ({
    items,
    total: items.length,
    render,
    templateName: 'Run',
    printTime: 0,
  });

  it('hands back one record as its own file, and refuses a file of several', async () => {
    const run = await runPrintBatch(
      options(['a'], file('a', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')),
      'file',
    );
    expect(run.fileName).toBe('a.xlsx');
    expect(new TextDecoder().decode(await new Response(run.body).arrayBuffer())).toBe('a');
    const error = await runPrintBatch(options(['a', 'b'], file('a', 'pdf', 'application/pdf')), 'file').catch(
      (e: unknown) => e,
    );
    expect(isQuireError(error, 'DocGenerationError')).toBe(true);
  });

  it('writes every file into a folder with unique names', async () => {
    const written: string[] = [];
    const run = await runPrintBatch(
      {
        ...options(['x', 'x', 'y'], async (name: string) => ({
          bytes: await pdfWithPages(1),
          mime: 'application/pdf',
          extension: 'pdf',
          fileName: `${name}.pdf`,
        })),
        writeFile: async (f) => {
          written.push(f.name);
        },
      },
      'folder',
    );
    expect(written).toEqual(['x.pdf', 'x(1).pdf', 'y.pdf']);
    expect(run.names).toEqual(written);
    expect(run.body).toBeUndefined();
  });

  it('merges only what the catalogue calls mergeable', async () => {
    const merged = await runPrintBatch(
      options([2, 3], async (n: number) => ({
        bytes: await pdfWithPages(n),
        mime: 'application/pdf',
        extension: 'pdf',
      })),
      'merged',
    );
    expect(merged.fileName).toBe('Run_2.pdf');
    expect((await PDFDocument.load(await new Response(merged.body).arrayBuffer())).getPageCount()).toBe(5);
    const sheets = await runPrintBatch(
      options(['a', 'b'], file('a', 'xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')),
      'merged',
    ).catch((e: unknown) => e);
    expect(isQuireError(sheets, 'DocGenerationError')).toBe(true);
  });
});
