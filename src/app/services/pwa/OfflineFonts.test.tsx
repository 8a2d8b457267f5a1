import { getDefaultStore } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../../../i18n';
import type { Storage } from '../../../storage';
import { everyFontAtom } from './everyFont';
import { OfflineFonts } from './OfflineFonts';

let i18n: Awaited<ReturnType<typeof setupI18n>>;
beforeAll(async () => {
  i18n = await setupI18n({ search: '?lng=zh-CN' });
});
afterEach(() => getDefaultStore().set(everyFontAtom, { phase: 'idle' }));

const render = () =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <OfflineFonts storage={{} as Storage} />
    </I18nextProvider>,
  );

describe('the fonts-offline setting on screen', () => {
  it('offers the choice, off by default, in the interface language', () => {
    const html = render();
    expect(html).toContain('让所有字体都可离线使用');
    expect(html).toMatch(/<input type="checkbox"\/>/);
    expect(html).not.toContain('data-testid="offline-fonts-status"');
  });

  it('shows the download in progress with a bar, wherever it was started', () => {
    getDefaultStore().set(everyFontAtom, { phase: 'downloading', done: 4, total: 10, bytes: 21_150_000 });
    const html = render();
    expect(html).toContain('正在下载字体：4 / 10 个文件（21.2');
    expect(html).toContain('width:40%');
    expect(html).toContain('data-phase="downloading"');
  });
});
