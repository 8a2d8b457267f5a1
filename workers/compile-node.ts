/** Node's compile hosts (compile-host.ts): a WASM Typst compiler in a worker thread of its own. */
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
