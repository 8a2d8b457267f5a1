import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Remember what the page downloads (file name and bytes, read in the page from the blob URL), so a
 * journey never depends on Playwright's artifact folder, which parallel runs may clean.
 */
export async function captureDownloads(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __downloads: Promise<{ name: string; base64: string }>[] };
    w.__downloads = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      if (this.download && this.href.startsWith('blob:')) {
        const name = this.download;
        w.__downloads.push(
          fetch(this.href)
            .then((r) => r.arrayBuffer())
            .then((buffer) => {
              let binary = '';
              const bytes = new Uint8Array(buffer);
              for (let i = 0; i < bytes.length; i += 0x8000)
                binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
              return { name, base64: btoa(binary) };
            }),
        );
      }
      return click.call(this);
    };
  });
}

/** The last download caught by `captureDownloads`, waiting for it. */
export async function lastDownload(page: Page): Promise<{ name: string; bytes: Buffer }> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __downloads: unknown[] }).__downloads.length), {
      timeout: 220_000,
    })
    .toBeGreaterThan(0);
  const { name, base64 } = await page.evaluate(() => {
    const list = (window as unknown as { __downloads: Promise<{ name: string; base64: string }>[] }).__downloads;
    return list[list.length - 1]!;
  });
  return { name, bytes: Buffer.from(base64, 'base64') };
}
