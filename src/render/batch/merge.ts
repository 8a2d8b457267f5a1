import { PDFDocument } from 'pdf-lib';

/** Appends each PDF's pages, in order, into one document. */
export async function mergePdfs(pdfs: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<Uint8Array> {
  const merged = await PDFDocument.create();
  for await (const bytes of pdfs) {
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save({ useObjectStreams: true });
}
