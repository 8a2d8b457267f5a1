/// <reference lib="webworker" />
/** Browser render worker: the Typst WASM and fonts come from the app's own bundled assets. */
import * as Comlink from 'comlink';
import { WasmTypstEngine } from '../src/render/typst/wasm-engine';
import { loadFontGroupFromUrls } from '../wasm/fonts-browser';
import { loadTypstWasmModule } from '../wasm/typst-module-browser';
import { rasterizeInWorker } from './browser-raster';
import { type CompileHostApi, startRemoteEngine } from './compile-host';
import { createRenderWorkerApi } from './render-api';

const api = createRenderWorkerApi(
  () => WasmTypstEngine.create({ loadModule: () => loadTypstWasmModule(), loadFontGroup: loadFontGroupFromUrls }),
  async (url) => {
    const response = await fetch(url);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : undefined;
  },
  loadFontGroupFromUrls,
  async () => {
    // A long document's chunks move here once this worker's compiler passes its memory budget.
    const worker = new Worker(new URL('./compile.worker.ts', import.meta.url), { type: 'module' });
    return startRemoteEngine(Comlink.wrap<CompileHostApi>(worker), await loadTypstWasmModule(), () =>
      worker.terminate(),
    );
  },
  rasterizeInWorker,
);

Comlink.expose(api);
