import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Path of the Typst web compiler WASM inside node_modules. */
export function typstWasmPath(): string {
  return require.resolve('@myriaddreamin/typst-ts-web-compiler/pkg/typst_ts_web_compiler_bg.wasm');
}

let cached: Promise<WebAssembly.Module> | undefined;

/** Compiles the 28 MB module once per process; every engine instantiates from it. */
export function loadTypstWasmModule(): Promise<WebAssembly.Module> {
  cached ??= readFile(typstWasmPath()).then((bytes) => WebAssembly.compile(bytes));
  return cached;
}
