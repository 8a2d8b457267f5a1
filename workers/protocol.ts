/** Messages between the render pool (caller) and a render worker, all structured-cloneable. */
import type { ErrorIssue } from '../src/core/errors';
import type { PrintSource } from '../src/core/print/sources';
import type { NamingContext, RenderedOutput } from '../src/render/outputs/render';

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
}

export type RenderStage = 'resolve' | 'compile' | 'done';

export type RenderResponse =
  | { ok: true; file: RenderedOutput; compiled: number; memoryBytes: number }
  | { ok: false; error: { name: string; message: string; issues?: ErrorIssue[] } };

/** The API a render worker exposes through comlink. */
export interface RenderWorkerApi {
  /** Loads the compiler and the Latin fonts so the first render is fast. */
  warm(): Promise<void>;
  render(request: RenderRequest, onStage?: (stage: RenderStage) => void): Promise<RenderResponse>;
  stats(): Promise<{ compiled: number; memoryBytes: number }>;
}
