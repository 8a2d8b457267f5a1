/** Node's compile hosts (compile-host.ts): a Typst compiler in a worker thread of its own. */
import * as Comlink from 'comlink';
import { QuireError } from '../src/core/errors';
import type { TypstEngine } from '../src/render/typst/engine';
import { loadTypstWasmModule } from '../wasm/typst-module-node';
import { failFast } from './browser-pool';
import { type CompileHostApi, startRemoteEngine } from './compile-host';
import { nodeEndpoint, nodeWorkerFailure, spawnTsWorker } from './node-endpoint';

/**
 * A fresh WASM engine whose memory `dispose()` returns (the CLI's and Node pool's long documents,
 * the server's renders). A worker that cannot start, or dies later, rejects the start or the
 * compile waiting on it with WorkerUnavailable; the process stays up.
 */
export async function createIsolatedWasmEngine(): Promise<TypstEngine> {
  const module = await loadTypstWasmModule();
  let worker: ReturnType<typeof spawnTsWorker>;
  try {
    worker = spawnTsWorker(new URL('./compile.node-worker.ts', import.meta.url));
  } catch (error) {
    throw new QuireError('WorkerUnavailable', {
      detail: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
  const host = failFast(Comlink.wrap<CompileHostApi>(nodeEndpoint(worker)), nodeWorkerFailure(worker));
  return startRemoteEngine(host, module, () => {
    void worker.terminate();
  });
}

/**
 * A native engine in a worker thread: a long document's chunks compile on two of them at once
 * (chunk-lanes.ts), while the main thread joins the pages. The native compiler is synchronous, so
 * in process a second lane would only queue behind the first.
 */
export async function createIsolatedNativeEngine(): Promise<TypstEngine> {
  const worker = spawnTsWorker(new URL('./compile-native.node-worker.ts', import.meta.url));
  return startRemoteEngine(Comlink.wrap<CompileHostApi>(nodeEndpoint(worker)), undefined, () => {
    void worker.terminate();
  });
}
