/**
 * Workspace benchmark (issue 6) in headless Debian Chromium over the production build (`dist/`, from
 * `npm run build`; nothing is built here):
 * - import of 100,000 CSV rows into IndexedDB through the import dialog (the storage import API),
 *   timed like tests/e2e/workspace.spec.ts: from the "Import" click to the "imported" notice;
 * - time to the first rows shown in the grid, measured in the page from the click on the table to
 *   the frame after the first row's text appears;
 * - frame times while scrolling the grid (240 frames at 200 px per frame), p50/p95.
 * There is no peer figure for the import; the table shows ours against the targets.
 *
 * `npx tsx tests/bench/workspace.ts` writes bench/workspace.json and prints a markdown table.
 * Env: BENCH_ROWS (default 100000), CHROMIUM_PATH.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
// @ts-expect-error — a plain ES module without type declarations
import { startServer } from '../../scripts/serve.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { percentile, round, writeBenchJson } from './stats';

const ROOT = new URL('../../', import.meta.url).pathname;

export const WORKSPACE_TARGETS = { importRowsPerSecond: 50_000, firstRowsMs: 300 } as const;

export interface WorkspaceBenchOptions {
  rows?: number;
  chromiumPath?: string;
  /** Where the figures go; default bench/workspace.json. `null` writes nothing. */
  out?: string | null;
  log?: (line: string) => void;
}

export interface WorkspaceBenchResult {
  date: string;
  chromium: string;
  rows: number;
  import: { ms: number; rowsPerSecond: number; peer: null };
  firstRowsMs: number;
  scroll: { frames: number; p50: number; p95: number; max: number; idleP50: number; idleP95: number };
  targets: typeof WORKSPACE_TARGETS;
  met: { import: boolean; firstRows: boolean };
}

/** The same shape of rows as the e2e journey: text, decimal, select-like text, date. */
function makeCsv(rows: number): string {
  const cities = ['Berlin', 'Tokyo', 'Lima', 'Oslo', 'Pune'];
  const lines = ['Name,Amount,City,Joined'];
  for (let i = 1; i <= rows; i++)
    lines.push(`Row ${i},${i % 977}.5,${cities[i % 5]},2024-0${(i % 9) + 1}-0${(i % 9) + 1}`);
  return lines.join('\n');
}

async function openTables(page: Page, base: string) {
  await page.goto(`${base}/baseplugin/t`);
  const local = page.getByRole('button', { name: 'Continue on this device' });
  const heading = page.getByRole('heading', { name: 'Your tables' });
  await local.or(heading).first().waitFor();
  if (await local.isVisible()) await local.click();
  await heading.waitFor();
}

async function importCsv(page: Page, rows: number): Promise<number> {
  await page.getByRole('button', { name: 'Import', exact: true }).first().click();
  await page
    .getByTestId('import-file')
    .setInputFiles({ name: 'bench.csv', mimeType: 'text/csv', buffer: Buffer.from(makeCsv(rows)) });
  await page.getByText(`${rows.toLocaleString('en-US')} rows found`).waitFor({ timeout: 120_000 });
  const start = Date.now();
  await page.getByRole('button', { name: 'Import', exact: true }).last().click();
  await page.getByTestId('import-done').waitFor({ timeout: 600_000 });
  const ms = Date.now() - start;
  await page.getByRole('button', { name: 'Close', exact: true }).last().click();
  await page.keyboard.press('Escape');
  return ms;
}

/** Click the table's card and wait, in the page, for the frame after row 1's name is in the DOM. */
async function measureFirstRows(page: Page): Promise<number> {
  await page.getByRole('link', { name: /^bench \d/ }).waitFor();
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const link = [...document.querySelectorAll('.ws-table-name')]
          .find((name) => name.textContent === 'bench')
          ?.closest('a');
        if (!link) return reject(new Error('no "bench" table card'));
        const start = performance.now();
        const shown = () =>
          document.querySelector('[role="row"][aria-rowindex="2"] [role="gridcell"][data-field="Name"]')
            ?.textContent === 'Row 1';
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        link.click();
      }),
  );
}

