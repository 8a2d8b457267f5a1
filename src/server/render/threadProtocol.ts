/**
 * What passes between the server's render pool (`pool.ts`) and a render thread (`renderThread.ts`,
 * or a test's own thread): one request in, one answer out, each tagged with the request's number.
 */
import type { ErrorIssue } from '../../core/errors';
import type { FetchPolicy } from './fetchPolicy';
import type { FilledFile, RenderRequest } from './renderFile';

/** `workerData` of every render thread. */
export interface RenderThreadData {
  fetchPolicy: FetchPolicy;
  /** Past this, the WASM compiler (in threads of its own) is replaced between compiles. */
  wasmBudgetBytes: number;
}

export interface ThreadRequest {
  id: number;
  request: RenderRequest;
}

export type ThreadAnswer =
  /** Sent once, when the thread listens: a render's time limit counts from then (starting is not rendering). */
  | { ready: true }
  | { id: number; filled: FilledFile; heapBytes: number }
  | {
      id: number;
      /** A catalogued failure (name as in the catalogue), or anything else as `InternalError`'s detail. */
      error: { name: string; message: string; issues?: ErrorIssue[]; params?: Record<string, string | number> };
      catalogued: boolean;
      heapBytes: number;
    };
