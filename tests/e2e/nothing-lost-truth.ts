/** Shared steps of the nothing-lost journeys: the storage quota through the DevTools protocol, and a truth watch. */
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Lower the origin's quota below what it uses now, so every write that needs room is refused, or
 * give it back. (A quota equal to the usage let small record writes through: the usage Chromium
 * counts shrinks as its database compacts.)
 */
export async function fillDisk(page: Page, cdp: CDPSession): Promise<void> {
  const origin = new URL(page.url()).origin;
  const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: Math.floor(usage / 2) });
  // IndexedDB remembers the room it had for a few seconds: wait until a write is really refused.
  await expect.poll(() => probeWrite(page), { timeout: 30_000, intervals: [500] }).toBe('QuotaExceededError');
}

/** One small write to a scratch database: 'ok' or the error's name. */
function probeWrite(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const open = indexedDB.open('quota-probe', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('probe');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction('probe', 'readwrite');
    tx.objectStore('probe').put('x'.repeat(4096), Math.random());
    const outcome = await new Promise<string>((resolve) => {
      tx.oncomplete = () => resolve('ok');
      tx.onabort = () => resolve(tx.error?.name ?? 'aborted');
    });
    db.close();
    return outcome;
  });
}

export async function freeDisk(page: Page, cdp: CDPSession): Promise<void> {
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(page.url()).origin });
}

export interface FullDisk {
  /** Give the origin its quota back. */
  free: () => Promise<void>;
  /** Every moment the indicator said "saved" while something was unsaved (see watchForLies). */
  lies: () => Promise<string[]>;
}

/**
 * The quota journeys' set-up: a DevTools session on the page, the truth watch started, then the
 * disk filled (every write that needs room refused from here on).
 */
export async function onFullDisk(page: Page, context: BrowserContext): Promise<FullDisk> {
  const cdp = await context.newCDPSession(page);
  await watchForLies(page);
  await fillDisk(page, cdp);
  return { free: () => freeDisk(page, cdp), lies: () => lies(page) };
}

/**
 * Record every moment the save indicator says "saved" while the page shows something unsaved (a
 * cell marked unsaved or held, the storage banner's count, the editor's banner). Checked on every
 * DOM change, so a lie that lasts one frame is caught.
 */
export async function watchForLies(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __lies: string[] };
    w.__lies = [];
    const check = () => {
      const saved = document.querySelector('[data-save-state="saved"], [data-save="saved"]');
      const unsaved = document.querySelector(
        '.ws-cell.unsaved, .ws-cell.conflict, [data-testid="storage-banner"], [data-testid="held-edits"], .qe-storage-banner',
      );
      if (saved && unsaved) w.__lies.push(`${saved.textContent} while ${unsaved.className || unsaved.textContent}`);
    };
    new MutationObserver(check).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

export function lies(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __lies: string[] }).__lies);
}
