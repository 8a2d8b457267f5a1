/**
 * Editor benchmark (issue 7) in headless Debian Chromium over the production build (`dist/`, from
 * `npm run build`; nothing is built here):
 * - keystroke-to-screen latency while the live preview re-renders (p50/p95),
 * - edit-to-preview-updated time (p50),
 * - editor load with a 20-page template (made by duplicating pages through the UI).
 * Times are taken in the page: a key event's timeStamp to the animation frame after the DOM changed.
 *
 * `npx tsx tests/bench/editor.ts` writes bench/editor.json and prints a markdown table.
 * Env: BENCH_KEYSTROKES (default 100), BENCH_EDITS (default 20), BENCH_DIST (default dist/), BENCH_OUT
 * (default bench/editor.json), CHROMIUM_PATH.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
// @ts-expect-error — a plain ES module without type declarations
import { startServer } from '../../scripts/serve.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { percentile, round, runWhenMain, writeBenchJson } from './stats';

const ROOT = new URL('../../', import.meta.url).pathname;

export const EDITOR_TARGETS = { keystrokeP95Ms: 50, editToPreviewP50Ms: 150, load20PagesMs: 1000 } as const;

export interface EditorBenchOptions {
  keystrokes?: number;
  edits?: number;
  chromiumPath?: string;
  /** The build to serve; default `dist/` (BENCH_DIST). */
  dist?: string;
  /** Where the figures go; default bench/editor.json. `null` writes nothing. */
  out?: string | null;
  log?: (line: string) => void;
}

