/**
 * Typing comes before painting the preview: the preview's drawing on the UI thread waits until
 * keys have paused for a moment (never longer than `maxWaitMs` in all), while the worker keeps
 * compiling in the background.
 */
let lastInput = Number.NEGATIVE_INFINITY;
let listening = false;

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const note = () => {
    lastInput = performance.now();
  };
  window.addEventListener('keydown', note, { capture: true, passive: true });
  window.addEventListener('beforeinput', note, { capture: true, passive: true });
}

/** When to go ahead: `quietMs` after the last input, at the latest `maxWaitMs` after `since`. */
export function drawAt(lastInputAt: number, since: number, quietMs: number, maxWaitMs: number): number {
  return Math.min(lastInputAt + quietMs, since + maxWaitMs);
}

export async function afterInputPause(quietMs: number, maxWaitMs: number): Promise<void> {
  listen();
  const since = performance.now();
  for (;;) {
    const wait = drawAt(lastInput, since, quietMs, maxWaitMs) - performance.now();
    if (wait <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Starts noting input now, so the first preview already knows about recent keys. */
export function watchInput(): void {
  listen();
}
