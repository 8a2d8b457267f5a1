/**
 * What a print makes. A document (PDF) template prints to PDF, or exports each record to Word,
 * Excel or PowerPoint (render/export); a canvas template prints to PDF; an Office template to its
 * own kind. A PDF run merges
 * or zips; one record of an Office file comes back as its own file; many come as a ZIP, and Word
 * ones also as one document with a section per record (merged in the batch worker,
 * render/office/merge.ts).
 */

import { type OfficeKind, officeKindOf } from './officeFile';
import type { PrintOutput } from './printRun';

/** `canvas`: fields placed on a page (pdfme), printed as PDF only. */
export type TemplateKind = 'document' | 'canvas' | OfficeKind;

/** The kind of file a print makes. */
export type FileKind = 'pdf' | OfficeKind;

export function templateKindOf(content: unknown): TemplateKind {
  return officeKindOf(content) ?? (isCanvasContent(content) ? 'canvas' : 'document');
}

/** pdfme's template format, with Quire's `kind` or as pdfme's designer exports it (basePdf + schemas). */
function isCanvasContent(content: unknown): boolean {
  let value = content;
  if (typeof value === 'string') {
    // Document content is large JSON without these keys at all: skip parsing it.
    if (!value.includes('"canvas"') && !value.includes('"basePdf"')) return false;
    try {
      value = JSON.parse(value);
    } catch {
      return false;
    }
  }
  if (typeof value !== 'object' || value === null) return false;
  const kind = (value as { kind?: unknown }).kind;
  return kind === 'canvas' || (kind === undefined && 'basePdf' in value && 'schemas' in value);
}

/** The file kinds a template prints to, the first being what it prints by default. */
export function printFormats(kind: TemplateKind): FileKind[] {
  if (kind === 'document') return ['pdf', 'docx', 'xlsx', 'pptx'];
  return kind === 'canvas' ? ['pdf'] : [kind];
}

/** The chosen file kind when the template offers it; else its first. */
export function keepFormat(current: FileKind, kind: TemplateKind): FileKind {
  const offered = printFormats(kind);
  return offered.includes(current) ? current : offered[0]!;
}

export function printOutputs(format: FileKind, count: number): PrintOutput[] {
  if (format === 'pdf') return ['merged', 'zip'];
  if (count === 1) return ['file', 'zip'];
  // Excel workbooks and PowerPoint decks of many records are not merged: one file each.
  if (format === 'docx') return ['merged', 'zip'];
  return ['zip'];
}

/** The output chosen before, when still offered; else the first offered. */
export function keepOutput(current: PrintOutput, offered: readonly PrintOutput[]): PrintOutput {
  return offered.includes(current) ? current : (offered[0] ?? 'zip');
}