export interface EditorBenchResult {
  date: string;
  chromium: string;
  keystroke: { samples: number; duringRender: number; p50: number; p95: number; max: number };
  editToPreview: { samples: number; p50: number; p95: number };
  load20Pages: {
    samples: number;
    pages: number;
    p50: number;
    runs: number[];
    /** Navigation start → the content of every page in view mounted (max of this and p50 is what a user waits). */
    visibleContentP50: number;
    /** Navigation start → every page's content mounted (pages far from the viewport mount lazily). */
    allContentP50: number;
  };
  /** Where an edit's time goes (p50, ms): worker render (resolve + Typst + PDF), pdf.js draw. */
  previewStages: { workerP50: number; drawP50: number };
  targets: typeof EDITOR_TARGETS;
  met: { keystroke: boolean; editToPreview: boolean; load20Pages: boolean };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openInvoiceTemplate(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/baseplugin/t/demo-orders/preview`);
  const local = page.getByRole('button', { name: 'Continue on this device' });
  const heading = page.getByRole('heading', { level: 1, name: 'Templates' });
  await local.or(heading).first().waitFor();
  if (await local.isVisible()) await local.click();
  await heading.waitFor();
  await page.getByRole('combobox', { name: 'From a sample' }).selectOption('invoice');
  await page.waitForURL(/\/baseplugin\/t\/editor\//);
  await page.locator('[data-status="ok"]').waitFor({ timeout: 120_000 });
  // Guidance overlays would take clicks meant for the canvas.
  const guide = page.getByRole('region', { name: 'Quick guide' });
  if (await guide.isVisible()) {
    await guide.getByRole('button', { name: 'Next' }).click();
    await guide.getByRole('button', { name: 'Got it' }).click();
  }
  const tips = page.locator('[data-tip]');
  while ((await tips.count()) > 0) await tips.first().getByRole('button', { name: 'Got it' }).click();
  return page.url();
}

/** The invoice's closing line: plain text (the other text blocks start with field chips). */
async function focusEndOfFirstText(page: Page) {
  const text = page
    .getByRole('region', { name: 'Page canvas' })
    .getByRole('textbox', { name: 'Text' })
    .filter({ hasText: 'Thank you for your business' })
    .first();
  await text.click();
  await page.keyboard.press('End');
}

/** Keydown → the animation frame after the canvas DOM changed, for every printable key. */
async function installKeystrokeProbe(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __qb: { lat: number[]; duringRender: number } };
    w.__qb = { lat: [], duringRender: 0 };
    let pending: { t: number; rendering: boolean } | null = null;
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.key.length !== 1) return;
        pending = { t: e.timeStamp, rendering: document.querySelector('[data-status="rendering"]') !== null };
      },
      true,
    );
    const root = document.querySelector('.qe-canvas');
    if (!root) throw new Error('no canvas');
    new MutationObserver(() => {
      const p = pending;
      if (!p) return;
      pending = null;
      requestAnimationFrame(() => {
        w.__qb.lat.push(performance.now() - p.t);
        if (p.rendering) w.__qb.duringRender += 1;
      });
    }).observe(root, { subtree: true, characterData: true, childList: true });
  });
}

async function measureKeystrokes(page: Page, count: number) {
  await focusEndOfFirstText(page);
  await installKeystrokeProbe(page);
  const text = 'the quick brown fox jumps over the lazy dog ';
  for (let i = 0; i < count; i++) {
    await page.keyboard.type(text[i % text.length]!);
    // Bursts of ten keys, then a short pause: the preview starts rendering and the next burst types over it.
    await sleep(i % 10 === 9 ? 320 : 70);
  }
  await sleep(300);
  return page.evaluate(() => (window as unknown as { __qb: { lat: number[]; duringRender: number } }).__qb);
}

/** One keystroke, then the time until the preview's text shows the change. */
async function measureEdits(page: Page, count: number): Promise<number[]> {
  await focusEndOfFirstText(page);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    await page.locator('[data-status="ok"]').waitFor({ timeout: 120_000 });
    await sleep(400);
    const armed = page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const preview = document.querySelector('[data-testid="preview-text"]');
          if (!preview) return reject(new Error('no preview text'));
          const before = preview.textContent ?? '';
          let t0: number | null = null;
          const onKey = (e: KeyboardEvent) => {
            if (t0 === null && e.key.length === 1) t0 = e.timeStamp;
          };
          window.addEventListener('keydown', onKey, true);
          const observer = new MutationObserver(() => {
            if (t0 === null || (preview.textContent ?? '') === before) return;
            const start = t0;
            observer.disconnect();
            window.removeEventListener('keydown', onKey, true);
            requestAnimationFrame(() => resolve(performance.now() - start));
          });
          observer.observe(preview, { subtree: true, characterData: true, childList: true });
          setTimeout(() => reject(new Error('preview did not update within 60 s')), 60_000);
        }),
    );
    // Settled now, so a failure surfaces here and not as an unhandled rejection.
    const settled = armed.then(
      (ms) => ({ ms }),
      (error: unknown) => ({ error }),
    );
    await sleep(50);
    await page.keyboard.type(String.fromCharCode(65 + (i % 26)));
    const result = await settled;
    if ('error' in result) throw result.error;
    out.push(result.ms);
  }
  return out;
}

async function makeTwentyPages(page: Page) {
  const canvas = page.getByRole('region', { name: 'Page canvas' });
  const pages = canvas.locator('.qe-page');
  while ((await pages.count()) < 20) {
    await canvas.getByRole('button', { name: 'Duplicate page' }).first().click();
  }
  await page.locator('[data-save="saved"]').waitFor({ timeout: 60_000 });
  return pages.count();
}

/** Navigation start → all pages of the template on the canvas (median of runs). */
async function measureLoad(
  page: Page,
  url: string,
  pages: number,
  runs = 3,
): Promise<{ loads: number[]; visibleContent: number[]; allContent: number[] }> {
  const out: number[] = [];
  const visibleContent: number[] = [];
  const allContent: number[] = [];
  for (let i = 0; i < runs; i++) {
    await page.goto('about:blank');
    await page.goto(url);
    const ms = await page.evaluate(
      (want) =>
        new Promise<number>((resolve, reject) => {
          const done = () => document.querySelectorAll('.qe-page').length >= want;
          if (done()) return resolve(performance.now());
          const observer = new MutationObserver(() => {
            if (!done()) return;
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now()));
          });
          observer.observe(document.body, { subtree: true, childList: true });
          setTimeout(() => reject(new Error('pages did not appear within 60 s')), 60_000);
        }),
      pages,
    );
    out.push(ms);
    // Pages far from the viewport mount their content lazily (near the viewport, or when the
    // browser is idle): also report when the pages in view, and when all pages, have their content.
    const content = await page.evaluate(
      () =>
        new Promise<{ visible: number; all: number }>((resolve, reject) => {
          let visible: number | null = null;
          const check = () => {
            const pending = [...document.querySelectorAll('[data-lazy="pending"]')];
            const inView = pending.some((el) => {
              const box = (el.closest('.qe-page') ?? el).getBoundingClientRect();
              return box.bottom > 0 && box.top < window.innerHeight;
            });
            if (!inView && visible === null) visible = performance.now();
            if (pending.length === 0) resolve({ visible: visible ?? performance.now(), all: performance.now() });
            else requestAnimationFrame(check);
          };
          check();
          setTimeout(() => reject(new Error('page content did not mount within 60 s')), 60_000);
        }),
    );
    visibleContent.push(content.visible);
    allContent.push(content.all);
    await page.locator('[data-status="ok"]').waitFor({ timeout: 180_000 });
  }
  return { loads: out, visibleContent, allContent };
}

export function editorBenchTable(r: EditorBenchResult): string {
  const row = (what: string, value: string, target: string, met: boolean) =>
    `| ${what} | ${value} | ${target} | ${met ? 'met' : 'not met'} |`;
  return [
    '| Editor (headless Chromium, invoice sample) | Measured | Target | |',
    '| --- | --- | --- | --- |',
    row(
      `Keystroke → screen while the preview renders (${r.keystroke.samples} keys, ${r.keystroke.duringRender} during a render)`,
      `p50 ${r.keystroke.p50} ms, p95 ${r.keystroke.p95} ms (max ${r.keystroke.max})`,
      `p95 ≤ ${r.targets.keystrokeP95Ms} ms`,
      r.met.keystroke,
    ),
    row(
      `Edit → preview updated (${r.editToPreview.samples} edits)`,
      `p50 ${r.editToPreview.p50} ms, p95 ${r.editToPreview.p95} ms (worker ${r.previewStages.workerP50}, draw ${r.previewStages.drawP50})`,
      `p50 ≤ ${r.targets.editToPreviewP50Ms} ms`,
      r.met.editToPreview,
    ),
    row(
      `Editor load, ${r.load20Pages.pages}-page template (${r.load20Pages.samples} loads)`,
      `p50 ${r.load20Pages.p50} ms (${r.load20Pages.runs.join(', ')}); pages in view filled ${r.load20Pages.visibleContentP50} ms, all pages filled ${r.load20Pages.allContentP50} ms`,
      `≤ ${r.targets.load20PagesMs} ms`,
      r.met.load20Pages,
    ),
  ].join('\n');
}

export async function runEditorBench(options: EditorBenchOptions = {}): Promise<EditorBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const keystrokes = options.keystrokes ?? Number(process.env.BENCH_KEYSTROKES ?? 100);
  const edits = options.edits ?? Number(process.env.BENCH_EDITS ?? 20);
  const dist = options.dist ?? process.env.BENCH_DIST;
  const server = (await startServer({ port: 0, ...(dist ? { root: dist } : {}) })) as import('node:http').Server;
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
    log('editor bench: opening the invoice sample…');
    const url = await openInvoiceTemplate(page, base);
    log(`editor bench: ${keystrokes} keystrokes…`);
    const keys = await measureKeystrokes(page, keystrokes);
    // Logged at once: a later stage failing (a preview timing out under load) keeps these figures.
    log(
      `editor bench: keystrokes p50 ${round(percentile(keys.lat, 50))} ms, p95 ${round(percentile(keys.lat, 95))} ms, max ${round(Math.max(...keys.lat))} ms (${keys.lat.length} keys, ${keys.duringRender} during a render)`,
    );
    log(`editor bench: ${edits} edits…`);
    await page.evaluate(() => performance.clearMeasures());
    const editTimes = await measureEdits(page, edits);
    const stages = await page.evaluate(() => {
      const of = (name: string) => performance.getEntriesByName(name, 'measure').map((e) => e.duration);
      return { worker: of('qp:worker'), draw: of('qp:draw') };
    });
    log('editor bench: 20 pages…');
    const pages = await makeTwentyPages(page);
    const { loads, visibleContent, allContent } = await measureLoad(page, url, pages);
    const result: EditorBenchResult = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      keystroke: {
        samples: keys.lat.length,
        duringRender: keys.duringRender,
        p50: round(percentile(keys.lat, 50)),
        p95: round(percentile(keys.lat, 95)),
        max: round(Math.max(...keys.lat)),
      },
      editToPreview: {
        samples: editTimes.length,
        p50: round(percentile(editTimes, 50)),
        p95: round(percentile(editTimes, 95)),
      },
      load20Pages: {
        samples: loads.length,
        pages,
        p50: round(percentile(loads, 50)),
        runs: loads.map(round),
        visibleContentP50: round(percentile(visibleContent, 50)),
        allContentP50: round(percentile(allContent, 50)),
      },
      previewStages: {
        workerP50: round(percentile(stages.worker, 50)),
        drawP50: round(percentile(stages.draw, 50)),
      },
      targets: EDITOR_TARGETS,
      met: { keystroke: false, editToPreview: false, load20Pages: false },
    };
    result.met = {
      keystroke: result.keystroke.p95 <= EDITOR_TARGETS.keystrokeP95Ms,
      editToPreview: result.editToPreview.p50 <= EDITOR_TARGETS.editToPreviewP50Ms,
      load20Pages: result.load20Pages.p50 <= EDITOR_TARGETS.load20PagesMs,
    };
    const out = options.out === undefined ? (process.env.BENCH_OUT ?? join(ROOT, 'bench/editor.json')) : options.out;
    if (out) writeBenchJson(out, result);
    return result;
  } finally {
    await browser?.close();
    await new Promise((r) => server.close(r));
  }
}

runWhenMain(import.meta.url, () => runEditorBench(), editorBenchTable);
