import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { isQuireError } from '../../core/errors';
import { mergePdfs, renderBatch, UniqueNames, zipStream } from './index';

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
