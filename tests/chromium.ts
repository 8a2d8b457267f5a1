/**
 * Debian's Chromium, never a downloaded browser, for the journeys and the browser benchmarks.
 * QUIC and background networking are off so the browser itself makes no request to another origin.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
