/**
 * The print outputs a template offers: PDF templates merge or zip; one record of an Office
 * template comes back as its own file; many come as a ZIP, and Word ones also as one document with
 * a section per record (merged in the batch worker, render/office/merge.ts).
 */

import { type OfficeKind, officeKindOf } from './officeFile';
import type { PrintOutput } from './printRun';

export type TemplateKind = 'document' | OfficeKind;

export function templateKindOf(content: unknown): TemplateKind {
  return officeKindOf(content) ?? 'document';
}

export function printOutputs(kind: TemplateKind, count: number): PrintOutput[] {
  if (kind === 'document') return ['merged', 'zip'];
  if (count === 1) return ['file', 'zip'];
  // Excel workbooks and PowerPoint decks of many records are not merged: one file each.
  if (kind === 'docx') return ['merged', 'zip'];
  return ['zip'];
}

/** The output chosen before, when still offered; else the first offered. */
export function keepOutput(current: PrintOutput, offered: readonly PrintOutput[]): PrintOutput {
  return offered.includes(current) ? current : (offered[0] ?? 'zip');
}

export const EXTENSION: Record<TemplateKind, string> = { document: 'pdf', docx: 'docx', xlsx: 'xlsx', pptx: 'pptx' };
