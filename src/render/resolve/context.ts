import type { AttachmentPreviewLoader } from '../../core/attachments/preview';
import type { EvalOptions, Scope } from '../../core/expr/evaluate';
import type { FilterFn } from '../../core/expr/filters';
import type { ApprovalFlowInput, RecordLinks } from '../../core/print/input';
import type { AssetStore } from './assets';

export type { RecordLinks };

/** Fetches image bytes for a URL; undefined (or a throw) means the image is missing. */
export type ImageLoader = (url: string) => Promise<Uint8Array | undefined>;

export interface ResolveOptions {
  links?: RecordLinks;
  /** Field id → variable name (from the print input), for bindings that name a field by id. */
  fieldIds?: Readonly<Record<string, string>>;
  loadImage?: ImageLoader;
  /** Upper bound on repeated items (loop items + table rows + auto pages) in one document. */
  maxItems?: number;
  /** Extra template filters by name (e.g. from the data layer); built-ins cannot be replaced. */
  filters?: Readonly<Record<string, FilterFn>>;
  /** The approval process the flow diagram block draws (print input of an approval source). */
  approvalFlow?: ApprovalFlowInput;
  /**
   * How diagrams come out: vector images (PDF), or tables of their facts (Office exports: Excel
   * cannot hold an SVG, and a table's text is what a Word or PowerPoint user edits).
   */
  diagrams?: 'vector' | 'table';
  /**
   * Previews an attachment field's files as page images (spec 001 §7), for attachment elements in
   * `auto` mode with `enableDocPreview`; without one they print their file names.
   */
  previewAttachments?: AttachmentPreviewLoader;
}

/** Everything resolve needs while walking the template. */
export interface ResolveContext {
  scope: Scope;
  locale: string;
  timeZone: string;
  links: RecordLinks;
  /** Field id → variable name (ResolveOptions.fieldIds), for QR and bar codes bound to a field by id. */
  fieldIds: Readonly<Record<string, string>>;
  filters?: Readonly<Record<string, FilterFn>>;
  /** locale, time zone and extra filters for core/expr, built once per document. */
  evalOptions: EvalOptions;
  assets: AssetStore;
  /** Names of computeVariables printed per page (range currentPage). */
  pageSumNames: ReadonlySet<string>;
  /** Counts repeated items against `maxItems`. */
  budget: { items: number; max: number };
  approvalFlow?: ApprovalFlowInput;
  diagrams: 'vector' | 'table';
  previewAttachments?: AttachmentPreviewLoader;
}

/**
 * Past this a document is refused (DocGenerationError) rather than left to exhaust a worker. Long
 * tables are typeset in chunks on compilers whose memory is given back (render-pdf-chunks), so the
 * limit is the view model's size: 250,000 rows of an invoice table are ~0.5 GB of JavaScript.
 */
export const DEFAULT_MAX_ITEMS = 250_000;

/** Office files are filled in one piece (no chunks), so they keep the lower limit. */
export const OFFICE_MAX_ITEMS = 50_000;

/** Pixels (the editor's CSS unit) to points. */
export const PX = 0.75;
