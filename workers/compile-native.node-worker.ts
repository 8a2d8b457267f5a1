/**
 * Node compile host (compile-host.ts) holding one native Typst compiler: a long document's chunks
 * compile on two of these at once (both cores), where the in-process native compiler would run
 * one chunk at a time on the main thread.
 */
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { createCompileHostApi } from './compile-host';
import { nodeEndpoint } from './node-endpoint';

const api = createCompileHostApi(async () => {
  const { NativeTypstEngine } = await import('../src/render/typst/native-engine');
  return new NativeTypstEngine();
});

if (parentPort) Comlink.expose(api, nodeEndpoint(parentPort));
