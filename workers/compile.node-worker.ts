/** Node compile host (compile-host.ts): a worker thread holding one WASM Typst compiler. */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { WasmTypstEngine } from '../src/render/typst/wasm-engine';
import { loadFontGroupFromNodeModules } from '../wasm/fonts-node';
import { createCompileHostApi } from './compile-host';
import { nodeEndpoint } from './node-endpoint';

const api = createCompileHostApi((module) =>
  WasmTypstEngine.create({
    loadModule: async () => {
      if (!module) throw new Error('a WASM compile host needs the compiled module');
      return module;
    },
    loadFontGroup: loadFontGroupFromNodeModules,
  }),
);

if (parentPort) Comlink.expose(api, nodeEndpoint(parentPort));
