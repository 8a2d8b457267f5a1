/**
 * Finds the block a render issue comes from, so the canvas can mark it: issue paths name the
 * document position (`pages[0].rows[1].columns[0].blocks[2].table.cells[3]…`), nested rows included.
 */
import { isKnownFilter, parseTemplate } from '../../../core/expr';
import type { Block, TemplateDocument } from '../../../core/model';

interface IssueLike {
  path: string;
  reason: string;
}

type Segment = string | number;

/** `pages[0].rows[1]` → `['pages', 0, 'rows', 1]`. */
export function parseIssuePath(path: string): Segment[] {
  const out: Segment[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) out.push(Number(match[2]));
    else if (match[1] !== undefined) out.push(match[1]);
  }
  return out;
}

/** The innermost block the path points into, or undefined when it names no block (settings, page setting). */
export function blockAtPath(document: TemplateDocument, path: string): Block | undefined {
  const segments = parseIssuePath(path.startsWith('document.') ? path.slice('document.'.length) : path);
  const at = (i: number, key: string) =>
    segments[i] === key && typeof segments[i + 1] === 'number' ? (segments[i + 1] as number) : undefined;
  const pageIndex = at(0, 'pages');
  const rowIndex = at(2, 'rows');
  if (pageIndex === undefined || rowIndex === undefined) return undefined;
  let columns = document.pages[pageIndex]?.rows[rowIndex]?.columns;
  let found: Block | undefined;
  let i = 4;
  while (columns) {
    const columnIndex = at(i, 'columns');
    const blockIndex = at(i + 2, 'blocks');
    if (columnIndex === undefined || blockIndex === undefined) break;
    const block: Block | undefined = columns[columnIndex]?.blocks[blockIndex];
    if (!block) break;
    found = block;
    columns = block.type === 'row' ? block.columns : undefined;
    i += 4;
  }
  return found;
}

function* leafBlocks(document: TemplateDocument): Generator<Block> {
  function* inColumns(columns: ReadonlyArray<{ blocks: Block[] }>): Generator<Block> {
    for (const column of columns)
      for (const block of column.blocks) {
        if (block.type === 'row') yield* inColumns(block.columns);
        else yield block;
      }
  }
  for (const page of document.pages) for (const row of page.rows) yield* inColumns(row.columns);
}

/** Whether a variable, total or loop item inside the block reads `name` or applies a filter called `name`. */
function mentions(value: unknown, name: string): boolean {
  if (Array.isArray(value)) return value.some((v) => mentions(v, name));
  if (typeof value !== 'object' || value === null) return false;
  const node = value as Record<string, unknown>;
  if (node.name === name && typeof node.type === 'string') return true;
  if (Array.isArray(node.filters) && node.filters.some((f) => (f as { name?: unknown }).name === name)) return true;
  return Object.values(node).some((v) => typeof v === 'object' && mentions(v, name));
}

function unknownFilters(value: unknown, out: string[]): void {
  if (Array.isArray(value)) {
    for (const v of value) unknownFilters(v, out);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const node = value as Record<string, unknown>;
  if (Array.isArray(node.filters))
    for (const f of node.filters) {
      const name = (f as { name?: unknown }).name;
      if (typeof name === 'string' && !isKnownFilter(name)) out.push(`unknown filter '${name}'`);
    }
  for (const v of Object.values(node)) if (typeof v === 'object') unknownFilters(v, out);
}

/** Text the renderer reads as a template (`{tags}` allowed): QR and bar code custom values. */
function tagTexts(block: Block): string[] {
  if (block.type === 'qrcode' && block.qrcode.value.type === 'custom') return [block.qrcode.value.value];
  if (block.type === 'barcode' && block.barcode.valueType === 'custom') return [block.barcode.value];
  return [];
}

/**
 * What the renderer would refuse in this block, by the reasons it gives: unknown filters on
 * variables and malformed tags in QR/bar code text. Render errors from expressions name an offset
 * or a filter, not the block, so the editor finds the block by the same reason.
 */
function blockProblems(block: Block): string[] {
  const out: string[] = [];
  unknownFilters(block, out);
  for (const text of tagTexts(block)) {
    try {
      parseTemplate(text, { isKnownFilter });
    } catch (error) {
      const issues = (error as { issues?: IssueLike[] }).issues ?? [];
      for (const issue of issues) out.push(issue.reason);
    }
  }
  return out;
}

/**
 * Issue messages per block id. Content issues name the block by position; expression issues name
 * an offset or a filter, so the blocks that fail for the same reason (or use that name) are
 * marked. Issues that lead to no block stay in the preview panel's list only.
 */
export function issuesByBlock(document: TemplateDocument, issues: readonly IssueLike[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (id: string, reason: string) => {
    const list = (out[id] ??= []);
    if (!list.includes(reason)) list.push(reason);
  };
  const leaves = [...leafBlocks(document)];
  let problems: Map<string, string[]> | undefined;
  for (const issue of issues) {
    const block = blockAtPath(document, issue.path);
    if (block) {
      add(block.id, issue.reason);
      continue;
    }
    if (/^(pages|pageSetting|settings|document)\b/.test(issue.path)) continue;
    problems ??= new Map(leaves.map((leaf) => [leaf.id, blockProblems(leaf)]));
    const byReason = leaves.filter((leaf) => problems?.get(leaf.id)?.includes(issue.reason));
    const matched =
      byReason.length > 0 ? byReason : issue.path ? leaves.filter((leaf) => mentions(leaf, issue.path)) : [];
    for (const leaf of matched) add(leaf.id, issue.reason);
  }
  return out;
}
