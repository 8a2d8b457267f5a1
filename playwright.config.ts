import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium';

const PORT = Number(process.env.QUIRE_E2E_PORT ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Parallel work on one machine: each run may serve its own build on its own port.
const DIST = process.env.QUIRE_E2E_DIST ?? 'dist';

// Serves the production build (dist/) so the service worker is the real one.
const serveCommand = existsSync('scripts/serve.mjs')
  ? `node scripts/serve.mjs --port ${PORT} --root ${DIST}`
  : `npx vite preview --port ${PORT} --strictPort --host 127.0.0.1`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  // Two files at a time: the journeys wait on the render worker and the browser far more than on
  // the CPU, and one at a time took 27 of CI's 30 minutes on two cores.
  workers: 2,
  // One retry everywhere (not only where CI is set): the machines are shared and noisy, and a
  // journey whose timing a loaded machine upsets (an import finishing before its kill) is retried
  // rather than failing the run; a journey that fails twice still fails it.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    locale: 'en-US',
    // As a user who asked for less motion: no spinner or shimmer repainted by software while a document renders.
    reducedMotion: 'reduce',
    // No service worker unless a file asks for one (`test.use({ serviceWorkers: 'allow' })`: the
    // files that go offline or update). Its first install precaches ~40 MB in every fresh context:
    // ~10 s of Chromium CPU per journey that never needed it (measured: 19.1 s vs 8.8 s of CPU for
    // a first visit to the Orders grid, allowed vs blocked).
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
    // A trace on the retry only: recording one for every journey (DOM snapshots at each action and a
    // screencast, thrown away when it passes) about doubled two workspace journeys' time (55 s vs
    // 111 s and 57 s vs 134 s, alternated runs at load ~20). A journey that fails twice keeps the
    // retry's trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: serveCommand,
    url: BASE_URL,
    // Never a server left by an earlier run (it may serve an older build and make journeys pass or
    // fail for the wrong one); QUIRE_E2E_REUSE=1 opts in while working on a journey.
    reuseExistingServer: process.env.QUIRE_E2E_REUSE === '1',
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
