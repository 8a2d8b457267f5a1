/** Messages between the render pool (caller) and a render worker, all structured-cloneable. */
import type { ErrorIssue } from '../src/core/errors';
import type { RecordLinks } from '../src/render/resolve/context';

/** Parsed templates a worker keeps; the pool mirrors the same oldest-first eviction. */
export const MAX_WORKER_TEMPLATES = 8;

export interface RenderRequest {
  /** Identifies a template version; a worker parses each key's template once. */
  templateKey: string;
  /** Sent only when the worker has not seen `templateKey` yet. */
  template?: unknown;
  record: unknown;
  links?: RecordLinks;
}

export type RenderStage = 'resolve' | 'compile' | 'done';

export type RenderResponse =
  | { ok: true; pdf: Uint8Array; compiled: number; memoryBytes: number }
  | { ok: false; error: { name: string; message: string; issues?: ErrorIssue[] } };

/** The API a render worker exposes through comlink. */
export interface RenderWorkerApi {
  /** Loads the compiler and the Latin fonts so the first render is fast. */
  warm(): Promise<void>;
  render(request: RenderRequest, onStage?: (stage: RenderStage) => void): Promise<RenderResponse>;
  stats(): Promise<{ compiled: number; memoryBytes: number }>;
}
