/**
 * Issue 19: an import killed mid-way (the browser SIGKILLed while its one transaction runs) is
 * reported on the next start — which file, into which table, none of its rows saved — and leaves
 * no half table and no empty base behind.
 *
 * The kill comes at a known point, not after a delay: as soon as the dialog shows the first rows
 * written by the import's transaction (so its marker has committed and the transaction is under
 * way), with fewer than half the rows written. Should the import ever land first, the journey
 * fails; it never passes by timing.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { KillableBrowser } from './nothing-lost-profile';
import { openTables } from './workspace-helpers';

const ROWS = 400_000;

function bigCsv(): Buffer {
  const lines = ['Name,Amount,Joined,Email'];
  for (let i = 1; i <= ROWS; i++)
    lines.push(`Person ${i},${(i * 1.25).toFixed(2)},2025-03-1${i % 10},p${i}@example.com`);
  return Buffer.from(lines.join('\n'));
}

/** The bases and table names in IndexedDB, read directly (what the user's device holds). */
function stored(page: Page) {
  return page.evaluate(async () => {
    const open = indexedDB.open('quire');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    const bases = await all<{ name: string; isDemo?: boolean }>('bases');
    const tables = await all<{ name: string }>('dataTables');
    db.close();
    return { bases: bases.map((b) => `${b.name}${b.isDemo ? ' (demo)' : ''}`), tables: tables.map((t) => t.name) };
  });
}

test('an import killed mid-way is reported on the next start and leaves no empty base', async ({ baseURL }) => {
  test.setTimeout(300_000);
  const browser = await KillableBrowser.start(baseURL ?? '');
  try {
    let page = browser.page;
    await openTables(page);
    const before = await stored(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByTestId('import-file').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: bigCsv() });
    await expect(page.getByText('400,000 rows found')).toBeVisible({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Import', exact: true }).last().click();
    // Under way: the first rows written inside the import's one transaction, fewer than half of
    // them (the import hands batches to IndexedDB as it goes, so most of it is still to come).
    const progress = await page.waitForFunction(
      () => {
        const text = document.querySelector('[data-testid="import-progress"]')?.textContent ?? '';
        const match = /^([\d,]+) of 400,000 rows written/.exec(text);
        return match ? Number(match[1]!.replaceAll(',', '')) : false;
      },
      undefined,
      { timeout: 120_000, polling: 'raf' },
    );
    const written = await progress.jsonValue();
    page = await browser.killAndRestart();
    expect(written).toBeLessThan(ROWS / 2);

    await openTables(page);
    const report = page.getByTestId('interrupted-import');
    await expect(report).toContainText(
      'The import of “people.csv” into a new table “people” was interrupted when the app closed. None of its 400,000 rows were saved and no table was created.',
    );
    expect(await stored(page)).toEqual(before);
    await expect(page.getByRole('link', { name: /^people \d/ })).toHaveCount(0);

    // Told once: closed, and not told again at the next start.
    await report.getByRole('button', { name: 'Close' }).click();
    await expect(report).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your tables' })).toBeVisible();
    await expect(page.getByTestId('interrupted-import')).toHaveCount(0);
  } finally {
    await browser.dispose();
  }
});
