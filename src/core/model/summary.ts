import { allBlocks } from './operations/tree';
import type { BlockType, TemplateDocument } from './types';

interface DocumentSummary {
  pages: number;
  rows: number;
  blocks: number;
  blocksByType: Partial<Record<BlockType, number>>;
}

/** Counts for logs and the CLI (`validate`). Nested row blocks count, and so do their blocks. */
export function summarizeDocument(document: TemplateDocument): DocumentSummary {
  const blocksByType: Partial<Record<BlockType, number>> = {};
  let blocks = 0;
  for (const block of allBlocks(document)) {
    blocks++;
    blocksByType[block.type] = (blocksByType[block.type] ?? 0) + 1;
  }
  const rows = document.pages.reduce((sum, page) => sum + page.rows.length, 0);
  return { pages: document.pages.length, rows, blocks, blocksByType };
}

/** `3 pages, 12 blocks (richText 7, table 2, qrcode 1, barcode 2)`. */
export function formatSummary(summary: DocumentSummary): string {
  const types = Object.entries(summary.blocksByType)
    .sort(([, a], [, b]) => (b ?? 0) - (a ?? 0))
    .map(([type, count]) => `${type} ${count}`)
    .join(', ');
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(summary.pages, 'page')}, ${plural(summary.blocks, 'block')}${types ? ` (${types})` : ''}`;
}
