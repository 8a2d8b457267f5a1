/**
 * Two fake windows for tests: Quire's (framed) and the host's, posting structured clones to each
 * other with the browser's rules (a message reaches a window only when the named target origin
 * is that window's origin; the receiver sees the sender's origin and window). A third window can
 * post to either as a forger would.
 */
import type { Clock } from './bridge';

type Listener = (event: MessageEvent) => void;

interface FakeWindow {
  origin: string;
  listeners: Set<Listener>;
  addEventListener(type: 'message', fn: Listener): void;
  removeEventListener(type: 'message', fn: Listener): void;
  /** Posting *to* this window from `from`. */
  receive(data: unknown, from: FakeWindow): void;
  /** A handle other windows post to, as `window.parent` / `iframe.contentWindow`. */
  handle(from: FakeWindow): { postMessage(message: unknown, targetOrigin: string): void };
  /** What was posted here, as it arrived. */
  received: Array<{ data: unknown; origin: string }>;
}

export function fakeWindow(origin: string): FakeWindow {
  const listeners = new Set<Listener>();
  const handles = new Map<FakeWindow, { postMessage(message: unknown, targetOrigin: string): void }>();
  const win: FakeWindow = {
    origin,
    listeners,
    received: [],
    addEventListener: (_type, fn) => void listeners.add(fn),
    removeEventListener: (_type, fn) => void listeners.delete(fn),
    receive(data, from) {
      const copy = structuredClone(data);
      win.received.push({ data: copy, origin: from.origin });
      const event = { data: copy, origin: from.origin, source: from.handle(win) } as unknown as MessageEvent;
      for (const listener of [...listeners]) listener(event);
    },
    handle(from) {
      let handle = handles.get(from);
      if (!handle) {
        handle = {
          postMessage(message, targetOrigin) {
            if (targetOrigin === '*' || targetOrigin === origin) queueMicrotask(() => win.receive(message, from));
          },
        };
        handles.set(from, handle);
      }
      return handle;
    },
  };
  return win;
}

/** A clock whose timers run only when the test advances it. */
export function fakeClock(): Clock & { advance(ms: number): void; now(): number; pending(): number } {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    setTimeout(fn, ms) {
      next += 1;
      timers.set(next, { at: now + ms, fn });
      return next;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
    now: () => now,
    pending: () => timers.size,
  };
}

/** Lets queued microtasks (posted messages, awaited handlers) run. */
export async function flush(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
