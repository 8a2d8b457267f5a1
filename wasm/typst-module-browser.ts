// Vite emits the WASM as a hashed asset; the service worker precaches it for offline use.
import wasmUrl from '@myriaddreamin/typst-ts-web-compiler/pkg/typst_ts_web_compiler_bg.wasm?url';

let cached: Promise<WebAssembly.Module> | undefined;

/** Fetches and compiles the Typst compiler WASM once per worker. */
export function loadTypstWasmModule(url: string = wasmUrl): Promise<WebAssembly.Module> {
  cached ??= WebAssembly.compileStreaming(fetch(url)).catch(async () => {
    // Servers that do not send `application/wasm` make streaming compilation fail.
    const response = await fetch(url);
    return WebAssembly.compile(await response.arrayBuffer());
  });
  return cached;
}

export { wasmUrl as typstWasmUrl };
