import type { MergeableFormat } from '../../core/outputs/catalogue';
import { mergeDocx } from '../office/merge';

/**
 * Appends each PDF's pages, in order, into one document. pdf-lib loads on the first merge: a
 * one-document run (the CLI's single invoice) never parses its ~360 KB of code.
 */
export async function mergePdfs(pdfs: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  for await (const bytes of pdfs) {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save({ useObjectStreams: true });
}

type Merger = (files: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) => Promise<Uint8Array>;

/**
 * How each format the output catalogue calls mergeable is joined: PDFs page after page, Word
 * documents a section per record. Marking another format mergeable there fails the typecheck here.
 */
export const MERGERS: { [F in MergeableFormat]: Merger } = {
  pdf: mergePdfs,
  docx: mergeDocx,
};
