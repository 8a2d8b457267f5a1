/// <reference lib="webworker" />
/** Browser compile host (compile-host.ts): a render worker starts one per long document's memory budget. */
import * as Comlink from 'comlink';
import { WasmTypstEngine } from '../src/render/typst/wasm-engine';
import { loadFontGroupFromUrls } from '../wasm/fonts-browser';
import { createCompileHostApi } from './compile-host';

Comlink.expose(
  createCompileHostApi((module) =>
    WasmTypstEngine.create({
      loadModule: async () => {
        if (!module) throw new Error('a WASM compile host needs the compiled module');
        return module;
      },
      loadFontGroup: loadFontGroupFromUrls,
    }),
  ),
);
