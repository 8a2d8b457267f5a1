/**
 * The print input: everything one document is rendered from, the same for every output kind
 * (document/PDF today; canvas, Word, Excel, PowerPoint next) and every caller (editor preview,
 * preview screen, batch print, CLI, server). It is built by one function per data source
 * (`build.ts`), inside the render worker, and crosses worker and process boundaries as
 * structured-cloneable data: values, bytes and strings only — never object URLs.
 */
import type { ApprovalLanguage } from '../data/approval/labels';
import type { ProcessEntry } from '../data/approval/types';
import type { FileNameVariables } from '../naming/filename';

/** Links a QR code can encode besides field values (spec 001 §3.4); supplied by the host/app. */
export interface RecordLinks {
  currentView?: string;
  /** URL of another view; `{viewId}` is replaced by the configured view id. */
  viewUrlTemplate?: string;
  currentRecord?: string;
  recordShareUrl?: string;
}

export interface PrintInput {
  /**
   * Variable name → value as the user sees it. Values are open values (spec 001 §3.7) wherever
   * the source knows a display text: a tag without filters prints the display text (the field's
   * own format: `$1,234.50`, `2024/03/05`, `23,019.11`), a filter reads the raw value. Plain JSON
   * (CLI data, samples) is accepted as it is.
   */
  scope: Record<string, unknown>;
  /** Field id → variable name, so a binding that names a field by its id finds it. */
  fieldIds: Record<string, string>;
  links: RecordLinks;
  /**
   * Bytes of the images and files the scope refers to, by the exact URL the scope names
   * (`quire-asset:<sha256>` for local attachments). Missing entries are fetched by the
   * environment's image loader (http in Node), or print nothing.
   */
  assets: Record<string, Uint8Array>;
  /** Variables of the output file name (spec 001 §9.3) the data source knows. */
  names: FileNameVariables;
  /**
   * The names of the source's attachment fields, where the source knows its field types (a table
   * record): an attachment template naming another field is NoAttachmentField. Absent for plain data.
   */
  attachmentFields?: string[];
  /**
   * An approval source's process, for the flow diagram block: `process` null when no instance
   * was given (the designer's preview draws a placeholder). Absent for other sources.
   */
  approvalFlow?: ApprovalFlowInput;
}

export interface ApprovalFlowInput {
  process: ProcessEntry[] | null;
  lang: ApprovalLanguage;
  timeZone: string;
}

/** An empty input: a template printed with no record (the designer's placeholders show). */
export function emptyPrintInput(): PrintInput {
  return { scope: {}, fieldIds: {}, links: {}, assets: {}, names: {} };
}
