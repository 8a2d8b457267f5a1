/** Node-only engine factory (CLI, tests, bench, server). Browsers use workers/render.worker.ts. */
import { loadFontGroupFromNodeModules } from '../../wasm/fonts-node';
import { loadTypstWasmModule } from '../../wasm/typst-module-node';
import type { TypstEngine } from './typst/engine';
import { WasmTypstEngine } from './typst/wasm-engine';

export type EngineKind = 'wasm' | 'native';

export async function createNodeEngine(kind: EngineKind = 'wasm'): Promise<TypstEngine> {
  if (kind === 'native') {
    const { NativeTypstEngine } = await import('./typst/native-engine');
    return new NativeTypstEngine();
  }
  return WasmTypstEngine.create({ loadModule: loadTypstWasmModule, loadFontGroup: loadFontGroupFromNodeModules });
}
