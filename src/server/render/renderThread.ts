/**
 * A render thread of the server's pool: renders one request at a time with the engines it keeps
 * warm, and says how much heap it holds after each so the pool can replace it between renders.
 * Everything CPU-bound of a render happens here, never on the thread that answers requests.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { isQuireError, type QuireError } from '../../core/errors';
import { fillFile, RenderEnvironment } from './renderFile';
import type { RenderThreadData, ThreadAnswer, ThreadRequest } from './threadProtocol';

const data = workerData as RenderThreadData;
const environment = new RenderEnvironment(data.fetchPolicy, data.wasmBudgetBytes);

const heapBytes = () => {
  const heap = getHeapStatistics();
  return heap.used_heap_size + heap.external_memory;
};

/** A catalogued error, also one made by another copy of the errors module (a bundled dependency). */
const catalogued = (error: unknown): error is QuireError =>
  isQuireError(error) ||
  (error instanceof Error && 'errorName' in error && typeof (error as QuireError).toJSON === 'function');

parentPort?.on('message', async ({ id, request }: ThreadRequest) => {
  let answer: ThreadAnswer;
  try {
    const filled = await fillFile(request, environment);
    answer = { id, filled, heapBytes: heapBytes() };
  } catch (error) {
    answer = catalogued(error)
      ? { id, error: { ...error.toJSON(), issues: [...error.issues] }, catalogued: true, heapBytes: heapBytes() }
      : {
          id,
          error: {
            name: 'InternalError',
            message: error instanceof Error ? (error.stack ?? error.message) : String(error),
          },
          catalogued: false,
          heapBytes: heapBytes(),
        };
  }
  const transfer = 'filled' in answer ? [answer.filled.output.bytes.buffer as ArrayBuffer] : [];
  parentPort?.postMessage(answer, transfer);
});
parentPort?.postMessage({ ready: true } satisfies ThreadAnswer);
