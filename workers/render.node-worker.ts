/** Node worker thread for the render pool (CLI batches, benchmarks, tests). */
import { parentPort, workerData } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { createNodeEngine, type EngineKind } from '../src/render/node-engine';
import { nodeImageLoader } from '../src/render/node-images';
import { loadFontGroupFromNodeModules } from '../wasm/fonts-node';
import { createIsolatedWasmEngine } from './compile-node';
import { nodeEndpoint } from './node-endpoint';
import { rasterizeInNode } from './node-raster';
import { createRenderWorkerApi } from './render-api';

const options = (workerData ?? {}) as { engine?: EngineKind; baseDir?: string };
const api = createRenderWorkerApi(
  () => createNodeEngine(options.engine ?? 'wasm'),
  nodeImageLoader(options.baseDir ?? process.cwd()),
  loadFontGroupFromNodeModules,
  options.engine === 'native' ? undefined : createIsolatedWasmEngine,
  rasterizeInNode,
);

if (parentPort) Comlink.expose(api, nodeEndpoint(parentPort));
