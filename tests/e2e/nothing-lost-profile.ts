/**
 * A browser with a profile on disk that a journey can kill (SIGKILL, no shutdown of any kind) and
 * start again on the same profile: what survives is what reached the disk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, expect, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

/** The browser process of a profile: the one Chromium process without a `--type=` (renderers have one). */
function browserPid(userDataDir: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes(`--user-data-dir=${userDataDir}`) && !args.some((a) => a.startsWith('--type='))) {
        return Number(entry);
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

export class KillableBrowser {
  context!: BrowserContext;
  page!: Page;

  private constructor(
    readonly userDataDir: string,
    private readonly baseURL: string,
  ) {}

  static async start(baseURL: string): Promise<KillableBrowser> {
    const browser = new KillableBrowser(await mkdtemp(join(tmpdir(), 'quire-profile-')), baseURL);
    await browser.launch();
    return browser;
  }

  async launch(): Promise<Page> {
    this.context = await chromium.launchPersistentContext(this.userDataDir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: this.baseURL,
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
      // As the suite's default: no service worker. Its 40 MB precache, started again after each
      // kill that lands before it finished, only competes with what these journeys measure.
      serviceWorkers: 'block',
    });
    this.page = this.context.pages()[0] ?? (await this.context.newPage());
    this.page.on('dialog', (dialog) => void dialog.accept());
    return this.page;
  }

  /** SIGKILL the browser process (its renderers go with it), then start it again on the same profile. */
  async killAndRestart(): Promise<Page> {
    const pid = browserPid(this.userDataDir);
    if (!pid) throw new Error(`no browser process for ${this.userDataDir}`);
    process.kill(pid, 'SIGKILL');
    await this.context.close().catch(() => undefined);
    return this.launch();
  }

  async dispose(): Promise<void> {
    await this.context.close().catch(() => undefined);
    await rm(this.userDataDir, { recursive: true, force: true });
  }
}

/** Opens a URL of the app, signing in "on this device" when the route asks (a restarted profile may). */
export async function openSignedIn(page: Page, url: string, ready: ReturnType<Page['locator']>) {
  await page.goto(url);
  const local = page.getByRole('button', { name: 'Continue on this device' });
  await expect(local.or(ready)).toBeVisible({ timeout: 30_000 });
  if (await local.isVisible()) await local.click();
  await expect(ready).toBeVisible({ timeout: 30_000 });
}
