/**
 * The print dialog's choices over the output catalogue (core/outputs): which file format a
 * template prints to and how the run is delivered. The facts — what each kind makes, which
 * formats merge — are the catalogue's; here is only what stays chosen when a choice changes.
 */
import type { QuireError } from '../../../core/errors';
import { type FileFormat, formatsOf, type PrintOutput, type TemplateKind } from '../../../core/outputs/catalogue';
import { readOutputKind } from '../../../core/outputs/kind';

/**
 * The kind a print offers formats for. Content of a kind the catalogue does not know offers none:
 * its TemplateParseError is shown instead, the same answer the render worker would give.
 */
export function printKindOf(content: unknown): { kind: TemplateKind | undefined; error?: QuireError } {
  const read = readOutputKind(content);
  return typeof read === 'string' ? { kind: read } : { kind: undefined, error: read };
}

/** The chosen format when the template's kind makes it; else the kind's default. */
export function keepFormat(current: FileFormat, kind: TemplateKind | undefined): FileFormat {
  if (!kind) return current;
  const offered: readonly FileFormat[] = formatsOf(kind);
  return offered.includes(current) ? current : offered[0]!;
}

/** The output chosen before, when still offered; else the first offered. */
export function keepOutput(current: PrintOutput, offered: readonly PrintOutput[]): PrintOutput {
  return offered.includes(current) ? current : (offered[0] ?? 'zip');
}
