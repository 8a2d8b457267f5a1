/**
 * A template's blocks as readable parts for the conflict dialog: each block's text (rich text, table
 * cells, QR/bar code text…) in document order. Shared by the editor and, later, server sync.
 */
import { allBlocks, parseTemplateContent, type TemplateDocument } from '../../../core/model';
import type { ConflictPart } from './conflict';

/** Every string under a `text` key (Slate leaves, cells) plus variable names, in order. */
function collectText(value: unknown, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectText(item, out);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const node = value as Record<string, unknown>;
  if (node.type === 'variable' && typeof node.name === 'string') out.push(`{${node.name}}`);
  for (const [key, child] of Object.entries(node)) {
    if (key === 'text' && typeof child === 'string') out.push(child);
    else if (typeof child === 'object') collectText(child, out);
  }
}

function documentParts(document: TemplateDocument): ConflictPart[] {
  const parts: ConflictPart[] = [];
  for (const block of allBlocks(document)) {
    if (block.type === 'row') continue;
    const out: string[] = [];
    collectText(block, out);
    parts.push({ id: block.id, kind: block.type, text: out.join(' ').replace(/\s+/g, ' ').trim() });
  }
  return parts;
}

/** Parts of stored template JSON; content that does not parse shows as one part with its raw text. */
export function templateParts(content: string): ConflictPart[] {
  try {
    return documentParts(parseTemplateContent(content).document);
  } catch {
    return [{ id: 'raw', kind: 'raw', text: content }];
  }
}
