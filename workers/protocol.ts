/** Messages between the render pool (caller) and a render worker, all structured-cloneable. */
import type { ErrorIssue } from '../src/core/errors';
import type { FileFormat } from '../src/core/outputs/catalogue';
import type { PrintSource } from '../src/core/print/sources';
import type { NamingContext, RenderedGroup, RenderedOutput } from '../src/render/outputs/render';

/** Parsed templates a worker keeps; the pool mirrors the same oldest-first eviction. */
export const MAX_WORKER_TEMPLATES = 8;

export interface RenderRequest {
  /** Identifies a template version; a worker parses each key's template once. */
  templateKey: string;
  /** Sent only when the worker has not seen `templateKey` yet: stored content of any output kind. */
  template?: unknown;
  /** The record, instance or data to print, not yet mapped: the worker builds the print input. */
  source: PrintSource;
  /** When given, the worker names the file (the template's rule over the print input). */
  naming?: NamingContext;
  /** The format to make, one the template's kind makes (the catalogue's); its default when none. */
  format?: FileFormat;
}

/** Several sources typeset as one file (a merged PDF's group): the same fields, many sources. */
export interface RenderGroupRequest extends Omit<RenderRequest, 'source'> {
  sources: PrintSource[];
}

export type RenderStage = 'resolve' | 'compile' | 'done';

/** Rows typeset so far of a long document (sent with stage 'compile' after each chunk). */
export interface RenderProgress {
  done: number;
  total: number;
}

/** A catalogued error as JSON: its params (what the translated message names) cross too. */
export type WorkerFailure = {
  ok: false;
  error: { name: string; message: string; issues?: ErrorIssue[]; params?: Record<string, string | number> };
};

export type RenderResponse = { ok: true; file: RenderedOutput; compiled: number; memoryBytes: number } | WorkerFailure;

export type RenderGroupResponse = ({ ok: true; compiled: number; memoryBytes: number } & RenderedGroup) | WorkerFailure;

/** The API a render worker exposes through comlink. */
export interface RenderWorkerApi {
  /** Loads the compiler and the Latin fonts so the first render is fast. */
  warm(): Promise<void>;
  render(
    request: RenderRequest,
    onStage?: (stage: RenderStage, progress?: RenderProgress) => void,
  ): Promise<RenderResponse>;
  renderGroup(request: RenderGroupRequest): Promise<RenderGroupResponse>;
  stats(): Promise<{ compiled: number; memoryBytes: number }>;
}
