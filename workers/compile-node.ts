/** Node's compile hosts (compile-host.ts): a Typst compiler in a worker thread of its own. */
import * as Comlink from 'comlink';
import type { TypstEngine } from '../src/render/typst/engine';
import { loadTypstWasmModule } from '../wasm/typst-module-node';
import { type CompileHostApi, startRemoteEngine } from './compile-host';
import { nodeEndpoint, spawnTsWorker } from './node-endpoint';

/** A fresh WASM engine whose memory `dispose()` returns (the CLI's and Node pool's long documents). */
export async function createIsolatedWasmEngine(): Promise<TypstEngine> {
  const worker = spawnTsWorker(new URL('./compile.node-worker.ts', import.meta.url));
  return startRemoteEngine(Comlink.wrap<CompileHostApi>(nodeEndpoint(worker)), await loadTypstWasmModule(), () => {
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
