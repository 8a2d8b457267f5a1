/**
 * Offline with a script whose font was never kept: the browser worker's own pieces (the WASM
 * engine, the URL font loader, the worker API) answer a catalogued error naming the font, never a
 * PDF with empty boxes. Latin comes from node_modules here (in the browser it is precached).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WasmTypstEngine } from '../src/render/typst/wasm-engine';
import { content, fullRow, p, page, richText, text, variable } from '../tests/fixtures/builders';
import { loadFontGroupFromUrls } from '../wasm/fonts-browser';
import { loadFontGroupFromNodeModules } from '../wasm/fonts-node';
import { loadTypstWasmModule } from '../wasm/typst-module-node';
import { createRenderWorkerApi } from './render-api';

const template = content([page('p1', [fullRow('r1', richText('t1', [p(text('Customer: '), variable('name'))]))])]);

describe('a document whose font is not on the device, offline', () => {
  let online = true;
  beforeAll(() => {
    vi.stubGlobal('fetch', async (url: string) => {
      if (!online) throw new TypeError('Failed to fetch');
      throw new Error(`unexpected fetch of ${url}`);
    });
  });
  afterAll(() => vi.unstubAllGlobals());

  const worker = createRenderWorkerApi(() =>
    WasmTypstEngine.create({
      loadModule: loadTypstWasmModule,
      loadFontGroup: (group) =>
        group === 'latin' ? loadFontGroupFromNodeModules(group) : loadFontGroupFromUrls(group),
    }),
  );

  it('fails with FontUnavailableOffline naming the font, as catalogue JSON', async () => {
    online = false;
    const response = await worker.render({
      templateKey: 'chinese',
      template,
      source: { kind: 'data', data: { name: '上海客户' } },
    });
    expect(response.ok).toBe(false);
    if (response.ok) return;
    expect(response.error.name).toBe('FontUnavailableOffline');
    expect(response.error.params).toEqual({ font: 'Noto Sans SC', script: 'sc' });
  }, 60_000);

  it('still prints Latin text on the same worker (its fonts are on the device)', async () => {
    const response = await worker.render({ templateKey: 'chinese', source: { kind: 'data', data: { name: 'Hanna' } } });
    expect(response.ok).toBe(true);
  }, 60_000);
});