async function frameTimes(page: Page, scroll: boolean, frames: number): Promise<number[]> {
  return page.getByTestId('grid').evaluate(
    (el, [scrolling, count]) =>
      new Promise<number[]>((resolve) => {
        const times: number[] = [];
        let last = performance.now();
        const step = () => {
          const now = performance.now();
          times.push(now - last);
          last = now;
          if (scrolling) el.scrollTop += 200;
          if (times.length < count) requestAnimationFrame(step);
          else resolve(times.slice(1));
        };
        requestAnimationFrame(step);
      }),
    [scroll, frames] as const,
  );
}

export function workspaceBenchTable(r: WorkspaceBenchResult): string {
  const n = r.rows.toLocaleString('en-US');
  return [
    '| Workspace (headless Chromium) | Measured | Target | |',
    '| --- | --- | --- | --- |',
    `| Import ${n} CSV rows into IndexedDB (peer: none) | ${r.import.rowsPerSecond.toLocaleString('en-US')} rows/s (${r.import.ms} ms) | ≥ ${r.targets.importRowsPerSecond.toLocaleString('en-US')} rows/s | ${r.met.import ? 'met' : 'not met'} |`,
    `| First rows shown in the grid (${n} records) | ${r.firstRowsMs} ms | ≤ ${r.targets.firstRowsMs} ms | ${r.met.firstRows ? 'met' : 'not met'} |`,
    `| Scroll frame times (${r.scroll.frames} frames, 200 px each) | p50 ${r.scroll.p50} ms, p95 ${r.scroll.p95} ms (max ${r.scroll.max}; idle p50 ${r.scroll.idleP50}, p95 ${r.scroll.idleP95}) | — | |`,
  ].join('\n');
}

export async function runWorkspaceBench(options: WorkspaceBenchOptions = {}): Promise<WorkspaceBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rows = options.rows ?? Number(process.env.BENCH_ROWS ?? 100_000);
  const server = (await startServer({ root: join(ROOT, 'dist'), port: 0 })) as import('node:http').Server;
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: options.chromiumPath ?? CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // tsx keeps function names with a `__name` helper that page-side code does not have.
    await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((f) => f);' });
    const page = await context.newPage();
    await openTables(page, base);
    log(`workspace bench: importing ${rows} CSV rows…`);
    const importMs = await importCsv(page, rows);
    log('workspace bench: first rows…');
    const firstRowsMs = await measureFirstRows(page);
    await page.getByTestId('record-count').waitFor();
    log('workspace bench: scrolling…');
    const idle = await frameTimes(page, false, 61);
    const scroll = await frameTimes(page, true, 241);
    const rowsPerSecond = Math.round(rows / (importMs / 1000));
    const result: WorkspaceBenchResult = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      rows,
      import: { ms: importMs, rowsPerSecond, peer: null },
      firstRowsMs: round(firstRowsMs),
      scroll: {
        frames: scroll.length,
        p50: round(percentile(scroll, 50)),
        p95: round(percentile(scroll, 95)),
        max: round(Math.max(...scroll)),
        idleP50: round(percentile(idle, 50)),
        idleP95: round(percentile(idle, 95)),
      },
      targets: WORKSPACE_TARGETS,
      met: {
        import: rowsPerSecond >= WORKSPACE_TARGETS.importRowsPerSecond,
        firstRows: firstRowsMs <= WORKSPACE_TARGETS.firstRowsMs,
      },
    };
    const out = options.out === undefined ? join(ROOT, 'bench/workspace.json') : options.out;
    if (out) writeBenchJson(out, result);
    return result;
  } finally {
    await browser?.close();
    await new Promise((r) => server.close(r));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runWorkspaceBench()
    .then((result) => console.log(`\n${workspaceBenchTable(result)}\n`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
